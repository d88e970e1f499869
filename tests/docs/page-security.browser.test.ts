// Issue 50, point 6: the pages that hold credentials run no third party's text as HTML, and
// the docs server sends a Content-Security-Policy (inline scripts by hash, no 'unsafe-eval',
// no framing), `nosniff`, and compressed pages. A behaviour whose quote, file and source name
// carry backtick runs and an `<img onerror>` is rendered by the real pipeline (build-docs,
// behaviours.ts) and opened in Chromium: no element is made of it, no handler runs. The
// reference pages, Redoc and the console then run under the policy the server sends with no
// violation and no error (the pages console-doors.browser.test.ts does not use; one browser).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { behavioursMarkdown } from '../../scripts/docs-site/behaviours.ts';
import { operationHref } from '../../scripts/docs-site/crossrefs.ts';
import { listOperations } from '../../scripts/docs-site/openapi.ts';
import { buildReferencePage } from '../../scripts/docs-site/reference.ts';
import { serveDocs } from '../../scripts/docs-site/serve.ts';
import type { ObservedBehaviour } from '../../src/lib/observed-behaviours.ts';
import { type RunningMock, startMock } from '../../src/mock/server.ts';
import { CHROMIUM_ARGS, chromiumForTests } from '../support/chromium.ts';
import { ROOT } from './helpers.ts';
import { type Watched, watch } from './page-watch.ts';

const CHROMIUM = chromiumForTests();
const DOCS = path.join(ROOT, 'generated', 'docs');
// The landing page and the v2-pt, legacy and v1 pages run under the policy in
// console-doors.browser.test.ts, which uses them (each page is loaded once in the suite).
const REFERENCE_PAGES = ['v2-pt-observed', 'legacy-observed', 'v2-en', 'v3'];
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000 });

// Each string closes a code span early in Markdown and opens a live element if not escaped.
const HOSTILE = '`` <img src=x id=hostile-img onerror="window.__ran=1"> ``';
// A blank line ends a paragraph, and with it a code span: what follows would be read as HTML.
const PARAGRAPH = 'repo\n\n<img src=x id=hostile-img onerror="window.__ran=2">';
const hostileBehaviour: ObservedBehaviour = {
  id: `id ${HOSTILE}`,
  kind: 'note',
  operations: ['Hostil'],
  strength: 'shown by a capture' as ObservedBehaviour['strength'],
  strengthReason: 'reason',
  environment: 'sandbox' as ObservedBehaviour['environment'],
  environmentReason: 'reason',
  states: 'A third party quoted.',
  source: `source ${HOSTILE}`,
  repository: PARAGRAPH,
  commit: '0123456789abcdef',
  quotes: [
    {
      quote: `line ${HOSTILE}`,
      lang: 'json',
      translation: 'the line',
      file: `file ${HOSTILE}.js`,
      line: 3,
      url: 'https://example.invalid/f',
    },
  ],
  checkedBy: [],
} as ObservedBehaviour;

let browser: Browser;
let server: Server;
let hostileServer: Server;
let mock: RunningMock;
let base: URL;
let hostileBase: URL;
let work: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'page-security-'));
  const doc = {
    openapi: '3.1.0',
    info: { title: 'Hostile text', version: '1' },
    paths: {
      '/api/Hostil': {
        post: {
          operationId: 'Hostil',
          tags: ['Hostil'],
          description: behavioursMarkdown([hostileBehaviour]),
          responses: { '200': { description: 'ok' } },
        },
      },
    },
  };
  await buildReferencePage({
    family: { id: 'hostile', title: 'Hostile', status: 'observed', statusNote: undefined },
    doc,
    outFile: path.join(work, 'hostile.html'),
    workDir: work,
  });
  mock = await startMock({ port: 0, logLevel: 'warn' });
  const started = await serveDocs(DOCS, 0, { mock: mock.url });
  server = started.server;
  base = new URL(started.url);
  const hostile = await serveDocs(work, 0);
  hostileServer = hostile.server;
  hostileBase = new URL(hostile.url);
  if (CHROMIUM) browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  for (const s of [server, hostileServer]) if (s) await new Promise((resolve) => s.close(resolve));
  await mock?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

