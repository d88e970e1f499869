// HTTP plumbing the mock's front and the contract proxy share: the request target, the
// body (capped, within a time-out), problem answers, and an answer for what Node's HTTP
// parser refuses before any handler runs (its default is a bare status line).
import { isUtf8 } from 'node:buffer';
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { LIMITS } from '../lib/limits.ts';
import { arm, clear, Deadline } from './deadlines.ts';
import { invalidUtf8 as textInvalidUtf8, jsonText as portableJsonText, utf8Fault as textUtf8Fault } from './body-text.ts';
import { problem, type Problem, TOO_LARGE_DETAIL } from './problem.ts';

/** LIMITS.bodyBytes, under the name the proxy and the hostile gates import: bodies past it are refused before parsing. */
export const MAX_BODY_BYTES = LIMITS.bodyBytes;

/** A request refused before it reaches the contract: its status and why. */
export class RequestRefused extends Error {
  readonly status: number;
  readonly detail: string;
  constructor(status: number, detail: string) {
    super(detail);
    this.status = status;
    this.detail = detail;
  }
}

/** A request body as it arrived: the socket's chunks, joined only when asked. */
export class RequestBody {
  readonly chunks: readonly Buffer[];
  readonly length: number;
  constructor(chunks: readonly Buffer[], length: number) {
    this.chunks = chunks;
    this.length = length;
  }
  /** The body in one buffer (a copy when it came in more than one chunk). */
  bytes(): Buffer {
    return this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks as Buffer[], this.length);
  }
}

/** Where the chunks of a large body go as they arrive, once it reaches `at` bytes (big-bodies.ts); reading waits for `open`. */
export interface BodySpill {
  at: number;
  open(): Promise<BodySink>;
}

export interface BodySink {
  write(chunk: Buffer): void;
  end(): void;
  abort(): void;
}

/** Told once: the body as it arrived, or why it was refused (a RequestRefused) or lost. */
export type BodyCallback = (error: Error | undefined, body?: RequestBody) => void;

/**
 * The caller's body, at most LIMITS.bodyBytes, within `timeoutMs` of its headers (413 and 408
 * otherwise). With `spill`, a body that reaches `spill.at` bytes is also handed on chunk by
 * chunk: no buffer as large as the body is ever made here. A callback, not a promise: the
 * common call's answer is sent from the body's last event, with no turn of the microtask queue.
 */
export function readBody(req: http.IncomingMessage, timeoutMs: number, spill: BodySpill | undefined, done: BodyCallback): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let sink: BodySink | undefined;
  let opening = false;
  let finished = false;
  const fail = (error: Error) => {
    if (finished) return;
    finished = true;
    clear(deadline);
    sink?.abort();
    done(error);
  };
  const deadline = new Deadline(performance.now() + timeoutMs, () =>
    fail(new RequestRefused(408, `The body did not arrive within ${timeoutMs} ms.`)),
  );
  arm(deadline);
  const declared = req.headers['content-length'];
  const expected = declared === undefined ? -1 : Number(declared);
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > LIMITS.bodyBytes) {
      req.removeAllListeners('data');
      req.resume();
      fail(new RequestRefused(413, TOO_LARGE_DETAIL));
      return;
    }
    chunks.push(chunk);
    // The declared length has arrived: the answer need not wait for the stream's end event.
    if (size === expected && spill === undefined) return complete();
    if (sink) sink.write(chunk);
    else if (spill && !opening && size >= spill.at) {
      // The rest stays unread until the sink takes it; meanwhile the caller's clock stops.
      opening = true;
      req.pause();
      clear(deadline);
      const left = deadline.at - performance.now();
      void spill.open().then((opened) => {
        if (finished) return opened.abort();
        sink = opened;
        for (const c of chunks) opened.write(c);
        deadline.at = performance.now() + Math.max(0, left);
        arm(deadline);
        req.resume();
      }, fail);
    }
  });
  const complete = () => {
    if (finished) return;
    finished = true;
    clear(deadline);
    sink?.end();
    done(undefined, new RequestBody(chunks, size));
  };
  req.on('end', complete);
  req.on('error', fail);
}

/** readBody as a promise. */
export function readRequestChunks(req: http.IncomingMessage, timeoutMs: number, spill?: BodySpill): Promise<RequestBody> {
  return new Promise((resolve, reject) => readBody(req, timeoutMs, spill, (error, body) => (error ? reject(error) : resolve(body!))));
}

