// Issue 15, items 1 and 5: hostile traffic against the real mock process. Eight
// concurrent bodies just under the 1 MiB cap (items, keys, depth) each get a 422 that
// lists a bounded number of violations with their count; a valid call sent meanwhile
// is answered; the mock logs one line per request. Slow clients are cut off by the
// head and body time-outs with a 408. Counts and statuses here; times in
// `npm run load -- --hostile`.
import net from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { HOSTILE_KINDS, hostileRound } from '../../scripts/gates/reliability/hostile.ts';
import { CANARY_PASSWORD, echoesSecret } from '../../scripts/lib/contract.ts';
import { startMockProcess, type MockProcess } from '../support/mock-process.ts';
import { rootDir } from '../support/bundle.ts';

/** The hostile bodies' mock: its default time-outs, far past what sending 8 MiB takes on a busy machine. */
let mock: MockProcess;
/** The slow clients' mock: short time-outs, against clients that never finish. */
let impatient: MockProcess;

beforeAll(async () => {
  [mock, impatient] = await Promise.all([
    startMockProcess(rootDir),
    startMockProcess(rootDir, ['--head-timeout', '1000', '--body-timeout', '1500']),
  ]);
});
afterAll(() => {
  mock?.stop();
  impatient?.stop();
});

test.each(HOSTILE_KINDS)(
  '8 concurrent maximal bodies (%s): each a bounded 422 (413 past the depth limit), the mock keeps serving, one log line each',
  async (kind) => {
    await expect.poll(() => mock.output()).toMatch(/Ctrl-C stops the mock\.\n/);
    const before = mock.output().length;
    const round = await hostileRound(mock.url, kind);
    expect(round.bytes).toBeGreaterThan(1_000_000);
    expect(round.valid.status).toBe(200);
    // A body nested past LIMITS.depth is refused by the one set of limits before validation (src/lib/limits.ts).
    const status = kind === 'depth' ? 413 : 422;
    for (const answer of round.hostile) {
      expect(answer.status).toBe(status);
      const problem = JSON.parse(answer.body) as { detail: string; validation?: unknown[] };
      expect(answer.body.length).toBeLessThan(20_000);
      expect(echoesSecret(answer.body, CANARY_PASSWORD)).toBe(false);
      if (kind === 'depth') {
        expect(problem.detail).toMatch(/deeper than \d+ levels/);
        continue;
      }
      expect(problem.validation?.length).toBeGreaterThan(0);
      expect(problem.validation?.length).toBeLessThanOrEqual(20);
      expect(problem.detail).toMatch(/; and at least \d+ more \(a body this large is checked up to/);
    }
    await expect.poll(() => mock.output().slice(before).split('\n').filter(Boolean).length).toBe(8);
    expect(
      mock
        .output()
        .slice(before)
        .split('\n')
        .filter(Boolean)
        .every((line) => line.length < 400 && line.includes(` ${status} `)),
    ).toBe(true);
  },
  120_000,
);

function slowClient(port: number, chunks: string[], everyMs: number): Promise<{ received: string; closedAfterMs: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    let i = 0;
    // real time: a real socket trickled against a real mock process's head and body time-outs.
    const timer = setInterval(() => {
      if (i < chunks.length && !socket.destroyed) socket.write(chunks[i++]!);
    }, everyMs);
    socket.on('data', (c: Buffer) => (received += c.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ received, closedAfterMs: performance.now() - started });
    });
    // The test's own bound: a server that never cuts the client off fails below.
    // real time: the test's own ceiling, never reached when the mock cuts the trickler.
    setTimeout(() => socket.destroy(), 15_000);
  });
}

test('a head sent a byte every 200 ms is cut off by the head time-out with a 408 problem', async () => {
  const port = Number(new URL(impatient.url).port);
  const head = [...`POST /api/V2/Voos/Reservar HTTP/1.1\r\nHost: x\r\nX-Slow: ${'a'.repeat(200)}`];
  const r = await slowClient(port, head, 200);
  expect(r.received).toMatch(/^HTTP\/1\.1 408 /);
  expect(r.received).toContain('application/problem+json');
  expect(r.closedAfterMs).toBeLessThan(14_000);
}, 30_000);

test('a body sent a byte every 200 ms is cut off by the body time-out with a 408 problem', async () => {
  const port = Number(new URL(impatient.url).port);
  const body = `{"Login":"agencia","Senha":"${CANARY_PASSWORD}"}`;
  const head = `POST /api/V2/Voos/Reservar HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\ndeveloper-token: t\r\ndeveloper-access-code: c\r\ncontent-length: ${body.length + 100}\r\n\r\n`;
  const r = await slowClient(port, [head, ...body], 200);
  expect(r.received).toMatch(/^HTTP\/1\.1 408 /);
  expect(r.received).toMatch(/did not arrive within 1500 ms/);
  expect(echoesSecret(r.received, CANARY_PASSWORD)).toBe(false);
  expect(r.closedAfterMs).toBeLessThan(14_000);
  // Still serving.
  const after = await fetch(`${impatient.url}/api/V2/Voos/Reservar`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'developer-token': 't', 'developer-access-code': 'c' },
    body,
  });
  expect(after.status).toBe(200);
}, 30_000);
