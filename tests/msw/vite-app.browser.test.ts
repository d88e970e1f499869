// Issue 50, point 4: the MSW handlers in a real Vite app on the API's own origin. A tiny app
// (the packed package installed, Vite and MSW from tests/vite/'s lock) starts `setupWorker`
// with `createHandlers({ baseUrl: location.origin })`, as the client docs' Vite recipe puts the
// API on the page's origin, then fetches `/config.json`, loads an image and a lazy `import()`,
// and calls the typed client. Served by `vite preview` and by the dev server, in Chromium:
// the assets arrive untouched, the contract's route is answered by the handlers, and a 422
// reaches the app as the client's typed error (its lazily loaded error chunk came through).
// Issue 53: the app's own fixtures, handed in by Vite's glob import, answer in the page.
import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdir, readdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadOperations, validBody } from '../../scripts/lib/contract.ts';
import { startMock } from '../../src/mock/server.ts';
import { rootDir } from '../support/bundle.ts';
import { CHROMIUM_ARGS, chromiumForTests } from '../support/chromium.ts';
import { packedInstall } from '../support/shared-fixtures.ts';
import { installTool } from '../support/tools.ts';

const CHROMIUM = chromiumForTests();
const CONFIG = { feature: 'config from the app', n: 7 };
const PICTURE = '<svg xmlns="http://www.w3.org/2000/svg" width="3" height="2"><rect width="3" height="2"/></svg>';

/** The app's own fixture: the valid search, answered with a flight of its own. */
const FIXTURE = (valid: unknown) => ({
  'http-request': { method: 'POST', path: '/api/V2/Voos/Disponibilidade', headers: { 'Content-Type': 'application/json' }, body: valid },
  'http-response': { status: 200, headers: { 'Content-Type': 'application/json' }, body: { Voos: [{ Numero: 'da-pagina' }] } },
});
/** Fixtures a page checks and refuses: a request body that breaks its schema, a status not declared. */
const WRONG_FIXTURES = (valid: unknown) => ({
  './fixtures/data-errada.json': {
    'http-request': { method: 'POST', path: '/api/V2/Voos/Disponibilidade', body: { ...(valid as object), DataIda: 'amanhã' } },
    'http-response': { status: 200, body: {} },
  },
  './fixtures/status-errado.json': { ...FIXTURE(valid), 'http-response': { status: 299, body: {} } },
});

const MAIN = (valid: unknown) => `
import { setupWorker } from 'msw/browser';
import { createHandlers } from 'air-travel-api-contract/msw';
import { createV2Client } from 'air-travel-api-contract/v2';

// ?fixtures: the app's own fixtures, as Vite's glob import hands them in.
const withFixtures = new URLSearchParams(location.search).has('fixtures');
const fixtures = import.meta.glob('./fixtures/*.json', { eager: true, import: 'default' });
const worker = setupWorker(
  ...(await createHandlers({ families: ['v2-pt'], baseUrl: location.origin, ...(withFixtures ? { examples: fixtures } : {}) })),
);
// ?loud: as the docs warn, MSW then logs every request it handles, bodies included.
const quiet = !new URLSearchParams(location.search).has('loud');
await worker.start({ quiet, onUnhandledRequest: 'bypass', serviceWorker: { url: '/mockServiceWorker.js' } });
const settle = async (run) => {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    return { ok: false, name: error.name, status: error.status, message: String(error.message) };
  }
};
const client = createV2Client({ baseUrl: location.origin, developerToken: '3f2504e0-4f89-11d3-9a0c-0305e82c3301', accessCode: 'Y29kZQ==' });
const valid = ${JSON.stringify(valid)};
window.result = {
  config: await settle(async () => (await fetch('/config.json')).json()),
  picture: await settle(async () => {
    const image = new Image();
    image.src = '/picture.svg';
    await image.decode();
    return image.naturalWidth + 'x' + image.naturalHeight;
  }),
  lazy: await settle(async () => (await import('./lazy.js')).answer),
  call: await settle(() => client.call('/api/V2/Voos/Disponibilidade', valid, { credentials: false })),
  refused: await settle(() => client.call('/api/V2/Voos/Disponibilidade', { ...valid, DataIda: 'amanhã' }, { credentials: false })),
  example: await settle(async () => {
    const headers = { 'content-type': 'application/json', 'developer-token': 't', 'developer-access-code': 'c' };
    const answer = await fetch('/api/V2/Voos/Disponibilidade', { method: 'POST', headers, body: JSON.stringify(valid) });
    return answer.headers.get('x-mock-example');
  }),
  wrongFixtures: await settle(async () => {
    await createHandlers({ families: ['v2-pt'], examples: ${JSON.stringify(WRONG_FIXTURES(valid))} });
    return 'accepted';
  }),
};
`;

