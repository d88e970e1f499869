// The mock: Prism's engine (routing, request and security validation, examples,
// `Prefer` selection, proxying) behind a small node:http front of ours that parses
// bodies itself and answers every refusal with a problem body naming the field.
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import { createLogger } from '@stoplight/prism-core';
import { createInstance, getHttpOperationsFromSpec, ProblemJsonError } from '@stoplight/prism-http';
import type { IHttpRequest } from '@stoplight/prism-http';
import { getHttpConfigFromRequest } from '@stoplight/prism-http-server/dist/getHttpConfigFromRequest.js';
import { parse } from 'yaml';
import { joinDocuments, type FamilyDocument } from './join.ts';
import { describeViolations, problem, type Problem, type Violation } from './problem.ts';
import type { MockResponder } from './responder.ts';

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
  /** Documents served beside the families, already in memory: id -> document (e.g. the flows' captured route); they serve only routes no family serves. */
  documents?: Record<string, Record<string, unknown>>;
  /** Asked after a call passed contract validation: may answer it, or add headers to the ordinary answer. */
  respond?: MockResponder;
}

export interface RunningMock {
  url: string;
  routes: string[];
  close(): Promise<void>;
}

/** Bodies past this size are refused before parsing: bounded memory and validation time
 * under bad input (the largest captured answer is 26 kB; Prism spends ~0.5 s of CPU on a
 * 1 MiB body of wrong items). */
export const MAX_BODY_BYTES = 1024 * 1024;
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

export async function loadFamilyDocuments(options: MockOptions): Promise<FamilyDocument[]> {
  const bundles = await Promise.all(
    options.families.map(async (id) => {
      const file = options.bundlePaths?.[id] ?? path.join(options.rootDir, 'generated', id, 'openapi.yaml');
      return { id, doc: parse(await readFile(file, 'utf8')) as Record<string, unknown> };
    }),
  );
  const served = new Set(bundles.flatMap(({ doc }) => Object.keys((doc.paths ?? {}) as object)));
  const extra = Object.entries(options.documents ?? {}).map(([id, doc]) => {
    const paths = Object.entries((doc.paths ?? {}) as Record<string, unknown>).filter(([route]) => !served.has(route));
    return { id, doc: { ...doc, paths: Object.fromEntries(paths) } };
  });
  return [...bundles, ...extra];
}

class BodyTooLarge extends Error {}

const DEVELOPER_HEADERS = ['developer-token', 'developer-access-code'];

/** Names the developer headers that are missing or empty (Prism only says the scheme failed). */
function missingHeadersDetail(headers: http.IncomingHttpHeaders): string {
  const missing = DEVELOPER_HEADERS.filter((name) => !String(headers[name] ?? '').trim());
  const which = missing.length > 0 ? missing.join(' and ') : DEVELOPER_HEADERS.join(' and ');
  return `Missing or empty: ${which}. Both developer headers are required on every call: developer-token and developer-access-code.`;
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

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new BodyTooLarge());
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
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
 * head over its size limit, broken framing) gets a problem body too: Node's default is
 * a bare status line that says nothing. The raw bytes are never echoed.
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

/**
 * Log lines written once per turn of the event loop. Prism logs one line per violation,
 * and thousands of synchronous writes to a pipe stalled the mock for seconds on a single
 * body of 5,000 wrong items (40 ms when batched).
 */
function batchedStdout(): NonNullable<Parameters<typeof createLogger>[2]> {
  let pending: string[] = [];
  return {
    write(line: string) {
      if (pending.length === 0) {
        setImmediate(() => {
          const text = pending.join('');
          pending = [];
          process.stdout.write(text);
        });
      }
      pending.push(line);
    },
  };
}

function violationsOf(list: ReadonlyArray<{ path?: ReadonlyArray<string | number>; code?: string | number; message: string; severity: unknown }>, prefix: string): Violation[] {
  return list.map((v) => ({
    location: [prefix, ...(v.path ?? []).map(String)],
    code: v.code ?? 'invalid',
    message: v.message,
    severity: String(v.severity) === '0' ? 'Error' : String(v.severity),
  }));
}

