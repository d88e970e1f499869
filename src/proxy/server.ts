// The contract proxy: a node:http front that forwards each call's original bytes to the
// upstream and the upstream's original bytes back, while a parsed copy of the request and
// of the answer is checked against the contract (check.ts: the mock's route table and
// validators, no Prism). A request outside the contract is still forwarded and its answer
// says where it broke it; an answer outside the contract becomes a 502 problem listing why.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Duplex, Writable } from 'node:stream';
import { PACKAGE_ROOT } from '../lib/layout.ts';
import { problem, type Problem, type Violation } from '../mock/problem.ts';
import { resolveSources } from '../mock/sources.ts';
import { portError, StartError } from '../mock/start-error.ts';
import { MAX_BODY_BYTES, missingHost, readRequestBody, refuseUnparsed, RequestRefused, targetOf, unmetExpectation } from '../mock/wire.ts';
import { ContractCheck, ROUTE_NOT_FOUND, type CheckResult } from './check.ts';
import { decodeContent, parsedCopy, UnreadableBody } from './decode.ts';
import { endToEndHeaders, flatHeaders } from './headers.ts';
import { answerIsSecret } from '../lib/contract-index.ts';
import { leavesOf } from '../secret-fields.ts';
import { redactorFor, redactPath, secretsOf, type Redactor } from '../request-secrets.ts';
import { createRecorder, RecordingRefused, type ContractFinding, type RecordingSummary } from '../record/recorder.ts';
import { packageIdentity } from '../lib/layout.ts';
import { lineLog, listedViolations, summary, violationHeaders } from './report.ts';
import { ParseBudget } from './parse-budget.ts';
import { exchangeWithUpstream, UpstreamFailure, type UpstreamAnswer } from './upstream.ts';

export interface ProxyOptions {
  /** The service (or any upstream) to forward to: `https://<sandbox_base_url>`. */
  upstream: string;
  /** The package whose bundles the calls are checked against (default: this package). */
  rootDir?: string;
  /** Route families to check against (default: every one). */
  families?: readonly string[];
  host?: string;
  port?: number;
  /**
   * From the caller's last byte: checking the request, the upstream exchange (connect,
   * request, answer head and body) and checking the answer. An unfinished exchange gets 504.
   */
  timeoutMs?: number;
  /** A caller must send its request line and headers within this. */
  headTimeoutMs?: number;
  /** A caller must send its whole body within this, once its headers arrived. */
  bodyTimeoutMs?: number;
  /** The most the proxy reads of an upstream answer (and of its decoded copy). */
  maxAnswerBytes?: number;
  /** The parse cost per byte assumed until parses are timed (ms; tests set it high to force the unchecked path). */
  initialParseMsPerByte?: number;
  /** Where the one line per request goes (stdout by default). */
  log?: Writable;
  /** Record every exchange, sanitized, into this folder (for the observed flavour: docs/observed.md). */
  record?: string;
}

export interface RunningProxy {
  /** `http://127.0.0.1:<port>`: send the calls here instead of to the upstream. */
  url: string;
  port: number;
  /** Ends every connection and resolves when the port is free. */
  close(): Promise<void>;
  /** With `record`: ends the recording (provenance file, leak check) and says what was written and removed. */
  finishRecording(): Promise<RecordingSummary | undefined>;
}

export const DEFAULT_PROXY_PORT = 4011;

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_HEAD_TIMEOUT_MS = 10_000;
export const DEFAULT_BODY_TIMEOUT_MS = 30_000;
/**
 * Far above the largest captured answer (26 kB); parsing the costliest answer of this
 * size (an object of ~350,000 keys) takes about half a second of the proxy's CPU.
 */
export const DEFAULT_MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/** Why a body went on without a contract check (the `sl-unchecked` header and the log line). */
const UNCHECKED = {
  request:
    'request not checked against the contract: parsing it would have kept a caller past its time-out (the proxy was busy with large bodies)',
  response:
    'response not checked against the contract: parsing it would have kept a caller past its time-out (the proxy was busy with large bodies)',
};

/** The upstream address for a request target: the upstream's own path prefix, then the target as sent. */
function upstreamTarget(base: URL, target: URL): URL {
  const url = new URL(base.href);
  url.pathname = `${base.pathname.replace(/\/+$/, '')}${target.pathname}`;
  url.search = target.search;
  return url;
}

