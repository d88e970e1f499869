// Issue 53: the mock answers by the request. Every named pair of the observed flavours is sent
// to a real mock on 127.0.0.1 (credentials changed, a field added) and must get, byte for byte,
// what `Prefer: code=<status>, example=<name>` gets, named in `x-mock-example`; a `Prefer`
// choice switches pairing off; a body matching no pair gets the ordinary answer; validation
// comes first. Fixture folders (Specmatic's external example format) through startMock and the
// MSW handlers, refused whole when one file is wrong; the build's check of broken pairs.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { choosePair, conditionsOf, EXAMPLE_HEADER, type ExamplePair } from '../../src/mock/pairs.ts';
import { pairProblems } from '../../src/mock/pairs-check.ts';
import { startMock, type RunningMock } from '../../src/mock/server.ts';
import { createHandlers } from '../../src/msw.ts';
import { readScenarios } from '../../src/scenarios/read.ts';
import { rootDir } from '../support/bundle.ts';

const HEADERS = { 'content-type': 'application/json', 'developer-token': 't', 'developer-access-code': 'c' };
type Doc = {
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody?: { content: Record<string, { examples?: Record<string, { value: unknown }> }> };
        responses: Record<string, { content?: Record<string, { examples?: Record<string, unknown> }> }>;
      }
    >
  >;
};

const bundle = (id: string) => JSON.parse(readFileSync(path.join(rootDir, 'generated', id, 'openapi.json'), 'utf8')) as Doc;

/** Every pair of a bundle: path, name, status, the request example's value. */
function pairsOf(doc: Doc) {
  return Object.entries(doc.paths).flatMap(([route, item]) =>
    Object.entries(item).flatMap(([, op]) =>
      Object.entries(op.requestBody?.content['application/json']?.examples ?? {}).map(([name, example]) => {
        const status = Object.entries(op.responses).find(([, r]) => r.content?.['application/json']?.examples?.[name])?.[0];
        return { route, name, status: Number(status), value: example.value as Record<string, unknown> };
      }),
    ),
  );
}

let observed: RunningMock;
let published: RunningMock;
let folder: string;

const SEARCH = { Login: 'a', Senha: 'b', Origem: 'GRU', Destino: 'GIG', DataIda: '2026-05-20', QuantidadeAdultos: 2 };
const FIXTURE = {
  'http-request': { method: 'POST', path: '/api/V2/Voos/Disponibilidade', headers: { 'Content-Type': 'application/json' }, body: SEARCH },
  'http-response': { status: 200, headers: { 'Content-Type': 'application/json' }, body: { Voos: [{ Numero: 'duas-pessoas' }] } },
};
// The legacy route's session rule keeps its precedence over a fixture whose body has no Login.
const LEGACY_FIXTURE = {
  'http-request': { method: 'POST', path: '/AereoNoSession.svc/ObterMapaDeAssentos', body: { Localizador: 'ABC123' } },
  'http-response': { status: 200, body: {} },
};

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'pairs-'));
  await writeFile(path.join(folder, 'duas-pessoas.json'), JSON.stringify(FIXTURE));
  await writeFile(path.join(folder, 'sem-login.json'), JSON.stringify(LEGACY_FIXTURE));
  [observed, published] = await Promise.all([
    startMock({ rootDir, families: ['v2-pt', 'legacy'], observed: true, behaviours: false, port: 0, logLevel: 'silent' }),
    startMock({ rootDir, families: ['v2-pt', 'legacy'], examples: folder, port: 0, logLevel: 'silent' }),
  ]);
}, 60_000);

afterAll(async () => {
  await Promise.all([observed?.close(), published?.close()]);
  await rm(folder, { recursive: true, force: true });
});

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, { method: 'POST', headers: { ...HEADERS, ...headers }, body: JSON.stringify(body) });
  return {
    status: response.status,
    example: response.headers.get(EXAMPLE_HEADER),
    type: response.headers.get('content-type'),
    body: await response.text(),
  };
}

