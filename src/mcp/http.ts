// Streamable HTTP on 127.0.0.1 only, at `/mcp`, one session per client (the SDK's
// transport). DNS rebinding is refused before the SDK sees the request: a Host that is not
// this loopback address and port, or an Origin that is not this server's, gets 403.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { portError } from '../mock/start-error.ts';
import { loadSdkModule } from './sdk.ts';

export const DEFAULT_MCP_PORT = 4012;
const HOST = '127.0.0.1';
const MAX_BODY_BYTES = 4 * 1024 * 1024;

export interface RunningMcpHttp {
  url: string;
  port: number;
  close(): Promise<void>;
}

function jsonRpcError(res: http.ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

async function readJson(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of req) {
    length += (chunk as Buffer).length;
    if (length > MAX_BODY_BYTES) throw new RangeError('too large');
    chunks.push(chunk as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

/** Serves a new server (from `make`) per MCP session on 127.0.0.1:`port` (0: any free port). */
export async function serveHttp(make: () => Promise<Server>, port: number, log: (line: string) => void): Promise<RunningMcpHttp> {
  const [{ StreamableHTTPServerTransport: Transport }, { isInitializeRequest }] = await loadSdkModule(() =>
    Promise.all([import('@modelcontextprotocol/sdk/server/streamableHttp.js'), import('@modelcontextprotocol/sdk/types.js')]),
  );
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  let allowedHosts = new Set<string>();
  let allowedOrigins = new Set<string>();

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (!allowedHosts.has(String(req.headers.host).toLowerCase())) return jsonRpcError(res, 403, 'Forbidden: this Host is not the server.');
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedOrigins.has(origin.toLowerCase()))
      return jsonRpcError(res, 403, 'Forbidden: this Origin is not the server.');
    if (new URL(req.url ?? '/', 'http://x').pathname !== '/mcp') return jsonRpcError(res, 404, 'Not found: the MCP endpoint is /mcp.');
    const sessionId = req.headers['mcp-session-id'];
    const known = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    if (known) return known.handleRequest(req, res);
    if (req.method !== 'POST') return jsonRpcError(res, typeof sessionId === 'string' ? 404 : 400, 'No such session.');
    let body: unknown;
    try {
      body = await readJson(req);
    } catch {
      return jsonRpcError(res, 400, 'Parse error: the body is not JSON (or is larger than 4 MiB).');
    }
    if (typeof sessionId === 'string') return jsonRpcError(res, 404, 'No such session.');
    if (!isInitializeRequest(body)) return jsonRpcError(res, 400, 'Bad request: no session; initialize first.');
    const transport: StreamableHTTPServerTransport = new Transport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, transport);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
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
    async close() {
      await Promise.all([...sessions.values()].map((t) => t.close()));
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}
