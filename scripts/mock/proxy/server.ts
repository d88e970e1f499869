// The contract proxy: a node:http front that forwards each call's original bytes to the
// upstream and the upstream's original bytes back, while Prism (through its public
// createInstance, with our exchange as its `forward` component) routes the call and
// validates a parsed copy of the request and of the answer against the contract.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Duplex, Writable } from 'node:stream';
import { createLogger } from '@stoplight/prism-core';
import { createInstance, getHttpOperationsFromSpec } from '@stoplight/prism-http';
import type { IHttpRequest, IHttpResponse, PrismHttpComponents } from '@stoplight/prism-http';
import { joinDocuments } from '../join.ts';
import { problem, type Problem } from '../problem.ts';
import { loadFamilyDocuments, MAX_BODY_BYTES } from '../server.ts';
import { decodeContent, parsedCopy, UnreadableBody } from './decode.ts';
import { endToEndHeaders, flatHeaders } from './headers.ts';
import { redactorFor, redactPath, secretsOf, type Redactor } from './redact.ts';
import { lineLog, listedViolations, summary, violationHeaders } from './report.ts';
import { queryOf, readRequestBody, refuseUnparsed, RequestRefused, targetOf } from './caller.ts';
import { ParseBudget } from './parse-budget.ts';
import { exchangeWithUpstream, UpstreamFailure, type UpstreamAnswer } from './upstream.ts';

export interface ProxyOptions {
  rootDir: string;
  families: string[];
  bundlePaths?: Record<string, string>;
  upstream: string;
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
}

export interface RunningProxy {
  url: string;
  close(): Promise<void>;
}

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

/** The upstream named without any user:password it may carry. */
function displayed(base: URL): string {
  return `${base.protocol}//${base.host}${base.pathname}`;
}

