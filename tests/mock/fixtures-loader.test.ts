// Issue 58, points 3 and 5: the fixture loader holds. Only regular files inside the folder are
// read (a symbolic link out and a FIFO refused by name, the FIFO never opened); each file and
// the folder are bounded by LIMITS before anything is read; a byte order mark is accepted as the
// mock's body parser accepts it; header values a header cannot carry as written and non-JSON answers with an
// object body are refused at load, and a file name of any characters is served, percent-encoded
// in `x-mock-example`; errors name the file, the field and the rule, never the value; one bad
// file refuses the folder, every bad file listed (at most LISTED_FAULTS lines). The good folder
// is served by the mock on a port (`--examples`), startMock and the MSW handlers alike.
import { execFileSync } from 'node:child_process';
import { closeSync, constants, openSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setupServer } from 'msw/node';
import { afterAll, expect, test } from 'vitest';
import { LIMITS } from '../../src/lib/limits.ts';
import { LISTED_FAULTS } from '../../src/mock/fixture-read.ts';
import { loadFixturesOfBundles } from '../../src/mock/fixtures.ts';
import { EXAMPLE_HEADER } from '../../src/mock/pairs.ts';
import { type RunningMock, startMock } from '../../src/mock/server.ts';
import { createHandlers } from '../../src/msw.ts';
import { createRedactor } from '../../src/redact.ts';
import { rootDir } from '../support/bundle.ts';
import { startMockProcess } from '../support/mock-process.ts';

const HEADERS = { 'content-type': 'application/json', 'developer-token': 't', 'developer-access-code': 'c' };
const SEARCH = { Login: 'a', Senha: 'b', Origem: 'GRU', Destino: 'GIG', DataIda: '2026-05-20', QuantidadeAdultos: 2 };
const ROUTE = '/api/V2/Voos/Disponibilidade';

/** A fixture of Disponibilidade for `adults` adults, answering `response`. */
function fixture(adults: number, response: Record<string, unknown> = { status: 200, body: { Voos: [{ Numero: String(adults) }] } }) {
  return { 'http-request': { method: 'POST', path: ROUTE, body: { ...SEARCH, QuantidadeAdultos: adults } }, 'http-response': response };
}

const folders: string[] = [];
async function folder(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), `fixtures-${prefix}-`));
  folders.push(dir);
  return dir;
}

/** The loader's refusal of a folder (the MSW handlers' loader in Node: startMock's reads the same way). */
async function refusal(dir: string): Promise<string> {
  const outcome = await loadFixturesOfBundles(dir, ['v2-pt']).then(
    () => undefined,
    (error: Error) => error,
  );
  expect(outcome, `${dir} should be refused`).toBeInstanceOf(Error);
  return (outcome as Error).message;
}

const NAMES = { bom: 'com-bom', wide: 'voo-航班-ção', line: 'linha\nnova', link: 'ligado', html: 'pagina' } as const;

