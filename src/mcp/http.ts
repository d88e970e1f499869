// Streamable HTTP on 127.0.0.1 only, at `/mcp`, one session per client (the SDK's
// transport). DNS rebinding is refused before the SDK sees the request: a Host that is not
// this loopback address and port, or an Origin that is not this server's, gets 403. Within
// the package's limits (LIMITS): a POST body is read here, capped and within a time-out (a
// trickled body is cut); a session unused for a while is closed, and their number is capped,
// the least recently used closed to admit another, so abandoned sessions cost nothing for long.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { LIMITS } from '../lib/contract-index.ts';
import { portError } from '../mock/start-error.ts';
import { loadSdkModule } from './sdk.ts';

export const DEFAULT_MCP_PORT = 4012;
const HOST = '127.0.0.1';

/** The bounds of the HTTP door; each defaults to the package's LIMITS (tests make them small). */
export interface McpHttpOptions {
  /** A session unused this long (ms) is closed and forgotten (default LIMITS.mcpSessionIdleMs). */
  idleMs?: number;
  /** Sessions open at once at most (default LIMITS.mcpSessions): the least recently used is closed to admit another. */
  maxSessions?: number;
  /** A POST body must arrive within this once its headers have (ms; default LIMITS.bodyTimeoutMs). */
  bodyTimeoutMs?: number;
  /** The request line and headers must arrive within this (ms; default LIMITS.headersTimeoutMs). */
  headersTimeoutMs?: number;
  /** The clock idleness is measured on (ms; default Date.now). */
  now?: () => number;
}

export interface RunningMcpHttp {
  url: string;
  port: number;
  /** Sessions open now. */
  sessions(): number;
  close(): Promise<void>;
}

function jsonRpcError(res: http.ServerResponse, status: number, message: string, close = false): void {
  res.writeHead(status, { 'content-type': 'application/json', ...(close ? { connection: 'close' } : {}) });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

/** Why a body was not read: its status and sentence. */
class BodyRefused extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** A POST body, at most LIMITS.mcpMessageBytes, within `timeoutMs` of its headers. */
function readBody(req: http.IncomingMessage, timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const stop = (error: BodyRefused) => {
      clearTimeout(timer);
      req.removeAllListeners('data');
      // Drained, not kept: the answer closes the connection.
      req.resume();
      reject(error);
    };
    const timer = setTimeout(
      () => stop(new BodyRefused(408, `Request timeout: the body did not arrive within ${timeoutMs} ms.`)),
      timeoutMs,
    );
    req.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (length > LIMITS.mcpMessageBytes)
        return stop(new BodyRefused(413, `Payload too large: the body is larger than ${LIMITS.mcpMessageBytes} bytes.`));
      chunks.push(chunk);
    });
    req.on('end', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks, length));
    });
    req.on('error', () => stop(new BodyRefused(400, 'Bad request: the body broke off.')));
  });
}

interface Session {
  transport: StreamableHTTPServerTransport;
  lastUsed: number;
}

