// The family rules that differ from V2 Portuguese, through each family's entry point
// (typed by its generated paths), against a real server.
import { describe, expect, test } from 'vitest';
import { AuthenticationError, ConfigurationError, SessionExpiredError, V1UnsuccessfulError, unwrapV1 } from '../../src/index.ts';
import { createLegacyClient } from '../../src/legacy.ts';
import { createV1Client } from '../../src/v1.ts';
import { createV2EnClient } from '../../src/v2-en.ts';
import { createV3Client } from '../../src/v3.ts';
import { KEPT_CHARS } from '../../src/redact.ts';
import { sendJson, useTestServer } from './server.ts';

const credentials = { Login: 'agencia', Senha: 'segredo', ClienteId: 42 };
const server = useTestServer((_request, response) => sendJson(response, {}));

const base = () => ({ baseUrl: server.url, developerToken: '6f1c2e0a-3b4d-4e5f-8a9b-0c1d2e3f4a5b', accessCode: 'QUJD' });
const legacy = () => createLegacyClient({ ...base(), credentials });
/** The legacy client seen as taking any path and body: for the table below and for bodies the contract forbids. */
const loose = (client: object) => client as { call(path: string, body: unknown, options?: object): Promise<unknown> };

describe('legacy: credential names per operation (Part 4.5)', () => {
  test.each([
    [
      '/AereoNoSession.svc/ObterMapaDeAssentos',
      { Localizador: 'A1' },
      { Login: 'agencia', Senha: 'segredo', ClienteId: 42, Localizador: 'A1' },
    ],
    ['/AereoNoSession.svc/Autenticar', {}, { login: 'agencia', senha: 'segredo', clienteId: 42 }],
    ['/Aereo.svc/Autenticar', {}, { login: 'agencia', senha: 'segredo', clienteId: 42 }],
    [
      '/AereoNoSession.svc/AutenticarComUsuario',
      { AutenticacaoUsuario: { Login: 'usuario', Senha: 'dele' } },
      { Login: 'agencia', Senha: 'segredo', clienteId: 42, AutenticacaoUsuario: { Login: 'usuario', Senha: 'dele' } },
    ],
    ['/Usuario.svc/Autenticar', {}, { Login: 'agencia', Senha: 'segredo', clienteId: 42 }],
    [
      '/AereoNoSession.svc/ValidarTokenSeguranca',
      { TokenDeSeguranca: '123456' },
      { Login: 'agencia', Senha: 'segredo', ClienteId: 42, TokenDeSeguranca: '123456' },
    ],
  ])('%s', async (path, body, expected) => {
    // Autenticar answers a bare string (AutenticarRS, Part 4.5); Usuario.svc/Autenticar an object.
    if (path.endsWith('.svc/Autenticar') && !path.startsWith('/Usuario.svc'))
      server.handle((_request, response) => sendJson(response, 'token'));
    await loose(legacy()).call(path, body);
    expect(server.requests[0]?.json).toEqual(expected);
  });

  test('Autenticar answers a JSON string (token or error text): returned as is, the two cannot be told apart', async () => {
    server.handle((_request, response) => sendJson(response, 'texto-ou-token'));
    const token: string = await legacy().call('/AereoNoSession.svc/Autenticar', {});
    expect(token).toBe('texto-ou-token');
  });
});

