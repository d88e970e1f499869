// Issue 58: the mock's log is redacted as the proxy's is, at every level, and its problem
// bodies quote no secret either: a password used as a path segment, a developer token sent in
// the query string, a password used as a key (named by a 422), a failure whose error quotes the
// password. Real mocks on 127.0.0.1 (in this process, one per log level, and the command as a
// child process at its default level), real fetch; every text is searched by the canaries'
// decoding detector (tests/support/canaries.ts), which shares no code with the redactor.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LOG_LEVELS, type LogLevel } from '../../src/mock/request-log.ts';
import type { MockResponder } from '../../src/mock/responder.ts';
import { startMock, type RunningMock } from '../../src/mock/server.ts';
import { rootDir } from '../support/bundle.ts';
import { hidden } from '../support/canaries.ts';
import { startMockProcess, type MockProcess } from '../support/mock-process.ts';

const SECRETS = {
  login: 'LOGIN-canary-5Rk2',
  senha: 'SENHA-canary-Wq7"&<',
  developerToken: '3b9e1f70-2c4d-4a8b-9e6f-0d1c2b3a4f5e',
  accessCode: 'QUNDRVNTLWxvZy1jYW5hcnktODg=',
};
const HEADERS = {
  'content-type': 'application/json',
  'developer-token': SECRETS.developerToken,
  'developer-access-code': SECRETS.accessCode,
};
const SEARCH = { Origem: 'GRU', Destino: 'GIG', DataIda: '2026-05-20T00:00:00', QuantidadeAdultos: 1 };
const CREDENTIALS = { Login: SECRETS.login, Senha: SECRETS.senha };
const leaks = (text: string): string[] => hidden(text, Object.values(SECRETS));

/** The asks of the issue, each a call whose line (and problem) would quote a secret. */
const CALLS: Array<{ name: string; path: string; body: unknown; status: number; headers?: Record<string, string> }> = [
  { name: 'password as a path segment', path: `/api/V2/Voos/${encodeURIComponent(SECRETS.senha)}`, body: CREDENTIALS, status: 404 },
  {
    name: 'password as a path segment, partly encoded',
    path: `/api/V2/Voos/${encodeURIComponent(SECRETS.senha).replace('%26', '&')}`,
    body: CREDENTIALS,
    status: 404,
  },
  {
    name: 'developer token in the query, refused',
    path: `/api/V2/Voos/NaoExiste?developer-token=${encodeURIComponent(SECRETS.developerToken)}`,
    body: CREDENTIALS,
    status: 404,
  },
  {
    name: 'developer token in the query, answered',
    path: `/api/V2/Voos/Disponibilidade?developer-token=${SECRETS.developerToken}&senha=${encodeURIComponent(SECRETS.senha)}`,
    body: { ...CREDENTIALS, ...SEARCH },
    status: 200,
  },
  {
    name: 'password as a key, named by the 422',
    path: '/api/V2/Voos/ObterMapaDeAssentos',
    body: { ...CREDENTIALS, Localizador: 'ABC123', [SECRETS.senha]: 1, [SECRETS.login]: { [SECRETS.developerToken]: 2 } },
    status: 422,
  },
  {
    name: 'a failure whose error quotes the password',
    path: '/api/V2/Voos/Disponibilidade',
    body: { ...CREDENTIALS, ...SEARCH },
    status: 500,
    headers: { 'x-fail': '1' },
  },
];

// A responder that fails with the password in its message (an integrator's bug the log must not print).
const respond: MockResponder = (call) => {
  if (call.headers['x-fail'] === '1') throw new Error(`cannot answer ${String((call.body as { Senha?: string }).Senha)}`);
  return undefined;
};

async function send(url: string, call: (typeof CALLS)[number]) {
  const response = await fetch(`${url}${call.path}`, {
    method: 'POST',
    headers: { ...HEADERS, ...call.headers },
    body: JSON.stringify(call.body),
  });
  return { status: response.status, text: await response.text() };
}

/** How many lines a level writes for CALLS: refusals from warn, 5xx from error, every call from info. */
const expectedLines = (level: LogLevel): number =>
  CALLS.filter((c) => (level === 'silent' ? false : level === 'error' ? c.status >= 500 : level === 'warn' ? c.status >= 400 : true))
    .length + (level === 'silent' ? 0 : 1);