test('every pair of the observed flavours answers as its Prefer does, named; credentials and extra fields are not compared', async () => {
  const pairs = [...pairsOf(bundle('v2-pt-observed')), ...pairsOf(bundle('legacy-observed'))];
  expect(pairs.length).toBe(22);
  for (const pair of pairs) {
    const body = { ...pair.value, Login: 'outra', Senha: 'outra-senha', CampoAMais: 'x' };
    const paired = await post(`${observed.url}${pair.route}`, body);
    const preferred = await post(`${observed.url}${pair.route}`, pair.value, { prefer: `code=${pair.status}, example=${pair.name}` });
    expect([paired.status, paired.example, paired.body], `${pair.route} ${pair.name}`).toEqual([
      preferred.status,
      pair.name,
      preferred.body,
    ]);
    expect(preferred.example).toBeNull();
  }
});

test('a Prefer choice switches pairing off; a body matching no pair gets the ordinary answer; validation comes first', async () => {
  const [pair] = pairsOf(bundle('v2-pt-observed')).filter((p) => p.route.endsWith('/Disponibilidade'));
  const url = `${observed.url}${pair!.route}`;
  const ordinary = await post(url, { ...pair!.value, Origem: 'XYZ' }, { prefer: 'dynamic=false' });
  const unmatched = await post(url, { ...pair!.value, Origem: 'XYZ' });
  expect([unmatched.status, unmatched.example, unmatched.body]).toEqual([200, null, ordinary.body]);
  const chosen = await post(url, pair!.value, { prefer: 'code=200' });
  const chosenByQuery = await post(`${url}?__code=200`, pair!.value);
  const paired = await post(url, pair!.value);
  expect(paired.example).toBe(pair!.name);
  expect([chosen.example, chosenByQuery.example]).toEqual([null, null]);
  expect(chosenByQuery.body).toBe(chosen.body);
  // A paired body with a wrong type is refused, naming the field, before any pairing.
  const wrong = await post(url, { ...pair!.value, QuantidadeAdultos: 'um' });
  expect([wrong.status, wrong.example, wrong.type]).toEqual([422, null, 'application/problem+json']);
  expect(wrong.body).toContain('QuantidadeAdultos');
});

test('the certification flows keep their precedence: a captured step that is also a pair is replayed', async () => {
  const flows = await startMock({ rootDir, flows: true, port: 0, logLevel: 'silent' });
  try {
    const [pair] = pairsOf(bundle('v2-pt-observed')).filter((p) => p.route.endsWith('/Disponibilidade'));
    const captured = readScenarios(rootDir)
      .find((s) => s.name === pair!.name)
      ?.steps.find((step) => step.id.endsWith('-Disponibilidade'));
    expect(captured).toBeDefined();
    const replayed = await fetch(`${flows.url}/AereoNoSession.svc/Disponibilidade`, {
      method: 'POST',
      headers: HEADERS,
      body: JSON.stringify(captured!.request),
    });
    await replayed.text();
    expect([replayed.status, replayed.headers.get('x-mock-flows'), replayed.headers.get(EXAMPLE_HEADER)]).toEqual([200, 'replay', null]);
    // Without the flows, the same body is that pair's call.
    expect((await post(`${observed.url}/AereoNoSession.svc/Disponibilidade`, captured!.request)).example).toBe(pair!.name);
  } finally {
    await flows.close();
  }
});

