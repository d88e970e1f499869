// The mock: a fast front of ours with Prism behind it, in the same process. The front
// routes by exact path, checks the developer headers and the content type, parses the
// JSON body and validates it with a precompiled validator per operation, then sends
// the operation's answer as Prism rendered it ahead of time. Prism is loaded on first
// need and answers, in the same process, what needs its engine: `Prefer` and its
// `__code`/`__example` query fallbacks, an `Accept` other than JSON, and proxying.
// Every refusal is a problem body that names the field, header or method at fault.
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import type { IHttpRequest } from '@stoplight/prism-http';
import {
  readStartCache,
  renderAnswers,
  routeKey,
  serializeAnswer,
  startCacheFile,
  writeStartCache,
  type BundleBytes,
  type RenderedAnswer,
} from './answers.ts';
import { joinDocuments, type FamilyDocument } from './join.ts';
import { plainCopy } from '../lib/refs.ts';
import { BIG_BODY_BYTES, BigBodyPool, type BigBodyVerdict } from './big-bodies.ts';
import { createPrismEngine, type PrismEngine, type PrismViolation, type Preferences } from './prism-adapter.ts';
import { condenseOneOfPatterns, describeViolations, MAX_LISTED_VIOLATIONS, problem, type Problem, type Violation } from './problem.ts';
import type { MockDecision, MockResponder } from './responder.ts';
import { RouteTable, type MockOperation } from './routes.ts';
import { createAjv, compileBodyValidator, namedKeysOf, type BodyValidator, type ValidatorCompilers } from './validators.ts';
import { createRequestLog, type RequestLog } from './request-log.ts';

export type LogLevel = 'silent' | 'error' | 'warn' | 'info' | 'debug';

export interface MockOptions {
  rootDir: string;
  /** Bundles to serve: family id -> path of its bundled document (default generated/<id>/openapi.yaml). */
  families: string[];
  bundlePaths?: Record<string, string>;
  host?: string;
  port?: number;
  /** Proxy to this upstream instead of mocking; answers that break the contract are reported. */
  upstream?: string;
  logLevel?: LogLevel;
  /** Called for every contract violation seen (request or, when proxying, response). */
  onViolation?: (route: string, violations: Violation[]) => void;
  /**
   * Which engine validates and answers: the fast front (default), or Prism for every
   * request (the reference the parity test compares the front with).
   */
  engine?: 'front' | 'prism';
  /** Answers from state (certification flows), asked only for a call that passed validation. */
  respond?: MockResponder;
  /** Documents served beside the families, in memory (id -> document, e.g. the flows' captured route); they serve only routes no family serves. */
  documents?: Record<string, Record<string, unknown>>;
  /** A request head must arrive whole within this time (408 otherwise). */
  headersTimeoutMs?: number;
  /** A request body must arrive whole within this time once its head has (408 otherwise). */
  bodyTimeoutMs?: number;
  /** Where log lines go (default stdout). */
  logSink?: { write(text: string): void };
}

export interface RunningMock {
  url: string;
  routes: string[];
  close(): Promise<void>;
}

/** Bodies past this size are refused before parsing: bounded memory and validation time
 * under bad input (the largest captured answer is 26 kB). */
export const MAX_BODY_BYTES = 1024 * 1024;
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
export const DEFAULT_BODY_TIMEOUT_MS = 20_000;
/** The one request media type the contract declares. */
const ACCEPTED_TYPE = 'application/json';
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
/** Query names Prism reads as preferences. */
const PRISM_QUERY = /(?:^|[?&])__(?:code|example|dynamic|seed)=/;

async function readBundles(options: MockOptions): Promise<BundleBytes> {
  const families = await Promise.all(
    options.families.map(async (id) => ({
      id,
      bytes: await readFile(options.bundlePaths?.[id] ?? path.join(options.rootDir, 'generated', id, 'openapi.yaml')),
    })),
  );
  // In-memory documents go in as JSON text (YAML reads it): one start-cache key covers them too.
  const extra = Object.entries(options.documents ?? {}).map(([id, doc]) => ({ id, bytes: Buffer.from(JSON.stringify(doc)) }));
  return [...families, ...extra];
}

/** The extra documents keep only the routes no family serves: a family's own route always wins. */
function withoutServedRoutes(documents: FamilyDocument[], familyIds: readonly string[]): FamilyDocument[] {
  const isFamily = new Set(familyIds);
  const served = new Set(documents.filter(({ id }) => isFamily.has(id)).flatMap(({ doc }) => Object.keys((doc.paths ?? {}) as object)));
  return documents.map(({ id, doc }) =>
    isFamily.has(id)
      ? { id, doc }
      : {
          id,
          doc: { ...doc, paths: Object.fromEntries(Object.entries((doc.paths ?? {}) as object).filter(([route]) => !served.has(route))) },
        },
  );
}

