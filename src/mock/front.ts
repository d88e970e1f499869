// The mock's front: routes by exact path, checks the developer headers and the content
// type, parses the JSON body and validates it with the operation's compiled validator,
// then sends the operation's answer as Prism rendered it ahead of time. Prism answers, in
// the same process, what needs its engine: `Prefer` and its `__code`/`__example` query
// fallbacks, an `Accept` other than JSON, and every call with the reference engine.
// Every refusal is a problem body that names the field, header or method at fault.
import type http from 'node:http';
import { serializeAnswer, routeKey, type RenderedAnswer } from './answers.ts';
import { BIG_BODY_BYTES, type BigBodyStream, type BigBodyVerdict } from './big-bodies.ts';
import type { MockContract } from './contract.ts';
import type { Preferences, PrismRequest, PrismViolation } from './prism-adapter.ts';
import { condenseOneOfPatterns, describeViolations, MAX_LISTED_VIOLATIONS, problem, type Problem, type Violation } from './problem.ts';
import type { MockDecision, MockResponder } from './responder.ts';
import { missingSecurityHeaders, type MockOperation } from './routes.ts';
import { StartError } from './start-error.ts';
import {
  type BodySpill,
  invalidUtf8,
  jsonSyntaxReason,
  jsonText,
  mediaTypeOf,
  missingHost,
  queryOf,
  readRequestChunks,
  type RequestBody,
  RequestRefused,
  send,
  sendProblem,
  targetOf,
  unacceptedCharset,
  unacceptedEncoding,
} from './wire.ts';

/** The one request media type the contract declares. */
const ACCEPTED_TYPE = 'application/json';
/** Query names Prism reads as preferences. */
const PRISM_QUERY = /(?:^|[?&])__(?:code|example|dynamic|seed)=/;
/** Stands for a body a worker parsed and refused: the main thread never holds it. */
const PARSED_ELSEWHERE = Symbol('parsed on a worker');

export interface FrontOptions {
  /** Every call through Prism, validating (the reference engine). */
  reference: boolean;
  bodyTimeoutMs: number;
  /** Answers from state (certification flows), asked only for a call that passed validation. */
  respond?: MockResponder;
  /** Called for every contract violation Prism reports on the reference path. */
  onViolation?: (route: string, violations: Violation[]) => void;
  /** Asked before validation with the parsed body: a refusal it returns is sent as is (observed behaviours, behaviours.ts). */
  screen?: (op: MockOperation, body: unknown) => { problem: Problem; headers: Record<string, string> } | undefined;
}

/** Handles one request on the contract it started on; resolves with the refusal sent, if any. */
export type Front = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<Problem | undefined>;

/** Names the developer headers that are missing or empty. */
function missingHeadersDetail(missing: string[], all: string[]): string {
  const which = missing.length > 0 ? missing.join(' and ') : all.join(' and ');
  return `Missing or empty: ${which}. Both developer headers are required on every call: ${all.join(' and ')}.`;
}

function violationsOf(list: ReadonlyArray<PrismViolation>, prefix: string): Violation[] {
  return list.map((v) => ({
    location: [prefix, ...(v.path ?? []).map(String)],
    code: v.code ?? 'invalid',
    message: v.message,
    severity: String(v.severity) === '0' ? 'Error' : String(v.severity),
  }));
}

/** An Accept the pre-rendered JSON answer satisfies as Prism's negotiation would. */
function acceptsDefault(accept: string | undefined): boolean {
  return accept === undefined || accept === '*/*' || accept === 'application/json';
}

function lastSegment(pathname: string): string {
  return pathname.slice(pathname.lastIndexOf('/') + 1);
}

function wantsPrismFor(req: http.IncomingMessage, url: URL): boolean {
  return req.headers.prefer !== undefined || PRISM_QUERY.test(url.search) || !acceptsDefault(req.headers.accept);
}

function refuse(res: http.ServerResponse, p: Problem, extraHeaders: Record<string, string> = {}): Problem {
  sendProblem(res, p, extraHeaders);
  return p;
}

function sendAnswer(res: http.ServerResponse, answer: RenderedAnswer, extra?: Record<string, string>): void {
  send(res, answer.status, extra ? { ...answer.headers, ...extra } : answer.headers, answer.body);
}

function sendDecision(res: http.ServerResponse, decision: Extract<MockDecision, { kind: 'answer' }>): void {
  send(res, decision.status, { ...decision.headers, 'content-type': 'application/json' }, JSON.stringify(decision.body));
}

/** The refusal of a body: the first violations (date forms named once) and how many there are. */
function bodyProblem(contract: MockContract, status: number, listed: Violation[], total: number, pruned = false): Problem {
  const condensed = condenseOneOfPatterns(listed, contract.routes.patternForms);
  const remaining = total - (listed.length - condensed.length);
  return problem(status, describeViolations(condensed, remaining, pruned), condensed);
}

