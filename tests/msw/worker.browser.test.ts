// Issue 39, item 2: the MSW handlers in a real browser. A page served on 127.0.0.1 with a
// Content-Security-Policy that forbids eval loads, bundled as an application's bundler would,
// MSW's `setupWorker` with `createHandlers({ families: ['v2-pt'] })` and the typed client
// `createV2Client`; MSW's own service worker script is served by the page's origin. In headless
// Chromium a valid call is answered as the mock answers it, a bad body is refused with the
// field named, and a path of no operation under the sandbox URL is left to the network (issue
// 50: only the contract's routes are the handlers'). A redirect the client refuses names itself
// (a browser hides its status: "HTTP 0" said nothing) and nothing reaches where it points.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { bundlePageScript } from '../../scripts/lib/browser-bundle.ts';
import { loadOperations, validBody } from '../../scripts/lib/contract.ts';
import { startMock, type RunningMock } from '../../src/mock/server.ts';
import { rootDir } from '../support/bundle.ts';
import { CHROMIUM_ARGS, chromiumForTests } from '../support/chromium.ts';

const CHROMIUM = chromiumForTests();
const SANDBOX = 'https://sandbox.invalid';
/** No 'unsafe-eval': `eval` and `new Function` throw in this page. */
const CSP = `default-src 'self'; script-src 'self'; connect-src 'self' ${SANDBOX}; worker-src 'self'`;

const PAGE_SCRIPT = `
import { setupWorker } from 'msw/browser';
import { createHandlers } from './src/msw.ts';
import { createV2Client } from './src/v2.ts';

const csp = [];
document.addEventListener('securitypolicyviolation', (e) => csp.push(e.violatedDirective + ' ' + e.blockedURI));
let evalAllowed = true;
try { new Function('return 1')(); } catch { evalAllowed = false; }
document.title = 'handlers';
const worker = setupWorker(...(await createHandlers({ families: ['v2-pt'] })));
document.title = 'starting';
await worker.start({ serviceWorker: { url: '/mockServiceWorker.js' }, onUnhandledRequest: 'bypass', quiet: true });
const v2 = createV2Client({
  baseUrl: '${SANDBOX}',
  developerToken: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
  accessCode: 'Y29kZQ==',
});
async function attempt(run) {
  try {
    return { ok: true, data: await run() };
  } catch (error) {
    return { ok: false, name: error.name, message: error.message, status: error.status, body: error.body };
  }
}
const direct = createV2Client({
  baseUrl: location.origin + '/redirect-me',
  developerToken: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
  accessCode: 'Y29kZQ==',
});
window.air = {
  evalAllowed,
  redirected: () => attempt(() => direct.call('/api/V2/Voos/Disponibilidade', {}, { credentials: false })),
  csp,
  call: (path, body) => attempt(() => v2.call(path, body, { credentials: false })),
  raw: async (path, body) => {
    const response = await fetch('${SANDBOX}' + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'developer-token': 't', 'developer-access-code': 'c' },
      body: JSON.stringify(body),
    });
    return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
  },
};
document.title = 'ready';
`;

let browser: Browser | undefined;
let page: http.Server;
let origin: string;
let mock: RunningMock;
const pageSaw: string[] = [];

