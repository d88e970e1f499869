// Issue 20, item 6: calls by operation name on every family client, against a recording
// server: each name reaches its own path with the same headers, credentials merge, options
// and typed errors as call(path, body); a wrong name says which exist.
import { describe, expect, test } from 'vitest';
import { loadBundle } from '../support/bundle.ts';
import { HttpStatusError, TimeoutError, UnknownOperationError, V1UnsuccessfulError } from '../../src/index.ts';
import { createLegacyClient } from '../../src/legacy.ts';
import { createV1Client } from '../../src/v1.ts';
import { createV2Client } from '../../src/v2.ts';
import { createV2EnClient } from '../../src/v2-en.ts';
import { createV2ObservedClient } from '../../src/v2-observed.ts';
import { createV3Client } from '../../src/v3.ts';
import { answersString } from '../../src/families/legacy.ts';
import { testClock } from '../support/test-clock.ts';
import { sendJson, useTestServer } from './server.ts';

// Legacy Autenticar answers a JSON string (Part 4.5); everything else an object.
const answerFor = (path: string): unknown => (answersString(path) ? 'token' : { ok: true });
const server = useTestServer((request, response) => sendJson(response, answerFor(request.url)));
const credentials = { Login: 'agencia', Senha: 'segredo', ClienteId: 7 };
const base = () => ({ baseUrl: server.url, developerToken: '6f1c2e0a-3b4d-4e5f-8a9b-0c1d2e3f4a5b', accessCode: 'QUJD' });

type Named = Record<string, (body: unknown, options?: object) => Promise<unknown>>;
const named = (client: object) => client as unknown as Named;

/** POST paths of a family's bundle. */
function bundlePaths(family: string): string[] {
  const bundle = loadBundle(family) as { paths: Record<string, { post?: unknown }> };
  return Object.entries(bundle.paths)
    .filter(([, item]) => item.post !== undefined)
    .map(([path]) => path);
}

describe('every operation of every family by name reaches its own path', () => {
  test.each([
    ['v2-pt', () => createV2Client({ ...base(), credentials }), '/api/V2/Voos/'],
    ['v2-pt-observed', () => createV2ObservedClient({ ...base(), credentials }), '/api/V2/Voos/'],
    ['v2-en', () => createV2EnClient(base()), '/api/V2/Flights/'],
    ['v3', () => createV3Client({ ...base(), credentials }), '/api/V3/Voos/'],
    ['legacy', () => createLegacyClient({ ...base(), credentials }), '/AereoNoSession.svc/'],
  ] as const)('%s', async (family, make, prefix) => {
    const client = named(make());
    const paths = bundlePaths(family).filter((path) => path.startsWith(prefix));
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      const name = path.slice(prefix.length);
      await expect(client[name]!({ Marca: name })).resolves.toEqual(answerFor(path));
      const sent = server.requests.at(-1)!;
      expect(sent.url).toBe(path);
      expect(sent.headers['developer-token']).toBe(base().developerToken);
      expect(sent.headers['developer-access-code']).toBe('QUJD');
      expect(sent.json).toMatchObject({ Marca: name });
    }
    // Own properties: exactly the operations under the prefix (plus family, call and service groups).
    const own = Object.keys(client).filter((key) => !['family', 'call', 'AereoNoSession', 'Aereo', 'Usuario'].includes(key));
    expect(own.sort()).toEqual(paths.map((path) => path.slice(prefix.length)).sort());
  });
});

describe('legacy: one name on several services', () => {
  test('the top level is AereoNoSession.svc; each service is a group of its own', async () => {
    const legacy = createLegacyClient({ ...base(), credentials });
    const calls: [() => Promise<unknown>, string][] = [
      [() => legacy.Autenticar({}), '/AereoNoSession.svc/Autenticar'],
      [() => legacy.AereoNoSession.Autenticar({}), '/AereoNoSession.svc/Autenticar'],
      [() => legacy.Aereo.Autenticar({}), '/Aereo.svc/Autenticar'],
      [() => legacy.Usuario.Autenticar({ AutenticacaoUsuario: { Login: 'u', Senha: 's' } }), '/Usuario.svc/Autenticar'],
      [() => legacy.Aereo.ValidarTokenSeguranca({ TokenDeSeguranca: '1' }), '/Aereo.svc/ValidarTokenSeguranca'],
    ];
    server.handle((_request, response) => sendJson(response, 'token'));
    for (const [run, path] of calls.slice(0, 3)) {
      await run();
      expect(server.requests.at(-1)!.url).toBe(path);
      // Autenticar's own lower-case credential names, merged as by call().
      expect(server.requests.at(-1)!.json).toEqual({ login: 'agencia', senha: 'segredo', clienteId: 7 });
    }
    server.handle((_request, response) => sendJson(response, { Erros: null }));
    for (const [run, path] of calls.slice(3)) {
      await run();
      expect(server.requests.at(-1)!.url).toBe(path);
    }
    // ClienteId is declared by ValidarTokenSegurancaRQ (Parts 2.1 and 5), so it is merged too.
    expect(server.requests.at(-1)!.json).toEqual({ Login: 'agencia', Senha: 'segredo', ClienteId: 7, TokenDeSeguranca: '1' });
  });

  test('every legacy path is reachable by a name', async () => {
    const legacy = named(createLegacyClient({ ...base(), credentials }));
    const services: Record<string, Named> = {
      AereoNoSession: named(legacy.AereoNoSession!),
      Aereo: named(legacy.Aereo!),
      Usuario: named(legacy.Usuario!),
    };
    for (const path of bundlePaths('legacy')) {
      const [, service, operation] = /^\/(\w+)\.svc\/(\w+)$/.exec(path)!;
      expect(typeof services[service!]![operation!], path).toBe('function');
    }
  });
});

