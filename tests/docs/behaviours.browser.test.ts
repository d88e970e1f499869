// The behaviours integrations stated, as a reader of the docs site sees them: the site the
// pipeline wrote (generated/docs), served on 127.0.0.1 and opened in headless Chromium with
// every off-site request blocked. Each observed operation's reference section states its
// behaviours (the null refusal on Tarifar, the trip-identifier renewal, the repeated-booking
// refusal on Reservar) with the source file and line, the quote and its translation, and the
// strength; the landing page's observed card counts them. Expectations come from
// evidence/facilita-corp/behaviours.json and the observed bundle, not from the page's code.
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { operationHref } from '../../scripts/docs-site/crossrefs.ts';
import { listOperations } from '../../scripts/docs-site/openapi.ts';
import { serveDocs } from '../../scripts/docs-site/serve.ts';
import { loadBehaviours } from '../../scripts/observed/behaviours.ts';
import { type ObservedBehaviour, replayable } from '../../src/lib/observed-behaviours.ts';
import { CHROMIUM_ARGS, chromiumForTests } from '../support/chromium.ts';
import { ROOT } from './helpers.ts';

// Skipped with a message when no browser is found, unless CI=true (then this throws).
const CHROMIUM = chromiumForTests();
const behaviours = loadBehaviours(path.join(ROOT, 'evidence'));
const byId = (id: string): ObservedBehaviour => {
  const found = behaviours.find((b) => b.id === id);
  if (!found) throw new Error(`no behaviour ${id}`);
  return found;
};
const FLAVOURS = ['v2-pt-observed', 'legacy-observed'];
const SCREENSHOTS = path.join(ROOT, 'test-results');

let browser: Browser;
let server: Server;
let base: URL;
beforeAll(async () => {
  const started = await serveDocs(path.join(ROOT, 'generated', 'docs'), 0);
  server = started.server;
  base = new URL(started.url);
  if (!CHROMIUM) return;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}, 60_000);
afterAll(async () => {
  await Promise.all([...opened.values()].map(async (p) => (await p).page.close()));
  await browser?.close();
  if (server) await new Promise((resolve) => server.close(resolve));
});

async function open(url: string): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  await page.route('**/*', (route) => {
    const target = route.request().url();
    if (target.startsWith(base.origin) || target.startsWith('data:')) return route.continue();
    problems.push(`off-site request: ${target}`);
    return route.abort();
  });
  await page.goto(url, { waitUntil: 'load' });
  return { page, problems };
}

const docs = new Map<string, unknown>();
/** A flavour's bundle, parsed once (2.7 MB of YAML). */
function docOf(flavour: string): unknown {
  if (!docs.has(flavour)) docs.set(flavour, parse(readFileSync(path.join(ROOT, 'generated', flavour, 'openapi.yaml'), 'utf8')));
  return docs.get(flavour);
}

const opened = new Map<string, Promise<{ page: Page; problems: string[] }>>();

/**
 * The operation's section of a flavour's page, once Redoc has rendered it. The page is opened
 * once per flavour, at the first operation's deep link; the others follow their deep links in
 * it, as a reader clicking through does (each load of the 2.7 MB page costs Chromium seconds).
 */
async function section(flavour: string, operationId: string): Promise<{ page: Page; text: string; problems: string[] }> {
  const entry = listOperations(docOf(flavour)).find((o) => o.operationId === operationId);
  if (!entry) throw new Error(`${flavour} has no ${operationId}`);
  const href = operationHref(flavour, entry);
  const hash = href.slice(href.indexOf('#'));
  let loading = opened.get(flavour);
  const first = loading === undefined;
  if (!loading) {
    loading = open(new URL(href, base).href);
    opened.set(flavour, loading);
  }
  const { page, problems } = await loading;
  if (!first) {
    await page.evaluate((h) => {
      location.hash = h;
    }, hash);
  }
  const located = page.locator(`[data-section-id="${hash.slice(1)}"]`).first();
  await expect.poll(() => located.innerText().catch(() => ''), { timeout: 30_000 }).toContain('Behaviours integrations stated');
  return { page, text: await located.innerText(), problems };
}

function expectStated(text: string, b: ObservedBehaviour): void {
  expect(text).toContain(b.states);
  // At a glance: environment, strength, and whether the observed mock replays it.
  expect(text).toContain(
    `${b.environment} · ${b.strength} · ${replayable(b) ? 'replayed by the observed mock' : 'documented, not replayed'}`,
  );
  expect(text).toContain(b.environmentReason);
  expect(text).toContain(b.strengthReason);
  for (const q of b.quotes) {
    expect(text).toContain(q.quote);
    expect(text).toContain(q.translation);
    expect(text).toContain(`${q.file}:${q.line}`);
  }
}

describe.skipIf(!CHROMIUM).each(FLAVOURS)('the %s reference page', (flavour) => {
  test('Tarifar states the null refusal with its source file, quote and translation, and the trip-identifier renewal', async () => {
    const { page, text, problems } = await section(flavour, 'Tarifar');
    expectStated(text, byId('tarifar-refuses-null'));
    expectStated(text, byId('tarifar-renews-trip-identifier'));
    const link = page.getByRole('link', { name: 'homologacao/cenario1.js:156' }).first();
    expect(await link.getAttribute('href')).toBe(byId('tarifar-refuses-null').quotes[0]?.url);
    expect(problems).toEqual([]);
  }, 60_000);

  test('Reservar states the repeated-booking refusal, with the script and the two captures that show it', async () => {
    const { text, problems } = await section(flavour, 'Reservar');
    const alike = byId('reservar-refuses-booking-alike');
    expectStated(text, alike);
    expect(text).toContain(String(alike.message));
    expectStated(text, byId('tarifar-renews-trip-identifier'));
    expect(problems).toEqual([]);
  }, 60_000);
});

describe.skipIf(!CHROMIUM)('the documented facts no mock replays', () => {
  const others = [...new Set(behaviours.filter((b) => b.kind === 'note').flatMap((b) => b.operations))];
  test.each(others)(
    '%s states each, with its quotes and strength',
    async (operationId) => {
      const { page, text, problems } = await section('v2-pt-observed', operationId);
      for (const b of behaviours.filter((x) => x.operations.includes(operationId))) expectStated(text, b);
      if (operationId === 'Disponibilidade') {
        await mkdir(SCREENSHOTS, { recursive: true });
        await page.screenshot({ path: path.join(SCREENSHOTS, 'docs-behaviours-disponibilidade.png'), fullPage: false });
      }
      expect(problems).toEqual([]);
    },
    60_000,
  );
});

describe.skipIf(!CHROMIUM)('the landing page', () => {
  test("each observed card counts its flavour's behaviours", async () => {
    const { page, problems } = await open(new URL('index.html', base).href);
    const counts = page.locator('aside.observed-flavour p.observed-behaviours');
    await expect.poll(() => counts.count()).toBeGreaterThan(0);
    const expected = new Set(behaviours.map((b) => b.id)).size;
    for (const text of await counts.allInnerTexts()) expect(text).toMatch(new RegExp(`^${expected} behaviours integrations stated`));
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);
});
