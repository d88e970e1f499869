// The docs site as a reader sees it: built from the pipeline's bundles of every family in
// redocly.yaml (and from a small legacy/English/Portuguese fixture site), served
// on 127.0.0.1 and opened in headless Chromium with every off-site request blocked.

import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readApiIds, readCatalogFamilies, type CatalogFamily } from '../../scripts/docs-site/catalog.ts';
import { COVERAGE_STATES, computeCoverage } from '../../scripts/docs-site/coverage.ts';
import { operationHref } from '../../scripts/docs-site/crossrefs.ts';
import { listOperations, type OperationEntry } from '../../scripts/docs-site/openapi.ts';
import { serveDocs } from '../../scripts/docs-site/serve.ts';
import { buildDocsSite, type DocsSiteFamily, type DocsSiteObserved } from '../../scripts/docs-site/site.ts';
import { SOURCE_STATES, computeSources, type SourceCounts } from '../../scripts/docs-site/sources.ts';
import { OBSERVED_STATUS, statusLabel } from '../../scripts/docs-site/status.ts';
import { countTraces, partsPhrase } from '../../scripts/docs-site/traceability.ts';
import { buildObservedBundle } from '../../scripts/observed/apply.ts';
import { CHROMIUM_ARGS, chromiumForTests } from '../support/chromium.ts';
import { FIXTURES, ROOT } from './helpers.ts';

// Skipped with a message when no browser is found, unless CI=true (then this throws).
const CHROMIUM = chromiumForTests();
const SCREENSHOTS = path.join(ROOT, 'test-results');
const run = promisify(execFile);

interface Site {
  dir: string;
  url: string;
  families: DocsSiteFamily[];
  observed: DocsSiteObserved;
  /** Every bundle the site shows, by page id (the families' and the observed flavour's). */
  docs: Map<string, unknown>;
  files: string[];
}

let tmp: string;
let browser: Browser;
let server: Server;
let base: URL;
let catalog: Map<string, CatalogFamily>;
let real: Site;
let fixtureSite: Site;

async function loadDocs(families: ReadonlyArray<{ id: string; bundlePath: string }>): Promise<Map<string, unknown>> {
  return new Map(await Promise.all(families.map(async (f) => [f.id, parse(await readFile(f.bundlePath, 'utf8'))] as const)));
}

/**
 * Every family of redocly.yaml with the bundle the pipeline wrote under generated/ (that it is
 * what the pipeline makes from spec/ now: tests/pipeline/generated-current.test.ts).
 */
async function builtFamilies(): Promise<DocsSiteFamily[]> {
  const ids = await readApiIds(ROOT);
  return ids.map((id) => {
    const entry = catalog.get(id);
    if (!entry) throw new Error(`family ${id} has no catalog entry`);
    return { id, title: entry.title, status: entry.status, bundlePath: path.join(ROOT, 'generated', id, 'openapi.yaml') };
  });
}

async function buildSite(name: string, families: DocsSiteFamily[], observed: DocsSiteObserved): Promise<Site> {
  const dir = path.join(tmp, name);
  const files = await buildDocsSite({ rootDir: ROOT, outDir: dir, families, observed });
  return { dir, url: new URL(`${name}/`, base).href, families, observed, docs: await loadDocs([...families, observed]), files };
}

/** The observed page, as checkFamilyPage reads a page: its status is the observed label. */
function observedPage(site: Site): DocsSiteFamily {
  return { id: site.observed.id, title: `${site.observed.of} observed`, status: OBSERVED_STATUS, bundlePath: site.observed.bundlePath };
}

/** Every page the site links: each family's and the observed flavour's. */
function pageIds(site: Site): string[] {
  return [...site.families.map((f) => f.id), site.observed.id];
}