/** Serves a new server (from `make`) per MCP session on 127.0.0.1:`port` (0: any free port). */
export async function serveHttp(
  make: () => Promise<Server>,
  port: number,
  log: (line: string) => void,
  options: McpHttpOptions = {},
): Promise<RunningMcpHttp> {
  const [{ StreamableHTTPServerTransport: Transport }, { isInitializeRequest }] = await loadSdkModule(() =>
    Promise.all([import('@modelcontextprotocol/sdk/server/streamableHttp.js'), import('@modelcontextprotocol/sdk/types.js')]),
  );
  const idleMs = options.idleMs ?? LIMITS.mcpSessionIdleMs;
  const maxSessions = options.maxSessions ?? LIMITS.mcpSessions;
  const bodyTimeoutMs = options.bodyTimeoutMs ?? LIMITS.bodyTimeoutMs;
  const now = options.now ?? Date.now;
  /** Least recently used first: a use moves a session to the end. */
  const sessions = new Map<string, Session>();
  let allowedHosts = new Set<string>();
  let allowedOrigins = new Set<string>();

  const end = (id: string, why: string): void => {
    const session = sessions.get(id);
    if (!session) return;
    sessions.delete(id);
    log(`mcp: a session closed (${why})`);
    session.transport.close().catch(() => undefined);
  };
  /** Closes the sessions unused for idleMs: they are at the front. */
  const sweep = (): void => {
    const at = now();
    for (const [id, session] of sessions) {
      if (at - session.lastUsed < idleMs) break;
      end(id, `unused for ${idleMs} ms`);
    }
  };
  const timer = setInterval(sweep, Math.min(Math.max(idleMs / 4, 10), 60_000));
  timer.unref();

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (!allowedHosts.has(String(req.headers.host).toLowerCase())) return jsonRpcError(res, 403, 'Forbidden: this Host is not the server.');
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedOrigins.has(origin.toLowerCase()))
      return jsonRpcError(res, 403, 'Forbidden: this Origin is not the server.');
    if (new URL(req.url ?? '/', 'http://x').pathname !== '/mcp') return jsonRpcError(res, 404, 'Not found: the MCP endpoint is /mcp.');
    sweep();
    const sessionId = req.headers['mcp-session-id'];
    const known = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    if (known && typeof sessionId === 'string') {
      sessions.delete(sessionId);
      sessions.set(sessionId, known);
      known.lastUsed = now();
    }
    if (req.method !== 'POST') {
      if (known) return known.transport.handleRequest(req, res);
      return jsonRpcError(res, typeof sessionId === 'string' ? 404 : 400, 'No such session.');
    }
    let body: unknown;
    try {
      body = JSON.parse((await readBody(req, bodyTimeoutMs)).toString('utf8'));
    } catch (error) {
      if (error instanceof BodyRefused) return jsonRpcError(res, error.status, error.message, true);
      return jsonRpcError(res, 400, 'Parse error: the body is not JSON.');
    }
    if (known) return known.transport.handleRequest(req, res, body);
    if (typeof sessionId === 'string') return jsonRpcError(res, 404, 'No such session.');
    if (!isInitializeRequest(body)) return jsonRpcError(res, 400, 'Bad request: no session; initialize first.');
    const transport: StreamableHTTPServerTransport = new Transport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, lastUsed: now() });
        // The newest is last: the least recently used go first.
        for (const oldest of sessions.keys()) {
          if (sessions.size <= maxSessions) break;
          end(oldest, `${maxSessions} sessions open, the least recently used closed`);
        }
      },
    });
    transport.onclose = () => {
      if (transport.sessionId && sessions.get(transport.sessionId)?.transport === transport) sessions.delete(transport.sessionId);
    };
    const server = await make();
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  }

  const httpServer = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`mcp: ${(error as Error).name}: the request failed`);
      if (!res.headersSent) jsonRpcError(res, 500, 'Internal error.');
      else res.end();
    });
  });
  httpServer.headersTimeout = options.headersTimeoutMs ?? LIMITS.headersTimeoutMs;
  // A backstop only (Node checks it every few seconds): the body's own time-out above cuts first.
  httpServer.requestTimeout = httpServer.headersTimeout + bodyTimeoutMs;
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', (error) => reject(portError(error, port, 'choose another with --port N (0: any free port)') ?? error));
    httpServer.listen(port, HOST, () => resolve());
  });
  const bound = (httpServer.address() as AddressInfo).port;
  allowedHosts = new Set([`${HOST}:${bound}`, `localhost:${bound}`]);
  allowedOrigins = new Set([`http://${HOST}:${bound}`, `http://localhost:${bound}`]);
  return {
    url: `http://${HOST}:${bound}/mcp`,
    port: bound,
    sessions: () => sessions.size,
    async close() {
      clearInterval(timer);
      const open = [...sessions.values()];
      sessions.clear();
      await Promise.all(open.map((s) => s.transport.close()));
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}
