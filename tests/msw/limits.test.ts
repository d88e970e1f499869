// Issue 58, point 4: one set of limits (LIMITS, src/lib/limits.ts) at every door. The same
// hostile bodies (past the body size, nested past the depth, a string or a key past the
// string length) go to the mock on a port on 127.0.0.1 (startMock, as the docs console's
// mock runs) and to the MSW handlers through msw/node's setupServer: each gets the same
// problem at both, the one limitBroken() words, and both keep serving.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LIMITS, limitBroken } from '../../src/lib/limits.ts';
import { startMock, type RunningMock } from '../../src/mock/server.ts';
import { createHandlers } from '../../src/msw.ts';
import { rootDir } from '../support/bundle.ts';

const HEADERS = { 'content-type': 'application/json', 'developer-token': 't', 'developer-access-code': 'c' };
const SEARCH = { Login: 'a', Senha: 'b', Origem: 'GRU', Destino: 'GIG', DataIda: '2026-05-20T00:00:00', QuantidadeAdultos: 1 };
const MSW_BASE = 'https://limits.msw.invalid';
const PATH = '/api/V2/Voos/Disponibilidade';

const nested = (levels: number) => `{"Login":"a","Senha":"b","Dados":${'['.repeat(levels)}1${']'.repeat(levels)}}`;
const HOSTILE: Array<{ name: string; body: string; status: number; detail: RegExp }> = [
  {
    name: 'a body past LIMITS.bodyBytes',
    body: JSON.stringify({ ...SEARCH, Filler: 'x'.repeat(LIMITS.bodyBytes) }),
    status: 413,
    detail: /larger than 1048576 bytes/,
  },
  { name: 'nested one level past LIMITS.depth', body: nested(LIMITS.depth), status: 413, detail: /deeper than 64 levels/ },
  { name: 'nested 100,000 levels', body: nested(100_000), status: 413, detail: /deeper than 64 levels/ },
  {
    name: 'a string past LIMITS.stringChars',
    body: JSON.stringify({ ...SEARCH, Origem: 'G'.repeat(LIMITS.stringChars + 1) }),
    status: 413,
    detail: /string in the body is longer than 65536/,
  },
  {
    name: 'a key past LIMITS.stringChars',
    body: JSON.stringify({ ...SEARCH, ['k'.repeat(LIMITS.stringChars + 1)]: 1 }),
    status: 413,
    detail: /key in the body is longer than 65536/,
  },
  {
    name: 'past the string length in a body the mock checks in a body process (over 256 KiB)',
    body: JSON.stringify({
      ...SEARCH,
      Filler: Array.from({ length: 5 }, () => 'x'.repeat(60 * 1024)),
      Long: 'y'.repeat(LIMITS.stringChars + 1),
    }),
    status: 413,
    detail: /string in the body is longer than 65536/,
  },
];

const server = setupServer();
let mock: RunningMock;

beforeAll(async () => {
  mock = await startMock({ rootDir, families: ['v2-pt'], port: 0, logLevel: 'silent' });
  server.use(...(await createHandlers({ families: ['v2-pt'], baseUrl: MSW_BASE })));
  // The mock is reached over the network beside the handlers.
  server.listen({ onUnhandledRequest: 'bypass' });
}, 60_000);

afterAll(async () => {
  server.close();
  await mock?.close();
});

async function post(base: string, body: string) {
  const response = await fetch(`${base}${PATH}`, { method: 'POST', headers: HEADERS, body });
  return { status: response.status, type: response.headers.get('content-type'), problem: JSON.parse(await response.text()) as unknown };
}

describe.each(HOSTILE)('$name', ({ body, status, detail }) => {
  test('the same problem from the mock on a port and from the MSW handlers', async () => {
    const [onPort, viaMsw] = [await post(mock.url, body), await post(MSW_BASE, body)];
    expect(onPort.status).toBe(status);
    expect(onPort.type).toBe('application/problem+json');
    expect((onPort.problem as { detail: string }).detail).toMatch(detail);
    expect(viaMsw).toEqual(onPort);
  });
});

test('the detail is the one limitBroken() gives, and both doors keep serving', async () => {
  const broken = limitBroken(JSON.parse(nested(LIMITS.depth)));
  expect(broken).toBeDefined();
  expect((await post(mock.url, nested(LIMITS.depth))).problem).toMatchObject({ status: 413, detail: broken?.detail });
  // Just within each bound: not refused for it.
  for (const within of [nested(LIMITS.depth - 2), JSON.stringify({ ...SEARCH, Nota: 'n'.repeat(LIMITS.stringChars) })]) {
    const [onPort, viaMsw] = [await post(mock.url, within), await post(MSW_BASE, within)];
    expect(onPort.status).not.toBe(413);
    expect(viaMsw).toEqual(onPort);
  }
  expect((await post(mock.url, JSON.stringify(SEARCH))).status).toBe(200);
  expect((await post(MSW_BASE, JSON.stringify(SEARCH))).status).toBe(200);
});
