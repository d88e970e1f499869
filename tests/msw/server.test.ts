// Issue 39: the handlers through MSW's `setupServer`, as an integrator's Node tests use them.
// The servers' variables are filled (the sandbox URL, the legacy URL, or the caller's base URL
// with its path prefix), an unmatched request under the base URL gets the mock's 404 problem
// (not MSW's "no matching handler"), and `respond` and the observed behaviours decide as they
// do in the mock. Expected answers come from a real mock on 127.0.0.1.
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

beforeAll(async () => {
  [mock, observedMock] = await Promise.all([
    startMock({ rootDir, families: ['v2-pt', 'legacy'], port: 0, logLevel: 'silent', respond }),
    startMock({ rootDir, families: ['v2-pt'], observed: true, port: 0, logLevel: 'silent' }),
  ]);
  server.use(
    ...(await createHandlers({ families: ['v2-pt', 'legacy'], respond })),
    ...(await createHandlers({ families: ['v2-pt'], baseUrl: 'https://api.example/prefixo' })),
    ...(await createHandlers({ families: ['v2-pt'], observed: true, baseUrl: 'https://observed.example' })),
  );
  server.listen({ onUnhandledRequest: 'bypass' });
}, 60_000);

afterAll(async () => {
  server.close();
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

test("an unmatched request under the base URL gets the mock's 404 problem, naming the closest operations", async () => {
  const expected = await post(`${mock.url}/api/V2/Voos/Disponibilidad`, SEARCH);
  expect(expected.status).toBe(404);
  expect(expected.body).toContain('Closest operations: POST /api/V2/Voos/Disponibilidade');
  expect(await post('https://sandbox.invalid/api/V2/Voos/Disponibilidad', SEARCH)).toEqual(expected);
  const root = await post('https://api.example/prefixo/', {});
  expect(root).toMatchObject({ status: 404, type: 'application/problem+json' });
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
