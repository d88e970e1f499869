// A real node:http server on 127.0.0.1 that records every request it receives and
// answers with whatever the test's handler says (JSON `{}` by default).
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';

export interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

export type Handler = (request: Recorded, response: ServerResponse) => void | Promise<void>;

export interface TestServer {
  url: string;
  requests: Recorded[];
  /** Replaces the handler for the following requests. */
  handle(handler: Handler): void;
  close(): Promise<void>;
}

export function sendJson(response: ServerResponse, value: unknown, status = 200): void {
  const text = JSON.stringify(value);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export async function startServer(initial: Handler = (_request, response) => sendJson(response, {})): Promise<TestServer> {
  let handler = initial;
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const recorded: Recorded = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, text, json: parse(text) };
      requests.push(recorded);
      Promise.resolve(handler(recorded, res)).catch(() => res.destroy());
    });
  });
  // Node closes an idle kept-alive socket after 5 s: a test that follows a slow one would race
  // that close (ECONNRESET on a reused socket). close() ends every connection anyway.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle(next) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback address nothing listens on: a port that was just freed. */
export async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/**
 * One recording server for a test file: started before its tests, stopped after, its
 * record cleared (and its answer reset to `handler`, when given) before each test. The
 * value returned stands for the server once it has started.
 */
export function useTestServer(handler?: Handler): TestServer {
  let current: TestServer | undefined;
  beforeAll(async () => {
    current = await startServer();
  });
  afterAll(() => current?.close());
  beforeEach(() => {
    if (!current) return;
    current.requests.length = 0;
    if (handler) current.handle(handler);
  });
  return new Proxy({} as TestServer, {
    get(_target, key) {
      if (!current) throw new Error('the test server is used before it started');
      const value: unknown = Reflect.get(current, key);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
}
