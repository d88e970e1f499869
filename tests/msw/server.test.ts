// Issue 39: the handlers through MSW's `setupServer`, as an integrator's Node tests use them.
// The servers' variables are filled (the sandbox URL, the legacy URL, or the caller's base URL
// with its path prefix); only the contract's routes are answered, every other request under
// the base URL reaching the network as if no handler were there (issue 50: a page's own
// origin as the base URL); HEAD and a CORS preflight are answered as the mock's HTTP server
// answers them; and `respond` and the observed behaviours decide as they do in the mock.
// Expected answers come from a real mock on 127.0.0.1.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockResponder } from '../../src/mock/responder.ts';
import { startMock, type RunningMock } from '../../src/mock/server.ts';
import { createHandlers } from '../../src/msw.ts';
import { rootDir } from '../support/bundle.ts';

const HEADERS = { 'content-type': 'application/json', 'developer-token': 't', 'developer-access-code': 'c' };
const SEARCH = { Login: 'a', Senha: 'b', Origem: 'GRU', Destino: 'GIG', DataIda: '2026-05-20', QuantidadeAdultos: 1 };
const respond: MockResponder = (call) =>
  call.operation === 'Reservar' ? { kind: 'answer', status: 200, body: { Localizador: 'ABC123' } } : undefined;

const server = setupServer();
let mock: RunningMock;
let observedMock: RunningMock;
// The application's own server: what is not the contract's must reach it.
let app: Server;
let appUrl: string;
const appSaw: string[] = [];