beforeAll(async () => {
  if (!CHROMIUM) return;
  tmp = await mkdtemp(path.join(os.tmpdir(), 'docs-site-test-'));
  catalog = await readCatalogFamilies(ROOT);
  const started = await serveDocs(tmp, 0);
  server = started.server;
  base = new URL(started.url);
  const bundles = await builtFamilies();
  await mkdir(path.join(tmp, 'bundles', 'v2-pt-observed'), { recursive: true });
  // The observed flavour the way the pipeline makes it: the generated overlay on the v2-pt bundle.
  const observed: DocsSiteObserved = {
    id: 'v2-pt-observed',
    of: 'v2-pt',
    bundlePath: path.join(tmp, 'bundles', 'v2-pt-observed', 'openapi.yaml'),
  };
  await buildObservedBundle({
    publishedBundlePath: path.join(ROOT, 'generated', 'v2-pt', 'openapi.yaml'),
    overlayPath: path.join(ROOT, 'generated', 'v2-pt-observed', 'overlay.yaml'),
    outPath: observed.bundlePath,
  });
  const fixtures: DocsSiteFamily[] = [
    { id: 'fx-legacy', title: 'Fixture legacy <b>service</b>', status: 'deprecated', bundlePath: path.join(FIXTURES, 'legacy.yaml') },
    { id: 'fx-en', title: 'Fixture V2 English', status: 'mirror', bundlePath: path.join(FIXTURES, 'en.yaml') },
    { id: 'fx-pt', title: 'Fixture V2 Portuguese', status: 'official', bundlePath: path.join(FIXTURES, 'pt.yaml') },
  ];
  const fixtureObserved: DocsSiteObserved = { id: 'fx-pt-observed', of: 'fx-pt', bundlePath: path.join(FIXTURES, 'pt-observed.yaml') };
  [real, fixtureSite] = await Promise.all([buildSite('real', bundles, observed), buildSite('fixture', fixtures, fixtureObserved)]);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}, 120_000);