/** A violation as the recording keeps it: the field's JSON pointer and the keyword, no message. */
function findings(list: readonly Violation[]): ContractFinding[] {
  return list.map((v) => ({
    path: `/${v.location
      .slice(1)
      .map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1'))
      .join('/')}`,
    keyword: typeof v.code === 'string' ? v.code : 'status',
  }));
}

/** The upstream named without any user:password it may carry. */
function displayed(base: URL): string {
  return `${base.protocol}//${base.host}${base.pathname}`;
}

export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  let upstream: URL;
  try {
    upstream = new URL(options.upstream);
  } catch {
    throw new StartError('BAD_OPTION', 'The upstream is not an absolute http:// or https:// address (e.g. https://sandbox.example/).');
  }
  if (upstream.protocol !== 'http:' && upstream.protocol !== 'https:')
    throw new StartError('BAD_OPTION', 'The upstream must be an http:// or https:// address.');
  const port = options.port ?? DEFAULT_PROXY_PORT;
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new StartError('BAD_OPTION', `port must be a whole number from 0 to 65535, not ${port}.`);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const bodyTimeoutMs = options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS;
  const maxAnswerBytes = options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
  const log = lineLog(options.log ?? process.stdout);
  // A quarter of the one second past the time-out that a caller may wait: the rest covers
  // validating, writing a large answer and a busy machine.
  const budget = new ParseBudget(250, options.initialParseMsPerByte);
  const sources = await resolveSources({
    rootDir: options.rootDir ?? PACKAGE_ROOT,
    ...(options.families ? { families: options.families } : {}),
  });
  const check = new ContractCheck(sources.documents);
  const recorder = options.record
    ? await createRecorder(options.record, {
        tool: `${packageIdentity().name} proxy`,
        toolVersion: packageIdentity().version,
        upstream: options.upstream,
        log,
      }).catch((error: unknown) => {
        throw error instanceof RecordingRefused ? new StartError('UNWRITABLE', error.message) : error;
      })
    : undefined;

  function sendProblem(res: http.ServerResponse, p: Problem, redact: Redactor, headers: Record<string, string> = {}): void {
    if (res.headersSent || res.destroyed) return;
    const body = JSON.stringify({ ...p, detail: redact(p.detail) });
    res.writeHead(p.status, { ...headers, 'content-type': 'application/problem+json', 'content-length': String(Buffer.byteLength(body)) });
    res.end(body);
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const started = performance.now();
    const method = req.method ?? 'GET';
    const target = targetOf(req.url ?? '/');
    // A secret sent in the query (`?developer-token=…`, `?Senha=…`) is one of the request's too.
    const query = target?.searchParams ?? new URLSearchParams();
    let redact = redactorFor(secretsOf(req.headers, query));
    // One line per request: ✓ when the call and its answer kept the contract, ✗ with what broke otherwise.
    const line = (status: number, problemText = '') =>
      log(
        redact(
          `${problemText ? '✗' : '✓'} ${method} ${target ? redactPath(target.pathname, redact) : '(bad target)'} ${problemText ? `${problemText} ` : ''}→ ${status} (${Math.round(performance.now() - started)} ms)`,
        ),
      );
    const hostless = missingHost(req);
    if (hostless) {
      sendProblem(res, hostless, redact, { connection: 'close' });
      return line(400, 'no Host header');
    }
    if (!target) {
      sendProblem(res, problem(400, 'The request target is not a path.'), redact);
      return line(400, 'bad request target');
    }
    const abort = new AbortController();
    res.on('close', () => abort.abort());

    let raw: Buffer;
    let requestDecoded: Buffer = Buffer.alloc(0);
    let copy: unknown;
    let requestUnchecked = false;
    let deadline = Number.POSITIVE_INFINITY;
    let untrack: () => void = () => undefined;
    try {
      raw = await readRequestBody(req, bodyTimeoutMs);
      // From the caller's last byte, the whole call (parse, upstream, check) has the time-out.
      deadline = performance.now() + timeoutMs;
      untrack = budget.track(deadline);
      const decoded = decodeContent(raw, req.headers['content-encoding'], MAX_BODY_BYTES);
      requestDecoded = decoded;
      if (budget.allows(decoded.length)) copy = budget.measure(decoded.length, () => parsedCopy(decoded, req.headers['content-type']));
      else requestUnchecked = true;
    } catch (error) {
      const refused =
        error instanceof RequestRefused
          ? error
          : error instanceof UnreadableBody
            ? new RequestRefused(400, `The request body cannot be read: ${error.message}.`)
            : undefined;
      untrack();
      if (!refused) throw error;
      // Without reading the rest, the connection cannot carry another request.
      if (refused.status !== 400) res.once('finish', () => req.socket.destroy());
      sendProblem(res, problem(refused.status, refused.detail), redact, refused.status === 400 ? {} : { connection: 'close' });
      return line(refused.status, refused.detail);
    }
    redact = redactorFor(secretsOf(req.headers, query, copy));
    // Every exchange that got an answer is handed to the recorder, which reads the bodies
    // itself (losslessly) and never holds the caller up; one it cannot read is recorded as such.
    const record = (
      answer: UpstreamAnswer,
      decoded: Buffer | undefined,
      checked?: { request: Violation[]; response: Violation[] },
    ): void => {
      if (!recorder) return;
      const answerType = flatHeaders(endToEndHeaders(answer.rawHeaders))['content-type'];
      void recorder.record({
        path: target.pathname,
        request: undefined,
        requestText: requestDecoded.toString('utf8'),
        status: answer.status,
        response: undefined,
        responseText: (decoded ?? answer.body).toString('utf8'),
        mediaType: answerType ?? 'unknown',
        secrets: secretsOf(req.headers, query, copy),
        ...(checked ? { contract: { request: findings(checked.request), response: findings(checked.response) } } : {}),
      });
    };

    try {
      const op = check.route(method, target.pathname);
      // An unchecked request still has its developer headers checked (cheap); its body is not.
      const requestCheck: CheckResult = op
        ? check.request(op, req.headers, raw.length > 0, copy, !requestUnchecked)
        : { violations: [ROUTE_NOT_FOUND], total: 1 };
      let answer: UpstreamAnswer;
      try {
        answer = await exchangeWithUpstream(upstreamTarget(upstream, target), {
          method,
          headers: {
            ...endToEndHeaders(req.rawHeaders, ['host', 'content-length', 'expect']),
            host: upstream.host,
            ...(raw.length > 0 || method === 'POST' ? { 'content-length': String(raw.length) } : {}),
          },
          body: raw,
          timeoutMs,
          deadline,
          maxAnswerBytes,
          signal: abort.signal,
        });
      } catch (error) {
        const failure =
          error instanceof UpstreamFailure
            ? error
            : new UpstreamFailure(502, 'proxy error', `The proxy could not complete the exchange (${(error as Error).name}).`);
        sendProblem(res, problem(failure.status, failure.detail), redact);
        return line(failure.status, `upstream ${failure.reason}: ${failure.detail}${requestUnchecked ? `; ${UNCHECKED.request}` : ''}`);
      }
      const answerHeaders = flatHeaders(endToEndHeaders(answer.rawHeaders));
      // An answer whose parse would keep this or another caller past its deadline goes on
      // unchecked and says so: the caller gets the upstream's real answer in time, never a lost one.
      let unchecked = false;
      let body: unknown;
      let answerDecoded: Buffer | undefined;
      try {
        const decoded = decodeContent(answer.body, answerHeaders['content-encoding'], maxAnswerBytes);
        answerDecoded = decoded;
        if (budget.allows(decoded.length)) body = budget.measure(decoded.length, () => parsedCopy(decoded, answerHeaders['content-type']));
        else unchecked = true;
      } catch (error) {
        if (!(error instanceof UnreadableBody)) throw error;
        record(answer, answerDecoded);
        const detail = `The upstream's answer cannot be read: ${error.message}.`;
        sendProblem(res, problem(502, detail), redact);
        return line(502, `upstream unreadable answer: ${detail}`);
      }
      // A session token in the answer is a secret too, should a message ever quote it; the legacy
      // Autenticar answer may be the token whole, in any content type or wrapper (answerIsSecret).
      const wholeAnswer =
        answerIsSecret(target.pathname) && answerDecoded ? [answerDecoded.toString('utf8').trim().slice(0, 4096), ...leavesOf(body)] : [];
      redact = redactorFor([...secretsOf(req.headers, query, copy, body), ...wholeAnswer].filter((s) => s !== ''));
      const responseCheck = op ? check.response(op, answer.status, answerHeaders['content-type'], body, !unchecked) : undefined;
      const outputErrors = responseCheck?.violations.filter((v) => v.severity === 'Error') ?? [];
      record(answer, answerDecoded, op ? { request: requestCheck.violations, response: outputErrors } : undefined);
      const outputTotal =
        outputErrors.length === 0 ? 0 : (responseCheck?.total ?? 0) - ((responseCheck?.violations.length ?? 0) - outputErrors.length);
      const inputListed = listedViolations(requestCheck.violations, redact);
      const outputListed = listedViolations(outputErrors, redact);
      const requestNote = inputListed.length > 0 ? `request: ${summary(inputListed, requestCheck.total)}` : '';
      if (outputListed.length > 0) {
        const detail = `The upstream answer breaks the contract: ${summary(outputListed, outputTotal)}`;
        sendProblem(res, problem(502, detail, outputListed), redact, violationHeaders(outputListed, outputTotal));
        return line(
          502,
          [requestNote, requestUnchecked ? UNCHECKED.request : '', `response: ${summary(outputListed, outputTotal)}`]
            .filter(Boolean)
            .join('; '),
        );
      }
      if (res.destroyed) return line(answer.status, `caller gone before the answer${requestNote ? `; ${requestNote}` : ''}`);
      const headers: http.OutgoingHttpHeaders = endToEndHeaders(answer.rawHeaders, ['content-length']);
      // A request outside the contract was still forwarded; its answer says where it broke it.
      if (inputListed.length > 0) Object.assign(headers, violationHeaders(inputListed, requestCheck.total));
      const uncheckedNote = [requestUnchecked ? UNCHECKED.request : '', unchecked ? UNCHECKED.response : ''].filter(Boolean).join('; ');
      if (uncheckedNote) headers['sl-unchecked'] = uncheckedNote;
      headers['content-length'] = String(answer.body.length);
      res.writeHead(answer.status, headers);
      res.end(answer.body);
      line(answer.status, [requestNote, uncheckedNote].filter(Boolean).join('; '));
    } finally {
      untrack();
    }
  }

  const server = http.createServer(
    {
      headersTimeout: options.headTimeoutMs ?? DEFAULT_HEAD_TIMEOUT_MS,
      // Node enforces the head time-out on this tick (30 s by default, which would let a slow caller hold a socket that long).
      connectionsCheckingInterval: Math.min(1_000, options.headTimeoutMs ?? DEFAULT_HEAD_TIMEOUT_MS),
      requestTimeout: 0,
      // No Host is refused by handle(), with a problem body like every other refusal.
      requireHostHeader: false,
    },
    (req, res) => {
      handle(req, res).catch((error: unknown) => {
        log(`✗ ${req.method} proxy failure: ${error instanceof Error ? error.name : 'unknown'}`);
        sendProblem(res, problem(500, 'The proxy failed to answer this request.'), (text) => text);
      });
    },
  );
  server.keepAliveTimeout = 5_000;
  // A caller that neither sends nor reads for longer than any stage may take is cut off
  // (one that never reads its answer would otherwise hold the socket and its buffer).
  server.timeout = timeoutMs + bodyTimeoutMs + (options.headTimeoutMs ?? DEFAULT_HEAD_TIMEOUT_MS);
  server.on('checkExpectation', (req: http.IncomingMessage, res: http.ServerResponse) => {
    sendProblem(res, unmetExpectation(req), redactorFor(secretsOf(req.headers)), { connection: 'close' });
    log(`✗ ${req.method} (unmet Expect) → 417`);
  });
  server.on('clientError', (error: Error & { code?: string }, socket: Duplex) => {
    const status = refuseUnparsed(error, socket);
    if (status !== undefined) log(`✗ (unparsed request) ${status} ${error.code ?? 'parse error'}`);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  }).catch((error: unknown) => {
    throw portError(error, port, 'choose another (the command: --port N or PROXY_PORT; 0 picks a free one)') ?? error;
  });
  const address = server.address() as AddressInfo;
  log(
    `Contract proxy to ${displayed(upstream)} listening on http://${address.address}:${address.port} (upstream time-out ${timeoutMs} ms)`,
  );
  return {
    url: `http://${address.address}:${address.port}`,
    port: address.port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
    finishRecording: async () => recorder?.finish(),
  };
}