/** The caller's body in one buffer, at most LIMITS.bodyBytes, within `timeoutMs` of its headers (413 and 408 otherwise). */
export async function readRequestBody(req: http.IncomingMessage, timeoutMs: number): Promise<Buffer> {
  return (await readRequestChunks(req, timeoutMs)).bytes();
}

export { charsetOf, jsonSyntaxReason, mediaTypeOf, queryOf, targetOf, unacceptedCharset, unacceptedEncoding } from './body-text.ts';

/** Bytes that are not UTF-8: where they break it (the offset of the first bad byte), or undefined. */
export function utf8Fault(bytes: Uint8Array): string | undefined {
  return textUtf8Fault(bytes, isUtf8);
}

/** Bytes that are not UTF-8: the refusal, naming the offset of the first bad byte, or undefined. */
export function invalidUtf8(bytes: Uint8Array): string | undefined {
  return textInvalidUtf8(bytes, isUtf8);
}

/** A body's text for JSON.parse: UTF-8, a leading byte order mark dropped (RFC 8259, 8.1, lets a parser ignore it). */
export function jsonText(raw: Uint8Array | readonly Uint8Array[]): string {
  // One chunk: Buffer's decoder, faster than TextDecoder on Node 20.
  if (!(raw instanceof Uint8Array)) return portableJsonText(raw);
  // A socket's chunk is a Buffer already: no view of it is made.
  const text = (Buffer.isBuffer(raw) ? raw : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength)).toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Headers made by `withLength`, as the name-value list `send` writes. */
const written = new WeakMap<Record<string, string>, string[]>();

/**
 * Headers as Node's writeHead takes them in a flat list: walked by index, the same code for
 * every answer, where an object's headers are walked by name and each answer's set of names
 * makes another shape. A stated content-length is left out: `send` states the body's.
 */
function headerList(headers: Record<string, string>): string[] {
  const list: string[] = [];
  for (const name of Object.keys(headers)) if (name !== 'content-length') list.push(name, headers[name] as string);
  return list;
}

/** An answer's headers with its body's content-length, worked out once (a filed answer is sent many times). */
export function withLength(headers: Record<string, string>, body: string): Record<string, string> {
  const length = String(Buffer.byteLength(body));
  const out = { ...headers, 'content-length': length };
  written.set(out, [...headerList(headers), 'content-length', length]);
  return out;
}

export function send(res: http.ServerResponse, status: number, headers: Record<string, string>, body?: string): void {
  if (res.headersSent || res.destroyed) return;
  let list = written.get(headers);
  if (!list) {
    // Any other content-length (a fixture's own, say) is replaced by the body's.
    list = headerList(headers);
    if (body !== undefined) list.push('content-length', String(Buffer.byteLength(body)));
  }
  res.writeHead(status, list);
  res.end(body);
}

export function sendProblem(res: http.ServerResponse, p: Problem, extraHeaders: Record<string, string> = {}): void {
  send(res, p.status, { ...extraHeaders, 'content-type': 'application/problem+json' }, JSON.stringify(p));
}

/** An HTTP/1.1 request without a Host header (RFC 9112, 3.2): the refusal Node would send bare. */
export function missingHost(req: http.IncomingMessage): Problem | undefined {
  if (req.httpVersion !== '1.1' || (req.headers.host ?? '') !== '') return undefined;
  return problem(400, 'An HTTP/1.1 request must carry a Host header (RFC 9112, 3.2); this one has none.');
}

/** An `Expect` other than 100-continue (RFC 9110, 10.1.1): the refusal Node would send bare. */
export function unmetExpectation(req: http.IncomingMessage): Problem {
  const value = String(req.headers.expect ?? '')
    .slice(0, 60)
    .replace(/[^\x20-\x7e]/g, '?');
  return problem(417, `This server meets no expectation but 100-continue; the request has Expect: ${JSON.stringify(value)}.`);
}

/**
 * Answers what Node's HTTP parser refused (an unknown method, a head too large or too
 * slow, broken framing) with a problem and closes; the raw bytes are never echoed.
 * Returns the status sent, or undefined when the caller was already gone.
 */
export function refuseUnparsed(error: Error & { code?: string; reason?: string }, socket: Duplex): number | undefined {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return undefined;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const detail =
    status === 431
      ? `The request line and headers are larger than the ${http.maxHeaderSize} bytes this server reads.`
      : status === 408
        ? 'The request line and headers did not arrive in time.'
        : `The request is not HTTP/1.1 this server can read: ${error.reason ?? error.code ?? 'parse error'}.`;
  const body = JSON.stringify(problem(status, detail));
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\ncontent-type: application/problem+json\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
  return status;
}