describe('legacy: answers that report failures', () => {
  test('SessaoExpirada: true becomes SessionExpiredError', async () => {
    server.handle((_request, response) => sendJson(response, { SessaoExpirada: true }));
    // A body without Login, which the contract does not allow, on a client without credentials.
    const error = await loose(createLegacyClient(base()))
      .call('/AereoNoSession.svc/ObterMapaDeAssentos', { Localizador: 'A1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionExpiredError);
    expect((error as SessionExpiredError).operation).toBe('ObterMapaDeAssentos');
    expect((error as SessionExpiredError).body).toEqual({ SessaoExpirada: true });
    expect(server.requests[0]?.json).toEqual({ Localizador: 'A1' });
    expect((error as SessionExpiredError).message).toBe(
      'ObterMapaDeAssentos: the service answered SessaoExpirada: true (the body had no Login, and there was no valid session)',
    );
  });

  test("SessionExpiredError's message says what was sent: a Login the client merged, or the caller's own", async () => {
    server.handle((_request, response) => sendJson(response, { SessaoExpirada: true }));
    const merged = await legacy()
      .call('/AereoNoSession.svc/ObterMapaDeAssentos', { Localizador: 'A1' })
      .catch((e: unknown) => e);
    expect(server.requests[0]?.json).toMatchObject({ Login: 'agencia' });
    expect((merged as SessionExpiredError).message).toBe(
      'ObterMapaDeAssentos: the service answered SessaoExpirada: true (the body carried the Login the client added from its credentials)',
    );
    const own = await legacy()
      .call('/Aereo.svc/ValidarTokenSeguranca', { Login: 'outra', TokenDeSeguranca: '1' })
      .catch((e: unknown) => e);
    expect((own as SessionExpiredError).message).toBe(
      'ValidarTokenSeguranca: the service answered SessaoExpirada: true (the body carried the Login set by the caller)',
    );
    const notMerged = await legacy()
      .call('/AereoNoSession.svc/ObterMapaDeAssentos', { Localizador: 'A1' } as never, { credentials: false })
      .catch((e: unknown) => e);
    expect((notMerged as SessionExpiredError).message).toMatch(/\(the body had no Login, and there was no valid session\)$/);
  });

  test('a huge answer with SessaoExpirada: the error keeps a bounded excerpt that says it was cut', async () => {
    const answer = { SessaoExpirada: true, Filler: 'x'.repeat(1_000_000) };
    server.handle((_request, response) => sendJson(response, answer));
    const error = (await legacy()
      .call('/AereoNoSession.svc/ObterMapaDeAssentos', { Localizador: 'A1' })
      .catch((e: unknown) => e)) as SessionExpiredError;
    expect(error).toBeInstanceOf(SessionExpiredError);
    expect(typeof error.body).toBe('string');
    // The start of the answer as JSON, cut, saying so.
    const [kept, note] = (error.body as string).split('… [cut: ');
    expect(kept!.length).toBe(KEPT_CHARS);
    expect(JSON.stringify(answer).startsWith(kept!)).toBe(true);
    expect(note).toBe(`${KEPT_CHARS} characters kept of ${JSON.stringify(answer).length}]`);
    expect((error.body as string).length).toBeLessThan(10_000);
  });

  test('SessaoExpirada: false is an ordinary answer', async () => {
    server.handle((_request, response) => sendJson(response, { Valido: true, SessaoExpirada: false, Exception: null }));
    await expect(legacy().call('/AereoNoSession.svc/ValidarTokenSeguranca', { TokenDeSeguranca: '1' })).resolves.toEqual({
      Valido: true,
      SessaoExpirada: false,
      Exception: null,
    });
  });

  test.each(['/AereoNoSession.svc/AutenticarComUsuario', '/Aereo.svc/AutenticarComUsuario', '/Usuario.svc/Autenticar'])(
    '%s: AutenticacaoRS with Erros filled becomes AuthenticationError',
    async (path) => {
      server.handle((_request, response) => sendJson(response, { Token: null, Erros: ['Acesso negado', 'IP não liberado'] }));
      const error = await loose(legacy())
        .call(path, { AutenticacaoUsuario: { Login: 'usuario', Senha: 'senha-do-usuario' } })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AuthenticationError);
      expect((error as AuthenticationError).errors).toEqual(['Acesso negado', 'IP não liberado']);
      expect((error as AuthenticationError).operation).toBe(path.slice(path.lastIndexOf('/') + 1));
    },
  );

  test.each([null, []])('Erros %j means success', async (Erros) => {
    server.handle((_request, response) => sendJson(response, { Token: 'T', Erros }));
    await expect(
      legacy().call('/Usuario.svc/Autenticar', { AutenticacaoUsuario: { Login: 'usuario', Senha: 'senha-do-usuario' } }),
    ).resolves.toEqual({ Token: 'T', Erros });
  });

  test('Erros on an answer that is not AutenticacaoRS is left alone', async () => {
    server.handle((_request, response) => sendJson(response, { Erros: ['x'] }));
    await expect(legacy().call('/AereoNoSession.svc/MarcarAssentos', { Localizador: 'L', Assentos: [] })).resolves.toEqual({
      Erros: ['x'],
    });
  });
});

describe('V1: the Sucesso wrapper', () => {
  const v1 = () => createV1Client({ ...base(), credentials });
  const params = (Operation: string) => ({ params: { path: { Operation } } });

  test('the operation name goes in the path; credentials are merged (the V1 schema declares them)', async () => {
    server.handle((_request, response) => sendJson(response, { Sucesso: true }));
    await v1().call('/api/Voos/{Operation}', { Qualquer: 1 }, params('Pesquisar'));
    expect(server.requests[0]?.url).toBe('/api/Voos/Pesquisar');
    expect(server.requests[0]?.json).toEqual({ Login: 'agencia', Senha: 'segredo', ClienteId: 42, Qualquer: 1 });
  });

  test('Sucesso: false becomes V1UnsuccessfulError naming the operation; true passes', async () => {
    server.handle((_request, response) => sendJson(response, { Sucesso: false, Mensagem: 'falhou' }));
    const error = await v1()
      .call('/api/Voos/{Operation}', {}, params('Pesquisar'))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(V1UnsuccessfulError);
    expect((error as V1UnsuccessfulError).operation).toBe('Pesquisar');
    expect((error as V1UnsuccessfulError).body).toEqual({ Sucesso: false, Mensagem: 'falhou' });
    server.handle((_request, response) => sendJson(response, { Sucesso: true, Voos: [1] }));
    const wrapper = await v1().call('/api/Voos/{Operation}', {}, params('Pesquisar'));
    expect(unwrapV1(wrapper)).toEqual({ Voos: [1] });
    expect(unwrapV1(wrapper, 'Voos')).toEqual([1]);
  });

  test('unwrapV1 refuses what is not a wrapper', () => {
    expect(() => unwrapV1({ Sucesso: false, X: 1 })).toThrow(V1UnsuccessfulError);
    expect(() => unwrapV1({ Sucesso: 'true' } as never)).toThrow(/not a V1 wrapper/);
    expect(() => unwrapV1(null as never, { operation: 'Pesquisar' })).toThrow(/^Pesquisar: /);
  });
});

describe('V3: credentials merged (its request schema declares them)', () => {
  test('Disponibilidade', async () => {
    await createV3Client({ ...base(), credentials }).call('/api/V3/Voos/Disponibilidade', { Origem: 'GRU' });
    expect(server.requests[0]?.json).toEqual({ Login: 'agencia', Senha: 'segredo', ClienteId: 42, Origem: 'GRU' });
  });
});

describe('V2 English: credential names not published (Part 5, item 9)', () => {
  test('refuses a credentials option and sends bodies untouched', async () => {
    const withCredentials = createV2EnClient as (options: unknown) => unknown;
    expect(() => withCredentials({ ...base(), credentials })).toThrow(ConfigurationError);
    expect(() => withCredentials({ ...base(), credentials })).toThrow(/not published/);
    await createV2EnClient(base()).call('/api/V2/Flights/Availability', { Origin: 'GRU', Destination: 'GIG', Adults: 1 });
    expect(server.requests[0]?.url).toBe('/api/V2/Flights/Availability');
    expect(server.requests[0]?.json).toEqual({ Origin: 'GRU', Destination: 'GIG', Adults: 1 });
    expect(server.requests[0]?.headers['developer-access-code']).toBe('QUJD');
  });
});
