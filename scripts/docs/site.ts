// The reference docs site: one page per family (Redocly build-docs, built
// concurrently) and the landing page, written to `outDir`. Called by the pipeline
// (scripts/build.ts) after it has bundled every family. Output is a pure function
// of the bundles, the catalog and the guide fragments: no timestamps, stable order.

import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { readCatalog, type CatalogFamily } from './catalog.ts';
import { computeCoverage, type DocumentCoverage } from './coverage.ts';
import { migrationRows, mirrorTable, operationHref, type SiteDocument } from './crossrefs.ts';
import { trusted } from './html.ts';
import { renderLanding, type LandingFamily, type LandingFragments } from './landing.ts';
import { listOperations, type JsonObject } from './openapi.ts';
import { observedDocumentForDocs, observedReferenceFamily } from './observed-page.ts';
import { buildReferencePage, documentForDocs, type ReferenceFamily } from './reference.ts';
import { sourcesFromCoverage, type SourceCoverage } from './sources.ts';
import { statusRank } from './status.ts';

export interface DocsSiteFamily {
  id: string;
  title: string;
  status: string;
  bundlePath: string;
}

export interface DocsSiteObserved {
  id: string;
  /** The family whose observed flavour this is. */
  of: string;
  bundlePath: string;
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
  /**
   * Where to remember what each page was built from (JSON). A page whose prepared
   * document, template and builder are unchanged, and whose file is intact, is not
   * rebuilt: build-docs costs about a second a page, the landing page milliseconds.
   */
  pageCacheFile?: string;
}

type PageCache = Record<string, { input: string; output: string }>;

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** What a page is made from, beyond its prepared document: the builder's own files. */
async function builderKey(rootDir: string): Promise<string> {
  const dir = import.meta.dirname;
  const files = ['reference.ts', 'reference-template.hbs', 'status.ts', 'html.ts', 'build-docs.ts'].map((f) => path.join(dir, f));
  files.push(path.join(rootDir, 'node_modules/@redocly/cli/package.json'));
  const texts = await Promise.all(files.map((f) => readFile(f, 'utf8').catch(() => f)));
  return sha256(texts.join('\0'));
}

const FRAGMENTS: Record<keyof LandingFragments, string> = {
  intro: 'intro.html',
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

async function readBundle(family: { id: string; bundlePath: string }): Promise<unknown> {
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
    return parse(text);
  } catch (error) {
    throw new Error(`Docs: the bundle of family "${family.id}" (${family.bundlePath}) is not valid YAML/JSON: ${(error as Error).message}`);
  }
}

