// CORS at the mock's HTTP layer: a preflight from a page on another origin is answered
// with what it may send (the two developer headers, Content-Type, Prefer), every answer
// names the caller's origin, and `cors: false` (`--no-cors`) turns all of it off.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MOCK_COMMAND } from '../../src/cli/mock.ts';
import { helpText } from '../../src/cli/args.ts';
import { CORS_ALLOWED_HEADERS } from '../../src/mock/cors.ts';
import { type RunningMock, startMock } from '../../src/mock/server.ts';

const ORIGIN = 'http://127.0.0.1:9';
const HEADERS = {
  'content-type': 'application/json',
  'developer-token': '00000000-0000-0000-0000-000000000000',
  'developer-access-code': 'QUJD',
  origin: ORIGIN,
};

let on: RunningMock;
let off: RunningMock;

beforeAll(async () => {
  [on, off] = await Promise.all([
    startMock({ families: ['v2-pt'], port: 0, logLevel: 'silent' }),
    startMock({ families: ['v2-pt'], port: 0, logLevel: 'silent', cors: false }),
  ]);
});
afterAll(() => Promise.all([on?.close(), off?.close()]));

const preflight = (url: string) =>
  fetch(`${url}/api/V2/Voos/Tarifar`, {
    method: 'OPTIONS',
    headers: {
      origin: ORIGIN,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'developer-token, developer-access-code, content-type, prefer',
    },
  });

describe('the mock with CORS on (the default)', () => {
  test('a preflight gets 204 allowing POST, the developer headers, Content-Type and Prefer', async () => {
    const answer = await preflight(on.url);
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(answer.headers.get('access-control-allow-methods')).toContain('POST');
    const allowed = (answer.headers.get('access-control-allow-headers') ?? '').split(/,\s*/);
    for (const name of ['developer-token', 'developer-access-code', 'content-type', 'prefer']) expect(allowed).toContain(name);
    expect(allowed).toEqual([...CORS_ALLOWED_HEADERS]);
  });

  test('answers and refusals carry Access-Control-Allow-Origin; the refusal is still the problem body', async () => {
    const ok = await fetch(`${on.url}/api/V2/Voos/Tarifar`, {
      method: 'POST',
      headers: HEADERS,
      body: JSON.stringify({ Login: 'a', Senha: 'b' }),
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const wrong = await fetch(`${on.url}/api/V2/Voos/Tarifar`, {
      method: 'POST',
      headers: HEADERS,
      body: JSON.stringify({ Login: 5, Senha: 'b' }),
    });
    expect(wrong.status).toBe(422);
    expect(wrong.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(wrong.headers.get('access-control-expose-headers')).toBe('*');
    const body = (await wrong.json()) as { validation: Array<{ location: string[] }> };
    expect(body.validation[0]?.location).toEqual(['request', 'body', 'Login']);
  });

  test('a call without Origin (curl, a Node client) gets the same answer and no CORS header', async () => {
    const { origin: _origin, ...withoutOrigin } = HEADERS;
    const plain = await fetch(`${on.url}/api/V2/Voos/Tarifar`, {
      method: 'POST',
      headers: withoutOrigin,
      body: '{"Login":"a","Senha":"b"}',
    });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
    expect(plain.headers.get('vary')).toBeNull();
  });
});

describe('the mock with cors: false', () => {
  test('no preflight answer and no CORS header', async () => {
    const answer = await preflight(off.url);
    expect(answer.status).not.toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    const ok = await fetch(`${off.url}/api/V2/Voos/Tarifar`, {
      method: 'POST',
      headers: HEADERS,
      body: JSON.stringify({ Login: 'a', Senha: 'b' }),
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBeNull();
  });

  test('the command offers --no-cors', () => {
    expect(helpText(MOCK_COMMAND)).toMatch(/--no-cors\s/);
  });
});
