// Legacy → V2 Portuguese by the rules of Part 9, checked against the V2 bundle and a real server.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { MigrationError, migrateLegacyCall } from '../../src/index.ts';
import { createV2Client } from '../../src/v2.ts';
import { sendJson, startServer, type TestServer } from './server.ts';

// The seven legacy operations of Part 4.4, as the description lists them.
const SEATS_AND_ANCILLARIES = [
  'ObterMapaDeAssentos',
  'MarcarAssentos',
  'RemoverAssentos',
  'DisponibilidadeDeServicoAuxiliar',
  'TarifarServicoAuxiliar',
  'GravarServicoAuxiliar',
  'CancelarServicoAuxiliar',
];

const v2Paths = Object.keys((parse(readFileSync('generated/v2-pt/openapi.yaml', 'utf8')) as { paths: object }).paths);

describe('migrateLegacyCall', () => {
  test.each(SEATS_AND_ANCILLARIES)('%s: same operation name on /api/V2/Voos, a path the V2 contract has', (operation) => {
    const migrated = migrateLegacyCall({
      path: `/AereoNoSession.svc/${operation}` as string,
      body: { Login: 'a', Senha: 'b', Localizador: 'L' },
    });
    expect(migrated.operation).toBe(operation);
    expect(migrated.path).toBe(`/api/V2/Voos/${operation}`);
    expect(v2Paths).toContain(migrated.path);
  });

  test('drops token, keeps every other field, reads full URLs', () => {
    const migrated = migrateLegacyCall({
      path: 'https://legacy.example/ws/AereoNoSession.svc/RemoverAssentos',
      body: { Login: 'a', Senha: 'b', ClienteId: 3, Localizador: 'L', PaxID: '1', TrechoID: '2', token: 'T' },
    });
    expect(migrated).toEqual({
      operation: 'RemoverAssentos',
      path: '/api/V2/Voos/RemoverAssentos',
      body: { Login: 'a', Senha: 'b', ClienteId: 3, Localizador: 'L', PaxID: '1', TrechoID: '2' },
    });
  });

  test('a body that relied on the session token takes the given credentials; its own values win', () => {
    const migrated = migrateLegacyCall(
      { path: '/AereoNoSession.svc/ObterMapaDeAssentos', body: { Localizador: 'L', token: 'T' } },
      { credentials: { Login: 'a', Senha: 'b', ClienteId: 9 } },
    );
    expect(migrated.body).toEqual({ Login: 'a', Senha: 'b', ClienteId: 9, Localizador: 'L' });
    const own = migrateLegacyCall(
      { path: '/AereoNoSession.svc/ObterMapaDeAssentos', body: { Login: 'x', Senha: 'y', Localizador: 'L' } },
      { credentials: { Login: 'a', Senha: 'b' } },
    );
    expect(own.body).toEqual({ Login: 'x', Senha: 'y', Localizador: 'L' });
  });

  test.each(['/AereoNoSession.svc/Autenticar', '/Aereo.svc/Autenticar', '/Usuario.svc/Autenticar'])(
    '%s: no V2 equivalent (rule 4)',
    (path) => {
      expect(() => migrateLegacyCall({ path, body: { login: 'a', senha: 'b' } })).toThrow(MigrationError);
      expect(() => migrateLegacyCall({ path, body: {} })).toThrow(/Autenticar has no V2 equivalent .*Login and Senha in each V2 body/);
    },
  );

  test.each([
    [
      'an operation V2 does not have',
      '/AereoNoSession.svc/ValidarTokenSeguranca',
      { Login: 'a', Senha: 'b' },
      /no V2 Portuguese operation/,
    ],
    ['a V2 path', '/api/V2/Voos/Reservar', { Login: 'a', Senha: 'b' }, /not a legacy call/],
    [
      'a body without credentials and no options',
      '/AereoNoSession.svc/MarcarAssentos',
      { Localizador: 'L', token: 'T' },
      /pass options.credentials/,
    ],
    ['a body that is not an object', '/AereoNoSession.svc/MarcarAssentos', 'x', /JSON object/],
  ])('%s: MigrationError', (_name, path, body, message) => {
    const error = (() => {
      try {
        migrateLegacyCall({ path, body: body as object });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as Error).message).toMatch(message);
  });
});

describe('a migrated call goes through the V2 client', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer((_request, response) => sendJson(response, {}));
  });
  afterAll(() => server.close());

  test('same developer headers, the V2 route, the body without token', async () => {
    const legacy = {
      path: '/AereoNoSession.svc/MarcarAssentos' as const,
      body: { Localizador: 'L', Assentos: [{ PaxID: '1', TrechoID: '2', AssentoLinha: '3', AssentoColuna: 'A' }], token: 'T' },
    };
    const migrated = migrateLegacyCall(legacy, { credentials: { Login: 'a', Senha: 'b' } });
    const client = createV2Client({ baseUrl: server.url, developerToken: 'd3v', accessCode: 'QUJD' });
    await client.call(migrated.path, migrated.body);
    const [request] = server.requests;
    expect(request?.url).toBe('/api/V2/Voos/MarcarAssentos');
    expect(request?.json).toEqual({ Login: 'a', Senha: 'b', Localizador: 'L', Assentos: legacy.body.Assentos });
    expect(request?.headers['developer-token']).toBe('d3v');
  });
});
