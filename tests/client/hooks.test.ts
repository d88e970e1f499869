// Issue 42, item 2: hooks see every request, answer and failure, with operation, family,
// attempt, timings and status, and bodies and headers already redacted. The real mock
// (scripted-mock.ts) echoes each request (the password in the body, the developer token
// and access code in the headers) in every encoding the client's fault suite uses
// (tests/reliability/faults.ts `encodedEchoes`), in its body and in a header; the leak scan
// of that suite (`leaksIn`: every form of every secret, in every text of a value) must find
// nothing in any event, for secrets of several shapes.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CallErrorEvent, CallRequestEvent, CallResponseEvent } from '../../src/index.ts';
import { HttpStatusError } from '../../src/index.ts';
import { createLegacyClient } from '../../src/legacy.ts';
import { createV2Client } from '../../src/v2.ts';
import { leaksIn } from '../reliability/leak-scan.ts';
import { CANARY } from '../support/canaries.ts';
import { startScriptedMock, type ScriptedMock } from './scripted-mock.ts';

const SHAPES = [
  {
    name: 'plain',
    senha: CANARY.senha,
    securityToken: 'TOKEN-canary-7731',
    developerToken: CANARY.developerToken,
    accessCode: CANARY.accessCode,
  },
  {
    name: 'quotes, backslash, accents, an emoji',
    senha: 'çã"o\\ <&> Ñandú-canary 🙂',
    securityToken: 'Fichá"-canary\\9',
    developerToken: 'A1B2C3D4-E5F6-4A7B-8C9D-0E1F2A3B4C5D',
    accessCode: 'Q0FOQVJZLUFDQ0VTUy1jb2Rl',
  },
];
const SEARCH = { Origem: 'GRU', Destino: 'GIG', DataIda: '2026-05-20T00:00:00', QuantidadeAdultos: 1 };

let mock: ScriptedMock;
beforeAll(async () => {
  mock = await startScriptedMock();
}, 60_000);
afterAll(() => mock?.close());

function recorder() {
  const events: { requests: CallRequestEvent[]; responses: CallResponseEvent[]; errors: CallErrorEvent[] } = {
    requests: [],
    responses: [],
    errors: [],
  };
  const hooks = {
    onRequest: (event: CallRequestEvent) => void events.requests.push(event),
    onResponse: (event: CallResponseEvent) => void events.responses.push(event),
    onError: (event: CallErrorEvent) => void events.errors.push(event),
  };
  return { events, hooks };
}

