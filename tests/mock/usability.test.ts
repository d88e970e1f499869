// Issue 18, item 5, and issue 15, item 3: the mock as a tool people use. A busy port
// gets one line and exit 2; `--log info` prints one line per request and the default
// nothing per valid one; refusals say what would have been right (closest operations,
// example names, declared statuses, the accepted content type, the date forms).
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { expect, inject, test } from 'vitest';
import { startMockProcess } from '../support/mock-process.ts';
import { rootDir } from '../support/bundle.ts';

const url = inject('mockUrl');
const HEADERS = {
  'content-type': 'application/json',
  'developer-token': '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
  'developer-access-code': 'QUNDRVNTLUNPREU=',
};
const CREDENTIALS = { Login: 'agencia', Senha: 's3gredo' };

async function post(base: string, route: string, body: unknown, headers: Record<string, string> = HEADERS) {
  const response = await fetch(`${base}${route}`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    detail: String((JSON.parse(text || '{}') as { detail?: string }).detail),
  };
}

test('a port already in use: one line on stderr naming the port, exit 2, no stack trace', async () => {
  const busy: Server = createServer();
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  const { port } = busy.address() as { port: number };
  try {
    const child = spawn(process.execPath, [path.join(rootDir, 'src/cli/main.ts'), 'mock', '--port', String(port)], { cwd: rootDir });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toEqual([
      `air-travel-api-contract: Port ${port} is already in use: stop what listens there, or choose another (the command: --port N or MOCK_PORT; 0 picks a free one).`,
    ]);
  } finally {
    busy.close();
  }
}, 60_000);

test('--log info: one line per request with method, path, status and milliseconds', async () => {
  const mock = await startMockProcess(rootDir, ['--log', 'info']);
  try {
    await expect.poll(() => mock.output()).toMatch(/Ctrl-C stops the mock\.\n/);
    const before = mock.output().length;
    expect((await post(mock.url, '/api/V2/Voos/Reservar', CREDENTIALS)).status).toBe(200);
    expect((await post(mock.url, '/api/V2/Voos/Reservar', '{"Login":', HEADERS)).status).toBe(400);
    await expect.poll(() => mock.output().slice(before).split('\n').filter(Boolean).length).toBe(2);
    const [ok, refused] = mock.output().slice(before).trim().split('\n');
    expect(ok).toMatch(/^POST \/api\/V2\/Voos\/Reservar 200 \d+\.\d ms$/);
    expect(refused).toMatch(/^POST \/api\/V2\/Voos\/Reservar 400 \d+\.\d ms The body is not valid JSON/);
  } finally {
    await mock.stop();
  }
}, 60_000);

test('the default log: nothing for a valid request, one line for a refusal, none per violation', async () => {
  const mock = await startMockProcess(rootDir);
  try {
    await expect.poll(() => mock.output()).toMatch(/Ctrl-C stops the mock\.\n/);
    const before = mock.output().length;
    for (let i = 0; i < 5; i++) expect((await post(mock.url, '/api/V2/Voos/Reservar', CREDENTIALS)).status).toBe(200);
    const seats = { ...CREDENTIALS, Localizador: 'ABC123', Assentos: Array.from({ length: 2_000 }, () => ({})) };
    expect((await post(mock.url, '/api/V2/Voos/MarcarAssentos', seats)).status).toBe(422);
    // A second refusal marks the end: the lines before its own are all the seat call wrote.
    expect((await post(mock.url, '/api/V2/Voos/Reservar', '{"Login":', HEADERS)).status).toBe(400);
    await expect.poll(() => mock.output().slice(before)).toMatch(/^POST \/api\/V2\/Voos\/Reservar 400 .*\n/m);
    const all = mock.output().slice(before).trim().split('\n');
    const lines = all.slice(
      0,
      all.findIndex((l) => l.startsWith('POST /api/V2/Voos/Reservar 400')),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^POST \/api\/V2\/Voos\/MarcarAssentos 422 .*Assentos\.0/);
    expect(lines[0]!.length).toBeLessThan(400);
  } finally {
    await mock.stop();
  }
}, 60_000);

test('an unknown operation: 404 naming the closest operations', async () => {
  const r = await post(url, '/api/V2/Voos/Reserva', CREDENTIALS);
  expect(r.status).toBe(404);
  expect(r.detail).toMatch(/^No operation at \/api\/V2\/Voos\/Reserva\. Closest operations: POST \/api\/V2\/Voos\/Reservar[,.]/);
});