/** `Prefer: code=` may pick only a declared status; `example=` only an example the status has. */
function refusePreferences(op: MockOperation, preferences: Preferences): Problem | undefined {
  const declared = op.declaredStatuses.join(', ');
  if (preferences.code !== undefined && !op.declaredStatuses.includes(preferences.code)) {
    return problem(
      422,
      `Prefer code=${preferences.code} is not a status ${op.method.toUpperCase()} ${op.template} declares; it declares ${declared || 'none'}.`,
    );
  }
  if (preferences.exampleKey !== undefined) {
    const status = preferences.code ?? op.declaredStatuses.find((s) => s >= 200 && s < 300) ?? op.declaredStatuses[0];
    const names = status === undefined ? [] : (op.exampleNames.get(status) ?? []);
    if (!names.includes(preferences.exampleKey)) {
      const listed = names.length > 0 ? `its examples are ${names.join(', ')}` : 'it has no named examples';
      return problem(
        404,
        `No example named ${JSON.stringify(preferences.exampleKey.slice(0, 100))} for the ${status ?? 'declared'} answer of ${op.method.toUpperCase()} ${op.template}: ${listed}.`,
      );
    }
  }
  return undefined;
}

/** A call that needs Prism when Prism is not installed: 501, naming the package to add. */
function withoutPrism(error: unknown): Problem {
  if (error instanceof StartError && error.code === 'NEEDS_PRISM')
    return problem(501, `\`Prefer\`, its query fallbacks and a non-JSON Accept are answered by Prism. ${error.message}`);
  throw error;
}

interface Call {
  method: string;
  url: URL;
  route: string;
  op: MockOperation;
  body: unknown;
}