const logs = new Map<LogLevel, string[]>();
const mocks = new Map<LogLevel, RunningMock>();

beforeAll(async () => {
  for (const level of LOG_LEVELS) {
    const lines: string[] = [];
    logs.set(level, lines);
    mocks.set(level, await startMock({ rootDir, port: 0, logLevel: level, logSink: { write: (text) => lines.push(text) }, respond }));
  }
}, 60_000);

afterAll(async () => {
  await Promise.all([...mocks.values()].map((m) => m.close()));
});

describe.each(LOG_LEVELS)('log level %s', (level) => {
  test('no secret of the request in any line or problem body, in any encoding', async () => {
    const mock = mocks.get(level)!;
    const bodies: string[] = [];
    for (const call of CALLS) {
      const answer = await send(mock.url, call);
      expect(answer.status, call.name).toBe(call.status);
      bodies.push(answer.text);
    }
    const lines = logs.get(level)!;
    // A failure is two lines (the failure, then the request's 500).
    await expect.poll(() => lines.join('').split('\n').filter(Boolean).length).toBe(expectedLines(level));
    const log = lines.join('');
    expect(leaks(log)).toEqual([]);
    expect(leaks(bodies.join('\n'))).toEqual([]);
    if (level === 'warn' || level === 'info' || level === 'debug') {
      expect(log).toMatch(/POST \/api\/V2\/Voos\/\[redacted\] 404 /);
      expect(log).toMatch(/POST \/api\/V2\/Voos\/NaoExiste\?developer-token=\[redacted\] 404 /);
      expect(log).toMatch(/found '\[redacted\]'/);
    }
    if (level === 'info' || level === 'debug')
      expect(log).toMatch(/POST \/api\/V2\/Voos\/Disponibilidade\?developer-token=\[redacted\]&senha=\[redacted\] 200 /);
    if (level !== 'silent') expect(log).toMatch(/Mock failure on POST \/api\/V2\/Voos\/Disponibilidade: Error: cannot answer \[redacted\]/);
  });
});

test('a problem names the key that is a secret as [redacted], in its detail and its violations', async () => {
  const answer = await send(mocks.get('silent')!.url, CALLS[4]!);
  const problem = JSON.parse(answer.text) as { detail: string; validation: Array<{ location: string[]; message: string }> };
  expect(problem.detail).toContain("found '[redacted]'");
  expect(problem.validation.map((v) => v.message).join('\n')).toContain("found '[redacted]'");
  expect(leaks(answer.text)).toEqual([]);
});

test('a short password (shorter than the redactor searches inside text) is still redacted where it stands whole', async () => {
  const body = { Login: 'ab', Senha: 'pw', Localizador: 'ABC123', pw: 1 };
  const mock = mocks.get('warn')!;
  const lines = logs.get('warn')!;
  const mark = lines.length;
  const keyed = await send(mock.url, { name: 'short key', path: '/api/V2/Voos/ObterMapaDeAssentos', body, status: 422 });
  const pathed = await send(mock.url, { name: 'short segment', path: '/api/V2/Voos/pw', body, status: 404 });
  expect(JSON.parse(keyed.text).detail).toContain("found '[redacted]'");
  expect(JSON.parse(keyed.text).detail).not.toContain("'pw'");
  expect(JSON.parse(pathed.text).detail).toContain('/api/V2/Voos/[redacted]');
  await expect.poll(() => lines.slice(mark).join('')).toMatch(/\/api\/V2\/Voos\/\[redacted\] 404/);
  expect(lines.slice(mark).join('')).not.toMatch(/'pw'|\/pw\b/);
});

describe('the command, at its default level', () => {
  let child: MockProcess;
  beforeAll(async () => {
    child = await startMockProcess(rootDir);
  }, 60_000);
  afterAll(async () => child?.stop());

  test('prints a line per refusal, none of them with a secret', async () => {
    const refused = CALLS.filter((c) => c.status >= 400 && c.status < 500);
    for (const call of refused) expect((await send(child.url, call)).status, call.name).toBe(call.status);
    await expect.poll(() => child.output().match(/ 4\d\d \d+\.\d ms/g)?.length ?? 0).toBe(refused.length);
    expect(child.output()).toContain('[redacted]');
    expect(leaks(child.output())).toEqual([]);
  });
});
