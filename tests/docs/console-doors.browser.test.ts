// Issue 50, points 1, 2, 7, 8 and 9: the console keeps the typed client's rules. Served by the
// docs server (its CSP on) with the mock beside it, opened in Chromium, each page loaded once:
// a redirect is not followed (nothing reaches where it points), plain http leaves only to a
// loopback host, a copy hides every credential field at any depth and a body that is not JSON,
// the filled credentials go into lower-case `login`/`senha` too, a violation named `constructor`
// hides nothing, V1's `{Operation}` is filled, the checks as typed are the mock's own, and the
// landing page has a way in.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { operationHref } from '../../scripts/docs-site/crossrefs.ts';
import { listOperations } from '../../scripts/docs-site/openapi.ts';
import { serveDocs } from '../../scripts/docs-site/serve.ts';
import { type RunningMock, startMock } from '../../src/mock/server.ts';
import { CHROMIUM_ARGS, chromiumForTests } from '../support/chromium.ts';
import { ROOT } from './helpers.ts';
import { type Watched, watch } from './page-watch.ts';

const CHROMIUM = chromiumForTests();
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000 });
const SECRETS = { token: 'tok-doors-7f3a', code: 'Y29kZS1kb29ycy0x', login: 'agency-doors-11', senha: 'senha-doors-5521' };

/** A server on 127.0.0.1 that records what reaches it; CORS wide open, so only the console's own rules stop a request. */
async function recording(answer: (req: IncomingMessage, res: ServerResponse, body: string) => void) {
  const seen: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: string }> = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.setHeader('access-control-allow-origin', '*');
      res.setHeader('access-control-allow-headers', '*');
      res.setHeader('access-control-allow-methods', 'POST, GET, OPTIONS');
      res.setHeader('access-control-expose-headers', '*');
      if (req.method === 'OPTIONS') return res.writeHead(204).end();
      answer(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, seen, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let browser: Browser;
let docs: Server;
let mock: RunningMock;
let base: URL;
let elsewhere: Awaited<ReturnType<typeof recording>>;
let redirecting: Awaited<ReturnType<typeof recording>>;
const pages = new Map<string, Promise<Page>>();
const watched: Watched[] = [];

/** A page of its own context, watched for errors and the policy's refusals (checked by the last test). */
async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const w = await watch(await context.newPage());
  watched.push(w);
  return w.page;
}
const docsOf = new Map<string, unknown>();