export function createFront(current: () => MockContract, options: FrontOptions): Front {
  const { reference } = options;

  function ask(op: MockOperation, req: http.IncomingMessage, url: URL, body: unknown): MockDecision | undefined {
    if (!options.respond) return undefined;
    // Every document of the legacy route (its observed flavour, the flows' captures) is family "legacy" to a responder.
    return options.respond({
      family: op.family.startsWith('legacy') ? 'legacy' : op.family,
      operation: lastSegment(url.pathname),
      method: op.method.toUpperCase(),
      path: url.pathname,
      body,
      headers: req.headers as Record<string, string | undefined>,
    });
  }

  async function answerThroughPrism(
    contract: MockContract,
    req: http.IncomingMessage,
    res: http.ServerResponse,
    call: Call,
    preferences: Preferences,
    validating: boolean,
    extra?: Record<string, string>,
  ): Promise<Problem | undefined> {
    const engine = await contract.prism(validating);
    const input: PrismRequest = {
      method: call.method,
      url: { path: call.url.pathname, query: queryOf(call.url.searchParams) },
      headers: req.headers as Record<string, string>,
      ...(call.body === undefined ? {} : { body: call.body }),
    };
    const outcome = await engine.request(input, preferences, call.op.template);
    if (outcome.kind === 'error') return refuse(res, problem(outcome.status, outcome.detail));
    const inputViolations = violationsOf(outcome.input, 'request');
    if (inputViolations.length > 0) options.onViolation?.(call.route, inputViolations.slice(0, 20));
    if (inputViolations.length > 0 && outcome.status >= 400) {
      return refuse(res, bodyProblem(contract, outcome.status, inputViolations.slice(0, MAX_LISTED_VIOLATIONS), inputViolations.length));
    }
    let headers = outcome.headers;
    if (validating) {
      const decision = ask(call.op, req, call.url, call.body);
      if (decision?.kind === 'answer') return void sendDecision(res, decision);
      if (decision?.kind === 'refuse') return refuse(res, problem(decision.status, decision.detail), decision.headers);
      if (decision?.kind === 'annotate') headers = { ...headers, ...decision.headers };
    }
    sendAnswer(res, serializeAnswer(outcome.status, headers, outcome.body), extra);
    return undefined;
  }

  return async function handle(req, res) {
    // The contract this call runs on, to its end.
    const contract = current();
    const hostless = missingHost(req);
    if (hostless) return refuse(res, hostless, { connection: 'close' });
    const url = targetOf(req.url ?? '/');
    if (!url) return refuse(res, problem(400, 'The request target is not a valid URL path.'));
    const method = (req.method ?? 'GET').toLowerCase();
    const route = `${req.method ?? 'GET'} ${url.pathname}`;
    const contentType = req.headers['content-type'];
    const mediaType = mediaTypeOf(contentType);
    const encoding = unacceptedEncoding(req.headers['content-encoding']);
    const charset = unacceptedCharset(contentType);
    // A large body goes to a body process as it arrives, and its checks run there; the
    // checks below run in the same order on its verdict.
    let stream: BigBodyStream | undefined;
    const spill: BodySpill | undefined =
      !reference && mediaType === ACCEPTED_TYPE && encoding === undefined && charset === undefined
        ? {
            at: BIG_BODY_BYTES,
            open: async () => {
              const early = contract.routes.lookup(url.pathname)?.byMethod.get(method);
              const checkable = early && !missingSecurityHeaders(early, req.headers) && !wantsPrismFor(req, url);
              stream = await contract.bigBodies().open(checkable ? routeKey(early.method, early.template) : undefined);
              return stream;
            },
          }
        : undefined;
    let raw: RequestBody;
    try {
      raw = await readRequestChunks(req, options.bodyTimeoutMs, spill);
    } catch (error) {
      if (!(error instanceof RequestRefused)) throw error;
      // Without reading the rest, the connection cannot carry another request.
      if (error.status === 408) res.once('finish', () => req.socket.destroy());
      return refuse(res, problem(error.status, error.detail), { connection: 'close' });
    }
    if (raw.length > 0 && encoding !== undefined)
      return refuse(
        res,
        problem(
          415,
          `The body must be sent without a Content-Encoding (identity, the only one accepted); the request has Content-Encoding ${JSON.stringify(encoding)}.`,
        ),
        { 'accept-encoding': 'identity' },
      );
    if (raw.length > 0 && mediaType === ACCEPTED_TYPE && charset !== undefined) return refuse(res, problem(415, charset));

    const verdict: BigBodyVerdict | undefined = await stream?.verdict;
    let body: unknown;
    if (verdict?.kind === 'bad-text') return refuse(res, problem(400, verdict.detail));
    if (verdict?.kind === 'bad-json') return refuse(res, problem(400, `The body is not valid JSON: ${verdict.reason}`));
    if (verdict?.kind === 'invalid') body = PARSED_ELSEWHERE;
    else if (raw.length > 0 && mediaType === ACCEPTED_TYPE) {
      let text: Buffer | readonly Buffer[];
      // A body its process found to be UTF-8 is read piece by piece, never joined.
      if (verdict?.kind === 'parsed' && verdict.id >= 0) text = raw.chunks;
      else {
        text = raw.bytes();
        const badText = invalidUtf8(text);
        if (badText) return refuse(res, problem(400, badText));
      }
      try {
        body = JSON.parse(jsonText(text));
      } catch (error) {
        return refuse(res, problem(400, `The body is not valid JSON: ${jsonSyntaxReason(error as Error)}`));
      }
    }
    const match = contract.routes.lookup(url.pathname);
    if (!match) {
      const closest = contract.routes.closest(url.pathname);
      return refuse(res, problem(404, `No operation at ${url.pathname}. Closest operations: ${closest.join(', ')}.`));
    }
    const op = match.byMethod.get(method);
    if (!op) {
      const allowed = [...match.byMethod.keys()].map((m) => m.toUpperCase());
      return refuse(res, problem(405, `${url.pathname} answers ${allowed.join(', ')} only, not ${method}.`), { allow: allowed.join(', ') });
    }
    const missing = missingSecurityHeaders(op, req.headers);
    if (missing) {
      const violations = missing.missing.map((name) => ({
        location: ['request', 'header', name],
        code: 401,
        message: `Missing or empty header ${name}`,
        severity: 'Error',
      }));
      return refuse(res, problem(401, missingHeadersDetail(missing.missing, missing.all), violations));
    }
    if (raw.length > 0 && mediaType !== ACCEPTED_TYPE) {
      const got = contentType === undefined ? 'no Content-Type' : `Content-Type ${JSON.stringify(mediaType.slice(0, 100))}`;
      return refuse(
        res,
        problem(415, `The body must be sent as ${ACCEPTED_TYPE}, the only content type the contract declares; the request has ${got}.`),
      );
    }

    const wantsPrism = wantsPrismFor(req, url);
    let preferences: Preferences = {};
    if (wantsPrism) {
      let engine: Awaited<ReturnType<MockContract['prism']>>;
      try {
        engine = await contract.prism(reference);
      } catch (error) {
        return refuse(res, withoutPrism(error));
      }
      const parsed = engine.preferences({
        headers: req.headers as Record<string, string>,
        url: { path: url.pathname, query: queryOf(url.searchParams) },
      });
      if (!parsed.ok) return refuse(res, problem(422, `Bad Prefer header: ${parsed.detail}`));
      preferences = parsed.value;
      const refused = refusePreferences(op, preferences);
      if (refused) return refuse(res, refused);
    }

    const call: Call = { method, url, route, op, body };
    const screened = body === PARSED_ELSEWHERE ? undefined : options.screen?.(op, body);
    if (screened) return refuse(res, screened.problem, screened.headers);
    if (reference) return answerThroughPrism(contract, req, res, call, preferences, true);

    const check = verdict?.kind === 'invalid' ? verdict.check : contract.validatorOf(op)(body);
    if (check) return refuse(res, bodyProblem(contract, 422, check.listed, check.total, check.pruned));
    const decision = ask(op, req, url, body);
    if (decision?.kind === 'answer') return void sendDecision(res, decision);
    if (decision?.kind === 'refuse') return refuse(res, problem(decision.status, decision.detail), decision.headers);
    const extra = decision?.kind === 'annotate' ? decision.headers : undefined;
    if (wantsPrism) return answerThroughPrism(contract, req, res, call, preferences, false, extra);
    sendAnswer(res, contract.readyAnswerOf(op) ?? (await contract.answerOf(op)), extra);
    return undefined;
  };
}
