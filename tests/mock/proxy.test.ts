// Traffic validation: the proxy forwards to an upstream and reports where the
// upstream's answers break the contract.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { rootDir } from '../support/bundle.ts';

const HEADERS = {
  'content-type': 'application/json',
  'developer-token': '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
  'developer-access-code': 'QUNDRVNTLUNPREU=',
};
let upstream: http.Server;
let proxyUrl = '';
let proxyOutput = '';
let stopProxy: () => void = () => {};
const received: string[] = [];

beforeAll(async () => {
  // In contract: an object at the root. Out of contract: a JSON array (the result is an object).
  upstream = http.createServer((req, res) => {
    received.push(`${req.method} ${req.url} ${req.headers['developer-token']}`);
    const body = req.url?.endsWith('/Consultar') ? '[1,2,3]' : '{"Localizador":"ABC123"}';
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  // The upstream answers at once; the proxy's time-out is set far past what a busy machine makes that take, so it never races it.
  const child = spawn(
    process.execPath,
    [path.join(rootDir, 'src/cli/main.ts'), 'proxy', upstreamUrl, '--port', '0', '--timeout', '120000'],
    {
      cwd: rootDir,
    },
  );
  stopProxy = () => child.kill('SIGINT');
  proxyUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`proxy did not start: ${proxyOutput}`)), 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      proxyOutput += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(proxyOutput);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
  });
});

afterAll(async () => {
  stopProxy();
  await new Promise((resolve) => upstream.close(resolve));
});

test('an answer in contract passes through unchanged', async () => {
  const response = await fetch(`${proxyUrl}/api/V2/Voos/Reservar`, { method: 'POST', headers: HEADERS, body: '{"Login":"a","Senha":"b"}' });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ Localizador: 'ABC123' });
  expect(received.some((r) => r.startsWith('POST /api/V2/Voos/Reservar 3f2504e0'))).toBe(true);
});

test('an answer out of contract is reported: 502 problem, sl-violations header, a printed line', async () => {
  const response = await fetch(`${proxyUrl}/api/V2/Voos/Consultar`, {
    method: 'POST',
    headers: HEADERS,
    body: '{"Login":"a","Senha":"b"}',
  });
  expect(response.status).toBe(502);
  const problem = (await response.json()) as { detail: string; validation: Array<{ location: string[] }> };
  expect(problem.detail).toMatch(/breaks the contract/);
  expect(problem.validation[0]?.location[0]).toBe('response');
  expect(response.headers.get('sl-violations')).toMatch(/response/);
  await expect.poll(() => proxyOutput).toMatch(/✗ POST \/api\/V2\/Voos\/Consultar response/);
});

test('a request outside the contract is forwarded, its answer carrying the request violation', async () => {
  const response = await fetch(`${proxyUrl}/api/V2/Voos/Reservar`, { method: 'POST', headers: HEADERS, body: '{"Login":"a"}' });
  expect(response.headers.get('sl-violations')).toMatch(/Senha/);
  await expect.poll(() => proxyOutput).toMatch(/✗ POST \/api\/V2\/Voos\/Reservar request/);
});
