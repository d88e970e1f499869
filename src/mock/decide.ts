// The mock's decisions, free of any transport: what one request gets, from the contract
// it runs on. Every door (the node:http front, MSW handlers, the docs console) is an
// adapter that hands this a plain request and sends the decision it returns, so each makes
// the same decisions from the same code.
//
// It imports no Node module (no node:http, fs, child_process, worker_threads, no recorder):
// it runs in a browser bundle. Its runtime imports (accept.ts, body-text.ts, prefer.ts,
// problem.ts, routes.ts) are free of Node modules too. What comes in through the
// contract: the route table (`new RouteTable(documents)`, plain data), each operation's
// body validator, and the rendered answers (generated/mock/start.json, filed by
// answer-keys.ts). The Node mock compiles validators with ajv at run time (`new
// Function`); a page under a Content-Security-Policy without 'unsafe-eval' must hand in
// validators compiled ahead of time (ajv's standalone code) through `validatorOf`.
//
// Interface:
//   decide(contract: DecisionContract, request: DecisionRequest, options?: DecideOptions): Decision
//   - DecisionContract: { routes: RouteTable; validatorOf(op): BodyValidator;
//     readyAnswerOf(op, variant?: { status, example? }): { status, headers, body? } | undefined;
//     pairsOf?(op): ExamplePair[] (an integrator's fixtures beside the document's pairs) }
//   - Named example pairs (pairs.ts) are decided here, after validation and the responders
//     (flows, the session rule), before the ordinary answer: a call whose body matches one
//     gets its answer with `x-mock-example: <name>`, unless it states a `Prefer` choice.
//   - DecisionRequest: { method, target (path and query as sent), headers (lower-case
//     names), body? ({ length, chunks, bytes() }), bodyVerdict? (a large body's checks
//     done elsewhere) }
//   - DecideOptions: { reference?, respond? (flows), screen? (observed behaviours),
//     isUtf8?, jsonText? (faster decoders a runtime may have) }
//   - Decision: `send` { status, headers, body?, refusal? (the problem, when a refusal) },
//     `pending` { op, variant?, headers? } (the answer is being rendered: send it when
//     ready, `headers` added), or `engine` { call } (only Prism can answer: the reference
//     engine, `Prefer: dynamic=true`, an answer of several media types; a door without
//     Prism sends `engineUnavailable(why)`, a 501).
import { LIMITS, limitBroken } from '../lib/limits.ts';
import { accepts } from './accept.ts';
import { invalidUtf8, jsonSyntaxReason, jsonText, mediaTypeOf, targetOf, unacceptedCharset, unacceptedEncoding } from './body-text.ts';
import { choosePair, EXAMPLE_HEADER, type ExamplePair } from './pairs.ts';
import { readPreferences, statesPreferences, type Preferences } from './prefer.ts';
import { condenseOneOfPatterns, describeViolations, problem, type Problem, type Violation } from './problem.ts';
import { type Redactor, RequestSecrets, redactedProblem, redactedViolation } from './redaction.ts';
import type { MockDecision, MockResponder } from './responder.ts';
import { missingSecurityHeaders, type MockOperation, type RouteTable } from './routes.ts';
import type { BodyCheck, BodyValidator } from './validators.ts';

/** The one request media type the contract declares. */
export const ACCEPTED_TYPE = 'application/json';

/** Request headers by lower-case name, as Node's `IncomingMessage.headers` holds them. */
export type RequestHeaders = Readonly<Record<string, string | string[] | undefined>>;

/** A request body as it arrived: its chunks, joined only when asked. */
export interface DecisionBody {
  readonly length: number;
  readonly chunks: readonly Uint8Array[];
  /** The body in one piece. */
  bytes(): Uint8Array;
}

/** What a checker elsewhere (the Node mock's body processes) found in a large body. */
export type BodyVerdict =
  | { kind: 'bad-text'; detail: string }
  | { kind: 'bad-json'; reason: string }
  /** A bound of LIMITS broken (depth, string length): the sentence limitBroken() gives. */
  | { kind: 'limit'; detail: string }
  /** `secrets`: the body's own, found where it was parsed (this side never holds it). */
  | { kind: 'invalid'; check: BodyCheck; secrets?: readonly string[] }
  /** `textChecked`: its chunks were found to be UTF-8, so they are parsed one by one, never joined. */
  | { kind: 'parsed'; textChecked: boolean };

