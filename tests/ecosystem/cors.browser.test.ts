// Issue 61, item 6: a browser hides a CORS refusal from the page behind a bare TypeError
// ("Failed to fetch"). A page on one origin, bundled as an application's bundler would, calls
// two mocks on other origins: the one started with `cors: false` (`--no-cors`) is refused by
// Chromium, and the client's NetworkError says a CORS refusal is the likely cause, naming the
// mock's switch and the proxy recipe; the one with CORS on answers. A same-origin call gets no
// such hint.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { bundlePageScript } from '../../scripts/lib/browser-bundle.ts';
import { CORS_DOCS } from '../../src/error-details.ts';
import { startMock, type RunningMock } from '../../src/mock/server.ts';
import { rootDir } from '../support/bundle.ts';
import { CHROMIUM_ARGS, chromiumForTests } from '../support/chromium.ts';

const CHROMIUM = chromiumForTests();

const PAGE_SCRIPT = `
import { createV2Client } from './src/v2.ts';

async function attempt(baseUrl, body) {
  const v2 = createV2Client({ baseUrl, developerToken: '3f2504e0-4f89-11d3-9a0c-0305e82c3301', accessCode: 'Y29kZQ==' });
  try {
    return { ok: true, data: await v2.call('/api/V2/Voos/Disponibilidade', body, { credentials: false }) };
  } catch (error) {
    return { ok: false, name: error.name, message: error.message, status: error.status };
  }
}
window.air = { attempt };
document.title = 'ready';
`;

const VALID = { Login: 'agency', Senha: 'pw', Origem: 'GRU', Destino: 'GIG', DataIda: '2026-05-20T00:00:00', QuantidadeAdultos: 1 };

let browser: Browser | undefined;
let page: http.Server;
let origin: string;
let open: RunningMock;
let closed: RunningMock;

beforeAll(async () => {
  const bundle = await bundlePageScript(PAGE_SCRIPT, rootDir, { minify: false });
  page = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://page.invalid');
    if (url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><title>loading</title><script type="module" src="/app/${bundle.entry}"></script>`);
    } else if (url.pathname.startsWith('/app/') && bundle.files.has(url.pathname.slice(5))) {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(bundle.files.get(url.pathname.slice(5)));
    } else {
      // Same origin, a path of no server: the page's own origin answers 404, never a TypeError.
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
  [open, closed] = await Promise.all([
    startMock({ rootDir, families: ['v2-pt'], port: 0, logLevel: 'silent' }),
    startMock({ rootDir, families: ['v2-pt'], port: 0, logLevel: 'silent', cors: false }),
  ]);
  if (CHROMIUM) browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await open?.close();
  await closed?.close();
  if (page) await new Promise((resolve) => page.close(resolve));
});

type Outcome = { ok: boolean; name?: string; message?: string; status?: number; data?: unknown };

test.skipIf(!CHROMIUM)(
  'in Chromium, a call refused by CORS is a NetworkError naming CORS, --no-cors and the proxy recipe',
  async () => {
    if (!browser) throw new Error('no browser');
    const context = await browser.newContext();
    try {
      const tab = await context.newPage();
      await tab.goto(`${origin}/`);
      await expect.poll(() => tab.title(), { timeout: 60_000 }).toBe('ready');
      const attempt = (baseUrl: string, body: unknown) =>
        tab.evaluate(([b, v]) => (window as unknown as { air: { attempt(b: string, v: unknown): Promise<Outcome> } }).air.attempt(b, v), [
          baseUrl,
          body,
        ] as const);

      // CORS on (the mock's default): another origin's page gets the answers, the 422 included.
      expect(await attempt(open.url, VALID)).toMatchObject({ ok: true });
      expect(await attempt(open.url, { ...VALID, DataIda: 'amanhã' })).toMatchObject({ ok: false, name: 'HttpStatusError', status: 422 });

      // CORS off: Chromium refuses the answer, the page sees a TypeError, the message says why.
      const refused = await attempt(closed.url, VALID);
      expect(refused).toMatchObject({ ok: false, name: 'NetworkError' });
      expect(refused.message).toContain('no answer (TypeError: Failed to fetch)');
      expect(refused.message).toContain(`the page (${origin}) calls another origin (${closed.url})`);
      expect(refused.message).toContain('a CORS refusal is the likely cause');
      expect(refused.message).toContain('--no-cors');
      expect(refused.message).toContain(CORS_DOCS);
      // No secret of the call in it (the developer token, the password).
      expect(refused.message).not.toMatch(/3f2504e0|Y29kZQ|"pw"/);

      // Same origin: no CORS in play, so a 404 of the page's server is told as it is, with no hint.
      const same = await attempt(origin, VALID);
      expect(same).toMatchObject({ ok: false, name: 'HttpStatusError', status: 404 });
      expect(same.message).not.toContain('CORS');
    } finally {
      await context.close();
    }
  },
  120_000,
);
