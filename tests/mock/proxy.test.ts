// Traffic validation: the proxy forwards to an upstream and reports where the
// upstream's answers break the contract.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { rootDir } from '../support/bundle.ts';
import { rawExchange } from '../support/raw-http.ts';

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
    // Error answers, matched only by `default`: a problem body (as the mock refuses) and an HTML page.
    if (req.url?.endsWith('/Emitir'))
      return void res.writeHead(422, { 'content-type': 'application/problem+json' }).end('{"title":"Unprocessable Entity","status":422}');
    if (req.url?.endsWith('/CancelarEticket')) return void res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>error</h1>');
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
    // real time: a ceiling on a real child process starting, never reached when all is well.
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

test('an error answer in any JSON type is in contract (its format is not published); an HTML one is not', async () => {
  const problem = await fetch(`${proxyUrl}/api/V2/Voos/Emitir`, { method: 'POST', headers: HEADERS, body: '{"Login":"a","Senha":"b"}' });
  expect(problem.status).toBe(422);
  expect(problem.headers.get('content-type')).toBe('application/problem+json');
  expect(problem.headers.get('sl-violations')).toBeNull();
  await expect.poll(() => proxyOutput).toMatch(/✓ POST \/api\/V2\/Voos\/Emitir → 422/);
  const html = await fetch(`${proxyUrl}/api/V2/Voos/CancelarEticket`, {
    method: 'POST',
    headers: HEADERS,
    body: '{"Login":"a","Senha":"b"}',
  });
  expect(html.status).toBe(502);
  expect(html.headers.get('sl-violations')).toMatch(/media type/);
});

test('a request outside the contract is forwarded, its answer carrying the request violation', async () => {
  const response = await fetch(`${proxyUrl}/api/V2/Voos/Reservar`, { method: 'POST', headers: HEADERS, body: '{"Login":"a"}' });
  expect(response.headers.get('sl-violations')).toMatch(/Senha/);
  await expect.poll(() => proxyOutput).toMatch(/✗ POST \/api\/V2\/Voos\/Reservar request/);
});

// Issue 35, item 2: `__proto__`, `constructor` and `prototype` are ordinary members. The
// fields inside them are not the body's, and the header and the log line say the same.
test.each([
  ['{"__proto__":{"Login":"a"},"Senha":"b"}', /Login/],
  ['{"__proto__":{"Login":5}}', /Login[\s\S]*Senha|Senha[\s\S]*Login/],
  ['{"constructor":{"Login":"a"},"prototype":{"Senha":"b"}}', /Login[\s\S]*Senha/],
])('a body %s is flagged: sl-violations and a ✗ log line naming the missing fields', async (body, named) => {
  const before = proxyOutput.length;
  const response = await fetch(`${proxyUrl}/api/V2/Voos/Reservar`, { method: 'POST', headers: HEADERS, body });
  expect(response.status).toBe(200);
  const header = response.headers.get('sl-violations') ?? '';
  expect(header).toMatch(named);
  expect(header).not.toMatch(/must be string/);
  const total = response.headers.get('sl-violations-total');
  expect(Number(total)).toBeGreaterThan(0);
  await expect.poll(() => proxyOutput.slice(before)).toMatch(/✗ POST \/api\/V2\/Voos\/Reservar request: [^\n]*required property 'Login'/);
  expect(proxyOutput.slice(before)).not.toMatch(/✓ POST/);
});

// Issue 35, item 3: bytes, charsets and Node's own refusals at the proxy.
test('a JSON body that is not UTF-8: 400 naming the byte offset, not forwarded', async () => {
  const sent = received.length;
  const body = Buffer.concat([Buffer.from('{"Login":"jos'), Buffer.from([0xe9]), Buffer.from('","Senha":"b"}')]);
  const response = await fetch(`${proxyUrl}/api/V2/Voos/Reservar`, { method: 'POST', headers: HEADERS, body });
  expect(response.status).toBe(400);
  expect(((await response.json()) as { detail: string }).detail).toContain('offset 13 (0xE9)');
  expect(received.length).toBe(sent);
});

test('a body labelled charset=latin1: forwarded, flagged 415 naming the charset, a ✗ line', async () => {
  const before = proxyOutput.length;
  const response = await fetch(`${proxyUrl}/api/V2/Voos/Reservar`, {
    method: 'POST',
    headers: { ...HEADERS, 'content-type': 'application/json; charset=latin1' },
    body: '{"Login":"a","Senha":"b"}',
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('sl-violations')).toMatch(/charset=\\"latin1\\"/);
  await expect.poll(() => proxyOutput.slice(before)).toMatch(/✗ POST \/api\/V2\/Voos\/Reservar request: [^\n]*charset/);
});

test('HTTP/1.1 without Host, an unknown Expect: problem bodies', async () => {
  const noHost = await rawExchange(proxyUrl, 'POST /api/V2/Voos/Reservar HTTP/1.1\r\ncontent-length: 2\r\n\r\n{}');
  expect(noHost.status).toBe(400);
  expect(JSON.parse(noHost.body)).toMatchObject({ status: 400, detail: expect.stringMatching(/Host header/) });
  const expectation = await rawExchange(
    proxyUrl,
    'POST /api/V2/Voos/Reservar HTTP/1.1\r\nhost: x\r\nexpect: 42-nope\r\ncontent-length: 2\r\n\r\n{}',
  );
  expect(expectation.status).toBe(417);
  expect(expectation.head).toMatch(/content-type: application\/problem\+json/i);
  expect(JSON.parse(expectation.body)).toMatchObject({ status: 417, detail: expect.stringContaining('"42-nope"') });
});