describe('same options, credentials and errors as call()', () => {
  test('credentials merged; credentials: false sends the body as given; a per-call timeout applies', async () => {
    const clock = testClock();
    const v2 = createV2Client({ ...base(), credentials, clock });
    await v2.ObterMapaDeAssentos({ Localizador: 'A1' });
    expect(server.requests.at(-1)!.json).toEqual({ Login: 'agencia', Senha: 'segredo', ClienteId: 7, Localizador: 'A1' });
    await v2.ObterMapaDeAssentos({ Login: 'outra', Senha: 'x', Localizador: 'A1' }, { credentials: false, headers: { 'x-trace': 't1' } });
    expect(server.requests.at(-1)!.json).toEqual({ Login: 'outra', Senha: 'x', Localizador: 'A1' });
    expect(server.requests.at(-1)!.headers['x-trace']).toBe('t1');
    // No answer until the client hangs up: the call's 50 ms on the clock are met once it is out.
    server.handle(() => undefined);
    const heard = server.requests.length;
    const timedOut = expect(v2.Tarifar({}, { timeout: 50 })).rejects.toBeInstanceOf(TimeoutError);
    await expect.poll(() => server.requests.length, { timeout: 20_000 }).toBe(heard + 1);
    await clock.advance(50);
    await timedOut;
  });

  test('errors name the operation, as by path', async () => {
    server.handle((_request, response) => sendJson(response, { title: 'Unprocessable Entity', detail: 'bad' }, 422));
    const error = await createV2Client({ ...base(), credentials })
      .Reservar({})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect(error).toMatchObject({ operation: 'Reservar', path: '/api/V2/Voos/Reservar', status: 422 });
  });

  test('V1: any capitalised name is the Operation of /api/Voos/{Operation}', async () => {
    const v1 = createV1Client({ ...base(), credentials });
    server.handle((_request, response) => sendJson(response, { Sucesso: true, Voos: [] }));
    await expect(v1.Pesquisar!({ Origem: 'GRU' })).resolves.toEqual({ Sucesso: true, Voos: [] });
    expect(server.requests.at(-1)!.url).toBe('/api/Voos/Pesquisar');
    expect(server.requests.at(-1)!.json).toEqual({ Login: 'agencia', Senha: 'segredo', ClienteId: 7, Origem: 'GRU' });
    server.handle((_request, response) => sendJson(response, { Sucesso: false }));
    await expect(v1.Reservar!({})).rejects.toMatchObject({ name: V1UnsuccessfulError.name, operation: 'Reservar' });
  });
});

describe('a wrong name', () => {
  test('says which names exist (typed error), before any request', () => {
    const v2 = named(createV2Client({ ...base(), credentials }));
    let error: unknown;
    try {
      void v2.Disponibilidad!({});
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UnknownOperationError);
    const unknown = error as UnknownOperationError;
    expect(unknown.operation).toBe('Disponibilidad');
    expect(unknown.known).toContain('Disponibilidade');
    expect(unknown.known).toHaveLength(36);
    expect(unknown.message).toMatch(
      /^v2-pt has no operation Disponibilidad: it has RecuperarSistemasPesquisa, RecuperarSistemas, Disponibilidade, /,
    );
    expect(server.requests).toHaveLength(0);
  });

  test('legacy names its services; a service names its own operations', () => {
    const legacy = named(createLegacyClient({ ...base(), credentials }));
    expect(() => legacy.Reservar).toThrow(
      /^legacy has no operation Reservar: it has ObterMapaDeAssentos, .*; other services: \.AereoNoSession, \.Aereo, \.Usuario$/,
    );
    expect(() => named(legacy.Usuario!).ObterMapaDeAssentos).toThrow(
      'legacy.Usuario has no operation ObterMapaDeAssentos: it has Autenticar',
    );
  });

  test('what libraries probe stays undefined: a client can be awaited, logged and serialised', async () => {
    const v2 = createV2Client({ ...base(), credentials });
    expect('then' in v2).toBe(false);
    expect((v2 as unknown as { then?: unknown }).then).toBeUndefined();
    await expect(Promise.resolve(v2)).resolves.toBe(v2);
    expect(JSON.parse(JSON.stringify(v2))).toEqual({ family: 'v2-pt' });
    expect('Disponibilidade' in v2).toBe(true);
    expect('Disponibilidad' in v2).toBe(false);
    expect(String(v2)).toBe('[object Object]');
  });
});