async function readFragments(rootDir: string): Promise<LandingFragments> {
  const dir = path.join(rootDir, 'docs', 'landing');
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
async function removeStalePages(outDir: string, keep: ReadonlySet<string>): Promise<void> {
  for (const name of await readdir(outDir)) {
    if (name.endsWith('.html') && !keep.has(path.join(outDir, name))) await rm(path.join(outDir, name));
  }
}

export async function buildDocsSite(opts: DocsSiteOptions): Promise<string[]> {
  const rootDir = path.resolve(opts.rootDir);
  const outDir = path.resolve(rootDir, opts.outDir);
  checkFamilies(opts.families);
  if (opts.observed) checkObserved(opts.observed, opts.families);

  const [catalog, fragments, bundles, observedDoc] = await Promise.all([
    readCatalog(rootDir),
    readFragments(rootDir),
    Promise.all(opts.families.map(readBundle)),
    opts.observed ? readBundle(opts.observed) : undefined,
  ]);
  const catalogOrder = [...catalog.keys()];
  const families = ordered(opts.families, catalogOrder);
  const docOf = new Map(opts.families.map((f, i) => [f.id, bundles[i]]));
  const documents: SiteDocument[] = families.map((f) => ({ familyId: f.id, doc: docOf.get(f.id) }));

  const coverage = new Map<string, DocumentCoverage>(documents.map((d) => [d.familyId, computeCoverage(d.doc)]));
  const sources = new Map<string, SourceCoverage>(
    families.map((f) => [f.id, sourcesFromCoverage(coverage.get(f.id) as DocumentCoverage, f.id === opts.observed?.of ? observedDoc : undefined)]),
  );
  const migration = migrationRows(documents);
  const mirrors = mirrorTable(documents);
  const titleOf = (id: string) => families.find((f) => f.id === id)?.title ?? catalog.get(id)?.title ?? id;
  const referenceFamily = (f: DocsSiteFamily): ReferenceFamily => ({
    id: f.id,
    title: f.title,
    status: f.status,
    statusNote: catalog.get(f.id)?.statusNote,
  });

  await mkdir(outDir, { recursive: true });
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'docs-site-'));
  const written: string[] = [];
  const cache: PageCache = opts.pageCacheFile
    ? ((await readFile(opts.pageCacheFile, 'utf8').then(JSON.parse, () => ({}))) as PageCache)
    : {};
  const builder = await builderKey(rootDir);
  const pages: Array<{ family: ReferenceFamily; doc: JsonObject }> = families.map((f) => ({
    family: referenceFamily(f),
    doc: documentForDocs(docOf.get(f.id), referenceFamily(f), {
      coverage: coverage.get(f.id) as DocumentCoverage,
      replacements: migration.filter((r) => r.legacy.familyId === f.id),
      mirrors: mirrors.rows.filter((r) => r.english.familyId === f.id),
      familyTitle: titleOf,
    }),
  }));
  const observedPage = opts.observed
    ? observedReferenceFamily(opts.observed.id, { id: opts.observed.of, title: titleOf(opts.observed.of), href: `${opts.observed.of}.html` })
    : undefined;
  if (opts.observed && observedPage) {
    pages.push({
      family: observedPage,
      doc: observedDocumentForDocs(observedDoc, observedPage, {
        sources: sources.get(opts.observed.of) as SourceCoverage,
        published: { href: `${opts.observed.of}.html`, title: titleOf(opts.observed.of) },
      }),
    });
  }
  try {
    // Redocly runs in its own process per page: the pages build side by side.
    await Promise.all(
      pages.map(async ({ family, doc }) => {
        const outFile = path.join(outDir, `${family.id}.html`);
        const input = sha256(`${builder}\0${JSON.stringify(family)}\0${JSON.stringify(doc)}`);
        const previous = cache[family.id];
        const current = await readFile(outFile).then(sha256, () => undefined);
        if (!previous || previous.input !== input || previous.output !== current) {
          await buildReferencePage({ family, doc, outFile, workDir });
          cache[family.id] = { input, output: sha256(await readFile(outFile)) };
        }
        written.push(outFile);
      }),
    );
  } finally {
    await rm(workDir, { recursive: true, force: true });
    if (opts.pageCacheFile) {
      await mkdir(path.dirname(opts.pageCacheFile), { recursive: true });
      await writeFile(opts.pageCacheFile, `${JSON.stringify(cache, null, 2)}\n`);
    }
  }

  const built = new Set(families.map((f) => f.id));
  const landingFamilies: LandingFamily[] = [
    ...families.map((f): LandingFamily => {
      const entry: CatalogFamily | undefined = catalog.get(f.id);
      const operationHrefs = new Map(listOperations(docOf.get(f.id)).map((op) => [`${op.method} ${op.path}`, operationHref(f.id, op)]));
      return {
        id: f.id,
        title: f.title,
        status: f.status,
        statusNote: entry?.statusNote,
        prefix: entry?.prefix,
        page: {
          href: `${f.id}.html`,
          coverage: coverage.get(f.id) as DocumentCoverage,
          sources: sources.get(f.id) as SourceCoverage,
          operationHrefs,
          observed:
            opts.observed?.of === f.id && observedPage
              ? {
                  href: `${observedPage.id}.html`,
                  title: observedPage.title,
                  operationHrefs: new Map(listOperations(observedDoc).map((op) => [`${op.method} ${op.path}`, operationHref(observedPage.id, op)])),
                }
              : undefined,
        },
      };
    }),
    ...[...catalog.values()]
      .filter((c) => !built.has(c.id))
      .map((c): LandingFamily => ({ id: c.id, title: c.title, status: c.status, statusNote: c.statusNote, prefix: c.prefix, page: null })),
  ];
  const index = path.join(outDir, 'index.html');
  await writeFile(
    index,
    renderLanding({ families: ordered(landingFamilies, catalogOrder), fragments, migration, mirrors }),
  );
  written.push(index);

  await removeStalePages(outDir, new Set(written));
  return written.sort();
}