/** Opens a page, watching for errors and the policy's refusals. */
async function open(url: string): Promise<Watched> {
  const watched = await watch(await browser.newPage({ viewport: { width: 1280, height: 900 } }));
  await watched.page.goto(url, { waitUntil: 'load' });
  return watched;
}

describe('the docs server', () => {
  test('a page comes with a CSP without unsafe-eval, nosniff, no framing, and compressed when asked', async () => {
    const plain = await fetch(new URL('v2-pt.html', base), { headers: { 'accept-encoding': 'identity' } });
    const bytes = Buffer.from(await plain.arrayBuffer());
    const csp = plain.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+(;|$)/);
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(csp.match(/script-src[^;]*/)?.[0]).not.toMatch(/unsafe-inline/);
    expect(plain.headers.get('x-content-type-options')).toBe('nosniff');
    expect(plain.headers.get('content-encoding')).toBeNull();
    // Node's fetch decodes what it asks for: a raw request shows the bytes as sent.
    const { request } = await import('node:http');
    const raw = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      request(new URL('v2-pt.html', base), { headers: { 'accept-encoding': 'gzip, br' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });
    expect(raw.encoding).toBe('br');
    expect(brotliDecompressSync(raw.body).equals(bytes)).toBe(true);
    expect(raw.body.length).toBeLessThan(bytes.length / 3);
    expect(bytes.equals(await readFile(path.join(DOCS, 'v2-pt.html')))).toBe(true);
  });
});

describe.skipIf(!CHROMIUM)('pages under their policy', () => {
  test("a third party's backticks and markup in a behaviour stay text", async () => {
    const opened = await open(new URL(operationHref('hostile', { tags: ['Hostil'], operationId: 'Hostil' }), hostileBase).href);
    const { page } = opened;
    const text = page.locator('text=A third party quoted.').first();
    await text.waitFor({ state: 'attached', timeout: 30_000 });
    const section = page.locator('[data-section-id]').filter({ hasText: 'A third party quoted.' }).first();
    await poll(() => section.innerText()).toContain(`line ${HOSTILE}`);
    const shown = await section.innerText();
    expect(shown).toContain(`file ${HOSTILE}.js:3`);
    expect(shown).toContain(`source ${HOSTILE}`);
    expect(await page.locator('#hostile-img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __ran?: number }).__ran)).toBeUndefined();
    expect(await opened.problems()).toEqual([]);
    await page.close();
  }, 90_000);

  test('the other reference pages with Redoc and their console, and the flows page: no violation, no error', async () => {
    const found: string[] = [];
    for (const id of ['flows', ...REFERENCE_PAGES]) {
      let url = new URL(`${id}.html`, base).href;
      let first: { operationId: string } | undefined;
      if (REFERENCE_PAGES.includes(id)) {
        const doc = JSON.parse(await readFile(path.join(ROOT, 'generated', id, 'openapi.json'), 'utf8')) as unknown;
        const op = listOperations(doc)[0];
        if (!op) throw new Error(`${id} has no operation`);
        first = op;
        url = new URL(operationHref(id, op), base).href;
      }
      const opened = await open(url);
      const { page } = opened;
      if (first) {
        // Redoc drew the operation, the console placed its button and opens (its validators load).
        const button = page.locator(`.try-it[data-operation="${first.operationId}"]`);
        await button.click({ timeout: 60_000 });
        await poll(() => page.locator('#try-console').getAttribute('data-operation')).toBe(first.operationId);
        await page.locator('#try-console-send').click();
        await poll(() => page.locator('#try-console-status').innerText()).toMatch(/^\d{3}\b|Not sent|No answer/);
      }
      found.push(...(await opened.problems()).map((p) => `${id}: ${p}`));
      await page.close();
    }
    expect(found).toEqual([]);
  }, 240_000);
});
