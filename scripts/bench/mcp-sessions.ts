// Child of scripts/bench/mcp.ts (run only by it), started with `--expose-gc` so the heap can be read collected,
// in a process of its own: the MCP server over Streamable HTTP on a free port, sent ABANDONED
// `initialize` calls whose sessions are never used again (25 at a time), as agents that
// crash or forget to close leave them. Sessions expire after IDLE_MS here (the package's
// default is LIMITS.mcpSessionIdleMs, minutes: the rule is the same, only the wait shorter).
// Prints one JSON line (SessionFigures): heap and RSS idle, with the sessions held, after expiry.
import { LIMITS } from '../../src/lib/limits.ts';
import { createMcpServer, serveMcpHttp } from '../../src/mcp.ts';
import type { SessionFigures } from './mcp.ts';

/** How many sessions to open and abandon (argv, from mcp.ts). */
const ABANDONED = Number(process.argv[2]);

const IDLE_MS = 1_000;
const AT_ONCE = 25;

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
});

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const collect = gc;
const memory = () => {
  collect();
  collect();
  const { heapUsed, rss } = process.memoryUsage();
  return { heap: heapUsed, rss };
};

const server = await serveMcpHttp(
  () => createMcpServer({ log: () => undefined }),
  0,
  () => undefined,
  { idleMs: IDLE_MS },
);
async function open(): Promise<void> {
  const res = await fetch(server.url, { method: 'POST', headers: HEADERS, body: INITIALIZE });
  await res.text();
  if (res.status !== 200) throw new Error(`initialize answered ${res.status}`);
}
/** Until the sweep has closed every session: it runs every IDLE_MS / 4, and on each request. */
async function expired(): Promise<void> {
  // real time: the sessions expire by the server's own clock; the bench waits for that, bounded.
  for (let waited = 0; server.sessions() > 0 && waited < 20 * IDLE_MS; waited += IDLE_MS / 4)
    await new Promise((r) => setTimeout(r, IDLE_MS / 4));
}

await open();
await expired();
const idle = memory();
for (let sent = 0; sent < ABANDONED; sent += AT_ONCE) await Promise.all(Array.from({ length: AT_ONCE }, open));
const heldSessions = server.sessions();
const held = memory();
await expired();
const after = memory();
const figures: SessionFigures = {
  heap: { idle: idle.heap, held: held.heap, after: after.heap },
  rss: { idle: idle.rss, held: held.rss, after: after.rss },
  sessions: { held: heldSessions, after: server.sessions() },
};
if (heldSessions > LIMITS.mcpSessions) throw new Error(`${heldSessions} sessions held, over LIMITS.mcpSessions`);
await server.close();
process.stdout.write(`${JSON.stringify(figures)}\n`);
