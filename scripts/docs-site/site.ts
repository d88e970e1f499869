// The reference docs site: one page per family (Redocly build-docs, built
// concurrently) and the landing page, written to `outDir`. Called by the pipeline's
// docs step after it has bundled every family. Output is a pure function
// of the bundles, the catalog and the guide fragments: no timestamps, stable order.

import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
// Redocly's own YAML reader: the bundles are its output, and it reads a large one several times faster than `yaml`.
import { parseYaml } from '@redocly/openapi-core';
import { readCatalogFamilies, type CatalogFamily } from './catalog.ts';
import { computeCoverage, type DocumentCoverage } from './coverage.ts';
import { migrationRows, mirrorTable, operationHref, type SiteDocument } from './crossrefs.ts';
import { trusted } from '../../src/lib/html.ts';
import { renderLanding, type LandingFamily, type LandingFragments } from './landing.ts';
import { listOperations, type JsonObject } from './openapi.ts';
import { FLOWS_PAGE, renderFlowsPage, type DocsFlows } from './flows-page.ts';
import { behaviourCount } from './behaviours.ts';
import { type FlavourLink, type FlavourLinks, observedLinks, publishedLinks } from './flavour-links.ts';
import { observedDocumentForDocs, observedReferenceFamily } from './observed-page.ts';
import { buildReferencePage, documentForDocs, type ReferenceFamily, type ReferencePageJob } from './reference.ts';
import { sourcesFromCoverage, type SourceCoverage } from './sources.ts';
import { countTraces } from './traceability.ts';
import { statusRank } from './status.ts';

export interface DocsSiteFamily {
  id: string;
  title: string;
  status: string;
  bundlePath: string;
  /** The bundle already in memory (the pipeline's): then bundlePath is not read. */
  document?: unknown;
}

export interface DocsSiteObserved {
  id: string;
  /** The family whose observed flavour this is. */
  of: string;
  bundlePath: string;
  /** The flavour adds operations the published document does not have (the legacy route). */
  addsOperations?: boolean;
}

export interface DocsSiteOptions {
  rootDir: string;
  outDir: string;
  families: DocsSiteFamily[];
  /**
   * The observed flavour of one family (`of`): its page is built beside the family's,
   * labelled as observed, and the coverage report reads it for the published /
   * observed only / unknown view. It is not a family of the provider.
   */
  observed?: DocsSiteObserved;
  /** More observed flavours, of other families (the legacy one): built the same way, read from bundlePath. */
  moreObserved?: DocsSiteObserved[];
  /**
   * Where to remember what each page was built from (JSON). A page whose prepared
   * document, template and builder are unchanged, and whose file is intact, is not
   * rebuilt: a build-docs page costs far more than the landing page.
   */
  pageCacheFile?: string;
  /** Renders one reference page; in this thread by default (the pipeline uses a worker). */
  renderPage?: (job: ReferencePageJob) => Promise<void>;
  /** The certification flows (observed): their page is written and the landing page links it. */
  flows?: DocsFlows;
}

type PageCache = Record<string, { input: string; output: string }>;

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** What a page is made from, beyond its prepared document: the builder's own files. */
async function builderKey(rootDir: string): Promise<string> {
  const dir = import.meta.dirname;
  const files = [
    'reference.ts',
    'reference-template.hbs',
    'status.ts',
    'html.ts',
    'build-docs.ts',
    'console.ts',
    'console/console.js',
    'console/console.css',
    '../lib/standalone-validators.ts',
    '../../src/mock/body-check.ts',
    '../../src/mock/problem.ts',
    // The console bundles the index's secret names; the pages' operation text is the hover's (one place).
    '../../src/lib/contract-index.ts',
    '../../src/lib/limits.ts',
    '../../src/lib/operation-text.ts',
    '../../generated/contract/index.js',
  ].map((f) => path.join(dir, f));
  files.push(path.join(rootDir, 'node_modules/@redocly/cli/package.json'));
  const texts = await Promise.all(files.map((f) => readFile(f, 'utf8').catch(() => f)));
  return sha256(texts.join('\0'));
}