test('x-mock-match narrows what is compared; the pair with most matched values wins, then the first listed', () => {
  const example = { Login: 'a', Origem: 'GRU', Destino: 'GIG', Passageiros: [{ Tipo: 'ADT' }] };
  const all = conditionsOf(example);
  expect(all.ok && all.conditions.map((c) => c.path.join('/'))).toEqual(['Origem', 'Destino', 'Passageiros/0/Tipo']);
  const narrowed = conditionsOf(example, ['/Destino']);
  expect(narrowed.ok && narrowed.conditions).toEqual([{ path: ['Destino'], value: 'GIG' }]);
  expect(conditionsOf(example, ['/Nada'])).toMatchObject({ ok: false, detail: expect.stringContaining('resolves to nothing') });
  expect(conditionsOf(example, ['/Login'])).toMatchObject({ ok: false });
  const pair = (name: string, conditions: ExamplePair['conditions']): ExamplePair => ({ name, status: 200, conditions });
  const pairs = [
    pair('destino', [{ path: ['Destino'], value: 'GIG' }]),
    pair('origem', [{ path: ['Origem'], value: 'GRU' }]),
    pair('ambos', [
      { path: ['Origem'], value: 'GRU' },
      { path: ['Destino'], value: 'GIG' },
    ]),
  ];
  expect(choosePair(pairs, { Origem: 'GRU', Destino: 'GIG' })?.name).toBe('ambos');
  expect(choosePair(pairs.slice(0, 2), { Origem: 'GRU', Destino: 'GIG' })?.name).toBe('destino');
  expect(choosePair(pairs, { Origem: 'GRU', Destino: 'MAD' })?.name).toBe('origem');
  expect(choosePair(pairs, { Origem: 'LIS' })).toBeUndefined();
});

test('a fixture folder answers through startMock and the MSW handlers alike; the session rule keeps its precedence', async () => {
  const server = setupServer(
    ...(await createHandlers({ families: ['v2-pt', 'legacy'], examples: folder, baseUrl: 'https://fixtures.example' })),
  );
  server.listen({ onUnhandledRequest: 'bypass' });
  try {
    for (const base of [published.url, 'https://fixtures.example']) {
      const matched = await post(`${base}/api/V2/Voos/Disponibilidade`, { ...SEARCH, Senha: 'outra' });
      expect([matched.status, matched.example, JSON.parse(matched.body)], base).toEqual([
        200,
        'duas-pessoas',
        FIXTURE['http-response'].body,
      ]);
      const other = await post(`${base}/api/V2/Voos/Disponibilidade`, { ...SEARCH, QuantidadeAdultos: 1 });
      expect([other.status, other.example, other.body], base).toEqual([200, null, '{}']);
      const session = await post(`${base}/AereoNoSession.svc/ObterMapaDeAssentos`, LEGACY_FIXTURE['http-request'].body);
      expect([session.example, JSON.parse(session.body).SessaoExpirada], base).toEqual([null, true]);
    }
  } finally {
    server.close();
  }
});

test('fixtures handed in as an object (a glob import) answer through the MSW handlers; in Node both bodies are checked', async () => {
  // As Vite's `import.meta.glob('./fixtures/*.json', { eager: true })` gives them: paths as keys,
  // one as a module namespace (the glob without `import: 'default'`).
  const fixtures = { './fixtures/duas-pessoas.json': { default: FIXTURE }, './fixtures/sem-login.json': LEGACY_FIXTURE };
  const server = setupServer(
    ...(await createHandlers({ families: ['v2-pt', 'legacy'], examples: fixtures, baseUrl: 'https://glob.example' })),
  );
  server.listen({ onUnhandledRequest: 'bypass' });
  try {
    const matched = await post('https://glob.example/api/V2/Voos/Disponibilidade', { ...SEARCH, Senha: 'outra' });
    expect([matched.status, matched.example, JSON.parse(matched.body)]).toEqual([200, 'duas-pessoas', FIXTURE['http-response'].body]);
    const other = await post('https://glob.example/api/V2/Voos/Disponibilidade', { ...SEARCH, QuantidadeAdultos: 1 });
    expect([other.status, other.example]).toEqual([200, null]);
  } finally {
    server.close();
  }
  // The published answers are open (their fields are not published): the observed flavour types `Cia`.
  const wrongAnswer = { ...FIXTURE, 'http-response': { status: 200, body: { Cia: 'nenhuma' } } };
  await expect(
    createHandlers({ families: ['v2-pt'], observed: true, examples: { './fixtures/resposta-errada.json': wrongAnswer } }),
  ).rejects.toThrow(/\.\/fixtures\/resposta-errada\.json: http-response\.body\.Cia/);
  await expect(createHandlers({ families: ['v2-pt'], examples: [] as unknown as Record<string, unknown> })).rejects.toThrow(TypeError);
});

