// The try-it console as a reader uses it: the site the pipeline wrote (generated/docs),
// served on 127.0.0.1 with the mock on the same origin (as `npm run docs:serve` and
// `npm run dev` serve it), opened in headless Chromium with every off-site request
// blocked. From the Tarifar page a call with the prefilled body answers 200; a wrong
// field shows the mock's problem at that field; credentials stay in the tab's
// sessionStorage and go only to the base URL; the keyboard alone works; the official and
// observed pages link each operation both ways; the pages still open from file://.
// Expectations come from the bundles and from the mock's own answers, not from the page.
import { mkdir, readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { operationHref } from '../../scripts/docs-site/crossrefs.ts';
import { isObject, listOperations } from '../../scripts/docs-site/openapi.ts';
import { serveDocs } from '../../scripts/docs-site/serve.ts';
import { behavioursOf } from '../../src/lib/observed-behaviours.ts';
import { type RunningMock, startMock } from '../../src/mock/server.ts';
import { CHROMIUM_ARGS, chromiumForTests } from '../support/chromium.ts';
import { ROOT } from './helpers.ts';

// Skipped with a message when no browser is found, unless CI=true (then this throws).
const CHROMIUM = chromiumForTests();
const SCREENSHOTS = path.join(ROOT, 'test-results');
const DOCS = path.join(ROOT, 'generated', 'docs');
const readJson = async (file: string): Promise<Record<string, unknown>> =>
  JSON.parse(await readFile(path.join(ROOT, file), 'utf8')) as Record<string, unknown>;

/** Waits for the state a check expects: pages of megabytes, and Prism loaded on a first `Prefer`, on a busy machine. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000 });

// Recognisable values: each must never show up where a secret must not be.
const SECRETS = {
  token: 'tok-3f9c1e7a-secret',
  code: 'Y29kZS1zZWNyZXQtNDQ=',
  login: 'agency-login-8821',
  senha: 'senha-secreta-5521',
};

let browser: Browser;
let server: Server;
let mock: RunningMock;
let base: URL;
const mockLog: string[] = [];
let published: Record<string, unknown>;
let observed: Record<string, unknown>;

beforeAll(async () => {
  published = await readJson('generated/v2-pt/openapi.json');
  observed = await readJson('generated/v2-pt-observed/openapi.json');
  // `info` logs every request: the log must still hold no secret.
  mock = await startMock({ port: 0, logLevel: 'info', logSink: { write: (t) => void mockLog.push(t) } });
  const started = await serveDocs(DOCS, 0, { mock: mock.url });
  server = started.server;
  base = new URL(started.url);
  if (!CHROMIUM) return;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  await mkdir(SCREENSHOTS, { recursive: true });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  if (server) await new Promise((resolve) => server.close(resolve));
  await mock?.close();
});

interface Visit {
  page: Page;
  problems: string[];
  /** Every request the page made, with its headers and body. */
  sent: Array<{ url: string; headers: Record<string, string>; body: string | null }>;
}

/** Opens a page with every request off the docs' origin blocked and every error recorded. */
async function visit(context: BrowserContext, url: string): Promise<Visit> {
  const page = await context.newPage();
  const problems: string[] = [];
  const sent: Visit['sent'] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('request', (r) => sent.push({ url: r.url(), headers: r.headers(), body: r.postData() }));
  await page.route('**/*', (route) => {
    const target = route.request().url();
    if (target.startsWith(base.origin) || target.startsWith('data:') || target.startsWith('blob:')) return route.continue();
    problems.push(`off-site request: ${target}`);
    return route.abort();
  });
  await page.goto(url, { waitUntil: 'load' });
  return { page, problems, sent };
}

const hrefOf = (pageId: string, doc: unknown, operationId: string) => {
  const op = listOperations(doc).find((o) => o.operationId === operationId);
  if (!op) throw new Error(`no ${operationId} in ${pageId}`);
  return operationHref(pageId, op);
};

/** Opens the console of one operation with its Try button; waits for the drawer. */
async function openConsole(page: Page, operationId: string): Promise<void> {
  const button = page.locator(`.try-it[data-operation="${operationId}"]`);
  await button.click();
  await poll(() => page.locator('#try-console').getAttribute('data-operation')).toBe(operationId);
}

async function fillDeveloperHeaders(page: Page): Promise<void> {
  await page.fill('#try-console-developer-token', SECRETS.token);
  await page.fill('#try-console-developer-access-code', SECRETS.code);
}