export interface DecisionRequest {
  /** As sent, e.g. `POST`. */
  method: string;
  /** The request target: path and query as sent. */
  target: string;
  headers: RequestHeaders;
  body?: DecisionBody;
  bodyVerdict?: BodyVerdict;
}

/** An ordinary answer, rendered ahead of time (answers.ts). */
export interface ReadyAnswer {
  status: number;
  headers: Record<string, string>;
  body?: string;
}

/** The answer `Prefer: code=<status>` (with `example=<example>`) picks among an operation's rendered answers. */
export interface AnswerVariant {
  status: number;
  example?: string;
}

/** What the decisions read from the contract. */
export interface DecisionContract {
  readonly routes: RouteTable;
  validatorOf(op: MockOperation): BodyValidator;
  /** The operation's ordinary answer, or the one `variant` picks, when it is rendered; undefined while it is being rendered. */
  readyAnswerOf(op: MockOperation, variant?: AnswerVariant): ReadyAnswer | undefined;
  /**
   * The operation's named example pairs, when the contract adds some to the document's
   * (an integrator's fixture folder, fixtures.ts); absent, the document's own (`op.pairs`).
   */
  pairsOf?(op: MockOperation): readonly ExamplePair[];
}

export interface DecideOptions {
  /** Every call through Prism, validating (the reference engine): decisions stop at `engine` once the call is routed. */
  reference?: boolean;
  /** Answers from state (certification flows), asked only for a call that passed validation. */
  respond?: MockResponder;
  /** Asked before validation with the parsed body: a refusal it returns is sent as is (observed behaviours). */
  screen?: (op: MockOperation, body: unknown) => { problem: Problem; headers: Record<string, string> } | undefined;
  /** A faster UTF-8 check than the portable one (Node's `isUtf8`). */
  isUtf8?: (bytes: Uint8Array) => boolean;
  /** A faster decoder of one chunk of JSON text (Node's Buffer); a leading BOM must be dropped. */
  jsonText?: (bytes: Uint8Array) => string;
}

/** The request target's parts the decisions read. */
export type RequestTarget = Pick<URL, 'pathname' | 'search' | 'searchParams'>;

/** A plain path (letters, digits, `_ - . /`, no dot segment, no query) is its own pathname: no URL is parsed for it. */
const PLAIN_PATH = /^\/[\w.\-/]*$/;
const DOT_SEGMENT = /(?:^|\/)\.\.?(?:\/|$)/;

class PlainTarget implements RequestTarget {
  readonly pathname: string;
  readonly search = '';
  constructor(pathname: string) {
    this.pathname = pathname;
  }
  get searchParams(): URLSearchParams {
    return new URLSearchParams();
  }
}

/** Plain targets seen lately (a client calls the same few paths), bounded: no pattern is run for them again. */
const plainTargets = new Map<string, PlainTarget>();

function targetParts(target: string): RequestTarget | undefined {
  const known = plainTargets.get(target);
  if (known) return known;
  if (PLAIN_PATH.test(target) && !DOT_SEGMENT.test(target) && !target.startsWith('//')) {
    const plain = new PlainTarget(target);
    if (plainTargets.size >= 256) plainTargets.clear();
    if (target.length <= 512) plainTargets.set(target, plain);
    return plain;
  }
  return targetOf(target);
}

/** A call only Prism can answer, with what the front found out about it. */
export interface EngineCall {
  method: string;
  url: RequestTarget;
  /** `POST /path`, as the request log and violation reports name it. */
  route: string;
  op: MockOperation;
  /** The parsed body, or undefined when there is none. */
  body: unknown;
  preferences: Preferences;
  /** Prism validates (the reference engine) or trusts the front's checks. */
  validating: boolean;
  /** Headers a responder added to the ordinary answer. */
  extra?: Record<string, string>;
}

export type Decision =
  | { kind: 'send'; status: number; headers: Record<string, string>; body?: string; refusal?: Problem }
  | { kind: 'pending'; op: MockOperation; variant?: AnswerVariant; headers?: Record<string, string> }
  | { kind: 'engine'; call: EngineCall };

/** The query handed to the reader when a Prefer header makes it unread. */
const NO_QUERY = new URLSearchParams();

/** A body a checker elsewhere parsed and refused: this side never holds it. */
const PARSED_ELSEWHERE = Symbol('parsed elsewhere');