describe.each(SHAPES)('secrets: $name', (shape) => {
  const secrets = {
    senha: shape.senha,
    securityToken: shape.securityToken,
    developerToken: shape.developerToken,
    accessCode: shape.accessCode,
  };
  const identity = {
    developerToken: shape.developerToken,
    accessCode: shape.accessCode,
    credentials: { Login: 'agencia', Senha: shape.senha },
  };

  test('the echo the mock sends holds every secret (without redaction the scan finds them)', async () => {
    await mock.script({ '/api/V2/Voos/Disponibilidade': [{ status: 200, echo: true }] });
    const response = await fetch(`${mock.url}/api/V2/Voos/Disponibilidade`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'developer-token': shape.developerToken, 'developer-access-code': shape.accessCode },
      body: JSON.stringify({ ...SEARCH, Login: 'agencia', Senha: shape.senha, Observacao: shape.securityToken }),
    });
    const raw = { body: await response.text(), header: response.headers.get('x-echo') };
    expect(leaksIn(raw, secrets).sort()).toEqual(Object.keys(secrets).sort());
  });

  test('V2: a retried read and a failed write, seen by every hook, redacted', async () => {
    await mock.script({
      '/api/V2/Voos/Disponibilidade': [
        { status: 503, echo: true },
        { status: 200, echo: true },
      ],
      '/api/V2/Voos/Reservar': [{ status: 500, echo: true }],
    });
    const { events, hooks } = recorder();
    const v2 = createV2Client({ baseUrl: mock.url, ...identity, hooks, retry: { backoff: 5 } });
    const answer = await v2.Disponibilidade(SEARCH);
    await expect(v2.Reservar({})).rejects.toThrow(HttpStatusError);

    expect(events.requests.map((e) => [e.operation, e.family, e.attempt])).toEqual([
      ['Disponibilidade', 'v2-pt', 1],
      ['Disponibilidade', 'v2-pt', 2],
      ['Reservar', 'v2-pt', 1],
    ]);
    expect(events.errors.map((e) => [e.operation, e.attempt, e.status])).toEqual([
      ['Disponibilidade', 1, 503],
      ['Reservar', 1, 500],
    ]);
    expect(events.responses.map((e) => [e.operation, e.attempt, e.status])).toEqual([['Disponibilidade', 2, 200]]);
    const [request] = events.requests;
    // The login is a credential too (`x-credential: login` in the contract index): never shown.
    expect(request?.body).toMatchObject({ Origem: 'GRU', Login: '[redacted]', Senha: '[redacted]' });
    expect(request?.headers).toMatchObject({ 'developer-token': '[redacted]', 'developer-access-code': '[redacted]' });
    const response = events.responses[0]!;
    expect(response.durationMs).toBeGreaterThanOrEqual(0);
    expect(response.startedAt).toBeGreaterThanOrEqual(events.requests[1]!.startedAt);
    // The echo is long: the hook gets the start of its JSON, bounded like an error's body.
    const shown = typeof response.body === 'string' ? response.body : JSON.stringify(response.body);
    expect(shown).toMatch(/"echoed":"url: .*\[redacted\]/);
    expect(response.headers['x-echo']).toBe('[redacted] [redacted]');
    expect(events.errors[0]?.error).toBeInstanceOf(HttpStatusError);
    // The caller still gets the answer as it came: only what the hooks see is redacted.
    expect(JSON.stringify(answer)).toContain(encodeURIComponent(shape.developerToken).slice(0, 8));
    // TokenDeSeguranca is not in these calls: the password, the developer token and the access code are.
    const { securityToken: _, ...ofTheseCalls } = secrets;
    expect(leaksIn(events, ofTheseCalls)).toEqual([]);
  });

  test('legacy: the session token Autenticar answers and TokenDeSeguranca are hidden from the hooks', async () => {
    await mock.script({
      '/AereoNoSession.svc/Autenticar': [{ status: 200, body: `${shape.securityToken}-session` }],
      '/AereoNoSession.svc/ValidarTokenSeguranca': [{ status: 200, body: { Valido: true }, echo: true }],
    });
    const { events, hooks } = recorder();
    const legacy = createLegacyClient({ baseUrl: mock.url, ...identity, hooks });
    await expect(legacy.Autenticar({})).resolves.toBe(`${shape.securityToken}-session`);
    await legacy.ValidarTokenSeguranca({ TokenDeSeguranca: shape.securityToken });
    expect(events.responses.map((e) => [e.operation, e.family, e.status])).toEqual([
      ['Autenticar', 'legacy', 200],
      ['ValidarTokenSeguranca', 'legacy', 200],
    ]);
    expect(events.responses[0]?.body).toBe('[redacted]');
    expect(events.requests[1]?.body).toMatchObject({ TokenDeSeguranca: '[redacted]' });
    expect(leaksIn(events, { ...secrets, session: `${shape.securityToken}-session` })).toEqual([]);
  });
});

test('a hook that throws or rejects does not break the call', async () => {
  await mock.script({});
  const v2 = createV2Client({
    baseUrl: mock.url,
    developerToken: CANARY.developerToken,
    accessCode: CANARY.accessCode,
    credentials: { Login: 'agencia', Senha: CANARY.senha },
    hooks: {
      onRequest: () => {
        throw new Error('hook failed');
      },
      onResponse: () => Promise.reject(new Error('hook rejected')),
    },
  });
  await expect(v2.Disponibilidade(SEARCH)).resolves.toEqual({});
});
