// The caller's side of the proxy: its request target, its body (capped, within a
// time-out) and a problem answer for what Node's parser refuses before any handler runs.
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { problem } from '../problem.ts';
import { MAX_BODY_BYTES } from '../server.ts';

export class RequestRefused extends Error {
  readonly status: number;
  readonly detail: string;
  constructor(status: number, detail: string) {
    super(detail);
    this.status = status;
    this.detail = detail;
  }
}

/** The caller's body, at most MAX_BODY_BYTES, within `timeoutMs` of its headers. */
export function readRequestBody(req: http.IncomingMessage, timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => reject(new RequestRefused(408, `The request body did not arrive within ${timeoutMs} ms.`)), timeoutMs);
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.removeAllListeners('data');
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

/** The request target as a path and query (a `//` start is a path, not a host). */
export function targetOf(raw: string): URL | undefined {
  try {
    return raw.startsWith('/') ? new URL(`http://proxy.invalid${raw}`) : undefined;
  } catch {
    return undefined;
  }
}

/** Query values as Prism reads them: a string, or an array when the name repeats. */
export function queryOf(params: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    query[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return query;
}

/**
 * Answers what Node's HTTP parser refused (a head too large or too slow, broken framing)
 * with a problem and closes; the raw bytes are never echoed. Returns the status sent, or
 * undefined when the caller was already gone.
 */
export function refuseUnparsed(error: Error & { code?: string }, socket: Duplex): number | undefined {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return undefined;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const detail =
    status === 431
      ? `The request line and headers are larger than the ${http.maxHeaderSize} bytes this proxy reads.`
      : status === 408
        ? 'The request line and headers did not arrive in time.'
        : `The request is not HTTP/1.1 this proxy can read (${error.code ?? 'parse error'}).`;
  const body = JSON.stringify(problem(status, detail));
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\ncontent-type: application/problem+json\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
  return status;
}