/** The mock's own answer to a body, asked directly (what the console must show). */
async function mockAnswer(route: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const answer = await fetch(`${mock.url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'developer-token': SECRETS.token, 'developer-access-code': SECRETS.code },
    body: JSON.stringify(body),
  });
  return { status: answer.status, json: (await answer.json()) as Record<string, unknown> };
}

describe.skipIf(!CHROMIUM)('the try-it console', () => {
  test('from the Tarifar page, the prefilled body sent to the mock beside the docs answers 200', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const href = hrefOf('v2-pt', published, 'Tarifar');
    const { page, problems, sent } = await visit(context, new URL(href, base).href);
    await openConsole(page, 'Tarifar');
    // The contract publishes no example for Tarifar: the body holds every published field.
    const schemas = (published.components as { schemas: Record<string, { properties?: Record<string, unknown> }> }).schemas;
    const fields = Object.keys(schemas.RequisicaoComCredenciais?.properties ?? {});
    expect(fields.length).toBeGreaterThan(0);
    const prefilled = JSON.parse(await page.locator('#try-console-body').inputValue()) as Record<string, unknown>;
    expect(Object.keys(prefilled).sort()).toEqual([...fields].sort());
    expect(await page.locator('#try-console-base').inputValue()).toBe(base.origin);
    await fillDeveloperHeaders(page);
    await page.locator('#try-console-send').click();
    const expected = await mockAnswer('/api/V2/Voos/Tarifar', prefilled);
    expect(expected.status).toBe(200);
    await poll(() => page.locator('#try-console-status').innerText()).toMatch(/^200\b/);
    expect(JSON.parse(await page.locator('#try-console-answer').innerText())).toEqual(expected.json);
    expect(await page.locator('#try-console-headers').innerText()).toMatch(/^content-type: application\/json/m);
    const calls = sent.filter((r) => r.url.includes('/api/V2/Voos/Tarifar'));
    expect(calls.map((c) => c.url)).toEqual([`${base.origin}/api/V2/Voos/Tarifar`]);
    expect(calls[0]?.headers['developer-token']).toBe(SECRETS.token);
    await page.locator('#try-console-answer').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'console-v2-pt-tarifar.png') });
    expect(problems).toEqual([]);
    await context.close();
  }, 90_000);

  test("a wrong field is flagged as it is typed and the mock's problem is shown at that field", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, problems } = await visit(context, new URL(hrefOf('v2-pt', published, 'Tarifar'), base).href);
    await openConsole(page, 'Tarifar');
    await fillDeveloperHeaders(page);
    const wrong = { Login: 5, Senha: 'x' };
    await page.fill('#try-console-body', JSON.stringify(wrong, null, 2));
    // As typed: the schema's own check, at the field.
    await poll(() => page.locator('#try-console-body-errors li[data-field="/Login"]').innerText()).toMatch(/must be string/);
    await page.locator('#try-console-send').click();
    const expected = await mockAnswer('/api/V2/Voos/Tarifar', wrong);
    const violation = (expected.json.validation as Array<{ location: string[]; message: string }>)[0];
    expect(expected.status).toBe(422);
    expect(violation?.location.at(-1)).toBe('Login');
    await poll(() => page.locator('#try-console-status').innerText()).toMatch(/^422\b/);
    const item = page.locator('#try-console-problems li[data-field="/Login"]');
    await poll(() => item.innerText()).toContain(violation?.message);
    // The body's Login is the agency login: its input carries the message too.
    expect(await page.locator('#try-console-login-problem').innerText()).toBe(violation?.message);
    expect(await page.locator('#try-console-login').getAttribute('aria-invalid')).toBe('true');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'console-v2-pt-problem.png') });
    expect(problems).toEqual([]);
    await context.close();
  }, 90_000);

  test('credentials stay in the tab: not in the URL, localStorage, cookies, the log or a copy; gone in a new session', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, sent } = await visit(context, new URL(hrefOf('v2-pt', published, 'Tarifar'), base).href);
    await openConsole(page, 'Tarifar');
    await fillDeveloperHeaders(page);
    await page.fill('#try-console-login', SECRETS.login);
    await page.fill('#try-console-senha', SECRETS.senha);
    await page.locator('#try-console-send').click();
    await poll(() => page.locator('#try-console-status').innerText()).toMatch(/^200\b/);
    // Sent: the typed credentials replaced the body's, to the base URL only.
    const calls = sent.filter((r) => Object.values(SECRETS).some((s) => JSON.stringify(r).includes(s)));
    expect(calls.map((c) => new URL(c.url).origin)).toEqual([base.origin]);
    expect(JSON.parse(calls[0]?.body ?? '{}')).toMatchObject({ Login: SECRETS.login, Senha: SECRETS.senha });
    // Where they may not be.
    const where = await page.evaluate(() => ({
      url: location.href,
      local: JSON.stringify(Object.entries(localStorage)),
      cookie: document.cookie,
      session: JSON.stringify(Object.entries(sessionStorage)),
    }));
    const cookies = JSON.stringify(await context.cookies());
    for (const secret of Object.values(SECRETS)) {
      expect(where.url).not.toContain(secret);
      expect(where.local).not.toContain(secret);
      expect(where.cookie).not.toContain(secret);
      expect(cookies).not.toContain(secret);
      expect(mockLog.join('')).not.toContain(secret);
      expect(where.session).toContain(secret); // where they live, this tab only
    }
    // A copy shows placeholders unless asked.
    await page.locator('#try-console-copy').click();
    const copy = await page.locator('#try-console-curl').innerText();
    for (const secret of Object.values(SECRETS)) expect(copy).not.toContain(secret);
    for (const placeholder of ['<DEVELOPER_TOKEN>', '<ACCESS_CODE>', '<LOGIN>', '<PASSWORD>']) expect(copy).toContain(placeholder);
    expect(copy).toContain(`${base.origin}/api/V2/Voos/Tarifar`);
    await page.locator('#try-console-with-secrets').check();
    await page.locator('#try-console-copy').click();
    await poll(() => page.locator('#try-console-curl').innerText()).toContain(SECRETS.token);
    // The same tab after a reload keeps them; a new session (a new browser context) has none.
    await page.reload();
    await openConsole(page, 'Tarifar');
    expect(await page.locator('#try-console-developer-token').inputValue()).toBe(SECRETS.token);
    await context.close();
    const fresh = await browser.newContext();
    const next = await visit(fresh, new URL(hrefOf('v2-pt', published, 'Tarifar'), base).href);
    await openConsole(next.page, 'Tarifar');
    for (const id of ['developer-token', 'developer-access-code', 'login', 'senha'])
      expect(await next.page.locator(`#try-console-${id}`).inputValue()).toBe('');
    const stores = await next.page.evaluate(() => JSON.stringify([Object.entries(sessionStorage), Object.entries(localStorage)]));
    for (const secret of Object.values(SECRETS)) expect(stores).not.toContain(secret);
    await fresh.close();
  }, 90_000);

  test('the keyboard alone works: Enter opens, the fields come in order, Enter sends, Escape closes', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, sent } = await visit(context, new URL(hrefOf('v2-pt', published, 'Tarifar'), base).href);
    const button = page.locator('.try-it[data-operation="Tarifar"]');
    await button.focus();
    await page.keyboard.press('Enter');
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('try-console-body');
    const order: string[] = [];
    await page.locator('#try-console-base').focus();
    for (let i = 0; i < 9; i++) {
      order.push(await page.evaluate(() => document.activeElement?.id ?? ''));
      await page.keyboard.press('Tab');
    }
    expect(order).toEqual(
      ['base', 'developer-token', 'developer-access-code', 'login', 'senha', 'clienteid', 'body', 'prefer', 'send'].map(
        (id) => `try-console-${id}`,
      ),
    );
    await page.locator('#try-console-developer-token').focus();
    await page.keyboard.type(SECRETS.token);
    await page.keyboard.press('Tab');
    await page.keyboard.type(SECRETS.code);
    await page.keyboard.press('Enter'); // in a field: sends
    await poll(() => page.locator('#try-console-status').innerText()).toMatch(/^200\b/);
    await page.locator('#try-console-body').focus();
    const posts = () => sent.filter((r) => r.url.endsWith('/api/V2/Voos/Tarifar')).length;
    await page.keyboard.press('Control+Enter'); // in the body: Ctrl+Enter sends
    await poll(posts).toBe(2);
    await poll(() => page.locator('#try-console-form').getAttribute('aria-busy')).toBeNull();
    await page.keyboard.press('Tab');
    // Prefer, typed: sent as the header the mock reads.
    await page.keyboard.type('code=200');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('try-console-send');
    await page.keyboard.press('Enter');
    await poll(posts).toBe(3);
    expect(sent.filter((r) => r.url.endsWith('/api/V2/Voos/Tarifar')).at(-1)?.headers.prefer).toBe('code=200');
    await poll(() => page.locator('#try-console-status').innerText()).toMatch(/^200\b/);
    await page.keyboard.press('Escape');
    await poll(() => page.locator('#try-console').isHidden()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-operation'))).toBe('Tarifar');
    await context.close();
  }, 90_000);

  test('official and observed pages link each operation both ways, with its captures and behaviours', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const observedHref = hrefOf('v2-pt-observed', observed, 'Tarifar');
    const publishedHref = hrefOf('v2-pt', published, 'Tarifar');
    const { page, problems } = await visit(context, new URL(publishedHref, base).href);
    const section = page.locator(`[data-section-id="${publishedHref.slice(publishedHref.indexOf('#') + 1)}"]`);
    const link = section.locator(`a[href="${observedHref}"]`).first();
    await link.waitFor({ state: 'attached' });
    // The counts come from the observed bundle: the request's x-observed record, the behaviours' extension.
    const tarifar = listOperations(observed).find((o) => o.operationId === 'Tarifar');
    const content = isObject(tarifar?.operation.requestBody)
      ? (tarifar.operation.requestBody as Record<string, unknown>).content
      : undefined;
    const media = (content as Record<string, { schema: { $ref: string }; examples: Record<string, { value: unknown }> }>)[
      'application/json'
    ];
    const schemaName = media?.schema.$ref.split('/').pop() ?? '';
    const record = (observed.components as { schemas: Record<string, { 'x-observed': { seen: number; of: number } }> }).schemas[
      schemaName
    ]?.['x-observed'];
    const stated = behavioursOf(tarifar?.operation);
    const note = await section.locator('blockquote').filter({ hasText: 'Observed shape' }).first().innerText();
    expect(note).toContain(`request typed from ${record?.seen} of ${record?.of} captured bodies`);
    expect(note).toContain(`${stated.length} behaviour${stated.length === 1 ? '' : 's'} stated`);
    // And back, on the observed page, whose console starts from a captured, sanitized body.
    const back = await visit(context, new URL(observedHref, base).href);
    const observedSection = back.page.locator(`[data-section-id="${observedHref.slice(observedHref.indexOf('#') + 1)}"]`);
    await observedSection.locator(`a[href="${publishedHref}"]`).first().waitFor({ state: 'attached' });
    await openConsole(back.page, 'Tarifar');
    const first = Object.values(media?.examples ?? {})[0]?.value;
    expect(JSON.parse(await back.page.locator('#try-console-body').inputValue())).toEqual(first);
    expect(await back.page.locator('#try-console-body-from').innerText()).toMatch(/captured, sanitized body/);
    expect(await back.page.locator('#try-console .counterpart a').getAttribute('href')).toBe(publishedHref);
    await back.page.screenshot({ path: path.join(SCREENSHOTS, 'console-v2-pt-observed.png') });
    expect([...problems, ...back.problems]).toEqual([]);
    await context.close();
  }, 90_000);

  test('every reference page opens from file:// with no network request and offers its console', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const pages = ['v2-pt', 'v2-pt-observed', 'legacy', 'legacy-observed', 'v1', 'v2-en', 'v3'];
    for (const id of pages) {
      // Redoc draws an operation once it is navigated to: the page's first operation.
      const doc = await readJson(`generated/${id}/openapi.json`);
      const first = listOperations(doc)[0];
      if (!first) throw new Error(`${id} has no operation`);
      const hash = operationHref(id, first).slice(`${id}.html`.length);
      const page = await context.newPage();
      const blocked: string[] = [];
      await page.route('**/*', (route) => {
        const target = route.request().url();
        if (target.startsWith('file:') || target.startsWith('data:') || target.startsWith('blob:')) return route.continue();
        blocked.push(target);
        return route.abort();
      });
      await page.goto(`${pathToFileURL(path.join(DOCS, `${id}.html`)).href}${hash}`, { waitUntil: 'load' });
      await page.locator(`.try-it[data-operation="${first.operationId}"]`).waitFor({ state: 'visible' });
      if (id === 'legacy') {
        // The third page a person reads: a deprecated family's console, opened from the file.
        await openConsole(page, first.operationId);
        await page.screenshot({ path: path.join(SCREENSHOTS, 'console-legacy-file.png') });
      }
      expect(blocked, id).toEqual([]);
      await page.close();
    }
    await context.close();
  }, 240_000);
});
