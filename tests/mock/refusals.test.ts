// The mock enforces the contract: what it refuses, it refuses with a 4xx whose
// problem body says why, naming the field.
import { describe, expect, inject, test } from 'vitest';
import { rawExchange } from '../support/raw-http.ts';

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

  test('a large body (checked in a body process) with a __proto__ member: 422 listing Login as missing', async () => {
    const r = await post(
      '/api/V2/Voos/Reservar',
      // Filler in strings within LIMITS.stringChars (a longer one is a 413 before any check).
      `{"__proto__":{"Login":"agencia"},"Senha":"s3gredo","Preenchimento":${JSON.stringify(Array.from({ length: 6 }, () => 'x'.repeat(50 * 1024)))}}`,
    );
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

  test('no body and no Content-Type: 422 (the body is required), not 415 (no content has a format to refuse)', async () => {
    const { 'content-type': _type, ...withoutType } = HEADERS as Record<string, string>;
    for (const body of [undefined, '']) {
      const r = await post('/api/V2/Voos/Reservar', body, withoutType);
      expect(r.status).toBe(422);
      expect(r.type).toBe('application/problem+json');
      expect(r.json?.detail).toBe('Body parameter is required');
    }
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

// Issue 35, item 3: bytes and charsets, and Node's own refusals, each with a problem body.
describe('bytes, charsets and what Node refuses before the mock', () => {
  const sendBytes = async (bytes: Uint8Array, contentType = 'application/json') => {
    const response = await fetch(`${url}/api/V2/Voos/Reservar`, {
      method: 'POST',
      headers: { ...HEADERS, 'content-type': contentType },
      body: new Uint8Array(bytes),
    });
    return { status: response.status, json: (await response.json()) as { detail: string; title: string } };
  };

  test.each(['latin1', 'utf-16', '"ISO-8859-1"'])('charset=%s: 415 naming it', async (charset) => {
    const r = await sendBytes(Buffer.from(JSON.stringify(CREDENTIALS)), `application/json; charset=${charset}`);
    expect(r.status).toBe(415);
    expect(r.json.detail).toContain(`charset=${JSON.stringify(charset.replaceAll('"', '').toLowerCase())}`);
  });

  test('charset=UTF-8 and utf8 are accepted', async () => {
    for (const charset of ['UTF-8', 'utf8', '"utf-8"'])
      expect((await sendBytes(Buffer.from(JSON.stringify(CREDENTIALS)), `application/json; charset=${charset}`)).status).toBe(200);
  });

  test.each([
    ['a UTF-16 byte order mark', Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]), 0, '0xFF'],
    [
      'a Latin-1 byte inside a string',
      Buffer.concat([Buffer.from('{"Login":"jos'), Buffer.from([0xe9]), Buffer.from('","Senha":"x"}')]),
      13,
      '0xE9',
    ],
    [
      'an overlong encoding',
      Buffer.concat([Buffer.from('{"Login":"'), Buffer.from([0xc0, 0xaf]), Buffer.from('","Senha":"x"}')]),
      10,
      '0xC0',
    ],
  ])('invalid UTF-8 (%s): 400 naming the byte offset', async (_name, bytes, offset, byte) => {
    const r = await sendBytes(bytes);
    expect(r.status).toBe(400);
    expect(r.json.detail).toContain(`offset ${offset} (${byte})`);
  });

  test('invalid UTF-8 deep in a large body (checked in a body process): 400 naming the offset', async () => {
    const head = Buffer.from(`{"Login":"${'a'.repeat(300 * 1024)}`);
    const r = await sendBytes(Buffer.concat([head, Buffer.from([0xff]), Buffer.from('","Senha":"x"}')]));
    expect(r.status).toBe(400);
    expect(r.json.detail).toContain(`offset ${head.length} (0xFF)`);
  });

  test('HTTP/1.1 without Host: 400 with a problem body', async () => {
    const body = JSON.stringify(CREDENTIALS);
    const r = await rawExchange(
      url,
      `POST /api/V2/Voos/Reservar HTTP/1.1\r\ncontent-type: application/json\r\ndeveloper-token: ${HEADERS['developer-token']}\r\ndeveloper-access-code: ${HEADERS['developer-access-code']}\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
    );
    expect(r.status).toBe(400);
    expect(r.head).toMatch(/content-type: application\/problem\+json/i);
    expect(JSON.parse(r.body)).toMatchObject({ status: 400, detail: expect.stringMatching(/Host header/) });
  });

  test('an unknown Expect: 417 with a problem body naming it', async () => {
    const r = await rawExchange(
      url,
      `POST /api/V2/Voos/Reservar HTTP/1.1\r\nhost: x\r\nexpect: 42-nope\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}`,
    );
    expect(r.status).toBe(417);
    expect(r.head).toMatch(/content-type: application\/problem\+json/i);
    expect(JSON.parse(r.body)).toMatchObject({ status: 417, detail: expect.stringContaining('"42-nope"') });
  });
});
