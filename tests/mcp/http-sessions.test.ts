// Issue 58: MCP over Streamable HTTP within the package's limits (LIMITS). Abandoned
// sessions do not pile up: their number is capped (the least recently used closed to admit
// another) and an idle one expires, driven here by an injected clock and Vitest's fake
// timers, never by a wait. A trickled body is cut by the body time-out (200 ms of real time),
// and the server keeps serving. Real requests to the server on a free port of 127.0.0.1.
import http from 'node:http';
import { afterEach, expect, test, vi } from 'vitest';
import { LIMITS } from '../../src/lib/contract-index.ts';
import { createMcpServer, type RunningMcpHttp, serveMcpHttp } from '../../src/mcp.ts';

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'sessions-test', version: '1' } },
});

let running: RunningMcpHttp | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await running?.close();
  running = undefined;
});

const serve = async (options: Parameters<typeof serveMcpHttp>[3]): Promise<RunningMcpHttp> => {
  running = await serveMcpHttp(
    () => createMcpServer({ log: () => undefined }),
    0,
    () => undefined,
    options,
  );
  return running;
};

/** A new session, left open: its id. */
async function open(url: string): Promise<string> {
  const res = await fetch(url, { method: 'POST', headers: HEADERS, body: INITIALIZE });
  await res.text();
  expect(res.status).toBe(200);
  return res.headers.get('mcp-session-id')!;
}

/** A ping on a session: the HTTP status (404 once the session is closed). */
async function ping(url: string, session: string): Promise<number> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { ...HEADERS, 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }),
  });
  await res.text();
  return res.status;
}

test(`2,000 abandoned sessions: at most LIMITS.mcpSessions (${LIMITS.mcpSessions}) stay open, the least recently used closed first`, async () => {
  const server = await serve({});
  const ids: string[] = [];
  let most = 0;
  for (let batch = 0; batch < 2_000 / 25; batch++) {
    ids.push(...(await Promise.all(Array.from({ length: 25 }, () => open(server.url)))));
    most = Math.max(most, server.sessions());
  }
  expect(new Set(ids).size).toBe(2_000);
  expect(most).toBeLessThanOrEqual(LIMITS.mcpSessions);
  expect(server.sessions()).toBe(LIMITS.mcpSessions);
  // The first were closed; the newest answer.
  expect(await ping(server.url, ids[0]!)).toBe(404);
  expect(await ping(server.url, ids.at(-1)!)).toBe(200);
  // A use makes a session the most recent: the next one admitted closes the oldest unused, not it.
  // Opened one after another, so the order they were admitted in is known.
  const inOrder: string[] = [];
  for (let i = 0; i < LIMITS.mcpSessions; i++) inOrder.push(await open(server.url));
  const [kept, next] = inOrder as [string, string];
  expect(await ping(server.url, kept)).toBe(200);
  await open(server.url);
  expect(await ping(server.url, kept)).toBe(200);
  expect(await ping(server.url, next)).toBe(404);
  expect(server.sessions()).toBe(LIMITS.mcpSessions);
}, 120_000);

test(`a session unused for LIMITS.mcpSessionIdleMs (${LIMITS.mcpSessionIdleMs} ms, on an injected clock) is closed`, async () => {
  let now = 1_000_000;
  const server = await serve({ now: () => now });
  const stale = await Promise.all(Array.from({ length: 5 }, () => open(server.url)));
  now += LIMITS.mcpSessionIdleMs - 1;
  const fresh = await open(server.url);
  expect(await ping(server.url, stale[0]!)).toBe(200);
  expect(server.sessions()).toBe(6);
  now += 1;
  // stale[0] was used a moment ago; the four others are LIMITS.mcpSessionIdleMs old now.
  expect(await ping(server.url, stale[1]!)).toBe(404);
  expect(server.sessions()).toBe(2);
  now += LIMITS.mcpSessionIdleMs;
  expect(await ping(server.url, fresh)).toBe(404);
  expect(server.sessions()).toBe(0);
});

test('idle sessions are closed with no request to trigger it (its sweep on a fake setInterval)', async () => {
  // Only the server's sweep is faked: the sockets and fetch keep their real timers.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  let now = 1_000_000;
  const server = await serve({ idleMs: 100, now: () => now });
  await Promise.all(Array.from({ length: 3 }, () => open(server.url)));
  expect(server.sessions()).toBe(3);
  // The sweep runs every idleMs / 4: a sweep before the sessions are idle closes none.
  now += 99;
  vi.advanceTimersByTime(25);
  expect(server.sessions()).toBe(3);
  now += 1;
  vi.advanceTimersByTime(25);
  expect(server.sessions()).toBe(0);
});

test('a trickled body is cut by the body time-out with 408, and the server keeps serving', async () => {
  // Real time stays: the body never completes, so only the 408 can end this (no race), and faking the global setTimeout under live sockets hung the next request.
  const server = await serve({ bodyTimeoutMs: 200 });
  const status = await new Promise<number>((resolve, reject) => {
    const req = http.request(
      server.url,
      { method: 'POST', headers: { ...HEADERS, 'content-length': String(INITIALIZE.length) } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    // The first bytes, then nothing: the rest never comes.
    req.write(INITIALIZE.slice(0, 10));
  });
  expect(status).toBe(408);
  expect(await ping(server.url, await open(server.url))).toBe(200);
});