/** The refusal as sent: a problem body (RFC 9457). */
export function refusal(p: Problem, extraHeaders?: Record<string, string>): Extract<Decision, { kind: 'send' }> {
  return {
    kind: 'send',
    status: p.status,
    headers: extraHeaders
      ? { ...extraHeaders, 'content-type': 'application/problem+json' }
      : { 'content-type': 'application/problem+json' },
    body: JSON.stringify(p),
    refusal: p,
  };
}

/** The answer to a call only Prism can answer, where Prism is not installed: 501, saying why. */
export function engineUnavailable(why: string): Extract<Decision, { kind: 'send' }> {
  return refusal(problem(501, `\`Prefer: dynamic=true\` (and \`__dynamic=true\`) is answered by Prism's generator. ${why}`));
}

function header(headers: RequestHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Names the developer headers that are missing or empty. */
function missingHeadersDetail(missing: string[], all: string[]): string {
  const which = missing.length > 0 ? missing.join(' and ') : all.join(' and ');
  return `Missing or empty: ${which}. Both developer headers are required on every call: ${all.join(' and ')}.`;
}

/** Whether only Prism's generator can answer this call (`dynamic=true`), once it passed the front's checks. */
export function answeredByEngine(headers: RequestHeaders, url: RequestTarget): boolean {
  const prefer = header(headers, 'prefer');
  if (!statesPreferences(prefer, url.search)) return false;
  const read = readPreferences(prefer, url.searchParams);
  return read.ok && read.value.dynamic === true;
}

/** The status an `example=` without `code=` picks: the lowest declared 2xx, else the first declared. */
function preferredStatus(op: MockOperation): number | undefined {
  return op.declaredStatuses.find((s) => s >= 200 && s < 300) ?? op.declaredStatuses[0];
}

/** Which of an operation's rendered answers a call's preferences pick: undefined for the ordinary one. */
function variantOf(op: MockOperation, preferences: Preferences): AnswerVariant | undefined {
  if (preferences.code === undefined && preferences.exampleKey === undefined) return undefined;
  const status = preferences.code ?? preferredStatus(op);
  if (status === undefined) return undefined;
  return preferences.exampleKey === undefined ? { status } : { status, example: preferences.exampleKey };
}

/** The media types of the response a call gets (Prism's choice: the status preferred, else
 * the lowest 2xx, else `default`, else the first), lower case. */
function chosenMediaTypes(op: MockOperation, code: number | undefined): string[] {
  const responses = op.responses;
  const chosen =
    (code === undefined ? undefined : responses.find((r) => r.code === String(code) || r.code === `${String(code)[0]}XX`)) ??
    responses.filter((r) => /^2(\d\d|XX)$/.test(r.code)).sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))[0] ??
    responses.find((r) => r.code === 'default') ??
    responses[0];
  return chosen ? chosen.contents.map((c) => c.mediaType.toLowerCase()) : [];
}

/** Each operation's answer media types, by the status preferred (0 for none). */
const mediaTypesByOperation = new WeakMap<MockOperation, Map<number, string[]>>();

function answerMediaTypes(op: MockOperation, code: number | undefined): string[] {
  let byCode = mediaTypesByOperation.get(op);
  if (!byCode) {
    byCode = new Map();
    mediaTypesByOperation.set(op, byCode);
  }
  let types = byCode.get(code ?? 0);
  if (!types) {
    types = chosenMediaTypes(op, code);
    byCode.set(code ?? 0, types);
  }
  return types;
}

/** Verdicts of recent Accept values (a client sends the same one on every call) by answer media type, bounded. */
const acceptVerdicts = new Map<string, Map<string, boolean>>();

function acceptsCached(accept: string, mediaType: string): boolean {
  let verdicts = acceptVerdicts.get(mediaType);
  if (!verdicts) {
    if (acceptVerdicts.size >= 64) acceptVerdicts.clear();
    verdicts = new Map();
    acceptVerdicts.set(mediaType, verdicts);
  }
  let verdict = verdicts.get(accept);
  if (verdict === undefined) {
    verdict = accepts(accept, mediaType);
    if (verdicts.size >= 256) verdicts.clear();
    if (accept.length <= 512) verdicts.set(accept, verdict);
  }
  return verdict;
}

/**
 * Content negotiation (RFC 9110, 12.5.1) of the answer a call gets: undefined when Accept
 * admits it (or it has no body), the 406 refusal Prism sends otherwise. An answer of more
 * than one media type is Prism's to choose: `engine`.
 */