afterAll(async () => {
  await Promise.all([...shared.values()].map(async (visiting) => (await visiting).page.close()));
  await browser?.close();
  if (server) await new Promise((resolve) => server.close(resolve));
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

interface Visit {
  page: Page;
  problems: string[];
}

/** Opens a page with every request off 127.0.0.1 blocked and every error recorded. */
async function visit(url: string): Promise<Visit> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`failed request: ${r.url()} (${r.failure()?.errorText ?? '?'})`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  await page.route('**/*', (route) => {
    const target = route.request().url();
    if (target.startsWith(base.origin) || target.startsWith('data:') || target.startsWith('blob:')) return route.continue();
    problems.push(`off-site request: ${target}`);
    return route.abort();
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  return { page, problems };
}

const shared = new Map<string, Promise<Visit>>();

/**
 * A page several tests read, opened once and closed when the file ends: each load of a
 * reference page costs Chromium seconds of CPU. Its problems gather every test's.
 */
function visitShared(url: string): Promise<Visit> {
  let visiting = shared.get(url);
  if (!visiting) {
    visiting = visit(url);
    shared.set(url, visiting);
  }
  return visiting;
}

function label(op: OperationEntry): string {
  return op.summary ?? op.operationId;
}

function escapeRe(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Expands each tag of the sidebar and checks every operation's label is shown. */
async function visibleOperationLabels(page: Page, doc: unknown): Promise<string[]> {
  const ops = listOperations(doc);
  const shown: string[] = [];
  const items = page.locator('[data-testid="menu-item-label"]').filter({ visible: true });
  const tags = [...new Set(ops.map((op) => op.tags[0]).filter((t): t is string => t !== undefined))];
  // Redoc expands a tag after the click, later on a busy machine: each label is waited for
  // (auto-waiting locator), and one that never shows is left out, for the comparison to name it.
  const check = async (op: OperationEntry) => {
    const item = items.filter({ hasText: new RegExp(`^\\s*${escapeRe(label(op))}`) }).first();
    const visible = await item.waitFor({ state: 'visible', timeout: 15_000 }).then(
      () => true,
      () => false,
    );
    if (visible) shown.push(label(op));
  };
  for (const op of ops.filter((o) => o.tags.length === 0)) await check(op);
  for (const tag of tags) {
    const tagItem = items.filter({ hasText: new RegExp(`^\\s*${escapeRe(tag)}\\s*$`) }).first();
    const inTag = ops.filter((o) => o.tags[0] === tag);
    const first = inTag[0];
    // A click before Redoc's menu listens is lost (seen under test:steady's busy loops): until the
    // tag's first operation shows, click again, and never while it shows (a click folds it back).
    for (let attempt = 0; first !== undefined && attempt < 6; attempt++) {
      const firstItem = items.filter({ hasText: new RegExp(`^\\s*${escapeRe(label(first))}`) }).first();
      if (await firstItem.isVisible()) break;
      await tagItem.click();
      if (
        await firstItem.waitFor({ state: 'visible', timeout: 5_000 }).then(
          () => true,
          () => false,
        )
      )
        break;
    }
    for (const op of inTag) await check(op);
  }
  return shown;
}

/** Follows a deep link inside an open Redoc page: the operation's heading must come into view. */
async function headingInView(page: Page, hash: string, heading: string): Promise<void> {
  await page.evaluate((h) => {
    location.hash = h;
  }, hash);
  await page.waitForFunction(
    (text) => {
      // The whole name: `Disponibilidade` is not `DisponibilidadeMultipla`.
      const h = Array.from(document.querySelectorAll('h1, h2')).find((e) => {
        const t = (e.textContent ?? '').trim();
        return t.startsWith(text) && !/[A-Za-z0-9]/.test(t.charAt(text.length));
      });
      if (!h) return false;
      const r = h.getBoundingClientRect();
      return r.top >= 0 && r.top < window.innerHeight;
    },
    heading,
    { timeout: 10_000, polling: 50 },
  );
}

interface LandingLinks {
  /** In-page anchors, each checked against the ids of the landing page. */
  anchors: string[];
  ids: Set<string>;
  /** Links to other pages: file name, then the hashes that point into it. */
  pages: Map<string, string[]>;
  /** Links to the bundles beside the pages (`openapi/<id>.yaml`, `.json`). */
  bundles: string[];
  /** Links to the Postman collections (`postman/<id>.postman_collection.json`), which the pipeline's own step writes. */
  collections: string[];
  problems: string[];
}

const landingCache = new Map<Site, Promise<LandingLinks>>();

/** Reads every link of a site's landing page once (the page is loaded once per site). */
function landingLinks(site: Site): Promise<LandingLinks> {
  let cached = landingCache.get(site);
  if (!cached) {
    cached = (async () => {
      const { page, problems } = await visitShared(site.url);
      const hrefs = [...new Set(await page.$$eval('a[href]', (as) => as.map((a) => a.getAttribute('href') ?? '')))];
      const ids = new Set(await page.$$eval('[id]', (els) => els.map((e) => e.id)));
      const anchors: string[] = [];
      const pages = new Map<string, string[]>();
      const bundles: string[] = [];
      const collections: string[] = [];
      for (const href of hrefs) {
        if (href.startsWith('postman/')) {
          collections.push(href);
          continue;
        }
        if (href.startsWith('#')) {
          anchors.push(href);
          continue;
        }
        if (href.startsWith('openapi/')) {
          bundles.push(href);
          continue;
        }
        // `?try` (the console's way in) leads to the same page and operation.
        const [page = '', hash] = href.split('#');
        const file = page.replace(/\?try$/, '');
        pages.set(file, [...new Set([...(pages.get(file) ?? []), ...(hash === undefined ? [] : [`#${hash}`])])]);
      }
      return { anchors, ids, pages, bundles, collections, problems };
    })();
    landingCache.set(site, cached);
  }
  return cached;
}

/**
 * One family page as a reader meets it: it loads offline, its status is shown, every
 * operation (and every catalog name) is listed in the sidebar, and every landing-page
 * link into it brings its operation's heading into view, deprecated ones marked so.
 * Returns the open page and how many deep links were followed; `open` (a new page by default) loads it.
 */
async function checkFamilyPage(
  site: Site,
  family: DocsSiteFamily,
  open: (url: string) => Promise<Visit> = visit,
): Promise<{ page: Page; followed: number }> {
  const { page, problems } = await open(new URL(`${family.id}.html`, site.url).href);
  const status = page.locator('header.family-bar .status');
  await eventually(() => status.isVisible(), `${family.id}: status shown`);
  expect((await status.innerText()).toLowerCase()).toBe(statusLabel(family.status).toLowerCase());

  const doc = site.docs.get(family.id);
  const ops = listOperations(doc);
  const shown = await visibleOperationLabels(page, doc);
  expect(shown.sort(), `${family.id}: sidebar`).toEqual(ops.map(label).sort());
  for (const name of catalog.get(family.id)?.operationNames ?? []) {
    expect(
      shown.some((l) => new RegExp(`^${escapeRe(name)}(?![A-Za-z0-9])`).test(l)),
      `${family.id}: ${name} visible`,
    ).toBe(true);
  }

  const hashes = (await landingLinks(site)).pages.get(`${family.id}.html`) ?? [];
  for (const hash of hashes) {
    const op = ops.find((o) => hashOf(family.id, o) === hash);
    expect(op, `${family.id}.html${hash} names an operation of the page`).toBeDefined();
    await headingInView(page, hash, label(op as OperationEntry));
    if (op?.deprecated) await expectMarkedDeprecated(page, op);
  }
  expect(problems, family.id).toEqual([]);
  return { page, followed: hashes.length };
}

/** The landing page: loads offline, anchors resolve, page links name exactly the family pages. */
async function checkLanding(site: Site): Promise<void> {
  const { anchors, ids, pages, bundles, collections, problems } = await landingLinks(site);
  // Every family card links its Postman collection; for the real families the pipeline writes it beside the committed pages.
  for (const id of site.families.map((f) => f.id)) expect(collections, id).toContain(`postman/${id}.postman_collection.json`);
  if (site === real) for (const href of collections) expect(existsSync(path.join(ROOT, 'generated', 'docs', href)), href).toBe(true);
  // Every family card links its bundle, and the server serves it (a static copy of the folder holds it too).
  for (const id of site.families.map((f) => f.id)) expect(bundles, id).toContain(`openapi/${id}.yaml`);
  for (const href of bundles) {
    const response = await fetch(new URL(href, site.url));
    expect(response.status, href).toBe(200);
    const text = await response.text();
    expect(
      href.endsWith('.json') ? (JSON.parse(text) as { openapi?: string }).openapi : /^openapi: /m.test(text) ? '3.1' : '',
      href,
    ).toMatch(/^3\.1/);
  }
  for (const anchor of anchors) expect(ids, `anchor ${anchor}`).toContain(anchor.slice(1));
  for (const file of pages.keys()) expect(file, 'links stay on the site').not.toMatch(/^[a-z]+:|^\/\//i);
  expect([...pages.keys()].sort()).toEqual(
    pageIds(site)
      .map((id) => `${id}.html`)
      .sort(),
  );
  expect(problems).toEqual([]);
}

/** A browser condition that must become true; generous, since the machine is shared. */
async function eventually(condition: () => Promise<boolean>, message: string): Promise<void> {
  await expect.poll(condition, { message, timeout: 10_000, interval: 50 }).toBe(true);
}

/** Waits until no animation runs (Redoc fades content in after a route change). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { polling: 100 });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Redoc's own badge in the operation's heading, and our note at the top of its description. */
async function expectMarkedDeprecated(page: Page, op: OperationEntry): Promise<void> {
  const heading = page.locator('h2').filter({ hasText: new RegExp(`^\\s*${escapeRe(label(op))}`) });
  await eventually(
    () =>
      heading
        .filter({ hasText: /deprecated/i })
        .first()
        .isVisible(),
    `${op.operationId}: Redoc's deprecated badge`,
  );
  await eventually(() => page.getByText('Deprecated.', { exact: true }).first().isVisible(), `${op.operationId}: our deprecation note`);
}

function hashOf(familyId: string, op: OperationEntry): string {
  return operationHref(familyId, op).slice(`${familyId}.html`.length);
}

async function countAt(page: Page, selector: string): Promise<number> {
  const text = await page.locator(selector).innerText();
  return Number(text.trim());
}

describe.skipIf(!CHROMIUM)('docs site built from the families of redocly.yaml', () => {
  test("writes one page per family and the landing page, each page's bundle beside it", () => {
    const html = real.files.filter((f) => f.endsWith('.html')).map((f) => path.basename(f));
    expect(html).toEqual([...pageIds(real).map((id) => `${id}.html`), 'index.html'].sort());
    const bundles = real.files.filter((f) => path.basename(path.dirname(f)) === 'openapi').map((f) => path.basename(f));
    for (const id of pageIds(real)) expect(bundles, id).toEqual(expect.arrayContaining([`${id}.yaml`, `${id}.json`]));
  });

  test('is reproducible byte for byte, and drops pages of families that left', async () => {
    const outDir = path.join(tmp, 'real-again');
    await mkdir(outDir, { recursive: true });
    await writeFile(path.join(outDir, 'gone.html'), 'a family that left');
    await writeFile(path.join(outDir, 'notes.txt'), 'not a page');
    await mkdir(path.join(outDir, 'openapi'), { recursive: true });
    await writeFile(path.join(outDir, 'openapi', 'gone.yaml'), 'a bundle of a family that left');
    const again = await buildDocsSite({ rootDir: ROOT, outDir, families: real.families, observed: real.observed });
    const relative = (files: string[], dir: string) => files.map((f) => path.relative(dir, f));
    expect(relative(again, outDir)).toEqual(relative(real.files, real.dir));
    const onDisk = (await readdir(outDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
    expect(
      relative(
        onDisk.map((e) => path.join(e.parentPath, e.name)),
        outDir,
      ).sort(),
    ).toEqual([...relative(again, outDir), 'notes.txt'].sort());
    for (const file of real.files) {
      const twin = path.join(outDir, path.relative(real.dir, file));
      expect((await readFile(twin)).equals(await readFile(file)), path.basename(file)).toBe(true);
    }
  }, 60_000);

  test('the landing page loads offline, its anchors resolve and it links every family page', async () => {
    await checkLanding(real);
  });

  test("the landing page opens with a Getting started card whose commands are the package's own", async () => {
    const pkg = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as {
      name: string;
      bin: Record<string, string>;
      exports: Record<string, unknown>;
    };
    const { page, problems } = await visitShared(real.url);
    expect(await page.locator('main > section').first().getAttribute('id')).toBe('getting-started');
    expect(await page.locator('nav.toc ol a').first().getAttribute('href')).toBe('#getting-started');
    const card = page.locator('#getting-started .card.getting-started');
    await eventually(() => card.isVisible(), 'Getting started card shown');
    const steps = card.locator('[data-start]');
    expect(await steps.evaluateAll((els) => els.map((e) => e.getAttribute('data-start')))).toEqual(['install', 'client', 'mock', 'proxy']);
    const code = async (step: string) => {
      const block = card.locator(`[data-start="${step}"] pre`);
      await eventually(() => block.isVisible(), `${step}: its commands are shown`);
      return block.innerText();
    };
    // The README's install, not the registry name, which answers 404 until the first release.
    const install = await code('install');
    const readme = await readFile(path.join(ROOT, 'README.md'), 'utf8');
    expect(install).toContain('npm pack');
    for (const line of install.split('\n').filter((l) => l.trim() && !l.startsWith('#'))) expect(readme, line).toContain(line);
    const client = await code('client');
    const entry = /from\s+'([^']+)'/.exec(client)?.[1] ?? '';
    expect(entry.startsWith(`${pkg.name}/`), entry).toBe(true);
    expect(Object.keys(pkg.exports)).toContain(`./${entry.slice(pkg.name.length + 1)}`);
    // The mock and proxy steps run this package's own command, and that subcommand answers --help.
    const [bin] = Object.keys(pkg.bin);
    for (const step of ['mock', 'proxy'] as const) {
      expect(await code(step)).toContain(`npx ${bin} ${step}`);
      const help = await run(process.execPath, [path.join(ROOT, 'src/cli/main.ts'), step, '--help']);
      expect(help.stdout).toContain(step);
    }
    await mkdir(SCREENSHOTS, { recursive: true });
    await card.screenshot({ path: path.join(SCREENSHOTS, 'docs-getting-started.png') });
    expect(problems).toEqual([]);
  });

  test('each family page loads offline, shows its status and every operation, and every landing link into it resolves', async () => {
    let followed = 0;
    for (const family of real.families) {
      // Kept open (visitShared): the next test reads two of these pages again.
      const checked = await checkFamilyPage(real, family, visitShared);
      followed += checked.followed;
      if (family.id === 'v2-pt' || family === real.families[0]) {
        // An operation with published and unpublished fields makes the most telling picture.
        const ops = listOperations(real.docs.get(family.id));
        const shown = ops.find((o) => o.operationId === 'Disponibilidade') ?? ops[0];
        if (shown) await headingInView(checked.page, hashOf(family.id, shown), label(shown));
        await settled(checked.page);
        await mkdir(SCREENSHOTS, { recursive: true });
        await checked.page.screenshot({ path: path.join(SCREENSHOTS, `docs-reference-${family.id}.png`) });
      }
    }
    // The coverage tables link every operation of every family.
    const operations = real.families.reduce<number>((n, f) => n + listOperations(real.docs.get(f.id)).length, 0);
    expect(followed).toBeGreaterThanOrEqual(operations);
  }, 180_000);

  test('each operation of a family page shows the part of the description it comes from', async () => {
    for (const id of ['legacy', 'v2-pt']) {
      const doc = real.docs.get(id);
      const { page, problems } = await visitShared(new URL(`${id}.html`, real.url).href);
      for (const op of listOperations(doc).slice(0, 3)) {
        const source = op.operation['x-source'];
        expect(typeof source, `${id} ${op.operationId} x-source`).toBe('string');
        await headingInView(page, hashOf(id, op), label(op));
        // Redoc gives the operation's section the id of its hash without "#/".
        const note = page
          .locator(`[id="${hashOf(id, op).slice(2)}"]`)
          .getByText(`${partsPhrase(String(source))} of the interface description.`);
        await eventually(() => note.first().isVisible(), `${id} ${op.operationId}: source note`);
      }
      expect(problems, id).toEqual([]);
    }
  });

  test('the observed page loads offline, is labelled observed, and says on every observed operation where its data comes from', async () => {
    const { page, followed } = await checkFamilyPage(real, observedPage(real));
    const bar = page.locator('header.family-bar');
    expect(await bar.getAttribute('data-status')).toBe(OBSERVED_STATUS);
    expect(await bar.locator('.status').innerText()).toMatch(/^observed — not published by the provider$/i);
    expect(await bar.locator('a.published').getAttribute('href')).toBe(`${real.observed.of}.html`);

    const sources = computeSources(real.docs.get(real.observed.of), real.docs.get(real.observed.id));
    const observedOps = sources.operations.filter((o) => o.request.observed || o.response.observed);
    expect(observedOps.length).toBeGreaterThan(0);
    // The landing page links every observed operation into this page (checked by checkFamilyPage).
    expect(followed).toBeGreaterThanOrEqual(observedOps.length);
    const ops = listOperations(real.docs.get(real.observed.id));
    for (const source of observedOps) {
      const op = ops.find((o) => o.operationId === source.operationId) as OperationEntry;
      const hash = hashOf(real.observed.id, op);
      await headingInView(page, hash, label(op));
      const note = page.locator(`[data-section-id="${hash.slice(1)}"] blockquote`).first();
      await eventually(() => note.isVisible(), `${op.operationId}: observed note`);
      const text = await note.innerText();
      expect(text).toContain('Observed — not published by the provider.');
      for (const [part, record] of [
        ['request', source.request.observed],
        ['response', source.response.observed],
      ] as const) {
        if (!record) continue;
        expect(text, `${op.operationId} ${part}`).toContain(`${part} seen in ${record.seen} of ${record.of} capture`);
        for (const count of record.sources) expect(text).toContain(count.source);
      }
      if (op.operationId === 'Disponibilidade') {
        await settled(page);
        await mkdir(SCREENSHOTS, { recursive: true });
        await page.screenshot({ path: path.join(SCREENSHOTS, `docs-reference-${real.observed.id}.png`) });
      }
    }
    await page.close();
  }, 120_000);

  test('the coverage report shows the counts computed from the documents', async () => {
    const { page, problems } = await visitShared(real.url);
    for (const family of real.families) {
      const coverage = computeCoverage(real.docs.get(family.id));
      const cell = (part: string, state?: string) =>
        `table[data-table="coverage-summary"] td[data-family="${family.id}"][data-part="${part}"]${state ? `[data-state="${state}"]` : ''}`;
      expect(await countAt(page, cell('operations'))).toBe(coverage.counts.operations);
      for (const part of ['request', 'response'] as const) {
        for (const state of COVERAGE_STATES) {
          expect(await countAt(page, cell(part, state)), `${family.id} ${part} ${state}`).toBe(coverage.counts[part][state]);
        }
      }
      const rows = await page.$$eval(`table[data-table="coverage-operations"][data-family="${family.id}"] tbody tr`, (trs) =>
        trs.map((tr) => [tr.getAttribute('data-operation'), tr.getAttribute('data-request'), tr.getAttribute('data-response')]),
      );
      expect(rows).toEqual(coverage.operations.map((o) => [o.operationId, o.request.state, o.response.state]));

      // Published / observed only / unknown, from the same bundles (and the observed flavour of its family).
      const sources = computeSources(
        real.docs.get(family.id),
        family.id === real.observed.of ? real.docs.get(real.observed.id) : undefined,
      );
      const sourceCell = (part: string, state?: string) =>
        `table[data-table="coverage-sources"] td[data-family="${family.id}"][data-part="${part}"]${state ? `[data-state="${state}"]` : ''}`;
      expect(await countAt(page, sourceCell('operations'))).toBe(sources.counts.operations);
      for (const part of ['request', 'response'] as const) {
        for (const state of SOURCE_STATES) {
          expect(await countAt(page, sourceCell(part, state)), `${family.id} ${part} ${state}`).toBe(sources.counts[part][state]);
        }
      }
      const sourceRows = await page.$$eval(`table[data-table="coverage-operations"][data-family="${family.id}"] tbody tr`, (trs) =>
        trs.map((tr) => [
          tr.getAttribute('data-operation'),
          tr.getAttribute('data-request-source'),
          tr.getAttribute('data-response-source'),
        ]),
      );
      expect(sourceRows).toEqual(sources.operations.map((o) => [o.operationId, o.request.state, o.response.state]));

      // Facts by source (x-source / x-inferred / x-undocumented), counted from the same bundle.
      const traces = countTraces(real.docs.get(family.id));
      for (const kind of ['facts', 'stated', 'inferred', 'undocumented'] as const) {
        expect(
          await countAt(page, `table[data-table="coverage-facts"] td[data-family="${family.id}"][data-kind="${kind}"]`),
          `${family.id} ${kind}`,
        ).toBe(traces[kind]);
      }
    }
    // The observed page hangs off its family's card; it is no family card of its own.
    const aside = page.locator(`.card[data-family="${real.observed.of}"] .observed-flavour`);
    expect(await aside.locator('.status').innerText()).toMatch(/^observed — not published by the provider$/i);
    expect(await aside.locator(`a[href="${real.observed.id}.html"]`).count()).toBe(1);
    expect(await page.locator(`.card[data-family="${real.observed.id}"]`).count()).toBe(0);
    await settled(page);
    await mkdir(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'docs-landing.png'), fullPage: true });
    expect(problems).toEqual([]);
  });
});

describe.skipIf(!CHROMIUM)('docs site with legacy, English and Portuguese fixture families', () => {
  test('the landing page computes the migration and mirror tables, escapes document text, and says what is not built', async () => {
    await checkLanding(fixtureSite);
    const { page, problems } = await visitShared(fixtureSite.url);
    const migration = await page.$$eval('table[data-table="migration"] tbody tr', (trs) =>
      trs.map((tr) => [tr.getAttribute('data-legacy'), tr.getAttribute('data-kind')]),
    );
    expect(migration).toEqual([
      ['MarcarAssentos', 'replaced'],
      ['Autenticar', 'none'],
      ['Sumido', 'unstated'],
    ]);
    const autenticar = page.locator('table[data-table="migration"] tr[data-legacy="Autenticar"]');
    expect(await autenticar.innerText()).toContain('No V2 equivalent');
    expect(await autenticar.locator('code').allInnerTexts()).toContain('Login');
    const mirrors = await page.$$eval('table[data-table="mirror"] tbody tr', (trs) =>
      trs.map((tr) => [tr.getAttribute('data-english'), tr.getAttribute('data-inferred'), tr.querySelectorAll('.inferred').length]),
    );
    expect(mirrors).toEqual([
      ['Price', 'yes', 1],
      ['Availability', 'yes', 1],
    ]);
    // Text from the documents is escaped, never markup.
    expect(await page.locator('#families').innerText()).toContain('Fixture legacy <b>service</b>');
    expect(await page.locator('#families b').count()).toBe(0);
    // Catalog families without a page in this build say so instead of linking nowhere.
    for (const id of catalog.keys()) {
      await eventually(() => page.locator(`.card-missing[data-family="${id}"]`).isVisible(), `${id}: card says it is not built`);
    }
    expect(problems).toEqual([]);
  });

  test('the published / observed only / unknown counts equal the hand-worked ones, on the landing and from the module', async () => {
    // Worked out by hand from the fixtures' markers and records (see pt-observed.yaml's header).
    const handWorked: Record<string, { request: SourceCounts; response: SourceCounts }> = {
      'fx-pt': {
        request: { published: 1, observed: 1, unknown: 1, absent: 0 },
        response: { published: 0, observed: 2, unknown: 1, absent: 0 },
      },
      'fx-legacy': {
        request: { published: 2, observed: 0, unknown: 0, absent: 1 },
        response: { published: 1, observed: 0, unknown: 2, absent: 0 },
      },
      'fx-en': {
        request: { published: 1, observed: 0, unknown: 1, absent: 0 },
        response: { published: 0, observed: 0, unknown: 2, absent: 0 },
      },
    };
    const { page, problems } = await visitShared(fixtureSite.url);
    for (const family of fixtureSite.families) {
      const expected = handWorked[family.id] as { request: SourceCounts; response: SourceCounts };
      const observedDoc = family.id === fixtureSite.observed.of ? fixtureSite.docs.get(fixtureSite.observed.id) : undefined;
      const { counts } = computeSources(fixtureSite.docs.get(family.id), observedDoc);
      expect({ request: counts.request, response: counts.response }, family.id).toEqual(expected);
      for (const part of ['request', 'response'] as const) {
        for (const state of SOURCE_STATES) {
          const cell = `table[data-table="coverage-sources"] td[data-family="${family.id}"][data-part="${part}"][data-state="${state}"]`;
          expect(await countAt(page, cell), `${family.id} ${part} ${state}`).toBe(expected[part][state]);
        }
      }
    }
    // An observed-only part links into the observed page; a published one the flavour also types says "+ observed".
    const tarifar = page.locator('table[data-table="coverage-operations"][data-family="fx-pt"] tr[data-operation="Tarifar"]');
    expect(await tarifar.locator('a.pill-link').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([
      'fx-pt-observed.html#/search-and-pricing/tarifar',
      'fx-pt-observed.html#/search-and-pricing/tarifar',
    ]);
    const marcar = page.locator('table[data-table="coverage-operations"][data-family="fx-pt"] tr[data-operation="MarcarAssentos"]');
    expect(await marcar.locator('a.also-observed').getAttribute('href')).toBe('fx-pt-observed.html#/seats/marcarassentos');
    expect(problems).toEqual([]);

    const { page: observed, followed } = await checkFamilyPage(fixtureSite, observedPage(fixtureSite));
    expect(followed).toBe(3); // Tarifar, Disponibilidade, MarcarAssentos
    await observed.close();
  }, 60_000);

  test('each page loads offline; every deprecated operation is marked; every landing link resolves', async () => {
    let followed = 0;
    for (const family of fixtureSite.families) {
      const { page, followed: n } = await checkFamilyPage(fixtureSite, family);
      followed += n;
      if (family.id === 'fx-legacy') {
        expect(await page.locator('header.family-bar .family').innerText()).toBe('Fixture legacy <b>service</b>');
        // Its three operations are all deprecated; the landing links into them (followed
        // above, one per operation) checked each for the badge and the note.
        expect(listOperations(fixtureSite.docs.get('fx-legacy')).filter((o) => o.deprecated)).toHaveLength(3);
      }
      await page.close();
    }
    expect(followed).toBe(8);
  }, 60_000);
});