const FRAGMENTS: Record<keyof LandingFragments, string> = {
  intro: 'intro.html',
  gettingStarted: 'getting-started.html',
  authentication: 'authentication.html',
  migration: 'migration.html',
  dates: 'dates.html',
};

function checkFamilies(families: readonly DocsSiteFamily[]): void {
  const seen = new Set<string>();
  for (const f of families) {
    if (!/^[a-z0-9][a-z0-9._-]*$/i.test(f.id) || f.id.toLowerCase() === 'index') {
      throw new Error(`Docs: "${f.id}" cannot name a family page (letters, digits, ".", "_", "-"; not "index").`);
    }
    if (seen.has(f.id)) throw new Error(`Docs: family "${f.id}" is listed twice.`);
    seen.add(f.id);
    if (!f.title.trim() || !f.status.trim()) throw new Error(`Docs: family "${f.id}" needs a title and a status.`);
  }
}

function checkObserved(observed: DocsSiteObserved, families: readonly DocsSiteFamily[]): void {
  if (!/^[a-z0-9][a-z0-9._-]*$/i.test(observed.id) || observed.id.toLowerCase() === 'index') {
    throw new Error(`Docs: "${observed.id}" cannot name the observed page (letters, digits, ".", "_", "-"; not "index").`);
  }
  if (families.some((f) => f.id === observed.id)) throw new Error(`Docs: the observed flavour "${observed.id}" has the id of a family.`);
  if (!families.some((f) => f.id === observed.of)) {
    throw new Error(`Docs: the observed flavour "${observed.id}" is a flavour of "${observed.of}", which is not a family of this build.`);
  }
}