test('an unknown Prefer example: 404 listing the example names of the answer', async () => {
  const body = { ...CREDENTIALS, Localizador: 'ABC123' };
  const r = await post(url, '/AereoNoSession.svc/ObterMapaDeAssentos', body, { ...HEADERS, prefer: 'example=naoExiste' });
  expect(r.status).toBe(404);
  expect(r.detail).toContain('its examples are resultado, sessaoExpirada');
});

test('Prefer code= and __code= pick only declared statuses: anything else is a 422 naming them', async () => {
  for (const [route, prefer] of [
    ['/api/V2/Voos/Reservar', 'code=500'],
    ['/api/V2/Voos/Reservar', 'code=999'],
    ['/api/V2/Voos/Reservar?__code=500', undefined],
    ['/api/V2/Voos/Reservar?__code=204', undefined],
  ] as const) {
    const r = await post(url, route, CREDENTIALS, prefer ? { ...HEADERS, prefer } : HEADERS);
    expect(r.status, `${route} ${prefer}`).toBe(422);
    expect(r.headers.get('content-type')).toBe('application/problem+json');
    expect(r.detail).toMatch(/is not a status POST \/api\/V2\/Voos\/Reservar declares; it declares 200\.$/);
  }
  const declared = await post(url, '/api/V2/Voos/Reservar', CREDENTIALS, { ...HEADERS, prefer: 'code=200' });
  expect(declared.status).toBe(200);
});

test('405 carries Allow: POST', async () => {
  for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
    const response = await fetch(`${url}/api/V2/Voos/Reservar`, { method, headers: HEADERS, ...(method === 'GET' ? {} : { body: '{}' }) });
    expect(response.status, method).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  }
});

test('a body not sent as application/json: 415 naming the accepted type (none, problem+json, vnd.api+json, text)', async () => {
  const { 'content-type': _json, ...noType } = HEADERS;
  for (const type of [undefined, 'application/problem+json', 'application/vnd.api+json', 'text/plain; charset=utf-8']) {
    const r = await post(url, '/api/V2/Voos/Reservar', CREDENTIALS, type === undefined ? noType : { ...noType, 'content-type': type });
    expect(r.status, String(type)).toBe(415);
    expect(r.detail).toMatch(/must be sent as application\/json/);
  }
  const charset = await post(url, '/api/V2/Voos/Reservar', CREDENTIALS, { ...HEADERS, 'content-type': 'application/json; charset=utf-8' });
  expect(charset.status).toBe(200);
});

test('a date in none of the accepted forms: one violation naming the forms, no regex', async () => {
  const r = await post(url, '/api/V2/Voos/Disponibilidade', { ...CREDENTIALS, DataIda: '20/05/2026' });
  expect(r.status).toBe(422);
  const problem = JSON.parse(r.text) as { validation: Array<{ message: string }> };
  expect(problem.validation).toHaveLength(1);
  expect(problem.validation[0]!.message).toBe(
    'Request body property DataIda is in none of the accepted forms: YYYY-MM-DDTHH:mm:ss, YYYY-MM-DD or /Date(1779246000000-0300)/',
  );
  // Each form is named by its schema's description (a `code` span) or, failing that, its example.
  expect(r.detail).not.toMatch(/pattern|\\d/);
});

const hasControlCharacter = (text: string) => [...text].some((c) => c.charCodeAt(0) < 0x20);

test('a gzip body gets 415 naming the encoding and the one accepted, never a quote of its bytes', async () => {
  const { gzipSync } = await import('node:zlib');
  const response = await fetch(`${url}/api/V2/Voos/Reservar`, {
    method: 'POST',
    headers: { ...HEADERS, 'content-encoding': 'gzip' },
    body: gzipSync(JSON.stringify(CREDENTIALS)),
  });
  const text = await response.text();
  expect(response.status).toBe(415);
  expect(response.headers.get('accept-encoding')).toBe('identity');
  const detail = String((JSON.parse(text) as { detail?: string }).detail);
  expect(detail).toContain('Content-Encoding "gzip"');
  expect(hasControlCharacter(detail)).toBe(false);
});

test('a body opening with a byte order mark is read as the JSON after it', async () => {
  const r = await post(url, '/api/V2/Voos/Reservar', `\ufeff${JSON.stringify(CREDENTIALS)}`);
  expect(r.status).toBe(200);
});

test('invalid JSON that starts with a control character names it, never quotes it raw', async () => {
  const r = await post(url, '/api/V2/Voos/Reservar', '\u0001{}');
  expect(r.status).toBe(400);
  expect(r.detail).toContain('U+0001');
  expect(hasControlCharacter(r.detail)).toBe(false);
});
