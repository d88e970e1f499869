// HTTP plumbing the mock's front and the contract proxy share: the request target, the
// body (capped, within a time-out), problem answers, and an answer for what Node's HTTP
// parser refuses before any handler runs (its default is a bare status line).
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { problem, type Problem } from './problem.ts';

/** Bodies past this size are refused before parsing: bounded memory and validation time
 * under bad input (the largest captured answer is 26 kB). */
export const MAX_BODY_BYTES = 1024 * 1024;

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

/** The caller's body, at most MAX_BODY_BYTES, within `timeoutMs` of its headers (413 and 408 otherwise). */
export function readRequestBody(req: http.IncomingMessage, timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => reject(new RequestRefused(408, `The body did not arrive within ${timeoutMs} ms.`)), timeoutMs);
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.removeAllListeners('data');
        req.resume();
        fail(new RequestRefused(413, `The body is larger than ${MAX_BODY_BYTES} bytes.`));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks));
    });
    req.on('error', fail);
  });
}

/**
 * The request target as a URL. A path is read as a path even when it starts with `//`,
 * which `new URL(target, base)` would read as a host (and throw on, or route elsewhere).
 */
export function targetOf(target: string): URL | undefined {
  try {
    return target.startsWith('/') ? new URL(`http://target.invalid${target}`) : undefined;
  } catch {
    return undefined;
  }
}

/** Query values as Prism reads them: a string, or an array when the name repeats (`__example`, `__code`). */
export function queryOf(params: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    query[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return query;
}

/** The media type of a Content-Type header, lower case, without parameters. */
export function mediaTypeOf(header: string | undefined): string {
  return (header ?? '').split(';', 1)[0]!.trim().toLowerCase();
}

/**
 * The parser's reason without any excerpt of the text: V8 quotes part of the input in some
 * messages (`Unexpected token 'p', ..."Senha":pw-Kq9…"... is not valid JSON`), and the
 * input may hold a password or a session token.
 */
export function jsonSyntaxReason(error: Error): string {
  const message = error.message;
  const reason = /"/.test(message) ? (/^Unexpected token '.'/su.exec(message)?.[0] ?? 'unexpected input') : message.slice(0, 200);
  // An invisible or control character is named, not quoted raw.
  return reason.replace(
    /'([\p{C}\p{Z}])'/u,
    (_all, char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`,
  );
}

/** A body's text for JSON.parse: UTF-8, a leading byte order mark dropped (RFC 8259, 8.1, lets a parser ignore it). */
export function jsonText(raw: Uint8Array): string {
  const text = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * A request body sent with a Content-Encoding other than identity, which the mock does not
 * decode: its name, for a 415 (RFC 9110, 15.5.16) that says the encodings accepted.
 */
export function unacceptedEncoding(header: string | string[] | undefined): string | undefined {
  const value = (Array.isArray(header) ? header.join(',') : (header ?? '')).trim().toLowerCase();
  return value === '' || value === 'identity' ? undefined : value.slice(0, 60);
}

export function send(res: http.ServerResponse, status: number, headers: Record<string, string>, body?: string): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { ...headers, ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }) });
  res.end(body);
}

export function sendProblem(res: http.ServerResponse, p: Problem, extraHeaders: Record<string, string> = {}): void {
  send(res, p.status, { ...extraHeaders, 'content-type': 'application/problem+json' }, JSON.stringify(p));
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
