// The V2 Portuguese client against a real HTTP server on 127.0.0.1: what arrives there.
import { describe, expect, test } from 'vitest';
import { createV2Client } from '../../src/v2.ts';
import {
  ConfigurationError,
  formatIsoDate,
  formatIsoDateTime,
  formatLegacyDate,
  parseIsoDateTime,
  parseLegacyDate,
} from '../../src/index.ts';
import { sendJson, useTestServer } from './server.ts';

const developerToken = '6f1c2e0a-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const credentials = { Login: 'agencia', Senha: 'segredo', ClienteId: 42 };
const server = useTestServer((_request, response) => sendJson(response, { Resultado: 'ok' }));

describe('requests', () => {
  test('POSTs JSON to {baseUrl}/api/V2/Voos/{Operation} and resolves with the parsed answer', async () => {
    server.handle((request, response) => sendJson(response, { echo: request.json, n: 7 }));
    const client = createV2Client({ baseUrl: server.url, developerToken, accessCode: 'QUJD', credentials });
    const answer = await client.call('/api/V2/Voos/Consultar', { Localizador: 'XYZ123' });
    expect(answer).toEqual({ echo: { ...credentials, Localizador: 'XYZ123' }, n: 7 });
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/V2/Voos/Consultar');
    expect(request?.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  test('keeps a path prefix of the base address', async () => {
    const client = createV2Client({ baseUrl: `${server.url}/gateway/`, developerToken, accessCode: 'QUJD', credentials });
    await client.call('/api/V2/Voos/Buscar', {});
    expect(server.requests[0]?.url).toBe('/gateway/api/V2/Voos/Buscar');
  });
});

describe('developer identity', () => {
  test('both headers on every request, with a fixed access code', async () => {
    const client = createV2Client({ baseUrl: server.url, developerToken, accessCode: 'Zml4ZWQ=', credentials });
    server.handle((request, response) => (request.url.endsWith('/Cancelar') ? sendJson(response, { e: 1 }, 500) : sendJson(response, {})));
    await client.call('/api/V2/Voos/Buscar', {});
    await client.call('/api/V2/Voos/ListarReservas', {});
    await expect(client.call('/api/V2/Voos/Cancelar', {})).rejects.toThrow();
    expect(server.requests).toHaveLength(3);
    for (const request of server.requests) {
      expect(request.headers['developer-token']).toBe(developerToken);
      expect(request.headers['developer-access-code']).toBe('Zml4ZWQ=');
    }
  });

  test('a sync function is called once per request', async () => {
    let calls = 0;
    const client = createV2Client({
      baseUrl: server.url,
      developerToken,
      accessCode: () => Buffer.from(`code-${++calls}`).toString('base64'),
      credentials,
    });
    for (let i = 0; i < 4; i++) await client.call('/api/V2/Voos/Buscar', {});
    expect(calls).toBe(4);
    expect(server.requests.map((r) => Buffer.from(String(r.headers['developer-access-code']), 'base64').toString())).toEqual([
      'code-1',
      'code-2',
      'code-3',
      'code-4',
    ]);
  });

  test('an async function is awaited per request', async () => {
    let calls = 0;
    const client = createV2Client({
      baseUrl: server.url,
      developerToken,
      accessCode: async () => {
        // Settles on a later turn of the event loop, as a real builder would.
        await new Promise((resolve) => setImmediate(resolve));
        return `YXN5bmM${++calls}`;
      },
      credentials,
    });
    await Promise.all([client.call('/api/V2/Voos/Buscar', {}), client.call('/api/V2/Voos/BuscarFila', {})]);
    expect(calls).toBe(2);
    expect(new Set(server.requests.map((r) => r.headers['developer-access-code']))).toEqual(new Set(['YXN5bmM1', 'YXN5bmM2']));
  });

  test('caller headers cannot replace the developer headers', async () => {
    const client = createV2Client({ baseUrl: server.url, developerToken, accessCode: 'QUJD', credentials });
    await client.call('/api/V2/Voos/Buscar', {}, { headers: { 'developer-token': 'other', 'x-trace': 't1' } });
    expect(server.requests[0]?.headers['developer-token']).toBe(developerToken);
    expect(server.requests[0]?.headers['x-trace']).toBe('t1');
  });
});

describe('credentials', () => {
  test('merged into every body: Login, Senha and ClienteId', async () => {
    const client = createV2Client({ baseUrl: server.url, developerToken, accessCode: 'QUJD', credentials });
    await client.call('/api/V2/Voos/ObterMapaDeAssentos', { Localizador: 'ABC123' });
    await client.call('/api/V2/Voos/MarcarAssentos', {
      Localizador: 'ABC123',
      Assentos: [{ PaxID: '1', TrechoID: '2', AssentoLinha: '12', AssentoColuna: 'C' }],
    });
    expect(server.requests.map((r) => r.json)).toEqual([
      { Login: 'agencia', Senha: 'segredo', ClienteId: 42, Localizador: 'ABC123' },
      {
        Login: 'agencia',
        Senha: 'segredo',
        ClienteId: 42,
        Localizador: 'ABC123',
        Assentos: [{ PaxID: '1', TrechoID: '2', AssentoLinha: '12', AssentoColuna: 'C' }],
      },
    ]);
  });

  test('never override a field the caller set (null included); undefined counts as not set', async () => {
    const client = createV2Client({ baseUrl: server.url, developerToken, accessCode: 'QUJD', credentials });
    await client.call('/api/V2/Voos/Reservar', { Login: 'outra', ClienteId: undefined, Extra: null });
    expect(server.requests[0]?.json).toEqual({ Login: 'outra', Senha: 'segredo', ClienteId: 42, Extra: null });
  });

  test('ClienteId only when given; nothing added with credentials: false or without credentials', async () => {
    const noCustomer = createV2Client({ baseUrl: server.url, developerToken, accessCode: 'QUJD', credentials: { Login: 'a', Senha: 'b' } });
    await noCustomer.call('/api/V2/Voos/Buscar', {});
    await noCustomer.call('/api/V2/Voos/Buscar', { Login: 'x', Senha: 'y' }, { credentials: false });
    const bare = createV2Client({ baseUrl: server.url, developerToken, accessCode: 'QUJD' });
    await bare.call('/api/V2/Voos/Buscar', { Login: 'p', Senha: 'q' });
    expect(server.requests.map((r) => r.json)).toEqual([
      { Login: 'a', Senha: 'b' },
      { Login: 'x', Senha: 'y' },
      { Login: 'p', Senha: 'q' },
    ]);
  });

  test('the caller body object is not modified', async () => {
    const client = createV2Client({ baseUrl: server.url, developerToken, accessCode: 'QUJD', credentials });
    const body = { Localizador: 'ABC123' };
    await client.call('/api/V2/Voos/ObterMapaDeAssentos', body);
    expect(body).toEqual({ Localizador: 'ABC123' });
  });
});

describe('dates', () => {
  test('the helpers encode dates in the forms the contract accepts, and the server reads back the same instant', async () => {
    const client = createV2Client({ baseUrl: server.url, developerToken, accessCode: 'QUJD', credentials });
    const departure = new Date(Date.UTC(2026, 4, 20, 3, 0, 0));
    const forms = [
      formatIsoDateTime(departure, { offsetMinutes: -180 }),
      formatIsoDate(departure, { offsetMinutes: -180 }),
      formatLegacyDate(departure, -180),
    ];
    for (const DataIda of forms)
      await client.call('/api/V2/Voos/Disponibilidade', { Origem: 'GRU', Destino: 'GIG', DataIda, QuantidadeAdultos: 1 });
    const sent = server.requests.map((r) => (r.json as { DataIda: string }).DataIda);
    expect(sent).toEqual(forms);
    expect(sent[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(sent[1]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(parseIsoDateTime(sent[0]!, { offsetMinutes: -180 }).getTime()).toBe(departure.getTime());
    expect(parseLegacyDate(sent[2]!)).toEqual({ date: departure, offsetMinutes: -180 });
  });
});

describe('bad options get a clear ConfigurationError before any request', () => {
  const valid = { baseUrl: 'https://sandbox.example', developerToken, accessCode: 'QUJD' };
  test.each([
    ['a relative base address', { ...valid, baseUrl: '/api' }, /absolute URL/],
    ['plain http off loopback', { ...valid, baseUrl: 'http://sandbox.example' }, /https/],
    ['a query in the base address', { ...valid, baseUrl: 'https://sandbox.example/?a=1' }, /query/],
    ['an empty developer token', { ...valid, developerToken: '' }, /developerToken/],
    ['a developer token with a line break', { ...valid, developerToken: 'a\nb' }, /developerToken/],
    ['no access code', { ...valid, accessCode: undefined }, /accessCode/],
    ['a zero timeout', { ...valid, timeout: 0 }, /timeout/],
    ['credentials without Senha', { ...valid, credentials: { Login: 'a' } }, /Senha/],
    ['a fractional ClienteId', { ...valid, credentials: { Login: 'a', Senha: 'b', ClienteId: 1.5 } }, /ClienteId/],
  ])('%s', (_name, options, message) => {
    // Deliberately wrong options, as plain JavaScript could pass them.
    const create = createV2Client as (o: unknown) => unknown;
    expect(() => create(options)).toThrow(ConfigurationError);
    expect(() => create(options)).toThrow(message);
  });

  test('a bad per-call timeout', async () => {
    const client = createV2Client({ baseUrl: server.url, developerToken, accessCode: 'QUJD', credentials });
    await expect(client.call('/api/V2/Voos/Buscar', {}, { timeout: -1 })).rejects.toThrow(ConfigurationError);
    expect(server.requests).toHaveLength(0);
  });
});