beforeAll(async () => {
  mock = await startMock({ port: 0, logLevel: 'warn' });
  const started = await serveDocs(path.join(ROOT, 'generated', 'docs'), 0, { mock: mock.url });
  docs = started.server;
  base = new URL(started.url);
  elsewhere = await recording((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"leaked":true}'));
  redirecting = await recording((req, res) => {
    if (req.url?.endsWith('/Tarifar'))
      return res.writeHead(422, { 'content-type': 'application/problem+json' }).end(
        JSON.stringify({
          title: 'Unprocessable Entity',
          validation: [
            { location: ['request', 'body', 'constructor'], message: 'first, at constructor' },
            { location: ['request', 'body', 'Login'], message: 'second, at Login' },
          ],
        }),
      );
    res.writeHead(307, { location: `${elsewhere.url}${req.url}` }).end();
  });
  if (CHROMIUM) browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  for (const s of [docs, elsewhere?.server, redirecting?.server]) if (s) await new Promise((resolve) => s.close(resolve));
  await mock?.close();
});

async function docOf(id: string): Promise<unknown> {
  if (!docsOf.has(id)) docsOf.set(id, JSON.parse(await readFile(path.join(ROOT, 'generated', id, 'openapi.json'), 'utf8')));
  return docsOf.get(id);
}

/** The console of an operation, on its page (each page loaded once; later operations by their deep link). */
async function consoleOf(id: string, operationId: string): Promise<Page> {
  const entry = listOperations(await docOf(id)).find((o) => o.operationId === operationId);
  if (!entry) throw new Error(`${id} has no ${operationId}`);
  const href = operationHref(id, entry);
  let loading = pages.get(id);
  if (!loading) {
    loading = (async () => {
      const page = await newPage();
      await page.goto(new URL(href, base).href, { waitUntil: 'load' });
      return page;
    })();
    pages.set(id, loading);
  }
  const page = await loading;
  await page.evaluate(
    (h) => {
      location.hash = h;
    },
    href.slice(href.indexOf('#')),
  );
  await page.locator(`.try-it[data-operation="${operationId}"]`).click({ timeout: 60_000 });
  await poll(() => page.locator('#try-console').getAttribute('data-operation')).toBe(operationId);
  return page;
}

async function fill(page: Page, base: string): Promise<void> {
  await page.fill('#try-console-base', base);
  await page.fill('#try-console-developer-token', SECRETS.token);
  await page.fill('#try-console-developer-access-code', SECRETS.code);
  await page.fill('#try-console-login', SECRETS.login);
  await page.fill('#try-console-senha', SECRETS.senha);
}

describe.skipIf(!CHROMIUM)('the console keeps the client rules', () => {
  test("point 7: the landing page's card opens the search's console (the page this file uses from then on)", async () => {
    const page = await newPage();
    await page.goto(new URL('index.html', base).href, { waitUntil: 'load' });
    await page.locator('[data-family="v2-pt"] a[data-try="Disponibilidade"]').click();
    await poll(() => page.locator('#try-console').getAttribute('data-operation')).toBe('Disponibilidade');
    expect(await page.locator('#try-console').isVisible()).toBe(true);
    pages.set('v2-pt', Promise.resolve(page));
  }, 120_000);

  test('point 1: a 307 from the base URL is not followed; nothing reaches where it points', async () => {
    const page = await consoleOf('v2-pt', 'Disponibilidade');
    await fill(page, redirecting.url);
    await page.locator('#try-console-send').click();
    await poll(() => page.locator('#try-console-status').innerText()).toMatch(/^Not followed: .* redirect/);
    expect(redirecting.seen.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual(['/api/V2/Voos/Disponibilidade']);
    expect(elsewhere.seen).toEqual([]);
  }, 120_000);

  test('point 1: plain http to a host that is not loopback is refused before any request', async () => {
    const page = await consoleOf('v2-pt', 'Disponibilidade');
    await fill(page, 'http://api.example.invalid');
    const before = redirecting.seen.length + elsewhere.seen.length;
    const requests: string[] = [];
    page.on('request', (r) => void requests.push(r.url()));
    await page.locator('#try-console-send').click();
    await poll(() => page.locator('#try-console-base-problem').innerText()).toMatch(/https/);
    expect(requests.filter((u) => u.includes('example.invalid'))).toEqual([]);
    expect(redirecting.seen.length + elsewhere.seen.length).toBe(before);
  }, 120_000);

  test('point 8: a violation at `constructor` is listed with the rest, none hidden', async () => {
    const page = await consoleOf('v2-pt', 'Tarifar');
    await fill(page, redirecting.url);
    await page.locator('#try-console-send').click();
    await poll(() => page.locator('#try-console-status').innerText()).toMatch(/^422\b/);
    await poll(() => page.locator('#try-console-problems li').allInnerTexts()).toEqual([
      'body /constructor: first, at constructor',
      'body /Login: second, at Login',
    ]);
  }, 120_000);

  test('point 7: every published field prefilled, and the answer brought into view', async () => {
    const page = await consoleOf('v2-pt', 'Disponibilidade');
    const body = JSON.parse(await page.locator('#try-console-body').inputValue()) as Record<string, unknown>;
    for (const field of ['Origem', 'Destino', 'DataIda', 'QuantidadeAdultos']) expect(body).toHaveProperty(field);
    await fill(page, base.origin);
    await page.locator('#try-console-send').click();
    await poll(() => page.locator('#try-console-status').innerText()).toMatch(/^\d{3}\b/);
    await poll(() =>
      page.locator('#try-console-status').evaluate((el) => {
        const box = el.getBoundingClientRect();
        const drawer = (document.getElementById('try-console') as HTMLElement).getBoundingClientRect();
        return box.top >= drawer.top && box.bottom <= drawer.bottom;
      }),
    ).toBe(true);
  }, 120_000);

  test("point 9: the checks as typed are the mock's own validators and words", async () => {
    const page = await consoleOf('v2-pt', 'Disponibilidade');
    const wrong = { Login: 5, Senha: 'x', QuantidadeAdultos: 'two', Origem: [] };
    await page.fill('#try-console-login', '');
    await page.fill('#try-console-senha', '');
    await page.fill('#try-console-body', JSON.stringify(wrong));
    const answer = await fetch(`${mock.url}/api/V2/Voos/Disponibilidade`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'developer-token': SECRETS.token, 'developer-access-code': SECRETS.code },
      body: JSON.stringify(wrong),
    });
    const violations = ((await answer.json()) as { validation: Array<{ message: string }> }).validation.map((v) => v.message);
    expect(violations.length).toBeGreaterThan(1);
    await poll(async () =>
      (await page.locator('#try-console-body-errors li').allInnerTexts()).map((t) => t.replace(/^\S+ /, '')).sort(),
    ).toEqual([...violations].sort());
  }, 120_000);

  test('point 2 and 7: legacy Autenticar gets the filled login and senha; copies hide them, nested ones and a body that is not JSON', async () => {
    const page = await consoleOf('legacy', 'Autenticar');
    await fill(page, base.origin);
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/AereoNoSession.svc/Autenticar')) sent.push(r.postData() ?? '');
    });
    await page.locator('#try-console-send').click();
    await poll(() => sent.length).toBe(1);
    expect(JSON.parse(sent[0] ?? '{}')).toMatchObject({ login: SECRETS.login, senha: SECRETS.senha });
    await page.locator('#try-console-with-secrets').uncheck();
    await page.locator('#try-console-copy').click();
    let copy = await page.locator('#try-console-curl').innerText();
    for (const secret of Object.values(SECRETS)) expect(copy).not.toContain(secret);

    const user = await consoleOf('legacy', 'AutenticarComUsuario');
    await user.fill(
      '#try-console-body',
      JSON.stringify({
        Login: 'a',
        Senha: 'typed-in-body-1',
        TokenDeSeguranca: 'second-factor-9',
        AutenticacaoUsuario: { Login: 'u', Senha: 'user-pass-2' },
      }),
    );
    await user.locator('#try-console-copy').click();
    copy = await user.locator('#try-console-curl').innerText();
    for (const secret of ['typed-in-body-1', 'second-factor-9', 'user-pass-2', SECRETS.senha]) expect(copy).not.toContain(secret);
    await user.fill('#try-console-body', '{"senha": "raw-typed-3", oops');
    await user.locator('#try-console-copy').click();
    await poll(() => user.locator('#try-console-curl').innerText()).toContain('not JSON');
    expect(await user.locator('#try-console-curl').innerText()).not.toContain('raw-typed-3');
  }, 120_000);

  test('issue 58: a copy hides the fields the contract index redacts, however spelt and at any depth; the secret headers too', async () => {
    const user = await consoleOf('legacy', 'AutenticarComUsuario');
    await fill(user, base.origin);
    await user.locator('#try-console-with-secrets').uncheck();
    const typed = {
      SENHA: 'upper-senha-41',
      'Senha\u200b': 'zero-width-42',
      password: 'kind-name-43',
      HashAcesso: 'hash-acesso-44',
      Dados: [{ Token: 'token-deep-45', TokenDeSeguranca: 'second-factor-46', login: 'login-deep-47' }],
      Localizador: 'ABC123',
    };
    await user.fill('#try-console-body', JSON.stringify(typed));
    await user.locator('#try-console-copy').click();
    const copy = await user.locator('#try-console-curl').innerText();
    const hiddenValues = [
      'upper-senha-41',
      'zero-width-42',
      'kind-name-43',
      'hash-acesso-44',
      'token-deep-45',
      'second-factor-46',
      'login-deep-47',
    ];
    for (const secret of [...hiddenValues, ...Object.values(SECRETS)]) expect(copy).not.toContain(secret);
    for (const shown of ['<PASSWORD>', '<LOGIN>', '<HASH_ACESSO>', '<TOKEN_DE_SEGURANCA>', 'developer-token: <DEVELOPER_TOKEN>', 'ABC123'])
      expect(copy).toContain(shown);
    // The inputs the index holds secret are masked as typed.
    for (const [id, type] of [
      ['developer-token', 'password'],
      ['developer-access-code', 'password'],
      ['senha', 'password'],
      ['login', 'text'],
    ] as const)
      expect(await user.locator(`#try-console-${id}`).getAttribute('type'), id).toBe(type);
    // Asked for, the copy holds what was typed.
    await user.locator('#try-console-with-secrets').check();
    await user.locator('#try-console-copy').click();
    await poll(() => user.locator('#try-console-curl').innerText()).toContain('zero-width-42');
  }, 120_000);

  test("point 8: V1's {Operation} gets a field, and the call goes to the filled name", async () => {
    const page = await consoleOf('v1', 'OperacaoNaoListada');
    await fill(page, base.origin);
    const urls: string[] = [];
    page.on('request', (r) => void urls.push(r.url()));
    await page.fill('#try-console-path-operation', 'Disponibilidade');
    await page.locator('#try-console-send').click();
    await poll(() => page.locator('#try-console-status').innerText()).toMatch(/^\d{3}\b/);
    expect(urls.filter((u) => u.includes('/api/Voos/'))).toEqual([`${base.origin}/api/Voos/Disponibilidade`]);
  }, 120_000);

  test('point 6: the landing page and these pages ran under the docs CSP with no violation and no error', async () => {
    const problems = (await Promise.all(watched.map((w) => w.problems()))).flat();
    expect(watched.length).toBeGreaterThanOrEqual(3);
    expect(problems).toEqual([]);
  });
});
