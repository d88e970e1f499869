// The "Certification flows" page of the docs site as a reader sees it: the site the
// pipeline wrote (generated/docs, kept current by tests/pipeline/generated-current),
// served on 127.0.0.1 and opened in headless Chromium with every off-site request
// blocked. Reached from the landing page's link labelled observed; each scenario shows
// its steps in capture order with the threaded fields the lineage computes.
import { mkdir } from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serveDocs } from '../../scripts/docs-site/serve.ts';
import { computeLineage } from '../../src/scenarios/lineage.ts';
import { readFlowsSource, readScenarios } from '../../src/scenarios/read.ts';
import { CHROMIUM_ARGS, chromiumForTests } from '../support/chromium.ts';
import { ROOT } from './helpers.ts';

// Skipped with a message when no browser is found, unless CI=true (then this throws).
const CHROMIUM = chromiumForTests();
const scenarios = readScenarios(ROOT);
const lineage = computeLineage(scenarios);
const source = readFlowsSource(ROOT);

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
  await browser?.close();
  if (server) await new Promise((resolve) => server.close(resolve));
});

async function open(url: string): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
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

describe.skipIf(!CHROMIUM)('the certification flows page', () => {
  test('the landing page links it, labelled observed, and the link leads to it', async () => {
    const { page, problems } = await open(new URL('index.html', base).href);
    const tocLink = page.locator('nav.toc a[href="flows.html"]');
    await expect.poll(() => tocLink.innerText()).toMatch(/Certification flows\s*\(observed\)/);
    const section = page.locator('#certification-flows');
    expect(await section.innerText()).toContain('Observed — not published by the provider');
    expect(await section.innerText()).toContain(`${scenarios.length} homologation scenarios`);
    await section.locator('a[href="flows.html"]').click();
    await page.waitForURL(/flows\.html$/);
    expect(await page.locator('h1').innerText()).toBe('Certification flows');
    expect(problems).toEqual([]);
    await page.close();
  });

  test('is labelled observed, names its source and shows every scenario as its steps with the threaded fields', async () => {
    const { page, problems } = await open(new URL('flows.html', base).href);
    const bar = await page.locator('#observed-label').innerText();
    expect(bar).toContain('Observed — not published by the provider');
    expect(bar).toContain(`${source.repository} at commit ${source.commit}`);
    expect(await page.locator('section[data-scenario]').count()).toBe(scenarios.length);
    for (const scenario of lineage.scenarios) {
      const section = page.locator(`section[data-scenario="${scenario.name}"]`);
      expect(await section.isVisible(), scenario.name).toBe(true);
      const steps = await section.locator('ol.flow-steps > li').evaluateAll((items) => items.map((li) => li.getAttribute('data-step')));
      expect(steps).toEqual(scenarios.find((s) => s.name === scenario.name)?.steps.map((s) => s.id));
      for (const step of scenario.steps) {
        const shown = await section
          .locator(`ol.flow-steps > li[data-step="${step.id}"] li[data-field]`)
          .evaluateAll((items) => items.map((li) => `${li.getAttribute('data-field')} <- ${li.getAttribute('data-from')}`));
        expect(shown, `${scenario.name} ${step.id}`).toEqual([
          ...step.threads.map((t) => `${t.field} <- ${t.fromStep} ${t.fromPath}`),
          ...step.gaps.map((g) => `${g} <- captured`),
        ]);
      }
    }
    // The reader sees the fields, not only the attributes.
    const cenario1 = page.locator('section[data-scenario="cenario1-adulto-ida-nacional-faturado"]');
    expect(await cenario1.innerText()).toContain('Localizador ← the captured value: no earlier captured answer gave it');
    expect(await cenario1.innerText()).toContain('Localizador ← answer of 05-IniciarEmissao, Localizador');
    const rows = await page.locator('table.lineage tbody tr').count();
    expect(rows).toBe(lineage.summary.length);
    expect(problems).toEqual([]);
    await mkdir(path.join(ROOT, 'test-results'), { recursive: true });
    await page.screenshot({ path: path.join(ROOT, 'test-results', 'flows-page.png'), fullPage: false });
    await page.close();
  });
});