beforeAll(async () => {
  const bundle = await bundlePageScript(PAGE_SCRIPT, rootDir, { minify: false });
  const workerScript = readFileSync(path.join(rootDir, 'node_modules', 'msw', 'lib', 'mockServiceWorker.js'));
  page = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://page.invalid');
    pageSaw.push(`${req.method} ${url.pathname}`);
    if (url.pathname.startsWith('/redirect-me/')) {
      res.writeHead(307, { location: '/elsewhere' }).end();
    } else if (url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': CSP });
      res.end(`<!doctype html><title>loading</title><script type="module" src="/app/${bundle.entry}"></script>`);
    } else if (url.pathname === '/favicon.ico') {
      res.writeHead(204).end();
    } else if (url.pathname === '/mockServiceWorker.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(workerScript);
    } else if (url.pathname.startsWith('/app/') && bundle.files.has(url.pathname.slice(5))) {
      res.writeHead(200, { 'content-type': 'text/javascript', 'content-security-policy': CSP });
      res.end(bundle.files.get(url.pathname.slice(5)));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
  mock = await startMock({ rootDir, families: ['v2-pt'], port: 0, logLevel: 'silent' });
  if (CHROMIUM) browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await mock?.close();
  if (page) await new Promise((resolve) => page.close(resolve));
});

async function openPage() {
  if (!browser) throw new Error('no browser');
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const tab = await context.newPage();
  const errors: string[] = [];
  tab.on('pageerror', (e) => errors.push(e.message));
  await tab.goto(`${origin}/`);
  await expect.poll(async () => [await tab.title(), ...errors].join(' | '), { timeout: 60_000 }).toBe('ready');
  return { context, tab, errors };
}

async function mockAnswer(pathname: string, body: unknown) {
  const response = await fetch(`${mock.url}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'developer-token': 't', 'developer-access-code': 'c' },
    body: JSON.stringify(body),
  });
  return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
}

test.skipIf(!CHROMIUM)(
  'in Chromium, under a CSP without eval, the typed client gets the mock’s answers through setupWorker',
  async () => {
    const { context, tab, errors } = await openPage();
    try {
      expect(await tab.evaluate(() => (window as unknown as { air: { evalAllowed: boolean } }).air.evalAllowed)).toBe(false);
      const op = (await loadOperations(rootDir)).find((o) => o.family === 'v2-pt' && o.path === '/api/V2/Voos/Disponibilidade');
      if (!op) throw new Error('no Disponibilidade');
      const valid = validBody(op) as Record<string, unknown>;
      type Air = { call(path: string, body: unknown): Promise<unknown>; raw(path: string, body: unknown): Promise<unknown> };
      const call = (p: string, b: unknown) =>
        tab.evaluate(([p2, b2]) => (window as unknown as { air: Air }).air.call(p2, b2), [p, b] as const);
      const raw = (p: string, b: unknown) =>
        tab.evaluate(([p2, b2]) => (window as unknown as { air: Air }).air.raw(p2, b2), [p, b] as const);

      // A valid call: the mock's answer, through the typed client.
      const expected = await mockAnswer(op.path, valid);
      expect(expected.status).toBe(200);
      expect(await call(op.path, valid)).toEqual({ ok: true, data: JSON.parse(expected.body) });
      expect(await raw(op.path, valid)).toEqual(expected);

      // A bad body: refused with 422 naming the field, the mock's very problem.
      const bad = { ...valid, DataIda: 'amanhã' };
      const refused = await mockAnswer(op.path, bad);
      expect(refused.status).toBe(422);
      expect(refused.body).toContain('DataIda');
      expect(await raw(op.path, bad)).toEqual(refused);
      const viaClient = (await call(op.path, bad)) as { ok: boolean; name: string; message: string; status: number; body: unknown };
      expect(viaClient).toMatchObject({ ok: false, name: 'HttpStatusError', status: 422, body: JSON.parse(refused.body) });
      expect(viaClient.message).toContain('DataIda');

      // A path of no operation under a family's prefix is the handlers' (issue 58): the mock's own 404.
      const unknown = await mockAnswer('/api/V2/Voos/Disponibilidad', valid);
      expect(unknown.status).toBe(404);
      expect(await raw('/api/V2/Voos/Disponibilidad', valid)).toEqual(unknown);
      // Outside every prefix it is not theirs: it goes to the network, where sandbox.invalid resolves nowhere.
      await expect(raw('/api/Outra/Coisa', valid)).rejects.toThrow(/Failed to fetch/);

      // A 307 from a base URL: refused, named, and /elsewhere never asked.
      const redirected = (await tab.evaluate(() =>
        (window as unknown as { air: { redirected(): Promise<unknown> } }).air.redirected(),
      )) as { ok: boolean; name: string; message: string };
      expect(redirected).toMatchObject({ ok: false, name: 'HttpStatusError' });
      expect(redirected.message).toMatch(/^Disponibilidade: the service answered a redirect, not followed/);
      expect(pageSaw).toContain('POST /redirect-me/api/V2/Voos/Disponibilidade');
      expect(pageSaw.filter((r) => r.includes('/elsewhere'))).toEqual([]);
      expect(errors).toEqual([]);
      // The one refusal of the policy is the page's own eval probe: nothing else needed eval.
      expect(await tab.evaluate(() => (window as unknown as { air: { csp: string[] } }).air.csp)).toEqual([
        expect.stringMatching(/^script-src eval$/),
      ]);
    } finally {
      await context.close();
    }
  },
  120_000,
);