test('a folder with one wrong fixture is refused whole, naming the file and the field', async () => {
  const bad = await mkdtemp(path.join(tmpdir(), 'pairs-bad-'));
  try {
    await writeFile(path.join(bad, 'a-valida.json'), JSON.stringify(FIXTURE));
    const wrong = structuredClone(FIXTURE);
    (wrong['http-request'].body as Record<string, unknown>).QuantidadeAdultos = 'dois';
    await writeFile(path.join(bad, 'b-errada.json'), JSON.stringify(wrong));
    await writeFile(path.join(bad, 'c-status.json'), JSON.stringify({ ...FIXTURE, 'http-response': { status: 299, body: {} } }));
    await writeFile(path.join(bad, 'd-texto.json'), '{"Senha": "segredo-aqui",');
    const failure = await startMock({ rootDir, families: ['v2-pt'], examples: bad, port: 0, logLevel: 'silent' }).then(
      (m) => m.close().then(() => undefined),
      (error: Error) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    const message = (failure as Error).message;
    expect(message).toContain(`${path.join(bad, 'b-errada.json')}: http-request.body.QuantidadeAdultos`);
    expect(message).toContain(`${path.join(bad, 'c-status.json')}: http-response.status`);
    expect(message).toContain(`${path.join(bad, 'd-texto.json')}: not JSON`);
    expect(message).not.toContain('segredo-aqui');
    await expect(createHandlers({ families: ['v2-pt'], examples: bad })).rejects.toThrow('b-errada.json');
  } finally {
    await rm(bad, { recursive: true, force: true });
  }
});

test('the build refuses broken pairs, naming each example', () => {
  const doc = bundle('v2-pt-observed') as unknown as Record<string, unknown> & Doc;
  expect(pairProblems({ id: 'v2-pt-observed', doc })).toEqual([]);
  const broken = structuredClone(doc);
  const op = (name: string) => broken.paths[`/api/V2/Voos/${name}`]!.post!;
  const requests = (name: string) => op(name).requestBody!.content['application/json']!.examples!;
  // A request example with no answer of its name.
  requests('Tarifar').sozinho = { value: { ...(requests('Tarifar')['cenario1-adulto-ida-nacional-faturado']!.value as object), Extra: 1 } };
  // A name under two statuses, and a pair under `default`.
  const [emitirName] = Object.keys(requests('Consultar'));
  op('Consultar').responses.default = { content: { 'application/json': { examples: { [emitirName!]: { value: {} } } } } };
  // An x-mock-match pointer that resolves to nothing.
  (requests('Cancelar')['cenario1-adulto-ida-nacional-faturado'] as Record<string, unknown>)['x-mock-match'] = ['/NaoExiste'];
  // Two request examples that match exactly the same calls (credentials differ only).
  const emitir = requests('Emitir');
  emitir['noro-guru'] = { value: { ...(emitir['cenario1-adulto-ida-nacional-faturado']!.value as object), Senha: 'outra' } };
  // A request example that does not fit its schema.
  requests('Reservar')['cenario2-2adultos-idavolta-internacional-faturado']!.value = 'não é um objeto';
  const problems = pairProblems({ id: 'v2-pt-observed', doc: broken as unknown as Record<string, unknown> }).join('\n');
  expect(problems).toContain('POST /api/V2/Voos/Tarifar: example "sozinho": a request example with no response example of the same name');
  expect(problems).toContain(`POST /api/V2/Voos/Consultar: example "${emitirName}": the name is under 2 statuses`);
  expect(problems).toContain(`POST /api/V2/Voos/Consultar: example "${emitirName}": a pair under \`default\``);
  expect(problems).toContain(
    'POST /api/V2/Voos/Cancelar: example "cenario1-adulto-ida-nacional-faturado": x-mock-match "/NaoExiste" resolves to nothing',
  );
  expect(problems).toContain(
    'POST /api/V2/Voos/Emitir: example "noro-guru": matches exactly the same calls as example "cenario1-adulto-ida-nacional-faturado"',
  );
  expect(problems).toContain(
    'POST /api/V2/Voos/Reservar: example "cenario2-2adultos-idavolta-internacional-faturado": the request example does not fit the request schema',
  );
});