let browser: Browser | undefined;
let servers: ChildProcess | undefined;
let urls: { preview: string; dev: string };
let expected: { call: unknown; status: number };
let password: string;
let fixture: ReturnType<typeof FIXTURE>;

/** The app's node_modules: links to the packed install's packages and to the lock's (Vite, MSW). */
async function linkModules(app: string, ...sources: string[]): Promise<void> {
  const target = path.join(app, 'node_modules');
  await mkdir(target, { recursive: true });
  const linked = new Set<string>();
  for (const source of sources)
    for (const name of await readdir(source)) {
      if (name.startsWith('.')) continue;
      const names = name.startsWith('@') ? (await readdir(path.join(source, name))).map((n) => `${name}/${n}`) : [name];
      for (const entry of names) {
        if (linked.has(entry)) continue;
        linked.add(entry);
        await mkdir(path.dirname(path.join(target, entry)), { recursive: true });
        await symlink(path.join(source, entry), path.join(target, entry));
      }
    }
}

beforeAll(async () => {
  if (!CHROMIUM) return;
  const [tool, install] = await Promise.all([installTool('vite'), packedInstall()]);
  const op = (await loadOperations(rootDir)).find((o) => o.family === 'v2-pt' && o.path === '/api/V2/Voos/Disponibilidade');
  if (!op) throw new Error('no Disponibilidade');
  const valid = validBody(op) as Record<string, unknown>;
  password = String(valid.Senha);
  expect(password.length).toBeGreaterThan(0);
  const mock = await startMock({ rootDir, families: ['v2-pt'], port: 0, logLevel: 'silent' });
  try {
    const answer = await fetch(`${mock.url}${op.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'developer-token': 't', 'developer-access-code': 'c' },
      body: JSON.stringify(valid),
    });
    expected = { status: answer.status, call: await answer.json() };
  } finally {
    await mock.close();
  }
  const app = await install.workDir('vite-app');
  await linkModules(app, path.join(install.project, 'node_modules'), tool);
  await mkdir(path.join(app, 'public'));
  await cp(path.join(tool, 'msw', 'lib', 'mockServiceWorker.js'), path.join(app, 'public', 'mockServiceWorker.js'));
  await writeFile(path.join(app, 'public', 'config.json'), JSON.stringify(CONFIG));
  await writeFile(path.join(app, 'public', 'picture.svg'), PICTURE);
  await writeFile(path.join(app, 'index.html'), '<!doctype html><title>app</title><script type="module" src="/main.js"></script>\n');
  await writeFile(path.join(app, 'main.js'), MAIN(valid));
  await writeFile(path.join(app, 'lazy.js'), "export const answer = 'from a lazy chunk';\n");
  await mkdir(path.join(app, 'fixtures'));
  await writeFile(path.join(app, 'fixtures', 'da-pagina.json'), JSON.stringify(FIXTURE(valid), null, 2));
  fixture = FIXTURE(valid);
  servers = spawn(process.execPath, [path.join(rootDir, 'tests', 'msw', 'vite-servers.ts'), tool, app], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const stdout = servers.stdout;
  if (!stdout) throw new Error('no output from the Vite servers');
  urls = await new Promise((resolve, reject) => {
    servers?.once('exit', (code) => reject(new Error(`the Vite servers exited with ${code}`)));
    createInterface({ input: stdout }).once('line', (line) => resolve(JSON.parse(line) as typeof urls));
  });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}, 600_000);

afterAll(async () => {
  await browser?.close();
  servers?.stdin?.end();
});

/** What the page hands its console, as devtools show it: each message's text and every argument as JSON. */
function consoleShown(page: Page): Array<Promise<string>> {
  const shown: Array<Promise<string>> = [];
  page.on('console', (m) => {
    shown.push(Promise.resolve(m.text()));
    for (const arg of m.args())
      shown.push(
        arg.jsonValue().then(
          (v) => JSON.stringify(v) ?? '',
          () => '',
        ),
      );
  });
  return shown;
}

/** What one visit of the app saw: its result once set, the page's errors, its console. */
interface Visit {
  result: Record<string, unknown>;
  errors: string[];
  shown: Array<Promise<string>>;
}

/** Opens the app at `url` in a fresh context with service workers, waits for its result, then closes the context. */
async function visit(url: string, check: (seen: Visit) => Promise<void>): Promise<void> {
  if (!browser) throw new Error('no browser');
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const shown = consoleShown(page);
  try {
    await page.goto(url);
    await expect.poll(() => page.evaluate(() => (window as unknown as { result?: unknown }).result), { timeout: 60_000 }).toBeDefined();
    const result = (await page.evaluate(() => (window as unknown as { result: unknown }).result)) as Record<string, unknown>;
    await check({ result, errors, shown });
  } finally {
    await context.close();
  }
}

describe.skipIf(!CHROMIUM)('a Vite app with the handlers on its own origin', () => {
  test.each(['preview', 'dev'] as const)(
    'vite %s: assets, lazy chunks and config arrive untouched; the contract route is the handlers; a 422 is a typed error',
    (which) =>
      visit(urls[which], async ({ result, errors, shown }) => {
        expect(result.config).toEqual({ ok: true, value: CONFIG });
        expect(result.picture).toEqual({ ok: true, value: '3x2' });
        expect(result.lazy).toEqual({ ok: true, value: 'from a lazy chunk' });
        expect(expected.status).toBe(200);
        expect(result.call).toEqual({ ok: true, value: expected.call });
        expect(result.example).toEqual({ ok: true, value: null });
        expect(result.refused).toMatchObject({ ok: false, name: 'HttpStatusError', status: 422 });
        expect((result.refused as { message: string }).message).toMatch(/^Disponibilidade: the service answered HTTP 422 .*DataIda/);
        expect(errors).toEqual([]);
        // Started quiet: MSW logged no request, so no body and no password.
        expect((await Promise.all(shown)).filter((text) => text.includes(password))).toEqual([]);
      }),
    120_000,
  );

  test.each(['preview', 'dev'] as const)(
    "vite %s: the app's fixtures (import.meta.glob) answer in the page, and wrong ones are refused naming file and field",
    (which) =>
      visit(`${urls[which]}?fixtures`, async ({ result, errors }) => {
        // The matching call gets the fixture's answer, named; validation still comes first.
        expect(result.call).toEqual({ ok: true, value: fixture['http-response'].body });
        expect(result.example).toEqual({ ok: true, value: 'da-pagina' });
        expect(result.refused).toMatchObject({ ok: false, name: 'HttpStatusError', status: 422 });
        expect(result.config).toEqual({ ok: true, value: CONFIG });
        const wrong = result.wrongFixtures as { ok: boolean; message: string };
        expect(wrong.ok).toBe(false);
        expect(wrong.message).toContain('./fixtures/data-errada.json: http-request.body.DataIda');
        expect(wrong.message).toContain('./fixtures/status-errado.json: http-response.status');
        expect(wrong.message).not.toContain(password);
        expect(errors).toEqual([]);
      }),
    120_000,
  );

  test(
    'started without quiet, MSW logs the request bodies, the password with them (why the docs say quiet: true)',
    () =>
      visit(`${urls.preview}?loud`, async ({ shown }) => {
        await expect.poll(async () => (await Promise.all(shown)).join(' '), { timeout: 30_000 }).toContain(password);
      }),
    120_000,
  );
});
