// Issue 9, item 1: a bounded load of mixed valid and invalid calls (20 connections,
// a fixed number of requests) ends with every call answered as it deserves: no 5xx,
// no connection error, no timeout. Counts are asserted, never timings; the figures of
// a timed run come from `npm run load`.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, inject, test } from 'vitest';
import { loadOperations } from '../../scripts/lib/contract.ts';
import { loadMix, runLoad } from '../../scripts/gates/reliability/load-run.ts';
import { rootDir } from '../support/bundle.ts';

const REQUESTS = 2_000;
const CONNECTIONS = 20;

test(`${REQUESTS} mixed calls over ${CONNECTIONS} connections: zero 5xx, zero connection errors, every answer fits its call`, async () => {
  const mix = loadMix(await loadOperations(rootDir));
  expect(new Set(mix.map((c) => c.kind)).size, 'the mix holds valid calls and every invalid kind').toBe(7);
  const f = await runLoad(mix, { url: inject('mockUrl'), connections: CONNECTIONS, amount: REQUESTS });
  console.log(`load test: ${JSON.stringify(f)}`);
  expect(f.examples).toEqual([]);
  expect({
    errors: f.errors,
    timeouts: f.timeouts,
    s5xx: f.s5xx,
    other: f.other,
    unexpected: f.unexpected,
    unreadable: f.unreadable,
  }).toEqual({
    errors: 0,
    timeouts: 0,
    s5xx: 0,
    other: 0,
    unexpected: 0,
    unreadable: 0,
  });
  expect(f.answered).toBe(REQUESTS);
  // Every answer was checked against its call, and the mix reached both outcomes.
  expect(Object.values(f.byKind).reduce((a, b) => a + b, 0)).toBe(REQUESTS);
  expect(f.s2xx).toBe(f.byKind.valid);
  expect(f.s4xx).toBe(REQUESTS - f.s2xx);
  expect(f.s4xx).toBeGreaterThan(0);
}, 120_000);

test('the load harness counts what goes wrong: 5xx answers, reset connections, refusals without a reason', async () => {
  // A local server that misbehaves on purpose, so the zeros above mean something.
  let n = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      n++;
      if (n % 5 === 0) return void req.socket.resetAndDestroy();
      if (n % 3 === 0) return res.writeHead(503).end();
      if (n % 2 === 0) return res.writeHead(400, { 'content-type': 'text/plain' }).end('no');
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const mix = loadMix(await loadOperations(rootDir));
    const f = await runLoad(mix, { url: `http://127.0.0.1:${port}`, connections: 4, amount: 200, timeoutSeconds: 5 });
    expect(f.s5xx).toBeGreaterThan(0);
    expect(f.errors).toBeGreaterThan(0);
    expect(f.unexpected).toBeGreaterThan(0);
    expect(f.unreadable).toBeGreaterThan(0);
    expect(f.examples.length).toBeGreaterThan(0);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}, 60_000);