export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const upstream = new URL(options.upstream);
  if (upstream.protocol !== 'http:' && upstream.protocol !== 'https:')
    throw new Error('The upstream must be an http:// or https:// address.');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const bodyTimeoutMs = options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS;
  const maxAnswerBytes = options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
  const log = lineLog(options.log ?? process.stdout);
  // A quarter of the one second past the time-out that a caller may wait: the rest covers
  // validating, writing a large answer and a busy machine.
  const budget = new ParseBudget(250, options.initialParseMsPerByte);
  const joined = joinDocuments(await loadFamilyDocuments({ ...options }), 'Air travel booking — every route family');
  const operations = await getHttpOperationsFromSpec(joined);
  // Prism's own logger stays silent: it logs every violation one by one (unbounded); the proxy writes one line per request.
  const logger = createLogger('PROXY', { level: 'silent' });
  const config = {
    validateRequest: true,
    validateResponse: true,
    checkSecurity: true,
    errors: false,
    mock: { dynamic: false },
    isProxy: true as const,
    upstream,
    upstreamProxy: undefined,
  };

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
    let redact = redactorFor(secretsOf(req.headers));
    // One line per request: ✓ when the call and its answer kept the contract, ✗ with what broke otherwise.
    const line = (status: number, problemText = '') =>
      log(
        redact(
          `${problemText ? '✗' : '✓'} ${method} ${target ? redactPath(target.pathname, redact) : '(bad target)'} ${problemText ? `${problemText} ` : ''}→ ${status} (${Math.round(performance.now() - started)} ms)`,
        ),
      );
    if (!target) {
      sendProblem(res, problem(400, 'The request target is not a path.'), redact);
      return line(400, 'bad request target');
    }
    const abort = new AbortController();
    res.on('close', () => abort.abort());

    let raw: Buffer;
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
    redact = redactorFor(secretsOf(req.headers, copy));

    let answer: UpstreamAnswer | undefined;
    // Prism's `forward` component: our byte-exact exchange; Prism validates the parsed copy it returns.
    let unchecked = false;
    const forward: PrismHttpComponents['forward'] = () => () => async () => {
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
        const headers = flatHeaders(endToEndHeaders(answer.rawHeaders));
        let body: unknown;
        try {
          const decoded = decodeContent(answer.body, headers['content-encoding'], maxAnswerBytes);
          // An answer whose parse would keep this or another caller past its deadline goes on
          // unchecked and says so: the caller gets the upstream's real answer in time, never a lost one.
          if (!budget.allows(decoded.length)) {
            unchecked = true;
            return { _tag: 'Right', right: { statusCode: answer.status, headers } };
          }
          body = budget.measure(decoded.length, () => parsedCopy(decoded, headers['content-type']));
        } catch (error) {
          if (error instanceof UnreadableBody)
            throw new UpstreamFailure(502, 'unreadable answer', `The upstream's answer cannot be read: ${error.message}.`);
          throw error;
        }
        // A session token in the answer is a secret too, should a message ever quote it.
        redact = redactorFor(secretsOf(req.headers, copy, body));
        const copyOfAnswer: IHttpResponse = { statusCode: answer.status, headers, body };
        return { _tag: 'Right', right: copyOfAnswer };
      } catch (error) {
        return { _tag: 'Left', left: error instanceof Error ? error : new Error(String(error)) };
      }
    };
    // The call's deadline counts for other calls' parses until its answer is written.
    try {
      const prism = createInstance(config, { logger, forward });
      const input: IHttpRequest = {
        method: method.toLowerCase() as IHttpRequest['method'],
        url: { path: target.pathname, query: queryOf(target.searchParams) },
        headers: flatHeaders(req.headers),
        body: copy,
      };
      // An unchecked request still has its developer headers checked (cheap); its body is not.
      const result = await prism.request(input, operations, requestUnchecked ? { ...config, validateRequest: false } : config)();
      if (result._tag === 'Left') {
        const failure =
          result.left instanceof UpstreamFailure
            ? result.left
            : new UpstreamFailure(502, 'proxy error', `The proxy could not complete the exchange (${result.left.name}).`);
        sendProblem(res, problem(failure.status, failure.detail), redact);
        return line(failure.status, `upstream ${failure.reason}: ${failure.detail}${requestUnchecked ? `; ${UNCHECKED.request}` : ''}`);
      }
      if (!answer) {
        sendProblem(res, problem(502, 'The proxy got no answer from the upstream.'), redact);
        return line(502, 'no upstream answer');
      }
      const { validations } = result.right;
      const outputErrors = unchecked ? [] : validations.output.filter((v) => String(v.severity) === '0');
      const inputListed = listedViolations(validations.input, 'request', redact);
      const outputListed = listedViolations(outputErrors, 'response', redact);
      const requestNote = inputListed.length > 0 ? `request: ${summary(inputListed, validations.input.length)}` : '';
      if (outputListed.length > 0) {
        const detail = `The upstream answer breaks the contract: ${summary(outputListed, outputErrors.length)}`;
        sendProblem(res, problem(502, detail, outputListed), redact, violationHeaders(outputListed, outputErrors.length));
        return line(
          502,
          [requestNote, requestUnchecked ? UNCHECKED.request : '', `response: ${summary(outputListed, outputErrors.length)}`]
            .filter(Boolean)
            .join('; '),
        );
      }
      if (res.destroyed) return line(answer.status, `caller gone before the answer${requestNote ? `; ${requestNote}` : ''}`);
      const headers: http.OutgoingHttpHeaders = endToEndHeaders(answer.rawHeaders, ['content-length']);
      // A request outside the contract was still forwarded; its answer says where it broke it.
      if (inputListed.length > 0) Object.assign(headers, violationHeaders(inputListed, validations.input.length));
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
  server.on('clientError', (error: Error & { code?: string }, socket: Duplex) => {
    const status = refuseUnparsed(error, socket);
    if (status !== undefined) log(`✗ (unparsed request) ${status} ${error.code ?? 'parse error'}`);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4011, options.host ?? '127.0.0.1', () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  log(`Contract proxy to ${displayed(upstream)} listening on http://${address}:${port} (upstream time-out ${timeoutMs} ms)`);
  return {
    url: `http://${address}:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
