// The family rules that differ from V2 Portuguese, against a real server. The generated
// types of these families land with issue 3; until then the clients here are typed by a
// loose fixture (any path, any JSON object body): only the runtime is under test.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  AuthenticationError,
  ConfigurationError,
  SessionExpiredError,
  V1UnsuccessfulError,
  createFamilyClient,
  unwrapV1,
  type Family,
} from '../../src/index.ts';
import { legacyFamily } from '../../src/families/legacy.ts';
import { v1Family } from '../../src/families/v1.ts';
import { v2EnFamily } from '../../src/families/v2-en.ts';
import { v3Family } from '../../src/families/v3.ts';
import { sendJson, startServer, type TestServer } from './server.ts';

/** Hand-built test fixture: a `paths` shape that accepts any path and any JSON object. */
type AnyPaths = Record<
  string,
  {
    post: {
      parameters: { path?: never };
      requestBody: { content: { 'application/json': Record<string, unknown> } };
      responses: { 200: { content: { 'application/json': unknown } } };
    };
  }
>;

const credentials = { Login: 'agencia', Senha: 'segredo', ClienteId: 42 };
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.handle((_request, response) => sendJson(response, {}));
});

const make = (family: Family, withCredentials = true) =>
  createFamilyClient<AnyPaths>(family, {
    baseUrl: server.url,
    developerToken: '6f1c2e0a-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
    accessCode: 'QUJD',
    ...(withCredentials ? { credentials } : {}),
  });

describe('legacy: credential names per operation (Part 4.5)', () => {
  test.each([
    ['/AereoNoSession.svc/ObterMapaDeAssentos', { Localizador: 'A1' }, { Login: 'agencia', Senha: 'segredo', ClienteId: 42, Localizador: 'A1' }],
    ['/AereoNoSession.svc/Autenticar', {}, { login: 'agencia', senha: 'segredo', clienteId: 42 }],
    ['/Aereo.svc/Autenticar', {}, { login: 'agencia', senha: 'segredo', clienteId: 42 }],
    [
      '/AereoNoSession.svc/AutenticarComUsuario',
      { AutenticacaoUsuario: { Login: 'usuario', Senha: 'dele' } },
      { Login: 'agencia', Senha: 'segredo', clienteId: 42, AutenticacaoUsuario: { Login: 'usuario', Senha: 'dele' } },
    ],
    ['/Usuario.svc/Autenticar', {}, { Login: 'agencia', Senha: 'segredo', clienteId: 42 }],
    ['/AereoNoSession.svc/ValidarTokenSeguranca', { TokenDeSeguranca: '123456' }, { Login: 'agencia', Senha: 'segredo', TokenDeSeguranca: '123456' }],
  ])('%s', async (path, body, expected) => {
    await make(legacyFamily).call(path, body);
    expect(server.requests[0]?.json).toEqual(expected);
  });

  test('Autenticar answers a JSON string (token or error text): returned as is, the two cannot be told apart', async () => {
    server.handle((_request, response) => sendJson(response, 'texto-ou-token'));
    await expect(make(legacyFamily).call('/AereoNoSession.svc/Autenticar', {})).resolves.toBe('texto-ou-token');
  });
});

describe('legacy: answers that report failures', () => {
  test('SessaoExpirada: true becomes SessionExpiredError', async () => {
    server.handle((_request, response) => sendJson(response, { SessaoExpirada: true }));
    const error = await make(legacyFamily, false)
      .call('/AereoNoSession.svc/ObterMapaDeAssentos', { Localizador: 'A1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionExpiredError);
    expect((error as SessionExpiredError).operation).toBe('ObterMapaDeAssentos');
    expect((error as SessionExpiredError).body).toEqual({ SessaoExpirada: true });
    expect(server.requests[0]?.json).toEqual({ Localizador: 'A1' });
  });

  test('SessaoExpirada: false is an ordinary answer', async () => {
    server.handle((_request, response) => sendJson(response, { Valido: true, SessaoExpirada: false, Exception: null }));
    await expect(make(legacyFamily).call('/AereoNoSession.svc/ValidarTokenSeguranca', { TokenDeSeguranca: '1' })).resolves.toEqual({
      Valido: true,
      SessaoExpirada: false,
      Exception: null,
    });
  });

  test.each(['/AereoNoSession.svc/AutenticarComUsuario', '/Aereo.svc/AutenticarComUsuario', '/Usuario.svc/Autenticar'])(
    '%s: AutenticacaoRS with Erros filled becomes AuthenticationError',
    async (path) => {
      server.handle((_request, response) => sendJson(response, { Token: null, Erros: ['Acesso negado', 'IP não liberado'] }));
      const error = await make(legacyFamily)
        .call(path, {})
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AuthenticationError);
      expect((error as AuthenticationError).errors).toEqual(['Acesso negado', 'IP não liberado']);
      expect((error as AuthenticationError).operation).toBe(path.slice(path.lastIndexOf('/') + 1));
    },
  );

  test.each([null, []])('Erros %j means success', async (Erros) => {
    server.handle((_request, response) => sendJson(response, { Token: 'T', Erros }));
    await expect(make(legacyFamily).call('/Usuario.svc/Autenticar', {})).resolves.toEqual({ Token: 'T', Erros });
  });

  test('Erros on an answer that is not AutenticacaoRS is left alone', async () => {
    server.handle((_request, response) => sendJson(response, { Erros: ['x'] }));
    await expect(make(legacyFamily).call('/AereoNoSession.svc/MarcarAssentos', {})).resolves.toEqual({ Erros: ['x'] });
  });
});

describe('V1: the Sucesso wrapper', () => {
  test('Sucesso: false becomes V1UnsuccessfulError; true passes', async () => {
    server.handle((_request, response) => sendJson(response, { Sucesso: false, Mensagem: 'falhou' }));
    const error = await make(v1Family, false)
      .call('/api/Voos', {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(V1UnsuccessfulError);
    expect((error as V1UnsuccessfulError).body).toEqual({ Sucesso: false, Mensagem: 'falhou' });
    server.handle((_request, response) => sendJson(response, { Sucesso: true, Voos: [1] }));
    const wrapper = (await make(v1Family, false).call('/api/Voos', {})) as { Sucesso: boolean; Voos: number[] };
    expect(unwrapV1(wrapper)).toEqual({ Voos: [1] });
    expect(unwrapV1(wrapper, 'Voos')).toEqual([1]);
  });

  test('unwrapV1 refuses what is not a wrapper', () => {
    expect(() => unwrapV1({ Sucesso: false, X: 1 })).toThrow(V1UnsuccessfulError);
    expect(() => unwrapV1({ Sucesso: 'true' } as never)).toThrow(/not a V1 wrapper/);
    expect(() => unwrapV1(null as never, { operation: 'Pesquisar' })).toThrow(/^Pesquisar: /);
  });
});

describe('families whose credential names are not published', () => {
  test.each([
    ['v1', v1Family, '/api/Voos'],
    ['v2-en', v2EnFamily, '/api/V2/Flights/Availability'],
    ['v3', v3Family, '/api/V3/Voos/Disponibilidade'],
  ])('%s: refuses a credentials option and sends bodies untouched', async (_name, family, path) => {
    expect(() => make(family, true)).toThrow(ConfigurationError);
    expect(() => make(family, true)).toThrow(/not published/);
    await make(family, false).call(path, { Origin: 'GRU' });
    expect(server.requests[0]?.json).toEqual({ Origin: 'GRU' });
    expect(server.requests[0]?.headers['developer-access-code']).toBe('QUJD');
  });
});