async function readBundle(family: { id: string; bundlePath: string; document?: unknown }): Promise<unknown> {
  if (family.document !== undefined) return family.document;
  let text: string;
  try {
    text = await readFile(family.bundlePath, 'utf8');
  } catch (error) {
    throw new Error(
      `Docs: cannot read the bundle of family "${family.id}" at ${family.bundlePath} ` +
        `(bundle the families first, e.g. npm run build): ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  try {
    return parseYaml(text);
  } catch (error) {
    throw new Error(`Docs: the bundle of family "${family.id}" (${family.bundlePath}) is not valid YAML/JSON: ${(error as Error).message}`);
  }
}

async function readFragments(rootDir: string): Promise<LandingFragments> {
  const dir = path.join(rootDir, 'scripts/docs-site/landing');
  const entries = await Promise.all(
    Object.entries(FRAGMENTS).map(async ([key, file]) => {
      try {
        return [key, trusted((await readFile(path.join(dir, file), 'utf8')).trim())] as const;
      } catch {
        throw new Error(`Docs: the guide fragment ${path.join(dir, file)} is missing.`);
      }
    }),
  );
  return Object.fromEntries(entries) as unknown as LandingFragments;
}

/** Site order: by status (official first, deprecated last), then catalog order, then id. */
function ordered<T extends { id: string; status: string }>(items: readonly T[], catalogOrder: readonly string[]): T[] {
  const position = (id: string) => {
    const i = catalogOrder.indexOf(id);
    return i === -1 ? catalogOrder.length : i;
  };
  return [...items].sort(
    (a, b) => statusRank(a.status) - statusRank(b.status) || position(a.id) - position(b.id) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/** Removes pages of families that are no longer part of the site. */
/**
 * Each bundle beside its page, YAML and JSON (`openapi/<id>.yaml`), so a reader of the site
 * (served or copied as it is) downloads the contract the page shows.
 */
async function copyBundles(outDir: string, bundles: ReadonlyArray<{ id: string; bundlePath: string }>): Promise<string[]> {
  const dir = path.join(outDir, 'openapi');
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  for (const { id, bundlePath } of bundles) {
    for (const [from, ext] of [
      [bundlePath, 'yaml'],
      [bundlePath.replace(/\.yaml$/, '.json'), 'json'],
    ] as const) {
      const to = path.join(dir, `${id}.${ext}`);
      // The JSON twin is the pipeline's; a bundle given as YAML alone gets one here.
      if (ext === 'json' && !existsSync(from)) await writeFile(to, `${JSON.stringify(parseYaml(await readFile(bundlePath, 'utf8')))}\n`);
      else await copyFile(from, to);
      written.push(to);
    }
  }
  return written;
}

async function removeStalePages(outDir: string, keep: ReadonlySet<string>): Promise<void> {
  for (const name of await readdir(outDir)) {
    if (name.endsWith('.html') && !keep.has(path.join(outDir, name))) await rm(path.join(outDir, name));
  }
  const bundles = path.join(outDir, 'openapi');
  for (const name of await readdir(bundles).catch(() => [])) {
    if (!keep.has(path.join(bundles, name))) await rm(path.join(bundles, name));
  }
}

/** A site build under way: the family pages are rendering; the observed page and the landing page come next. */
export interface DocsSiteRun {
  /**
   * Renders the observed page and writes the landing page. The observed bundle is
   * `observedDocument` when the caller holds it, else read from its bundlePath (which
   * must be written by now).
   */
  finish(observedDocument?: unknown): Promise<string[]>;
  /** Waits for the pages under way and cleans up, writing nothing more. */
  abandon(): Promise<void>;
}

export async function buildDocsSite(opts: DocsSiteOptions): Promise<string[]> {
  return (await startDocsSite(opts)).finish();
}

/** Everything the pages are made from, read and checked before any page is rendered. */
interface SiteModel {
  outDir: string;
  flavours: DocsSiteObserved[];
  catalog: Map<string, CatalogFamily>;
  catalogOrder: string[];
  fragments: LandingFragments;
  /** The families in site order. */
  families: DocsSiteFamily[];
  docOf: Map<string, unknown>;
  coverage: Map<string, DocumentCoverage>;
  migration: ReturnType<typeof migrationRows>;
  mirrors: ReturnType<typeof mirrorTable>;
  titleOf: (id: string) => string;
  referenceFamily: (f: DocsSiteFamily) => ReferenceFamily;
}

function checkFlavours(opts: DocsSiteOptions): DocsSiteObserved[] {
  checkFamilies(opts.families);
  const flavours = [...(opts.observed ? [opts.observed] : []), ...(opts.moreObserved ?? [])];
  for (const flavour of flavours) checkObserved(flavour, opts.families);
  if (new Set(flavours.map((f) => f.of)).size !== flavours.length) throw new Error('Docs: two observed flavours of one family.');
  return flavours;
}

async function readSite(opts: DocsSiteOptions, rootDir: string): Promise<SiteModel> {
  const outDir = path.resolve(rootDir, opts.outDir);
  const flavours = checkFlavours(opts);
  const [catalog, fragments, bundles] = await Promise.all([
    readCatalogFamilies(rootDir),
    readFragments(rootDir),
    Promise.all(opts.families.map(readBundle)),
  ]);
  const catalogOrder = [...catalog.keys()];
  const families = ordered(opts.families, catalogOrder);
  const docOf = new Map(opts.families.map((f, i) => [f.id, bundles[i]]));
  const documents: SiteDocument[] = families.map((f) => ({ familyId: f.id, doc: docOf.get(f.id) }));
  return {
    outDir,
    flavours,
    catalog,
    catalogOrder,
    fragments,
    families,
    docOf,
    coverage: new Map<string, DocumentCoverage>(documents.map((d) => [d.familyId, computeCoverage(d.doc)])),
    migration: migrationRows(documents),
    mirrors: mirrorTable(documents),
    titleOf: (id) => families.find((f) => f.id === id)?.title ?? catalog.get(id)?.title ?? id,
    referenceFamily: (f) => ({ id: f.id, title: f.title, status: f.status, statusNote: catalog.get(f.id)?.statusNote }),
  };
}

/** One reference page to render: `input` is the hash of what it is made from. */
interface Page {
  family: ReferenceFamily;
  doc: JsonObject;
  outFile: string;
  input: string;
  counterparts: Counterparts | undefined;
}

/** The console's link from each operation to the other flavour's page. */
type Counterparts = Record<string, { href: string; label: string }>;

function counterpartsOf(links: FlavourLinks, label: (link: FlavourLink) => string): Counterparts {
  return Object.fromEntries([...links.values()].map((l) => [l.operationId, { href: l.href, label: label(l) }]));
}

/** Renders pages into outDir, skipping those that are current, and remembers what it wrote. */
interface PageRenderer {
  page(family: ReferenceFamily, doc: JsonObject, counterparts?: Counterparts): Page;
  /** The renderer has every page before this returns; `done` settles when they are written. */
  renderAll(pages: Page[]): Promise<{ done: Promise<void> }>;
  written: string[];
  cleanUp(): Promise<void>;
}

async function openPageRenderer(opts: DocsSiteOptions, rootDir: string, outDir: string): Promise<PageRenderer> {
  const renderPage = opts.renderPage ?? buildReferencePage;
  await mkdir(outDir, { recursive: true });
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'docs-site-'));
  const written: string[] = [];
  const cache: PageCache = opts.pageCacheFile
    ? ((await readFile(opts.pageCacheFile, 'utf8').then(JSON.parse, () => ({}))) as PageCache)
    : {};
  const builder = await builderKey(rootDir);

  // A page is rendered unless what it is made from, and its file, are as last time.
  const isCurrent = async (p: Page): Promise<boolean> => {
    const previous = cache[p.family.id];
    return previous?.input === p.input && previous.output === (await readFile(p.outFile).then(sha256, () => undefined));
  };
  return {
    written,
    page: (family, doc, counterparts) => ({
      family,
      doc,
      counterparts,
      outFile: path.join(outDir, `${family.id}.html`),
      input: sha256(`${builder}\0${JSON.stringify(family)}\0${JSON.stringify(doc)}\0${JSON.stringify(counterparts ?? null)}`),
    }),
    // The renders' promise is wrapped: an awaited promise of a promise would wait for both.
    renderAll: async (pages) => {
      const current = await Promise.all(pages.map(isCurrent));
      const renders = pages.map(async (p, i) => {
        if (!current[i]) {
          await renderPage({
            family: p.family,
            doc: p.doc,
            outFile: p.outFile,
            workDir,
            ...(p.counterparts ? { counterparts: p.counterparts } : {}),
          });
          cache[p.family.id] = { input: p.input, output: sha256(await readFile(p.outFile)) };
        }
        written.push(p.outFile);
      });
      const done = Promise.all(renders).then(() => undefined);
      done.catch(() => undefined); // awaited by finish() or abandon(); not unhandled meanwhile
      return { done };
    },
    cleanUp: async () => {
      await rm(workDir, { recursive: true, force: true });
      if (opts.pageCacheFile) {
        await mkdir(path.dirname(opts.pageCacheFile), { recursive: true });
        await writeFile(opts.pageCacheFile, `${JSON.stringify(cache, null, 2)}\n`);
      }
    },
  };
}

/** The pages of `families`; one with an observed flavour links each operation to its observed shape. */
function familyPages(
  site: SiteModel,
  renderer: PageRenderer,
  families: readonly DocsSiteFamily[],
  observed?: { of: ReadonlyMap<string, ObservedFlavour>; sources: ReadonlyMap<string, SourceCoverage> },
): Page[] {
  return families.map((f) => {
    const o = observed?.of.get(f.id);
    const links = o ? observedLinks(o.page.id, o.doc, observed?.sources.get(f.id) as SourceCoverage) : undefined;
    return renderer.page(
      site.referenceFamily(f),
      documentForDocs(site.docOf.get(f.id), site.referenceFamily(f), {
        coverage: site.coverage.get(f.id) as DocumentCoverage,
        replacements: site.migration.filter((r) => r.legacy.familyId === f.id),
        mirrors: site.mirrors.rows.filter((r) => r.english.familyId === f.id),
        familyTitle: site.titleOf,
        ...(links ? { observed: links } : {}),
      }),
      links ? counterpartsOf(links, (l) => `Observed shape of ${l.operationId}: ${l.summary}`) : undefined,
    );
  });
}

/** One observed flavour, read: its bundle and the page it gets. */
interface ObservedFlavour {
  flavour: DocsSiteObserved;
  doc: unknown;
  page: ReferenceFamily;
}

/** Each observed flavour by the family it is of; the first one's bundle may be in memory. */
async function readObserved(site: SiteModel, observedDocument: unknown): Promise<Map<string, ObservedFlavour>> {
  const observedOf = new Map<string, ObservedFlavour>();
  for (const [i, flavour] of site.flavours.entries()) {
    const doc = await readBundle({ ...flavour, document: i === 0 ? observedDocument : undefined });
    const page = observedReferenceFamily(flavour.id, { id: flavour.of, title: site.titleOf(flavour.of), href: `${flavour.of}.html` });
    observedOf.set(flavour.of, { flavour, doc, page });
  }
  return observedOf;
}

/** Per family: published, observed only and unknown, from its coverage and its observed flavour. */
function familySources(site: SiteModel, observedOf: ReadonlyMap<string, ObservedFlavour>): Map<string, SourceCoverage> {
  const sources = new Map<string, SourceCoverage>();
  for (const f of site.families) {
    const o = observedOf.get(f.id);
    sources.set(f.id, sourcesFromCoverage(site.coverage.get(f.id) as DocumentCoverage, o?.doc, o?.flavour.addsOperations === true));
  }
  return sources;
}

function observedPages(
  site: SiteModel,
  renderer: PageRenderer,
  observedOf: ReadonlyMap<string, ObservedFlavour>,
  sources: ReadonlyMap<string, SourceCoverage>,
): Page[] {
  return [...observedOf.values()].map(({ flavour, doc, page: observedPage }) => {
    const links = publishedLinks(flavour.of, site.docOf.get(flavour.of));
    return renderer.page(
      observedPage,
      observedDocumentForDocs(doc, observedPage, {
        sources: sources.get(flavour.of) as SourceCoverage,
        published: { href: `${flavour.of}.html`, title: site.titleOf(flavour.of) },
        publishedLinks: links,
      }),
      counterpartsOf(links, (l) => `${l.operationId} on the published page: ${l.summary}`),
    );
  });
}

const operationHrefs = (pageId: string, doc: unknown) =>
  new Map(listOperations(doc).map((op) => [`${op.method} ${op.path}`, operationHref(pageId, op)]));

/** The landing page's rows: each built family with its pages, then catalog families not built. */
function landingFamilies(
  site: SiteModel,
  observedOf: ReadonlyMap<string, ObservedFlavour>,
  sources: ReadonlyMap<string, SourceCoverage>,
): LandingFamily[] {
  const built = new Set(site.families.map((f) => f.id));
  return [
    ...site.families.map((f): LandingFamily => {
      const entry: CatalogFamily | undefined = site.catalog.get(f.id);
      const o = observedOf.get(f.id);
      return {
        id: f.id,
        title: f.title,
        status: f.status,
        statusNote: entry?.statusNote,
        prefix: entry?.prefix,
        page: {
          href: `${f.id}.html`,
          coverage: site.coverage.get(f.id) as DocumentCoverage,
          sources: sources.get(f.id) as SourceCoverage,
          traces: countTraces(site.docOf.get(f.id)),
          operationHrefs: operationHrefs(f.id, site.docOf.get(f.id)),
          observed: o
            ? {
                href: `${o.page.id}.html`,
                title: o.page.title,
                operationHrefs: operationHrefs(o.page.id, o.doc),
                behaviours: behaviourCount(o.doc),
              }
            : undefined,
        },
      };
    }),
    ...[...site.catalog.values()]
      .filter((c) => !built.has(c.id))
      .map((c): LandingFamily => ({ id: c.id, title: c.title, status: c.status, statusNote: c.statusNote, prefix: c.prefix, page: null })),
  ];
}

/** Writes the flows page (when there are flows) and the landing page; returns their files. */
async function writeLandingPages(opts: DocsSiteOptions, site: SiteModel, families: LandingFamily[]): Promise<string[]> {
  const files: string[] = [];
  if (opts.flows) {
    const flowsFile = path.join(site.outDir, FLOWS_PAGE);
    await writeFile(flowsFile, renderFlowsPage(opts.flows));
    files.push(flowsFile);
  }
  const flowsLink = opts.flows ? { href: FLOWS_PAGE, scenarios: opts.flows.lineage.scenarios.length } : undefined;
  const index = path.join(site.outDir, 'index.html');
  await writeFile(
    index,
    renderLanding({
      families: ordered(families, site.catalogOrder),
      fragments: site.fragments,
      migration: site.migration,
      mirrors: site.mirrors,
      ...(flowsLink ? { flows: flowsLink } : {}),
    }),
  );
  files.push(index);
  return files;
}

/**
 * Starts the site: reads the family bundles and hands their pages to the renderer.
 * The observed flavour is read only by finish(), so a pipeline can build it while
 * the family pages render.
 */
export async function startDocsSite(opts: DocsSiteOptions): Promise<DocsSiteRun> {
  const rootDir = path.resolve(opts.rootDir);
  const site = await readSite(opts, rootDir);
  const renderer = await openPageRenderer(opts, rootDir, site.outDir);

  // A family with an observed flavour waits for it: its page links each operation to its observed shape.
  const flavoured = new Set(site.flavours.map((f) => f.of));
  let familiesDone: Promise<void>;
  try {
    familiesDone = (
      await renderer.renderAll(
        familyPages(
          site,
          renderer,
          site.families.filter((f) => !flavoured.has(f.id)),
        ),
      )
    ).done;
  } catch (error) {
    await renderer.cleanUp();
    throw error;
  }

  async function finish(observedDocument?: unknown): Promise<string[]> {
    let observedOf: Map<string, ObservedFlavour>;
    let sources: Map<string, SourceCoverage>;
    try {
      observedOf = await readObserved(site, observedDocument);
      sources = familySources(site, observedOf);
      const later = site.families.filter((f) => flavoured.has(f.id));
      const observedDone = (
        await renderer.renderAll([
          ...familyPages(site, renderer, later, { of: observedOf, sources }),
          ...observedPages(site, renderer, observedOf, sources),
        ])
      ).done;
      await Promise.all([familiesDone, observedDone]);
    } finally {
      await familiesDone.catch(() => undefined);
      await renderer.cleanUp();
    }
    const bundles = [
      ...opts.families.map((f) => ({ id: f.id, bundlePath: f.bundlePath })),
      ...[...(opts.observed ? [opts.observed] : []), ...(opts.moreObserved ?? [])].map((o) => ({ id: o.id, bundlePath: o.bundlePath })),
    ];
    const written = [
      ...renderer.written,
      ...(await writeLandingPages(opts, site, landingFamilies(site, observedOf, sources))),
      ...(await copyBundles(site.outDir, bundles)),
    ];
    await removeStalePages(site.outDir, new Set(written));
    return written.sort();
  }

  return {
    finish,
    abandon: async () => {
      await familiesDone.catch(() => undefined);
      await renderer.cleanUp();
    },
  };
}
