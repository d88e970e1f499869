import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LIVE_PATH, LiveReload } from '../../scripts/docs-site/live-reload.ts';
import { chooseEncoding, fileFor, serveDocs } from '../../scripts/docs-site/serve.ts';
import { startMock } from '../../src/mock/server.ts';

let dir: string;
let server: Server;
let base: URL;

/** A raw request, so that `..` reaches the server as written (fetch would normalise it). */
function get(rawPath: string, method = 'GET'): Promise<{ status: number; type: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: base.hostname, port: base.port, path: rawPath, method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'docs-serve-'));
  await mkdir(path.join(dir, 'site'));
  await writeFile(path.join(dir, 'site', 'index.html'), '<h1>landing</h1>');
  await writeFile(path.join(dir, 'site', 'v2-pt.html'), '<h1>v2-pt</h1>');
  await writeFile(path.join(dir, 'secret.txt'), 'outside the site');
  await mkdir(path.join(dir, 'elsewhere'));
  await writeFile(path.join(dir, 'elsewhere', 'page.html'), 'outside the site');
  // Links inside the site: two lead out of it (a file, a folder), one stays in it.
  await symlink(path.join(dir, 'secret.txt'), path.join(dir, 'site', 'linked.html'));
  await symlink(path.join(dir, 'elsewhere'), path.join(dir, 'site', 'linked-dir'));
  await symlink(path.join(dir, 'site', 'v2-pt.html'), path.join(dir, 'site', 'alias.html'));
  const started = await serveDocs(path.join(dir, 'site'), 0);
  server = started.server;
  base = new URL(started.url);
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe('docs:serve', () => {
  test('listens on 127.0.0.1 only', () => {
    expect(base.hostname).toBe('127.0.0.1');
  });

  test('serves the landing page at / and pages by name, as HTML', async () => {
    expect(await get('/')).toMatchObject({ status: 200, type: 'text/html; charset=utf-8', body: '<h1>landing</h1>' });
    expect(await get('/v2-pt.html?x=1')).toMatchObject({ status: 200, body: '<h1>v2-pt</h1>' });
    expect(await get('/v2-pt.html', 'HEAD')).toMatchObject({ status: 200, body: '' });
  });

  test.each(['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/%2e%2e%5csecret.txt', '/nope.html', '/%E0%A4%A'])(
    'never serves anything outside the site: %s',
    async (p) => {
      const res = await get(p);
      expect([403, 404]).toContain(res.status);
      expect(res.body).not.toContain('outside the site');
    },
  );

  test.each(['/linked.html', '/linked-dir/page.html', '/linked-dir/'])(
    'never follows a symbolic link out of the site: %s is refused with a problem',
    async (p) => {
      const res = await get(p);
      expect([403, 404]).toContain(res.status);
      expect(res.type).toBe('application/problem+json');
      expect(JSON.parse(res.body)).toMatchObject({ status: res.status, detail: expect.any(String) });
      expect(res.body).not.toContain('outside the site');
    },
  );

  test('a symbolic link that stays inside the site is served', async () => {
    expect(await get('/alias.html')).toMatchObject({ status: 200, body: '<h1>v2-pt</h1>' });
  });

  test('is read-only', async () => {
    expect((await get('/', 'POST')).status).toBe(405);
  });

  test('fileFor keeps every path under the root', () => {
    const root = path.join(dir, 'site');
    expect(fileFor(root, '/a/../../b')).toBe(path.join(root, 'b'));
    expect(fileFor(root, '/x%00.html')).toBeNull();
  });
});

describe('live reload streams', () => {
  test('are capped (and the dev loop server keeps its root): one more than the cap is refused with a 503 problem; a closed stream frees its place', async () => {
    const live = new LiveReload(2);
    const started = await serveDocs(path.join(dir, 'site'), 0, { live });
    const url = `${started.url.replace(/\/$/, '')}${LIVE_PATH}`;
    const open: AbortController[] = [];
    try {
      // The dev loop's server (pages get the listener) keeps its root too.
      expect([403, 404]).toContain((await fetch(`${started.url}linked.html`)).status);
      for (let i = 0; i < 2; i++) {
        const stop = new AbortController();
        const res = await fetch(url, { signal: stop.signal });
        expect(res.status).toBe(200);
        open.push(stop);
      }
      await expect.poll(() => live.listeners).toBe(2);
      const refused = await fetch(url);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('content-type')).toBe('application/problem+json');
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await refused.json()).toMatchObject({ status: 503, detail: expect.stringContaining('2 pages') });
      open.shift()?.abort();
      await expect.poll(() => live.listeners).toBe(1);
      const again = new AbortController();
      open.push(again);
      expect((await fetch(url, { signal: again.signal })).status).toBe(200);
    } finally {
      for (const stop of open) stop.abort();
      live.close();
      started.server.closeAllConnections();
      await new Promise((resolve) => started.server.close(resolve));
    }
  });
});

describe('docs:serve with the mock beside the pages', () => {
  test('a POST and a preflight reach the mock on the same origin; a GET still serves the pages', async () => {
    const mock = await startMock({ families: ['v2-pt'], port: 0, logLevel: 'silent' });
    const beside = await serveDocs(path.join(dir, 'site'), 0, { mock: mock.url });
    const origin = new URL(beside.url).origin;
    try {
      const headers = { 'content-type': 'application/json', 'developer-token': 't', 'developer-access-code': 'c' };
      const body = JSON.stringify({ Login: 5, Senha: 'x' });
      const [through, direct] = await Promise.all(
        [origin, mock.url].map((at) => fetch(`${at}/api/V2/Voos/Tarifar`, { method: 'POST', headers, body })),
      );
      expect(through?.status).toBe(422);
      expect(await through?.text()).toBe(await direct?.text());
      const preflight = await fetch(`${origin}/api/V2/Voos/Tarifar`, {
        method: 'OPTIONS',
        headers: { origin: 'http://127.0.0.1:9', 'access-control-request-method': 'POST' },
      });
      expect(preflight.status).toBe(204);
      expect(await (await fetch(`${origin}/v2-pt.html`)).text()).toBe('<h1>v2-pt</h1>');
      // The mock gone, a call gets the docs server's own problem, not a hang.
      await mock.close();
      const gone = await fetch(`${origin}/api/V2/Voos/Tarifar`, { method: 'POST', headers, body });
      expect(gone.status).toBe(502);
    } finally {
      beside.server.closeAllConnections();
      await new Promise((resolve) => beside.server.close(resolve));
      await mock.close().catch(() => undefined);
    }
  });
});

describe('headers and encodings (issue 50)', () => {
  test('Brotli, else gzip, only when accepted; q=0 refuses', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0, identity')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });

  test('a refusal carries nosniff too; a page its policy', async () => {
    const refused = await fetch(new URL('/nowhere.html', base));
    expect(refused.status).toBe(404);
    expect(refused.headers.get('x-content-type-options')).toBe('nosniff');
    const page = await fetch(new URL('/v2-pt.html', base));
    expect(page.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
  });
});
