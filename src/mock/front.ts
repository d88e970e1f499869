// The mock's node:http door: an adapter over the decision core (decide.ts). It reads the
// request (a large body goes to a body process as it arrives, bounded in size and time),
// hands the core a plain request, and sends what the core decides. What only Prism can
// answer (the reference engine, `Prefer: dynamic=true`: what the core hands on as `engine`)
// it answers through Prism in the same process, or with a 501 naming the package when Prism is not installed.
import { isUtf8 } from 'node:buffer';
import type http from 'node:http';
import { serializeAnswer, routeKey } from './answers.ts';
import { BIG_BODY_BYTES, type BigBodyStream, type BigBodyVerdict } from './big-bodies.ts';
import type { MockContract } from './contract.ts';
import {
  ACCEPTED_TYPE,
  answeredByEngine,
  askResponder,
  type BodyVerdict,
  bodyProblem,
  type DecideOptions,
  decide,
  type Decision,
  type EngineCall,
  engineUnavailable,
  refusal,
  responderAnswer,
} from './decide.ts';
import type { PrismRequest, PrismViolation } from './prism-adapter.ts';
import { MAX_LISTED_VIOLATIONS, problem, type Problem, type Violation } from './problem.ts';
import { RequestSecrets, redactedProblem } from './redaction.ts';
import type { MockResponder } from './responder.ts';
import { missingSecurityHeaders, type MockOperation } from './routes.ts';
import { StartError } from './start-error.ts';
import {
  type BodySpill,
  jsonText,
  mediaTypeOf,
  missingHost,
  queryOf,
  readBody,
  RequestRefused,
  send,
  targetOf,
  unacceptedCharset,
  unacceptedEncoding,
} from './wire.ts';

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

/**
 * Told once a request is answered: the refusal sent, if any, or the failure that kept it from
 * an answer; `secrets` are the request's (its body's too, once read), for what the log prints of it.
 */
export type Answered = (error: unknown, refusal?: Problem, secrets?: RequestSecrets) => void;

/** Handles one request on the contract it started on. */
export type Front = (req: http.IncomingMessage, res: http.ServerResponse, done: Answered) => void;

function violationsOf(list: ReadonlyArray<PrismViolation>, prefix: string): Violation[] {
  return list.map((v) => ({
    location: [prefix, ...(v.path ?? []).map(String)],
    code: v.code ?? 'invalid',
    message: v.message,
    severity: String(v.severity) === '0' ? 'Error' : String(v.severity),
  }));
}

/** Sends a decision made to be sent; resolves with its refusal, if any. */
function sendDecision(res: http.ServerResponse, decision: Extract<Decision, { kind: 'send' }>): Problem | undefined {
  send(res, decision.status, decision.headers, decision.body);
  return decision.refusal;
}

function refuse(res: http.ServerResponse, p: Problem, extraHeaders?: Record<string, string>): Problem {
  send(res, p.status, { ...extraHeaders, 'content-type': 'application/problem+json' }, JSON.stringify(p));
  return p;
}

/** A body process's verdict as the core reads it. */
function verdictOf(verdict: BigBodyVerdict | undefined): BodyVerdict | undefined {
  if (!verdict) return undefined;
  if (verdict.kind === 'parsed') return { kind: 'parsed', textChecked: verdict.id >= 0 };
  if (verdict.kind === 'invalid') return { kind: 'invalid', check: verdict.check, secrets: verdict.secrets };
  if (verdict.kind === 'limit') return { kind: 'limit', detail: verdict.detail };
  if (verdict.kind === 'bad-json') return { kind: 'bad-json', reason: verdict.reason };
  return { kind: 'bad-text', detail: verdict.detail };
}