/** The bundles parsed (YAML is loaded only when this runs: a warm start does not). */
async function parseBundles(bundles: BundleBytes): Promise<FamilyDocument[]> {
  const { parse } = await import('yaml');
  return bundles.map(({ id, bytes }) => ({ id, doc: parse(bytes.toString('utf8')) as Record<string, unknown> }));
}

export async function loadFamilyDocuments(options: MockOptions): Promise<FamilyDocument[]> {
  return withoutServedRoutes(await parseBundles(await readBundles(options)), options.families);
}

class BodyTooLarge extends Error {}
/** Stands for a body a worker parsed and refused: the main thread never holds it. */
const PARSED_ELSEWHERE = Symbol('parsed on a worker');
class BodyTooSlow extends Error {}

/** Names the developer headers that are missing or empty. */
function missingHeadersDetail(missing: string[], all: string[]): string {
  const which = missing.length > 0 ? missing.join(' and ') : all.join(' and ');
  return `Missing or empty: ${which}. Both developer headers are required on every call: ${all.join(' and ')}.`;
}

/** The header names of the first security alternative the request fails, or undefined when one holds. */
function missingSecurityHeaders(op: MockOperation, headers: http.IncomingHttpHeaders): { missing: string[]; all: string[] } | undefined {
  if (op.securityHeaders.length === 0) return undefined;
  let first: { missing: string[]; all: string[] } | undefined;
  for (const alternative of op.securityHeaders) {
    const missing = alternative.filter((name) => !String(headers[name] ?? '').trim());
    if (missing.length === 0) return undefined;
    first ??= { missing, all: alternative };
  }
  return first;
}

/** Query values as Prism reads them: a string, or an array when the name repeats (`__example`, `__code`). */
function queryOf(params: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    query[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return query;
}

function readBody(req: http.IncomingMessage, timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => reject(new BodyTooSlow()), timeoutMs);
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        clearTimeout(timer);
        reject(new BodyTooLarge());
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks));
    });
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

function send(res: http.ServerResponse, status: number, headers: Record<string, string>, body?: string): void {
  if (res.headersSent) return;
  res.writeHead(status, { ...headers, ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }) });
  res.end(body);
}

function sendProblem(res: http.ServerResponse, p: Problem, extraHeaders: Record<string, string> = {}): void {
  send(res, p.status, { ...extraHeaders, 'content-type': 'application/problem+json' }, JSON.stringify(p));
}

/**
 * The request target as a URL. A path is read as a path even when it starts with `//`,
 * which `new URL(target, base)` would read as a host (and throw on, or route elsewhere).
 */
function targetUrl(target: string): URL | undefined {
  try {
    return target.startsWith('/') ? new URL(`http://mock.invalid${target}`) : new URL(target, 'http://mock.invalid');
  } catch {
    return undefined;
  }
}

/**
 * The parser's reason without the excerpt of the body V8 quotes in some messages
 * (`Unexpected token 'p', ..."Senha":pw-Kq9…"... is not valid JSON`): it may hold a password.
 */
function jsonSyntaxReason(error: Error): string {
  const message = error.message;
  if (!/is not valid JSON$/.test(message)) return message; // the forms with a position quote nothing
  return /^Unexpected token '.'/su.exec(message)?.[0] ?? 'unexpected input';
}

/**
 * What Node's HTTP parser refuses before any handler runs (an unknown method, a request
 * head over its size limit, broken framing, a head too slow) gets a problem body too:
 * Node's default is a bare status line that says nothing. The raw bytes are never echoed.
 */
