// The responder seam (certification flows build on it): asked only for a call that
// passed contract validation, on the fast front and on the Prism path alike; its
// answer replaces the ordinary one, its annotation adds headers to it.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readFamilies } from '../../scripts/lib/families.ts';
import type { MockCall, MockDecision, MockResponder } from '../../src/mock/responder.ts';
import { startMock, type RunningMock } from '../../src/mock/server.ts';
import { rootDir } from '../support/bundle.ts';

const HEADERS = {
  'content-type': 'application/json',
  'developer-token': '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
  'developer-access-code': 'QUNDRVNTLUNPREU=',
};
const CREDENTIALS = { Login: 'agencia', Senha: 's3gredo' };

describe.each(['front', 'prism'] as const)('engine %s', (engine) => {
  const calls: MockCall[] = [];
  const respond: MockResponder = (call): MockDecision | undefined => {
    calls.push(call);
    if (call.operation === 'Reservar')
      return { kind: 'answer', status: 200, body: { Localizador: 'FLOW01' }, headers: { 'x-flow-step': '1' } };
    if (call.operation === 'Consultar') return { kind: 'annotate', headers: { 'x-flow-scenario': 'consulta' } };
    return undefined;
  };
  let mock: RunningMock;
  beforeAll(async () => {
    const families = (await readFamilies(rootDir)).map((f) => f.id);
    mock = await startMock({ rootDir, families, port: 0, logLevel: 'silent', engine, respond });
  });
  afterAll(() => mock?.close());

  async function post(route: string, body: unknown, headers: Record<string, string> = HEADERS) {
    const response = await fetch(`${mock.url}${route}`, { method: 'POST', headers, body: JSON.stringify(body) });
    return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
  }

  test('an answer decision is sent as that status and JSON body, with its headers', async () => {
    const r = await post('/api/V2/Voos/Reservar', CREDENTIALS);
    expect(r).toMatchObject({ status: 200, body: { Localizador: 'FLOW01' } });
    expect(r.headers.get('content-type')).toBe('application/json');
    expect(r.headers.get('x-flow-step')).toBe('1');
    expect(calls.at(-1)).toMatchObject({
      family: 'v2-pt',
      operation: 'Reservar',
      method: 'POST',
      path: '/api/V2/Voos/Reservar',
      body: CREDENTIALS,
    });
    expect(calls.at(-1)?.headers['developer-token']).toBe(HEADERS['developer-token']);
  });

  test('an annotation adds its headers to the ordinary answer, also on a Prefer call', async () => {
    const plain = await post('/api/V2/Voos/Consultar', CREDENTIALS);
    expect(plain).toMatchObject({ status: 200, body: {} });
    expect(plain.headers.get('x-flow-scenario')).toBe('consulta');
    const preferred = await post('/api/V2/Voos/Consultar', CREDENTIALS, { ...HEADERS, prefer: 'code=200' });
    expect(preferred.status).toBe(200);
    expect(preferred.headers.get('x-flow-scenario')).toBe('consulta');
  });

  test('no decision: the ordinary answer; a call outside the contract never reaches the responder', async () => {
    expect(await post('/api/V2/Voos/Cancelar', CREDENTIALS)).toMatchObject({ status: 200, body: {} });
    const before = calls.length;
    expect((await post('/api/V2/Voos/Reservar', { Login: 'agencia' })).status).toBe(422);
    const { 'developer-token': _token, ...noToken } = HEADERS;
    expect((await post('/api/V2/Voos/Reservar', CREDENTIALS, noToken)).status).toBe(401);
    expect(calls.length).toBe(before);
  });
});