export async function startMock(options: MockOptions): Promise<RunningMock> {
  const documents = await loadFamilyDocuments(options);
  const joined = joinDocuments(documents, 'Air travel booking — every route family');
  // The responder is told each call's family: the served families' legacy paths are "legacy".
  const familyOfPath = new Map(documents.flatMap(({ id, doc }) => Object.keys((doc.paths ?? {}) as object).map((p) => [p, id.startsWith('legacy') ? 'legacy' : id] as const)));
  const operations = await getHttpOperationsFromSpec(joined);
  const logger = createLogger('MOCK', { level: options.logLevel ?? 'warn' }, batchedStdout());
  // Mocking answers from the contract's own examples, which tests validate once; checking
  // each answer again costs about a third of the mock's throughput. Proxying checks every answer.
  const shared = { validateRequest: true, validateResponse: Boolean(options.upstream), checkSecurity: true, errors: false, mock: { dynamic: false } };
  const config = options.upstream
    ? { ...shared, isProxy: true as const, upstream: new URL(options.upstream), upstreamProxy: undefined }
    : { ...shared, isProxy: false as const, upstreamProxy: undefined };
  const prism = createInstance(config, { logger });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = targetUrl(req.url ?? '/');
    if (!url) return sendProblem(res, problem(400, 'The request target is not a valid URL path.'));
    const route = `${req.method ?? 'GET'} ${url.pathname}`;
    let raw: Buffer;
    try {
      raw = await readBody(req);
    } catch (error) {
      if (error instanceof BodyTooLarge) return sendProblem(res, problem(413, `The body is larger than ${MAX_BODY_BYTES} bytes.`), { connection: 'close' });
      throw error;
    }
    const contentType = req.headers['content-type'] ?? '';
    let body: unknown = raw.length === 0 ? undefined : raw.toString('utf8');
    if (raw.length > 0 && JSON_TYPE.test(contentType)) {
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch (error) {
        return sendProblem(res, problem(400, `The body is not valid JSON: ${jsonSyntaxReason(error as Error)}`));
      }
    }
    const input: IHttpRequest = {
      method: (req.method ?? 'get').toLowerCase() as IHttpRequest['method'],
      url: { path: url.pathname, query: queryOf(url.searchParams) },
      headers: req.headers as Record<string, string>,
      body,
    };
    const preferences = getHttpConfigFromRequest(input);
    if (preferences._tag === 'Left') return sendProblem(res, problem(422, `Bad Prefer header: ${preferences.left.message}`));
    const requestConfig = { ...config, mock: { ...config.mock, ...preferences.right } };
    const result = await prism.request(input, operations, requestConfig)();
    if (result._tag === 'Left') {
      const error = result.left as Error & { status?: number };
      const json = ProblemJsonError.toProblemJson(error as ProblemJsonError);
      return sendProblem(res, problem(error.status ?? 500, json.detail ?? error.message));
    }
    const { output, validations } = result.right;
    const inputViolations = violationsOf(validations.input, 'request');
    const outputViolations = violationsOf(validations.output, 'response').filter((v) => v.severity === 'Error');
    if (inputViolations.length > 0) options.onViolation?.(route, inputViolations);
    if (outputViolations.length > 0) options.onViolation?.(route, outputViolations);
    if (inputViolations.length > 0 && output.statusCode >= 400) {
      const status = output.statusCode;
      const detail = status === 401 ? missingHeadersDetail(req.headers) : describeViolations(inputViolations);
      return sendProblem(res, problem(status, detail, inputViolations));
    }
    if (options.upstream && outputViolations.length > 0) {
      // Proxy: the upstream answered outside the contract; say where, loudly.
      const p = problem(502, `The upstream answer breaks the contract: ${describeViolations(outputViolations)}`, outputViolations);
      return sendProblem(res, p, { 'sl-violations': JSON.stringify(outputViolations).slice(0, 8000) });
    }
    const decision =
      options.respond && !options.upstream && inputViolations.length === 0
        ? options.respond({
            family: familyOfPath.get(url.pathname) ?? '',
            operation: url.pathname.slice(url.pathname.lastIndexOf('/') + 1),
            method: input.method,
            path: url.pathname,
            body,
            headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v])),
          })
        : undefined;
    if (decision?.kind === 'answer') return send(res, decision.status, { ...decision.headers, 'content-type': 'application/json' }, JSON.stringify(decision.body));
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(output.headers ?? {})) headers[name.toLowerCase()] = String(value);
    if (decision?.kind === 'annotate') Object.assign(headers, decision.headers);
    // Proxy: a request outside the contract is still forwarded; the answer says where it broke it.
    if (options.upstream && inputViolations.length > 0) headers['sl-violations'] = JSON.stringify(inputViolations).slice(0, 8000);
    const type = headers['content-type'] ?? '';
    const payload =
      output.body === undefined ? undefined : JSON_TYPE.test(type) || type === '' ? JSON.stringify(output.body) : String(output.body);
    send(res, output.statusCode, headers, payload);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      logger.error(`Mock failure on ${req.method} ${req.url}: ${String(error)}`);
      sendProblem(res, problem(500, 'The mock failed to answer this request.'));
    });
  });
  server.keepAliveTimeout = 5_000;
  server.on('clientError', answerUnparsedRequest);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4010, options.host ?? '127.0.0.1', () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const routes = operations.map((op) => `${op.method.toUpperCase()} ${op.path}`).sort();
  return {
    url: `http://${address}:${port}`,
    routes,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