function answerUnparsedRequest(error: Error & { code?: string; reason?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const detail =
    status === 431
      ? `The request line and headers are larger than the ${http.maxHeaderSize} bytes this server reads.`
      : status === 408
        ? 'The request did not arrive in time.'
        : `The request is not HTTP/1.1 this server can read: ${error.reason ?? error.code ?? 'parse error'}.`;
  const body = JSON.stringify(problem(status, detail));
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\ncontent-type: application/problem+json\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

function violationsOf(list: ReadonlyArray<PrismViolation>, prefix: string): Violation[] {
  return list.map((v) => ({
    location: [prefix, ...(v.path ?? []).map(String)],
    code: v.code ?? 'invalid',
    message: v.message,
    severity: String(v.severity) === '0' ? 'Error' : String(v.severity),
  }));
}

/** The media type of a Content-Type header, lower case, without parameters. */
function mediaTypeOf(header: string | undefined): string {
  return (header ?? '').split(';', 1)[0]!.trim().toLowerCase();
}

/** An Accept the pre-rendered JSON answer satisfies as Prism's negotiation would. */
function acceptsDefault(accept: string | undefined): boolean {
  return accept === undefined || accept === '*/*' || accept === 'application/json';
}

function lastSegment(pathname: string): string {
  return pathname.slice(pathname.lastIndexOf('/') + 1);
}

interface Engines {
  /** Prism answering calls the front validated (no validation of its own). */
  trusting?: Promise<PrismEngine>;
  /** Prism validating and answering (the reference engine, and proxying). */
  validating?: Promise<PrismEngine>;
}

export async function startMock(options: MockOptions): Promise<RunningMock> {
  const proxying = Boolean(options.upstream);
  const reference = options.engine === 'prism' || proxying;
  const bundles = await readBundles(options);
  const cacheFile = startCacheFile(options.rootDir, bundles);
  const cached = reference ? undefined : await readStartCache(cacheFile);
  const documents = cached?.documents ?? withoutServedRoutes(await parseBundles(bundles), options.families);
  const routes = new RouteTable(documents);
  const logLevel = options.logLevel ?? 'warn';
  const log: RequestLog = createRequestLog(logLevel, options.logSink ?? process.stdout);
  const engines: Engines = {};
  const prismFor = (validating: boolean): Promise<PrismEngine> => {
    const slot = validating ? 'validating' : 'trusting';
    // Prism's own copy: its ref parser changes the document it is given in place.
    engines[slot] ??= createPrismEngine(plainCopy(joinDocuments(documents, 'Air travel booking — every route family')), {
      validateRequest: validating,
      ...(options.upstream ? { upstream: new URL(options.upstream) } : {}),
      // Prism logs each violation on its own line; its log is kept only for proxying.
      logLevel: proxying ? logLevel : 'silent',
      logSink: log.prismSink,
    });
    return engines[slot];
  };

  // Each operation's validators are compiled on its first call (about 10 ms each):
  // compiling all 63 at start cost 0.4-0.6 s of every start.
  const once = <T>(make: () => T): (() => T) => {
    let value: T | undefined;
    return () => (value ??= make());
  };
  let bigBodies: BigBodyPool | undefined;
  const compilers: ValidatorCompilers = {
    all: once(() => createAjv(true)),
    first: once(() => createAjv(false)),
    namedKeys: once(() => namedKeysOf(documents)),
  };
  const validators = new Map<MockOperation, BodyValidator>();
  const validatorOf = (op: MockOperation): BodyValidator => {
    let validator = validators.get(op);
    if (!validator) {
      validator = compileBodyValidator(compilers, op);
      validators.set(op, validator);
    }
    return validator;
  };

  // The ordinary answers: from the start cache, else rendered by Prism (then cached).
  let answers: Map<string, RenderedAnswer> | undefined;
  let answersReady: Promise<Map<string, RenderedAnswer>> | undefined;
  if (!reference) {
    answers = cached?.answers;
    if (!answers || routes.operations.some((op) => !answers!.has(routeKey(op.method, op.template)))) {
      answers = undefined;
      answersReady = prismFor(false)
        .then((engine) => renderAnswers(engine, routes))
        .then(async (rendered) => {
          answers = rendered;
          await writeStartCache(cacheFile, { documents, answers: rendered });
          return rendered;
        });
      answersReady.catch(() => undefined);
    }
  } else {
    void prismFor(true); // the reference engine starts loading now
  }

  function refuse(res: http.ServerResponse, p: Problem, extraHeaders: Record<string, string> = {}): Problem {
    sendProblem(res, p, extraHeaders);
    return p;
  }

  function sendDecision(res: http.ServerResponse, decision: Extract<MockDecision, { kind: 'answer' }>): void {
    send(res, decision.status, { ...decision.headers, 'content-type': 'application/json' }, JSON.stringify(decision.body));
  }

  function sendAnswer(res: http.ServerResponse, answer: RenderedAnswer, extra?: Record<string, string>): void {
    send(res, answer.status, extra ? { ...answer.headers, ...extra } : answer.headers, answer.body);
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<Problem | undefined> {
    const url = targetUrl(req.url ?? '/');
    if (!url) return refuse(res, problem(400, 'The request target is not a valid URL path.'));
    const method = (req.method ?? 'GET').toLowerCase();
    const route = `${req.method ?? 'GET'} ${url.pathname}`;
    let raw: Buffer;
    try {
      raw = await readBody(req, options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS);
    } catch (error) {
      if (error instanceof BodyTooLarge)
        return refuse(res, problem(413, `The body is larger than ${MAX_BODY_BYTES} bytes.`), { connection: 'close' });
      if (error instanceof BodyTooSlow) {
        const p = refuse(res, problem(408, `The body did not arrive within ${options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS} ms.`), {
          connection: 'close',
        });
        res.once('finish', () => req.socket.destroy());
        return p;
      }
      throw error;
    }
    const contentType = req.headers['content-type'];
    const mediaType = mediaTypeOf(contentType);
    if (proxying) return forwardThroughPrism(req, res, url, method, route, raw, contentType);

    // A large body is parsed and checked on a worker thread; the checks below run in
    // the same order on its verdict.
    let verdict: BigBodyVerdict | undefined;
    if (!reference && raw.length >= BIG_BODY_BYTES && mediaType === ACCEPTED_TYPE) {
      const early = routes.lookup(url.pathname)?.byMethod.get(method);
      const checkable = early && !missingSecurityHeaders(early, req.headers) && !wantsPrismFor(req, url);
      bigBodies ??= new BigBodyPool(documents);
      verdict = await bigBodies.check(raw, checkable ? routeKey(early.method, early.template) : undefined);
    }
    let body: unknown;
    if (verdict?.kind === 'bad-json') return refuse(res, problem(400, `The body is not valid JSON: ${verdict.reason}`));
    if (verdict?.kind === 'invalid') body = PARSED_ELSEWHERE;
    else if (raw.length > 0 && mediaType === ACCEPTED_TYPE) {
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch (error) {
        return refuse(res, problem(400, `The body is not valid JSON: ${jsonSyntaxReason(error as Error)}`));
      }
    }
    const match = routes.lookup(url.pathname);
    if (!match) {
      const closest = routes.closest(url.pathname);
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
      const engine = await prismFor(reference);
      const parsed = engine.preferences({
        headers: req.headers as Record<string, string>,
        url: { path: url.pathname, query: queryOf(url.searchParams) },
      });
      if (!parsed.ok) return refuse(res, problem(422, `Bad Prefer header: ${parsed.detail}`));
      preferences = parsed.value;
      const refused = refusePreferences(op, preferences);
      if (refused) return refuse(res, refused);
    }

    const call = { method, url, route, op, body, raw };
    if (reference) return answerThroughPrism(req, res, call, preferences, true);

    const check = verdict?.kind === 'invalid' ? verdict.check : validatorOf(op)(body);
    if (check) return refuse(res, bodyProblem(422, check.listed, check.total, check.pruned));
    const decision = ask(op, req, url, body);
    if (decision?.kind === 'answer') return void sendDecision(res, decision);
    const extra = decision?.kind === 'annotate' ? decision.headers : undefined;
    if (wantsPrism) return answerThroughPrism(req, res, call, preferences, false, extra);
    const answer = answers?.get(routeKey(op.method, op.template)) ?? (await answersReady!).get(routeKey(op.method, op.template))!;
    sendAnswer(res, answer, extra);
    return undefined;
  }

  /** The refusal of a body: the first violations (date forms named once) and how many there are. */
  function bodyProblem(status: number, listed: Violation[], total: number, pruned = false): Problem {
    const condensed = condenseOneOfPatterns(listed, routes.patternForms);
    const remaining = total - (listed.length - condensed.length);
    return problem(status, describeViolations(condensed, remaining, pruned), condensed);
  }

  function wantsPrismFor(req: http.IncomingMessage, url: URL): boolean {
    return req.headers.prefer !== undefined || PRISM_QUERY.test(url.search) || !acceptsDefault(req.headers.accept);
  }

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

  interface Call {
    method: string;
    url: URL;
    route: string;
    op: MockOperation;
    body: unknown;
    raw: Buffer;
  }

  async function answerThroughPrism(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    call: Call,
    preferences: Preferences,
    validating: boolean,
    extra?: Record<string, string>,
  ): Promise<Problem | undefined> {
    const engine = await prismFor(validating);
    const input: IHttpRequest = {
      method: call.method as IHttpRequest['method'],
      url: { path: call.url.pathname, query: queryOf(call.url.searchParams) },
      headers: req.headers as Record<string, string>,
      ...(call.body === undefined ? {} : { body: call.body }),
    };
    const outcome = await engine.request(input, preferences, call.op.template);
    if (outcome.kind === 'error') return refuse(res, problem(outcome.status, outcome.detail));
    const inputViolations = violationsOf(outcome.input, 'request');
    if (inputViolations.length > 0) options.onViolation?.(call.route, inputViolations.slice(0, 20));
    if (inputViolations.length > 0 && outcome.status >= 400) {
      return refuse(res, bodyProblem(outcome.status, inputViolations.slice(0, MAX_LISTED_VIOLATIONS), inputViolations.length));
    }
    let headers = outcome.headers;
    if (validating) {
      const decision = ask(call.op, req, call.url, call.body);
      if (decision?.kind === 'answer') return void sendDecision(res, decision);
      if (decision?.kind === 'annotate') headers = { ...headers, ...decision.headers };
    }
    sendAnswer(res, serializeAnswer(outcome.status, headers, outcome.body), extra);
    return undefined;
  }

  /** Proxying, as before the fast front: Prism routes, validates and forwards everything. */
  async function forwardThroughPrism(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    url: URL,
    method: string,
    route: string,
    raw: Buffer,
    contentType: string | undefined,
  ): Promise<Problem | undefined> {
    let body: unknown = raw.length === 0 ? undefined : raw.toString('utf8');
    if (raw.length > 0 && JSON_TYPE.test(contentType ?? '')) {
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch (error) {
        return refuse(res, problem(400, `The body is not valid JSON: ${jsonSyntaxReason(error as Error)}`));
      }
    }
    const engine = await prismFor(true);
    const input: IHttpRequest = {
      method: method as IHttpRequest['method'],
      url: { path: url.pathname, query: queryOf(url.searchParams) },
      headers: req.headers as Record<string, string>,
      body,
    };
    const parsed = engine.preferences(input);
    if (!parsed.ok) return refuse(res, problem(422, `Bad Prefer header: ${parsed.detail}`));
    const outcome = await engine.request(input, parsed.value);
    if (outcome.kind === 'error') return refuse(res, problem(outcome.status, outcome.detail));
    const inputViolations = violationsOf(outcome.input, 'request');
    const outputViolations = violationsOf(outcome.output, 'response').filter((v) => v.severity === 'Error');
    if (inputViolations.length > 0) options.onViolation?.(route, inputViolations.slice(0, 20));
    if (outputViolations.length > 0) options.onViolation?.(route, outputViolations.slice(0, 20));
    if (inputViolations.length > 0 && outcome.status >= 400) {
      const fallback = routes.lookup(url.pathname)?.byMethod.get(method);
      const missing = fallback ? missingSecurityHeaders(fallback, req.headers) : undefined;
      const detail =
        outcome.status === 401 && missing ? missingHeadersDetail(missing.missing, missing.all) : describeViolations(inputViolations);
      return refuse(res, problem(outcome.status, detail, inputViolations));
    }
    if (outputViolations.length > 0) {
      const p = problem(502, `The upstream answer breaks the contract: ${describeViolations(outputViolations)}`, outputViolations);
      return refuse(res, p, { 'sl-violations': JSON.stringify(outputViolations.slice(0, 20)).slice(0, 8000) });
    }
    const headers = { ...outcome.headers };
    // A request outside the contract is still forwarded; the answer says where it broke it.
    if (inputViolations.length > 0) headers['sl-violations'] = JSON.stringify(inputViolations.slice(0, 20)).slice(0, 8000);
    sendAnswer(res, serializeAnswer(outcome.status, headers, outcome.body));
    return undefined;
  }

  const server = http.createServer(
    { headersTimeout: options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS, requestTimeout: 0, connectionsCheckingInterval: 1_000 },
    (req, res) => {
      const started = performance.now();
      handle(req, res)
        .catch((error: unknown) => {
          log.failure(req.method ?? '', req.url ?? '', error);
          return refuse(res, problem(500, 'The mock failed to answer this request.'));
        })
        .then((refusal) => log.request(req.method ?? '', req.url ?? '', res.statusCode, performance.now() - started, refusal?.detail));
    },
  );
  server.keepAliveTimeout = 5_000;
  server.on('clientError', answerUnparsedRequest);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4010, options.host ?? '127.0.0.1', () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  return {
    url: `http://${address}:${port}`,
    routes: routes.operations.map((op) => `${op.method.toUpperCase()} ${op.template}`).sort(),
    close: async () => {
      await new Promise<void>((resolve, reject) => {
        bigBodies?.close();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      });
      // A start cache still being written is finished, so a mock stopped right after its
      // first answer does not leave the next start cold (and a half-written temp file).
      await answersReady?.catch(() => undefined);
    },
  };
}