export function createFront(current: () => MockContract, options: FrontOptions): Front {
  const { reference } = options;
  const decideOptions: DecideOptions = {
    reference,
    isUtf8,
    jsonText,
    ...(options.respond ? { respond: options.respond } : {}),
    ...(options.screen ? { screen: options.screen } : {}),
  };

  /** A call only Prism answers: through Prism, or 501 when it is not installed. */
  async function answerThroughPrism(
    contract: MockContract,
    req: http.IncomingMessage,
    res: http.ServerResponse,
    call: EngineCall,
    secrets: RequestSecrets,
  ): Promise<Problem | undefined> {
    let engine: Awaited<ReturnType<MockContract['prism']>>;
    try {
      engine = await contract.prism(call.validating);
    } catch (error) {
      if (error instanceof StartError && error.code === 'NEEDS_PRISM') return sendDecision(res, engineUnavailable(error.message));
      throw error;
    }
    const input: PrismRequest = {
      method: call.method,
      url: { path: call.url.pathname, query: queryOf(call.url.searchParams) },
      headers: req.headers as Record<string, string>,
      ...(call.body === undefined ? {} : { body: call.body }),
    };
    const outcome = await engine.request(input, call.preferences, call.op.template);
    const redact = secrets.redact;
    if (outcome.kind === 'error') return refuse(res, redactedProblem(problem(outcome.status, outcome.detail), redact, call.url.pathname));
    const inputViolations = violationsOf(outcome.input, 'request');
    if (inputViolations.length > 0) options.onViolation?.(call.route, inputViolations.slice(0, 20));
    if (inputViolations.length > 0 && outcome.status >= 400) {
      return refuse(
        res,
        redactedProblem(
          bodyProblem(
            contract.routes,
            outcome.status,
            inputViolations.slice(0, MAX_LISTED_VIOLATIONS),
            inputViolations.length,
            false,
            redact,
          ),
          redact,
          call.url.pathname,
        ),
      );
    }
    let headers = outcome.headers;
    if (call.validating) {
      const decision = askResponder(options.respond, call.op, call.url, req.headers, call.body);
      if (decision?.kind === 'answer') return sendDecision(res, responderAnswer(decision));
      if (decision?.kind === 'refuse')
        return sendDecision(
          res,
          refusal(redactedProblem(problem(decision.status, decision.detail), redact, call.url.pathname), decision.headers),
        );
      if (decision?.kind === 'annotate') headers = { ...headers, ...decision.headers };
    }
    const answer = serializeAnswer(outcome.status, headers, outcome.body);
    send(res, answer.status, call.extra ? { ...answer.headers, ...call.extra } : answer.headers, answer.body);
    return undefined;
  }

  /** What a call the core did not settle at once gets: Prism's answer, or one being rendered. */
  async function answerLater(
    contract: MockContract,
    req: http.IncomingMessage,
    res: http.ServerResponse,
    decision: Exclude<Decision, { kind: 'send' }>,
    secrets: RequestSecrets,
  ): Promise<Problem | undefined> {
    if (decision.kind === 'engine') return answerThroughPrism(contract, req, res, decision.call, secrets);
    const answer = await contract.answerOf(decision.op, decision.variant);
    send(res, answer.status, decision.headers ? { ...answer.headers, ...decision.headers } : answer.headers, answer.body);
    return undefined;
  }

  /** A large body goes to a body process as it arrives, and its checks run there. */
  function spillOf(contract: MockContract, req: http.IncomingMessage, target: string, opened: (stream: BigBodyStream) => void) {
    const contentType = req.headers['content-type'];
    if (
      reference ||
      mediaTypeOf(contentType) !== ACCEPTED_TYPE ||
      unacceptedEncoding(req.headers['content-encoding']) !== undefined ||
      unacceptedCharset(contentType) !== undefined
    )
      return undefined;
    return {
      at: BIG_BODY_BYTES,
      open: async () => {
        const url = targetOf(target);
        const early = url && contract.routes.lookup(url.pathname)?.byMethod.get((req.method ?? 'GET').toLowerCase());
        const checkable = url && early && !missingSecurityHeaders(early, req.headers) && !answeredByEngine(req.headers, url);
        const stream = await contract.bigBodies().open(checkable ? routeKey(early.method, early.template) : undefined);
        opened(stream);
        return stream;
      },
    } satisfies BodySpill;
  }

  return function handle(req, res, done) {
    // The contract this call runs on, to its end.
    const contract = current();
    const target = req.url ?? '/';
    const secrets = new RequestSecrets(req.headers, target);
    const hostless = missingHost(req);
    if (hostless) return done(undefined, refuse(res, hostless, { connection: 'close' }), secrets);
    let stream: BigBodyStream | undefined;
    // A body declared smaller than a body process's share never reaches one: no spill is prepared for it.
    const declared = req.headers['content-length'];
    const spill =
      declared !== undefined && Number(declared) < BIG_BODY_BYTES && req.headers['transfer-encoding'] === undefined
        ? undefined
        : spillOf(contract, req, target, (opened) => {
            stream = opened;
          });
    readBody(req, options.bodyTimeoutMs, spill, (error, raw) => {
      try {
        if (error) {
          if (!(error instanceof RequestRefused)) return done(error, undefined, secrets);
          // Without reading the rest, the connection cannot carry another request.
          if (error.status === 408) res.once('finish', () => req.socket.destroy());
          return done(undefined, refuse(res, problem(error.status, error.detail), { connection: 'close' }), secrets);
        }
        const request = { method: req.method ?? 'GET', target, headers: req.headers, body: raw };
        if (stream) {
          // The core reads a body process's verdict in place of the body.
          stream.verdict
            .then((verdict) => {
              const bodyVerdict = verdictOf(verdict);
              const decision = decide(contract, bodyVerdict ? { ...request, bodyVerdict } : request, decideOptions, secrets);
              if (decision.kind === 'send') return sendDecision(res, decision);
              return answerLater(contract, req, res, decision, secrets);
            })
            .then(
              (refused) => done(undefined, refused, secrets),
              (failure: unknown) => done(failure, undefined, secrets),
            );
          return;
        }
        const decision = decide(contract, request, decideOptions, secrets);
        if (decision.kind === 'send') return done(undefined, sendDecision(res, decision), secrets);
        answerLater(contract, req, res, decision, secrets).then(
          (refused) => done(undefined, refused, secrets),
          (failure: unknown) => done(failure, undefined, secrets),
        );
      } catch (failure) {
        done(failure, undefined, secrets);
      }
    });
  };
}
