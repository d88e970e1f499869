// The proxy's own output (its log line, the `sl-violations` header, its 502 problem bodies)
// uses the same decoding detector as the recorder: an upstream and a caller that turn the
// password into field names in every encoding of tests/support/canaries.ts (HTML entities
// decimal and hex, every character percent-encoded once and twice, UTF-16LE/BE hex,
// quoted-printable, reversed, lower-cased, in a JWT…) see none of it printed. A log line
// with many violations loses its middle, never its `→ status (N ms)` tail.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startProxy, type RunningProxy } from '../../src/proxy/server.ts';
import { cutMiddle } from '../../src/proxy/report.ts';
import { rootDir } from '../support/bundle.ts';
import { CANARY, encodingsOf, HEADERS, hidden } from '../support/canaries.ts';

const SECRETS = [CANARY.login, CANARY.senha, CANARY.developerToken, CANARY.accessCode];
const ENCODED = Object.entries(encodingsOf(CANARY.senha)).filter(([name]) => name !== 'raw' && name !== 'jsonEscapes');

let upstream: http.Server;
let proxy: RunningProxy;
let logged = '';

beforeAll(async () => {
  // An upstream that names the fields of its answer by the encoded password (out of contract: a 502 listing them).
  upstream = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const body =
        req.headers['x-many'] === 'yes'
          ? Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`Campo${i}${'k'.repeat(150)}`, i]))
          : Object.fromEntries(ENCODED.map(([, key], i) => [key, i]));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const log = new PassThrough();
  log.on('data', (c: Buffer) => (logged += c.toString()));
  proxy = await startProxy({ rootDir, upstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`, port: 0, log });
});

afterAll(async () => {
  await proxy?.close();
  await new Promise<void>((resolve) => upstream?.close(() => resolve()));
});

test('the detector of the tests finds the password in every encoding sent (so a pass below means it was redacted)', () => {
  for (const [name, key] of ENCODED) expect(hidden(key, [CANARY.senha]), name).toEqual([CANARY.senha]);
});

test('console, sl-violations and the 502 problem body hold the password in none of its encodings', async () => {
  const credentials = { Login: CANARY.login, Senha: CANARY.senha };
  // The caller's request names fields by the encoded password: forwarded, with sl-violations.
  const request = { ...credentials, Localizador: 'ABC123', ...Object.fromEntries(ENCODED.map(([, key], i) => [key, i])) };
  const forwarded = await fetch(`${proxy.url}/api/V2/Voos/ObterMapaDeAssentos`, {
    method: 'POST',
    headers: HEADERS,
    body: JSON.stringify(request),
  });
  const forwardedViolations = forwarded.headers.get('sl-violations') ?? '';
  await forwarded.text();
  expect(forwardedViolations).toContain('[redacted]');
  // The upstream's answer names its fields so: a 502 problem listing them.
  const refused = await fetch(`${proxy.url}/AereoNoSession.svc/AutenticarComUsuario`, {
    method: 'POST',
    headers: HEADERS,
    body: JSON.stringify({ AutenticacaoUsuario: credentials }),
  });
  const problem = await refused.text();
  expect(refused.status).toBe(502);
  expect(problem).toContain('[redacted]');
  await expect.poll(() => logged).toMatch(/AutenticarComUsuario.*→ 502/);
  const texts = [forwardedViolations, refused.headers.get('sl-violations') ?? '', problem, logged].join('\n');
  expect(hidden(texts, SECRETS)).toEqual([]);
});

test('a log line with many violations is cut in the middle: its status and time are kept', async () => {
  const mark = logged.length;
  const res = await fetch(`${proxy.url}/AereoNoSession.svc/AutenticarComUsuario`, {
    method: 'POST',
    headers: { ...HEADERS, 'x-many': 'yes' },
    body: JSON.stringify({ AutenticacaoUsuario: { Login: CANARY.login, Senha: CANARY.senha } }),
  });
  await res.text();
  await expect.poll(() => logged.slice(mark)).toMatch(/AutenticarComUsuario/);
  const line =
    logged
      .slice(mark)
      .split('\n')
      .find((l) => l.includes('AutenticarComUsuario')) ?? '';
  expect(line).toContain('… (cut)');
  expect(line.length).toBeLessThanOrEqual(2_010);
  expect(line).toMatch(/→ 502 \(\d+ ms\)$/);
  // The same, on a line of any length.
  const long = `✗ POST /x ${'v'.repeat(10_000)} → 200 (12 ms)`;
  expect(cutMiddle(long)).toMatch(/^✗ POST \/x v+… \(cut\) → 200 \(12 ms\)$/);
  expect(cutMiddle(long).length).toBeLessThanOrEqual(2_010);
});