function negotiate(op: MockOperation, accept: string | undefined, code: number | undefined): Problem | 'engine' | undefined {
  if (accept === undefined || accept === '' || accept === '*/*' || accept === ACCEPTED_TYPE) return undefined;
  const types = answerMediaTypes(op, code);
  if (types.length === 0) return undefined;
  if (types.length > 1) return 'engine';
  return acceptsCached(accept, types[0]!) ? undefined : problem(406, `Unable to find content for ${accept}`);
}

/** The refusal of a body: the first violations (date forms named once, each text redacted) and how many there are. */
export function bodyProblem(
  routes: RouteTable,
  status: number,
  listed: Violation[],
  total: number,
  pruned = false,
  redact?: Redactor,
): Problem {
  const named = condenseOneOfPatterns(listed, routes.patternForms);
  // Redacted before the detail is worded from them: a key that is a secret shows in both.
  const condensed = redact ? named.map((v) => redactedViolation(v, redact)) : named;
  const remaining = total - (listed.length - condensed.length);
  return problem(status, describeViolations(condensed, remaining, pruned), condensed);
}

/** `Prefer: code=` may pick only a declared status; `example=` only an example the status has. */
function refusePreferences(op: MockOperation, preferences: Preferences): Problem | undefined {
  if (preferences.code !== undefined && !op.declaredStatuses.includes(preferences.code)) {
    const declared = op.declaredStatuses.join(', ');
    return problem(
      422,
      `Prefer code=${preferences.code} is not a status ${op.method.toUpperCase()} ${op.template} declares; it declares ${declared || 'none'}.`,
    );
  }
  if (preferences.exampleKey !== undefined) {
    const status = preferences.code ?? preferredStatus(op);
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

function lastSegment(pathname: string): string {
  return pathname.slice(pathname.lastIndexOf('/') + 1);
}

/** What a responder's call names of an operation, worked out once per operation. */
interface CallNames {
  family: string;
  method: string;
  /** The operation's name when its path has no parameter (the path is the template). */
  operation: string | undefined;
}

const callNames = new WeakMap<MockOperation, CallNames>();

function namesOf(op: MockOperation): CallNames {
  let names = callNames.get(op);
  if (!names) {
    names = {
      // Every document of the legacy route (its observed flavour, the flows' captures) is family "legacy" to a responder.
      family: op.family.startsWith('legacy') ? 'legacy' : op.family,
      method: op.method.toUpperCase(),
      operation: op.template.includes('{') ? undefined : lastSegment(op.template),
    };
    callNames.set(op, names);
  }
  return names;
}

/** What a responder (flows) says about a call that passed validation. */
export function askResponder(
  respond: MockResponder | undefined,
  op: MockOperation,
  url: RequestTarget,
  headers: RequestHeaders,
  body: unknown,
): MockDecision | undefined {
  if (!respond) return undefined;
  const names = namesOf(op);
  return respond({
    family: names.family,
    operation: names.operation ?? lastSegment(url.pathname),
    method: names.method,
    path: url.pathname,
    body,
    headers: headers as Record<string, string | undefined>,
  });
}

/** A responder's own answer, as sent. */
export function responderAnswer(decision: Extract<MockDecision, { kind: 'answer' }>): Extract<Decision, { kind: 'send' }> {
  return {
    kind: 'send',
    status: decision.status,
    headers: { ...decision.headers, 'content-type': 'application/json' },
    body: decision.text ?? JSON.stringify(decision.body),
  };
}

/** The body as JSON: the value, PARSED_ELSEWHERE, or the refusal of its text. */
function parsedBody(request: DecisionRequest, options: DecideOptions): { value: unknown } | { refused: Problem } {
  const body = request.body;
  const verdict = request.bodyVerdict;
  if (verdict?.kind === 'bad-text') return { refused: problem(400, verdict.detail) };
  if (verdict?.kind === 'bad-json') return { refused: problem(400, `The body is not valid JSON: ${verdict.reason}`) };
  if (verdict?.kind === 'limit') return { refused: problem(413, verdict.detail) };
  if (verdict?.kind === 'invalid') return { value: PARSED_ELSEWHERE };
  if (!body || body.length === 0) return { value: undefined };
  let text: string;
  // A body found to be UTF-8 elsewhere is read piece by piece, never joined.
  if (verdict?.kind === 'parsed' && verdict.textChecked) text = jsonText(body.chunks);
  else {
    const bytes = body.bytes();
    const badText = invalidUtf8(bytes, options.isUtf8);
    if (badText) return { refused: problem(400, badText) };
    text = options.jsonText ? options.jsonText(bytes) : jsonText(bytes);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { refused: problem(400, `The body is not valid JSON: ${jsonSyntaxReason(error as Error)}`) };
  }
  // LIMITS' depth and string length, before anything walks the body: every door that uses the core refuses alike.
  const broken = mayBreakLimits(body) ? limitBroken(value) : undefined;
  return broken ? { refused: problem(413, broken.detail) } : { value };
}

/**
 * Whether a body could break LIMITS' depth or string length at all (limitBroken then decides):
 * one no longer than the longest string allowed holds no longer string (a UTF-16 unit takes a
 * byte at least), and one with no more `[` and `{` than the depth nests no deeper. A byte scan
 * costs a tenth of the walk, and most calls are a few hundred bytes with one object.
 */
function mayBreakLimits(body: DecisionBody): boolean {
  if (body.length > LIMITS.stringChars) return true;
  let openers = 0;
  for (const chunk of body.chunks) {
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if ((byte === 0x5b || byte === 0x7b) && ++openers > LIMITS.depth) return true;
    }
  }
  return false;
}

/** The pair a call's body matches, unless the call states its own choice (`Prefer`, `__code`…): pairing is off then. */
function pairOf(contract: DecisionContract, op: MockOperation, preferences: Preferences, body: unknown): ExamplePair | undefined {
  const pairs = contract.pairsOf ? contract.pairsOf(op) : op.pairs;
  if (pairs.length === 0 || body === PARSED_ELSEWHERE) return undefined;
  if (preferences.code !== undefined || preferences.exampleKey !== undefined || preferences.dynamic !== undefined) return undefined;
  if (preferences.seed !== undefined) return undefined;
  return choosePair(pairs, body);
}

/** A pair's answer: a fixture's own, or the document's example as `Prefer: code=<status>, example=<name>` gets it; named in a header. */
export function pairedAnswer(contract: DecisionContract, op: MockOperation, pair: ExamplePair, extra?: Record<string, string>): Decision {
  const named = extra ? { ...extra, [EXAMPLE_HEADER]: pair.name } : { [EXAMPLE_HEADER]: pair.name };
  const variant = { status: pair.status, example: pair.name };
  const answer = pair.answer ?? contract.readyAnswerOf(op, variant);
  if (!answer) return { kind: 'pending', op, variant, headers: named };
  return {
    kind: 'send',
    status: answer.status,
    headers: { ...answer.headers, ...named },
    ...(answer.body === undefined ? {} : { body: answer.body }),
  };
}

/**
 * The decision for one request. A refusal never quotes a secret of the request (its secret
 * headers and query parameters, its credentials and tokens: redaction.ts); `secrets` is
 * where a door that prints something of the request (the Node mock's log) finds them after.
 */
export function decide(
  contract: DecisionContract,
  request: DecisionRequest,
  options: DecideOptions = {},
  secrets: RequestSecrets = new RequestSecrets(request.headers, request.target),
): Decision {
  const decision = decideFor(contract, request, options, secrets);
  if (decision.kind !== 'send' || !decision.refusal) return decision;
  const at = request.target.indexOf('?');
  const shown = redactedProblem(decision.refusal, secrets.redact, at < 0 ? request.target : request.target.slice(0, at));
  return { ...decision, body: JSON.stringify(shown), refusal: shown };
}

function decideFor(contract: DecisionContract, request: DecisionRequest, options: DecideOptions, secrets: RequestSecrets): Decision {
  const url = targetParts(request.target);
  if (!url) return refusal(problem(400, 'The request target is not a valid URL path.'));
  const method = request.method.toLowerCase();
  const headers = request.headers;
  const contentType = header(headers, 'content-type');
  const mediaType = mediaTypeOf(contentType);
  const length = request.body?.length ?? 0;
  if (length > 0) {
    const encoding = unacceptedEncoding(headers['content-encoding']);
    if (encoding !== undefined)
      return refusal(
        problem(
          415,
          `The body must be sent without a Content-Encoding (identity, the only one accepted); the request has Content-Encoding ${JSON.stringify(encoding)}.`,
        ),
        { 'accept-encoding': 'identity' },
      );
    const charset = mediaType === ACCEPTED_TYPE ? unacceptedCharset(contentType) : undefined;
    if (charset !== undefined) return refusal(problem(415, charset));
  }

  let body: unknown;
  if (request.bodyVerdict || (length > 0 && mediaType === ACCEPTED_TYPE)) {
    const parsed = parsedBody(request, options);
    if ('refused' in parsed) return refusal(parsed.refused);
    body = parsed.value;
    if (body !== PARSED_ELSEWHERE) secrets.holdBody(body);
  }
  if (request.bodyVerdict?.kind === 'invalid' && request.bodyVerdict.secrets) secrets.add(request.bodyVerdict.secrets);
  const routes = contract.routes;
  const match = routes.lookup(url.pathname);
  if (!match)
    return refusal(problem(404, `No operation at ${url.pathname}. Closest operations: ${routes.closest(url.pathname).join(', ')}.`));
  const op = match.byMethod.get(method);
  if (!op) {
    const allowed = [...match.byMethod.keys()].map((m) => m.toUpperCase());
    return refusal(problem(405, `${url.pathname} answers ${allowed.join(', ')} only, not ${method}.`), { allow: allowed.join(', ') });
  }
  const missing = missingSecurityHeaders(op, headers);
  if (missing) {
    const violations = missing.missing.map((name) => ({
      location: ['request', 'header', name],
      code: 401,
      message: `Missing or empty header ${name}`,
      severity: 'Error',
    }));
    return refusal(problem(401, missingHeadersDetail(missing.missing, missing.all), violations));
  }
  if (length > 0 && mediaType !== ACCEPTED_TYPE) {
    const got = contentType === undefined ? 'no Content-Type' : `Content-Type ${JSON.stringify(mediaType.slice(0, 100))}`;
    return refusal(
      problem(415, `The body must be sent as ${ACCEPTED_TYPE}, the only content type the contract declares; the request has ${got}.`),
    );
  }

  const prefer = header(headers, 'prefer');
  let preferences: Preferences = {};
  if (statesPreferences(prefer, url.search)) {
    // The query is read only without a Prefer header (Prism's rule): no URLSearchParams is made for one.
    const read = readPreferences(prefer, prefer ? NO_QUERY : url.searchParams);
    if (!read.ok) return refusal(problem(422, `Bad Prefer header: ${read.detail}`));
    preferences = read.value;
    const refused = refusePreferences(op, preferences);
    if (refused) return refusal(refused);
  }
  // Named for the request log and violation reports on the engine's path only.
  const route = () => `${request.method} ${url.pathname}`;
  const screened = body === PARSED_ELSEWHERE ? undefined : options.screen?.(op, body);
  if (screened) return refusal(screened.problem, screened.headers);
  if (options.reference) return { kind: 'engine', call: { method, url, route: route(), op, body, preferences, validating: true } };

  const check = request.bodyVerdict?.kind === 'invalid' ? request.bodyVerdict.check : contract.validatorOf(op)(body);
  if (check) return refusal(bodyProblem(routes, 422, check.listed, check.total, check.pruned, secrets.redact));
  const pair = pairOf(contract, op, preferences, body);
  const negotiated = negotiate(op, header(headers, 'accept'), pair ? pair.status : preferences.code);
  if (negotiated === 'engine') return { kind: 'engine', call: { method, url, route: route(), op, body, preferences, validating: false } };
  if (negotiated) return refusal(negotiated);
  const decision = askResponder(options.respond, op, url, headers, body);
  if (decision?.kind === 'answer') return responderAnswer(decision);
  if (decision?.kind === 'refuse') return refusal(problem(decision.status, decision.detail), decision.headers);
  const extra = decision?.kind === 'annotate' ? decision.headers : undefined;
  if (preferences.dynamic === true)
    return { kind: 'engine', call: { method, url, route: route(), op, body, preferences, validating: false, ...(extra ? { extra } : {}) } };
  if (pair) return pairedAnswer(contract, op, pair, extra);
  const variant = variantOf(op, preferences);
  const answer = contract.readyAnswerOf(op, variant);
  if (!answer) return { kind: 'pending', op, ...(variant ? { variant } : {}), ...(extra ? { headers: extra } : {}) };
  return {
    kind: 'send',
    status: answer.status,
    headers: extra ? { ...answer.headers, ...extra } : answer.headers,
    ...(answer.body === undefined ? {} : { body: answer.body }),
  };
}