beforeAll(async () => {
  [mock, observedMock] = await Promise.all([
    startMock({ rootDir, families: ['v2-pt', 'legacy'], port: 0, logLevel: 'silent', respond }),
    startMock({ rootDir, families: ['v2-pt'], observed: true, port: 0, logLevel: 'silent' }),
  ]);
  app = createServer((req, res) => {
    appSaw.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"from":"the application"}');
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  server.use(
    ...(await createHandlers({ families: ['v2-pt', 'legacy'], baseUrl: appUrl })),
    ...(await createHandlers({ families: ['v2-pt', 'legacy'], respond })),
    ...(await createHandlers({ families: ['v2-pt'], baseUrl: 'https://api.example/prefixo' })),
    ...(await createHandlers({ families: ['v2-pt'], observed: true, baseUrl: 'https://observed.example' })),
  );
  server.listen({ onUnhandledRequest: 'bypass' });
}, 60_000);

afterAll(async () => {
  server.close();
  await new Promise((resolve) => app?.close(resolve));
  await Promise.all([mock?.close(), observedMock?.close()]);
});

async function post(url: string, body: unknown) {
  const response = await fetch(url, { method: 'POST', headers: HEADERS, body: JSON.stringify(body) });
  return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
}

test('server variables are filled: the sandbox URL, the legacy URL, and a base URL with a path prefix', async () => {
  const expected = await post(`${mock.url}/api/V2/Voos/Disponibilidade`, SEARCH);
  expect(expected.status).toBe(200);
  expect(await post('https://sandbox.invalid/api/V2/Voos/Disponibilidade', SEARCH)).toEqual(expected);
  expect(await post('https://api.example/prefixo/api/V2/Voos/Disponibilidade', SEARCH)).toEqual(expected);
  const seat = { Login: 'a', Senha: 'b', Localizador: 'X', PaxID: 1, TrechoID: 'T' };
  const refused = await post(`${mock.url}/AereoNoSession.svc/RemoverAssentos`, seat);
  expect(refused.status).toBe(422);
  expect(refused.body).toContain('PaxID');
  expect(await post('https://legacy.invalid/AereoNoSession.svc/RemoverAssentos', seat)).toEqual(refused);
});

test("only the families' paths are answered: the rest of the base URL's origin reaches the network", async () => {
  // The base URL is the application's own origin: its assets and other paths are not the contract's.
  for (const path of ['/config.json', '/favicon.ico', '/assets/chunk-abc.js', '/api/V2/Voo/Disponibilidade', '/api/Outra/Coisa']) {
    const answer = await fetch(`${appUrl}${path}`);
    expect(answer.status, path).toBe(200);
    expect(await answer.text()).toBe('{"from":"the application"}');
  }
  expect(appSaw).toEqual([
    'GET /config.json',
    'GET /favicon.ico',
    'GET /assets/chunk-abc.js',
    'GET /api/V2/Voo/Disponibilidade',
    'GET /api/Outra/Coisa',
  ]);
  // A contract route on that origin is the handlers', and never reaches the application.
  const expected = await post(`${mock.url}/api/V2/Voos/Disponibilidade`, SEARCH);
  expect(await post(`${appUrl}/api/V2/Voos/Disponibilidade`, SEARCH)).toEqual(expected);
  expect(appSaw).toHaveLength(5);
});

test("an unknown operation under a family's prefix gets the mock's own 404, never the network (issue 58)", async () => {
  const paths = [
    '/api/V2/Voos/NaoExiste',
    '/api/V2/Voos/Disponibilidad',
    '/api/v2/voos/NaoExiste',
    '/AereoNoSession.svc/NaoExiste',
    '/Aereo.svc/Nada',
  ];
  for (const path of paths) {
    const expected = await post(`${mock.url}${path}`, SEARCH);
    expect(expected.status, path).toBe(404);
    expect(await post(`${appUrl}${path}`, SEARCH), path).toEqual(expected);
    expect(await post(`https://api.example/prefixo${path.startsWith('/api') ? path : '/api/V2/Voos/NaoExiste'}`, SEARCH)).toEqual(
      await post(`${mock.url}${path.startsWith('/api') ? path : '/api/V2/Voos/NaoExiste'}`, SEARCH),
    );
  }
  // None of them reached the application.
  expect(appSaw.filter((line) => /NaoExiste|Disponibilidad$|Nada/.test(line))).toEqual([]);
});

test('HEAD gets the status and headers without a body, a CORS preflight the 204 the mock sends', async () => {
  const viaMock = await fetch(`${mock.url}/api/V2/Voos/Disponibilidade`, { method: 'HEAD' });
  const viaMsw = await fetch(`${appUrl}/api/V2/Voos/Disponibilidade`, { method: 'HEAD' });
  expect(viaMsw.status).toBe(viaMock.status);
  expect(viaMsw.headers.get('allow')).toBe(viaMock.headers.get('allow'));
  expect(await viaMsw.text()).toBe('');
  const preflight = {
    origin: 'http://page.example',
    'access-control-request-method': 'POST',
    'access-control-request-headers': 'developer-token',
  };
  const mockPreflight = await fetch(`${mock.url}/api/V2/Voos/Disponibilidade`, { method: 'OPTIONS', headers: preflight });
  const mswPreflight = await fetch(`${appUrl}/api/V2/Voos/Disponibilidade`, { method: 'OPTIONS', headers: preflight });
  expect(mswPreflight.status).toBe(204);
  for (const name of [
    'access-control-allow-origin',
    'access-control-allow-methods',
    'access-control-allow-headers',
    'access-control-max-age',
  ])
    expect(mswPreflight.headers.get(name), name).toBe(mockPreflight.headers.get(name));
  expect(appSaw).toHaveLength(5);
});

test('respond answers a valid call as in the mock; the observed behaviours refuse as in the observed mock', async () => {
  const booking = { Login: 'a', Senha: 'b' };
  const expected = await post(`${mock.url}/api/V2/Voos/Reservar`, booking);
  expect(expected).toMatchObject({ status: 200, body: '{"Localizador":"ABC123"}' });
  expect(await post('https://sandbox.invalid/api/V2/Voos/Reservar', booking)).toEqual(expected);
  const withNull = { Login: 'a', Senha: 'b', ClienteId: null };
  const refused = await post(`${observedMock.url}/api/V2/Voos/Tarifar`, withNull);
  expect(refused.status).toBe(400);
  expect(await post('https://observed.example/api/V2/Voos/Tarifar', withNull)).toEqual(refused);
});

test('the handlers’ problems quote no secret of the call, as the mock’s do (issue 58)', async () => {
  const senha = 'SENHA-canary-msw-4Tq';
  const credentials = { Login: 'LOGIN-canary-msw-8', Senha: senha };
  const calls = [
    { path: `/api/V2/Voos/${encodeURIComponent(senha)}`, body: credentials },
    { path: '/api/V2/Voos/ObterMapaDeAssentos', body: { ...credentials, Localizador: 'ABC123', [senha]: 1 } },
  ];
  for (const { path, body } of calls) {
    const expected = await post(`${mock.url}${path}`, body);
    expect(expected.body).toContain('[redacted]');
    expect(expected.body).not.toContain(senha);
    expect(await post(`https://sandbox.invalid${path}`, body)).toEqual(expected);
  }
});
