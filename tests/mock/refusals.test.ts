// The mock enforces the contract: what it refuses, it refuses with a 4xx whose
// problem body says why, naming the field.
import { describe, expect, inject, test } from 'vitest';

const url = inject('mockUrl');
const HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'developer-token': '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
  'developer-access-code': 'QUNDRVNTLUNPREU=',
};
const CREDENTIALS = { Login: 'agencia', Senha: 's3gredo' };

async function post(route: string, body: string | undefined, headers: Record<string, string> = HEADERS) {
  const response = await fetch(`${url}${route}`, { method: 'POST', headers, body });
  const text = await response.text();
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    text,
    json: text ? (JSON.parse(text) as Record<string, unknown>) : undefined,
  };
}

describe('the mock refuses what breaks the contract', () => {
  test('a call with both headers and a valid body is accepted, charset included', async () => {
    const r = await post('/api/V2/Voos/Reservar', JSON.stringify(CREDENTIALS));
    expect(r.status).toBe(200);
    expect(r.json).toEqual({});
  });

  test.each([
    ['no developer header', {}],
    ['only developer-token', { 'developer-token': HEADERS['developer-token'] }],
    ['only developer-access-code', { 'developer-access-code': HEADERS['developer-access-code'] }],
  ])('%s: 401 with a problem body', async (_name, devHeaders) => {
    const r = await post('/api/V2/Voos/Reservar', JSON.stringify(CREDENTIALS), { 'content-type': 'application/json', ...devHeaders });
    expect(r.status).toBe(401);
    expect(r.type).toBe('application/problem+json');
    expect(String(r.json?.detail)).toMatch(/developer-token and developer-access-code/);
  });

  test('a missing required field: 422 naming the field', async () => {
    const r = await post('/api/V2/Voos/MarcarAssentos', JSON.stringify({ ...CREDENTIALS, Localizador: 'ABC123' }));
    expect(r.status).toBe(422);
    expect(r.type).toBe('application/problem+json');
    expect(String(r.json?.detail)).toMatch(/Assentos/);
  });

  test('a wrong type: 422 naming the field', async () => {
    const r = await post(
      '/api/V2/Voos/RemoverAssentos',
      JSON.stringify({ ...CREDENTIALS, Localizador: 'ABC123', PaxID: '1', TrechoID: 7 }),
    );
    expect(r.status).toBe(422);
    expect(String(r.json?.detail)).toMatch(/TrechoID/);
    expect(r.json?.validation).toEqual(expect.arrayContaining([expect.objectContaining({ location: ['request', 'body', 'TrechoID'] })]));
  });

  test('a field the published body does not have: 422 naming it', async () => {
    const r = await post('/api/V2/Voos/ObterMapaDeAssentos', JSON.stringify({ ...CREDENTIALS, Localizador: 'ABC123', Assento: '1A' }));
    expect(r.status).toBe(422);
    expect(String(r.json?.detail)).toMatch(/Assento/);
  });

  // Issue 35, item 2: these names are ordinary members, never the body's prototype.
  test.each(['__proto__', 'constructor', 'prototype'])('a member named %s holding Login: 422 listing Login as missing', async (name) => {
    const r = await post('/api/V2/Voos/Reservar', `{"${name}":{"Login":"agencia"},"Senha":"s3gredo"}`);
    expect(r.status).toBe(422);
    expect(r.json?.validation).toEqual([expect.objectContaining({ location: ['request', 'body'], code: 'required' })]);
    expect(String(r.json?.detail)).toMatch(/required property 'Login'/);
  });

  test('malformed JSON: 400 with the parser position', async () => {
    const r = await post('/api/V2/Voos/Reservar', '{"Login": "agencia",');
    expect(r.status).toBe(400);
    expect(String(r.json?.detail)).toMatch(/not valid JSON/);
  });

  test('no body: 422', async () => {
    const r = await post('/api/V2/Voos/Reservar', undefined);
    expect(r.status).toBe(422);
    expect(String(r.json?.detail)).toMatch(/[Bb]ody/);
  });

  test('a non-JSON content type: 415', async () => {
    const r = await post('/api/V2/Voos/Reservar', JSON.stringify(CREDENTIALS), { ...HEADERS, 'content-type': 'text/plain' });
    expect(r.status).toBe(415);
  });

  test('an unknown operation: 404; a GET: 405', async () => {
    expect((await post('/api/V2/Voos/Autenticar', JSON.stringify(CREDENTIALS))).status).toBe(404);
    const get = await fetch(`${url}/api/V2/Voos/Reservar`, { headers: HEADERS });
    expect(get.status).toBe(405);
    expect(((await get.json()) as { detail: string }).detail).toMatch(/get/);
  });
});

test('a body over 1 MiB: 413 before any parsing', async () => {
  const huge = JSON.stringify({ ...CREDENTIALS, Filler: 'x'.repeat(1024 * 1024) });
  const r = await post('/api/V2/Voos/Reservar', huge);
  expect(r.status).toBe(413);
  expect(String(r.json?.detail)).toMatch(/larger than/);
});

test('the 401 names the developer header that is missing', async () => {
  const r = await post('/api/V2/Voos/Reservar', JSON.stringify(CREDENTIALS), {
    'content-type': 'application/json',
    'developer-token': HEADERS['developer-token'],
  });
  expect(r.status).toBe(401);
  expect(String(r.json?.detail)).toMatch(/^Missing or empty: developer-access-code\./);
});

test('the __example query fallback picks an example like the Prefer header', async () => {
  const body = JSON.stringify({ ...CREDENTIALS, Localizador: 'ABC123' });
  const viaQuery = await post('/AereoNoSession.svc/ObterMapaDeAssentos?__example=sessaoExpirada', body);
  expect(viaQuery.status).toBe(200);
  expect(viaQuery.json).toEqual({ SessaoExpirada: true });
});
