// A node:http server on 127.0.0.1 that misbehaves on purpose. The first path segment
// names the fault, so one server serves every fault at once: a client whose baseUrl is
// `<url>/<fault>` meets that fault on every call. The server reads each request whole
// and records it (so a test can check the secrets did travel) before misbehaving.
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  fault: string;
  /** The path after the fault segment. */
  path: string;
  headers: IncomingHttpHeaders;
  text: string;
}

export interface FaultContext {
  request: Received;
  /** This request's own address (for a redirect to itself). */
  self: string;
  /** Address of a second server on another port (another origin), which records what reaches it. */
  elsewhere: string;
}

export type FaultHandler = (response: ServerResponse, context: FaultContext) => void;

export interface FaultServer {
  url: string;
  /** Requests that reached the faulty server, in order. */
  received: Received[];
  /** Requests that reached the other-origin server. */
  receivedElsewhere: Received[];
  /** Resolves true once every response has closed (finished, or the client hung up), false after `ms`. */
  allClosed(ms: number): Promise<boolean>;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const stop = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

export async function startFaultServer(faults: ReadonlyMap<string, FaultHandler>): Promise<FaultServer> {
  const received: Received[] = [];
  const receivedElsewhere: Received[] = [];
  const open = new Set<ServerResponse>();

  const elsewhereServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      receivedElsewhere.push({ fault: '', path: req.url ?? '', headers: req.headers, text: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end('{}');
    });
  });
  const elsewhere = await listen(elsewhereServer);

  let url = '';
  const server = createServer((req, res) => {
    open.add(res);
    res.on('close', () => open.delete(res));
    // A reset socket makes both emit errors: expected here, never a crash.
    req.on('error', () => undefined);
    res.on('error', () => undefined);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const [, fault = '', ...rest] = (req.url ?? '').split('/');
      const request: Received = { fault, path: `/${rest.join('/')}`, headers: req.headers, text: Buffer.concat(chunks).toString('utf8') };
      received.push(request);
      const handler = faults.get(fault);
      if (!handler) {
        res.writeHead(404).end();
        return;
      }
      handler(res, { request, self: `${url}${req.url ?? ''}`, elsewhere });
    });
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  // An idle kept-alive socket stays open for the whole suite. With Node's 5 s default, a call
  // made as the server timed the socket out met a reset (ECONNRESET, its request never read):
  // a transport race of this test server, not a fault it serves. It happened on two busy
  // cores when the redactor held the event loop that both the client and the server share.
  server.keepAliveTimeout = 120_000;
  elsewhereServer.keepAliveTimeout = 120_000;
  url = await listen(server);

  return {
    url,
    received,
    receivedElsewhere,
    async allClosed(ms) {
      const deadline = performance.now() + ms;
      // real time: the interval of a poll for real sockets to close.
      while (open.size > 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      return open.size === 0;
    },
    close: async () => {
      await Promise.all([stop(server), stop(elsewhereServer)]);
    },
  };
}