afterAll(async () => {
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A folder the loader takes whole: a BOM, names past ASCII and with a line break, a link inside, a text answer. */
async function goodFolder(): Promise<string> {
  const good = await folder('good');
  await writeFile(path.join(good, `${NAMES.bom}.json`), `\ufeff${JSON.stringify(fixture(2))}`);
  await writeFile(path.join(good, `${NAMES.wide}.json`), JSON.stringify(fixture(3)));
  await writeFile(path.join(good, `${NAMES.line}.json`), JSON.stringify(fixture(4)));
  // A link to a file inside the folder (in a subfolder the loader does not list) is read as that file.
  await mkdir(path.join(good, 'alvo'));
  await writeFile(path.join(good, 'alvo', 'real.json'), JSON.stringify(fixture(5)));
  await symlink(path.join('alvo', 'real.json'), path.join(good, `${NAMES.link}.json`));
  const html = { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8', 'X-Nota': 'voo\tdireto' }, body: '<p>voo</p>' };
  await writeFile(path.join(good, `${NAMES.html}.json`), JSON.stringify(fixture(6, html)));
  return good;
}

async function post(base: string, body: unknown) {
  const response = await fetch(`${base}${ROUTE}`, { method: 'POST', headers: HEADERS, body: JSON.stringify(body) });
  return { status: response.status, example: response.headers.get(EXAMPLE_HEADER), response, body: await response.text() };
}

test('a good folder is served by the mock on a port, startMock and the MSW handlers: a BOM, a link inside, any file name', async () => {
  const good = await goodFolder();
  const port = await startMockProcess(rootDir, ['--families', 'v2-pt', '--examples', good]);
  let mock: RunningMock | undefined;
  const server = setupServer();
  try {
    const running = await startMock({ rootDir, families: ['v2-pt'], examples: good, port: 0, logLevel: 'silent' });
    mock = running;
    server.use(...(await createHandlers({ families: ['v2-pt'], examples: good, baseUrl: 'https://fixtures.example' })));
    server.listen({ onUnhandledRequest: 'bypass' });
    for (const base of [port.url, running.url, 'https://fixtures.example']) {
      const answers = await Promise.all([2, 3, 4, 5, 6].map((adults) => post(base, { ...SEARCH, QuantidadeAdultos: adults })));
      // Each name percent-encoded where it is not printable ASCII: decoded, it is the file's name.
      expect(
        answers.map((a) => [a.status, a.example === null ? null : decodeURIComponent(a.example)]),
        base,
      ).toEqual([NAMES.bom, NAMES.wide, NAMES.line, NAMES.link, NAMES.html].map((name) => [200, name]));
      expect(answers[1]!.example, base).toBe('voo-%E8%88%AA%E7%8F%AD-%C3%A7%C3%A3o');
      expect(JSON.parse(answers[0]!.body), base).toEqual({ Voos: [{ Numero: '2' }] });
      const page = answers[4]!;
      expect([page.response.headers.get('content-type'), page.body], base).toEqual(['text/html; charset=utf-8', '<p>voo</p>']);
      expect(page.response.headers.get('x-nota'), base).toBe('voo\tdireto');
    }
  } finally {
    server.close();
    await Promise.all([port.stop(), mock?.close()]);
  }
  // Handed in as an object, a key of any characters is served the same way.
  const objects = setupServer(
    ...(await createHandlers({
      families: ['v2-pt'],
      examples: { [`./fixtures/${NAMES.wide}.json`]: fixture(3), './fixtures/linha\r\nnova.json': fixture(4) },
      baseUrl: 'https://glob.example',
    })),
  );
  objects.listen({ onUnhandledRequest: 'bypass' });
  try {
    const [wide, line] = await Promise.all([3, 4].map((adults) => post('https://glob.example', { ...SEARCH, QuantidadeAdultos: adults })));
    expect([wide!.status, wide!.example, line!.status, line!.example]).toEqual([
      200,
      'voo-%E8%88%AA%E7%8F%AD-%C3%A7%C3%A3o',
      200,
      'linha%0D%0Anova',
    ]);
  } finally {
    objects.close();
  }
}, 90_000);

test.skipIf(process.platform === 'win32')(
  'only regular files inside the folder: a link out, a FIFO and a folder are refused by name; the FIFO never blocks',
  async () => {
    const dir = await folder('files');
    const outside = await folder('outside');
    await writeFile(path.join(outside, 'secreto.json'), JSON.stringify(fixture(2)));
    await symlink(path.join(outside, 'secreto.json'), path.join(dir, 'fora.json'));
    await symlink(path.join(dir, 'nada-aqui'), path.join(dir, 'quebrado.json'));
    execFileSync('mkfifo', [path.join(dir, 'fila.json')]);
    await mkdir(path.join(dir, 'pasta.json'));
    await writeFile(path.join(dir, 'boa.json'), JSON.stringify(fixture(3)));
    try {
      const message = await refusal(dir);
      expect(message).toContain(`${path.join(dir, 'fora.json')}: a symbolic link out of the folder`);
      expect(message).toContain(`${path.join(dir, 'quebrado.json')}: a symbolic link to nothing`);
      expect(message).toContain(`${path.join(dir, 'fila.json')}: a FIFO; only regular files inside the folder are read`);
      expect(message).toContain(`${path.join(dir, 'pasta.json')}: a folder; only regular files inside the folder are read`);
      expect(message).toMatch(/^examples: 4 fixtures are refused, none loaded:/);
      expect(message).not.toContain('boa.json');
    } finally {
      // Were the FIFO opened for reading, this writer's close would end the read (the test fails, it does not hang).
      try {
        closeSync(openSync(path.join(dir, 'fila.json'), constants.O_WRONLY | constants.O_NONBLOCK));
      } catch {
        // ENXIO: no reader holds it open, as it should be.
      }
    }
  },
  30_000,
);

test('a file past LIMITS.fixtureFileBytes is refused unread; a folder past LIMITS.fixtureFolderBytes or LIMITS.fixtureFiles is refused whole', async () => {
  const big = await folder('big');
  // Sparse: 200 MB on paper, nothing written; a loader that read it would hold 200 MB.
  await writeFile(path.join(big, 'grande.json'), '');
  await truncate(path.join(big, 'grande.json'), 200_000_000);
  await writeFile(path.join(big, 'boa.json'), JSON.stringify(fixture(3)));
  const tooBig = await refusal(big);
  expect(tooBig).toContain(
    `${path.join(big, 'grande.json')}: 200000000 bytes, more than the ${LIMITS.fixtureFileBytes} a fixture may hold (LIMITS.fixtureFileBytes); not read`,
  );
  expect(tooBig).toMatch(/^examples: a fixture is refused, none loaded:/);

  // Each file at the bound, together past the folder's.
  const heavy = await folder('heavy');
  const count = Math.floor(LIMITS.fixtureFolderBytes / LIMITS.fixtureFileBytes) + 1;
  for (let i = 0; i < count; i++) {
    await writeFile(path.join(heavy, `f${i}.json`), '');
    await truncate(path.join(heavy, `f${i}.json`), LIMITS.fixtureFileBytes);
  }
  expect(await refusal(heavy)).toContain(
    `its files add up to ${count * LIMITS.fixtureFileBytes} bytes, more than the ${LIMITS.fixtureFolderBytes} one folder may hold (LIMITS.fixtureFolderBytes)`,
  );

  const many = await folder('many');
  await Promise.all(Array.from({ length: LIMITS.fixtureFiles + 1 }, (_, i) => writeFile(path.join(many, `f${i}.json`), '{}')));
  expect(await refusal(many)).toContain(
    `${many} holds ${LIMITS.fixtureFiles + 1} fixture files, more than the ${LIMITS.fixtureFiles} one folder may hold (LIMITS.fixtureFiles)`,
  );
}, 60_000);

test('an answer header a header cannot carry and a non-JSON answer with an object body are refused at load, naming file and header', async () => {
  const dir = await folder('answers');
  const write = (name: string, response: Record<string, unknown>, adults = 2) =>
    writeFile(path.join(dir, `${name}.json`), JSON.stringify(fixture(adults, response)));
  await write('quebra', { status: 200, headers: { 'X-Nota': 'uma\r\nSet-Cookie: b=1' }, body: {} });
  await write('largo', { status: 200, headers: { 'X-Nome': 'voo 航' }, body: {} }, 3);
  // Past ASCII but within Latin-1: Node would send its UTF-8 bytes, read back by clients as Latin-1 (`aÃ§Ã£o`).
  await write('latin', { status: 200, headers: { 'X-Nome': 'ação' }, body: {} }, 9);
  await write('controle', { status: 200, headers: { 'X-Zero': 'a\u0000b' }, body: {} }, 4);
  await write('nome-ruim', { status: 200, headers: { 'X Nome': 'ok' }, body: {} }, 5);
  await write('html', { status: 200, headers: { 'Content-Type': 'text/html' }, body: { Voos: [] } }, 6);
  await write('lista', { status: 200, headers: { 'Content-Type': 'text/plain' }, body: [1, 2] }, 7);
  await write('boa', { status: 200, headers: { 'X-Nota': 'boa' }, body: {} }, 8);
  const message = await refusal(dir);
  const at = (name: string) => path.join(dir, `${name}.json`);
  expect(message).toContain(`${at('quebra')}: http-response.headers.X-Nota: holds a character a header cannot carry as written`);
  expect(message).toContain(`${at('largo')}: http-response.headers.X-Nome: holds a character a header cannot carry as written`);
  expect(message).toContain(`${at('latin')}: http-response.headers.X-Nome: holds a character a header cannot carry as written`);
  expect(message).toContain(`${at('controle')}: http-response.headers.X-Zero: holds a character a header cannot carry as written`);
  expect(message).toContain(`${at('nome-ruim')}: http-response.headers: header 1 has a name that is not an HTTP token`);
  expect(message).toContain(
    `${at('html')}: http-response.body: must be a string, as the answer's Content-Type is not JSON; this is an object`,
  );
  expect(message).toContain(
    `${at('lista')}: http-response.body: must be a string, as the answer's Content-Type is not JSON; this is an array`,
  );
  expect(message).not.toContain('boa.json');
  // Handed in as an object, the same rules (the MSW handlers in Node and in a page read them with fixture-read.ts).
  await expect(
    createHandlers({
      families: ['v2-pt'],
      examples: { './f/quebra.json': fixture(2, { status: 200, headers: { 'X-Nota': 'a\nb' }, body: {} }) },
    }),
  ).rejects.toThrow('./f/quebra.json: http-response.headers.X-Nota: holds a character a header cannot carry as written');
}, 30_000);

test('loader errors name the file, the field and the rule, never the value: a password in any field is in no form in the message', async () => {
  const password = 'Pw-Kq9x!Segredo#7781';
  const dir = await folder('secrets');
  const write = (name: string, json: unknown) =>
    writeFile(path.join(dir, `${name}.json`), typeof json === 'string' ? json : JSON.stringify(json));
  const base = fixture(2);
  const request = base['http-request'];
  await Promise.all([
    write('status', { ...base, 'http-response': { status: password, body: {} } }),
    write('status-objeto', { ...base, 'http-response': { status: { Senha: password }, body: {} } }),
    write('metodo', { ...base, 'http-request': { ...request, method: password } }),
    write('caminho', { ...base, 'http-request': { ...request, path: `/api/V2/Voos/${password}` } }),
    write('caminho-raiz', { ...base, 'http-request': { ...request, path: `/${encodeURIComponent(password)}` } }),
    write('cabecalho', { ...base, 'http-response': { status: 200, headers: { 'X-Senha': `${password}\r\n` }, body: {} } }),
    write('nome-cabecalho', { ...base, 'http-response': { status: 200, headers: { [`${password}:`]: 'x' }, body: {} } }),
    write('tipo', { ...base, 'http-request': { ...request, body: { ...SEARCH, QuantidadeAdultos: password } } }),
    write('data', { ...base, 'http-request': { ...request, body: { ...SEARCH, DataIda: password } } }),
    // A closed schema: an unexpected key is named by place, never quoted.
    write('chave', {
      'http-request': {
        method: 'POST',
        path: '/api/V2/Voos/ObterMapaDeAssentos',
        body: { Login: 'a', Senha: 'b', Localizador: 'X', [password]: 1 },
      },
      'http-response': { status: 200, body: {} },
    }),
    write('html', { ...base, 'http-response': { status: 200, headers: { 'Content-Type': 'text/plain' }, body: { Senha: password } } }),
    write('texto', `{"http-request": {"body": {"Senha": "${password}"}`),
    write('texto-2', `{"Senha": ${password}}`),
    // Bytes that are not UTF-8 (0xFF) beside the password.
    writeFile(path.join(dir, 'utf8.json'), Buffer.concat([Buffer.from(`{"Senha": "${password}`), Buffer.from([0xff]), Buffer.from('"}')])),
  ]);
  const message = await refusal(dir);
  const at = (name: string) => path.join(dir, `${name}.json`);
  for (const [name, field] of [
    ['status', 'http-response.status: must be a number'],
    ['status-objeto', 'http-response.status: must be a number'],
    ['metodo', 'http-request.method: the operation at this path answers POST only'],
    ['caminho', 'http-request.path: no operation of the served families is at this path'],
    ['caminho-raiz', 'http-request.path: no operation of the served families is at this path'],
    ['cabecalho', 'http-response.headers.X-Senha: holds a character a header cannot carry as written'],
    ['nome-cabecalho', 'http-response.headers: header 1 has a name that is not an HTTP token'],
    ['tipo', 'http-request.body.QuantidadeAdultos: must be integer (type)'],
    ['data', 'http-request.body.DataIda: must match'],
    ['chave', 'http-request.body: must NOT have additional properties (a key the schema does not name'],
    ['html', "http-response.body: must be a string, as the answer's Content-Type is not JSON"],
    ['texto', 'not JSON'],
    ['texto-2', 'not JSON'],
    ['utf8', 'not UTF-8 (the byte at offset'],
  ] as const)
    expect(message).toContain(`${at(name)}: ${field}`);
  expect(message).toMatch(/^examples: 14 fixtures are refused, none loaded:/);
  // The redactor finds the password in every encoding it knows (upper case, URL, Base64, hex…): none is there.
  expect(createRedactor([password]).text(message)).toBe(message);
  // startMock refuses with the same message.
  await expect(startMock({ rootDir, families: ['v2-pt'], examples: dir, port: 0, logLevel: 'silent' })).rejects.toThrow(message);
}, 30_000);

test('one bad file refuses the folder; the refusal lists every bad file, at most LISTED_FAULTS lines; bodies are bounded by LIMITS', async () => {
  const dir = await folder('listed');
  const bad = LISTED_FAULTS + 20;
  await Promise.all(
    Array.from({ length: bad }, (_, i) =>
      writeFile(path.join(dir, `m${String(i).padStart(3, '0')}.json`), JSON.stringify(fixture(2, { status: 299, body: {} }))),
    ),
  );
  // An answer nested past LIMITS.depth: refused by name, not a stack overflow when it is serialized.
  const deep = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
  await writeFile(path.join(dir, 'fundo.json'), JSON.stringify(fixture(3, { status: 200, body: 'DEEP' })).replace('"DEEP"', deep));
  await writeFile(path.join(dir, 'a-boa.json'), JSON.stringify(fixture(4)));
  const message = await refusal(dir);
  const lines = message.split('\n');
  expect(lines[0]).toBe(`examples: ${bad + 1} fixtures are refused, none loaded:`);
  expect(lines.slice(1, -1)).toHaveLength(LISTED_FAULTS);
  expect(lines.at(-1)).toBe(`  … and ${bad + 1 - LISTED_FAULTS} more not listed`);
  expect(lines[1]).toBe(
    `  ${path.join(dir, 'fundo.json')}: http-response.body: The body nests objects or arrays deeper than ${LIMITS.depth} levels. (LIMITS.depth)`,
  );
  expect(lines[2]).toContain(`${path.join(dir, 'm000.json')}: http-response.status: is not a status POST ${ROUTE} declares`);
  expect(message).not.toContain('a-boa.json');
}, 30_000);
