// The docs site's step: a reference page per family (rendered only when what it shows
// changed) and the landing page. Started once the bundles exist; finished once the
// observed flavour is built, whose page and counts the landing shows.
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ReferencePageJob } from '../docs-site/reference.ts';
import { filesOf, sha256, type Folder } from './cache.ts';
import { docsFlows, FLOWS_FOLDER, flowsInputs } from './flows-step.ts';
import { DOCS_ID, LEGACY_OBSERVED_ID, LEGACY_OBSERVED_OF, OBSERVED_ID, OBSERVED_OF } from './step-ids.ts';
import { digestOutputs, runStep as step, type BuiltFamily, type FamilyReport, type StepContext } from './step.ts';

export interface SiteStep {
  /** The observed page and the landing page, once the observed flavour is built (its bundle, when in memory). */
  finish(observedDocument?: Record<string, unknown>): Promise<BuiltFamily>;
  abandon(): Promise<void>;
}

/**
 * The docs site: a reference page per family (rebuilt only when what it shows changed)
 * and the landing page. The family pages are handed to `renderPage` at once; finish()
 * reads the observed flavour, so the pipeline builds that in between.
 */
export async function startSite(
  ctx: StepContext,
  families: Array<{ id: string; title: string; status: string }>,
  options: {
    force?: boolean | undefined;
    renderPage?: (job: ReferencePageJob) => Promise<void>;
    /** Bundles this build holds in memory, by family id; the others are read from outDir. */
    documents?: ReadonlyMap<string, Record<string, unknown>>;
  },
): Promise<SiteStep> {
  const started = performance.now();
  const pageCacheFile = path.join(ctx.rootDir, '.cache', 'docs', `${sha256(path.join(ctx.outDir, 'docs')).slice(0, 16)}.json`);
  // --force renders every page again: forget what the pages were built from.
  if (options.force) await rm(pageCacheFile, { force: true });
  const { startDocsSite } = await import('../docs-site/site.ts');
  const docsDir = path.join(ctx.outDir, 'docs');
  // The observed flavour is built whenever its published family is (pipeline.ts): its page goes beside that one.
  const observed = families.some((f) => f.id === OBSERVED_OF)
    ? { id: OBSERVED_ID, of: OBSERVED_OF, bundlePath: path.join(ctx.outDir, OBSERVED_ID, 'openapi.yaml') }
    : undefined;
  // The legacy flavour is built in the same step (observed-step.ts): its page goes beside legacy's.
  const legacyObserved =
    observed && families.some((f) => f.id === LEGACY_OBSERVED_OF)
      ? {
          id: LEGACY_OBSERVED_ID,
          of: LEGACY_OBSERVED_OF,
          bundlePath: path.join(ctx.outDir, LEGACY_OBSERVED_ID, 'openapi.yaml'),
          addsOperations: true,
        }
      : undefined;
  const flows = await docsFlows(ctx.rootDir);
  const what = 'docs site (build-docs, landing page)';
  const run = await step(DOCS_ID, what, () =>
    startDocsSite({
      rootDir: ctx.rootDir,
      outDir: docsDir,
      families: families.map((f) => ({
        ...f,
        bundlePath: path.join(ctx.outDir, f.id, 'openapi.yaml'),
        document: options.documents?.get(f.id),
      })),
      ...(observed ? { observed } : {}),
      ...(legacyObserved ? { moreObserved: [legacyObserved] } : {}),
      pageCacheFile,
      ...(options.renderPage ? { renderPage: options.renderPage } : {}),
      ...(flows ? { flows } : {}),
    }),
  );
  async function finish(observedDocument?: Record<string, unknown>): Promise<BuiltFamily> {
    const written = await step(DOCS_ID, what, () => run.finish(observedDocument));
    const outputs = await digestOutputs(ctx.outDir, written);
    const inputs = [
      ...families.map((f) => path.join(ctx.outDir, f.id, 'openapi.yaml')),
      ...(observed ? [observed.bundlePath, path.join(ctx.rootDir, 'scripts/observed/observed-operations.ts')] : []),
      ...(legacyObserved ? [legacyObserved.bundlePath] : []),
      ...(await filesIn(path.join(ctx.rootDir, 'scripts/docs-site/landing'))),
      ...(await filesOf(ctx.rootDir, DOCS_CODE)),
      ...(flows ? await flowsInputs(ctx.rootDir) : []),
      // The console's script bundles these into every page (scripts/docs-site/console.ts): the mock's wording, the index's secret names.
      ...CONSOLE_BUNDLED.map((file) => path.join(ctx.rootDir, file)),
      path.join(ctx.outDir, 'contract', 'index.js'),
    ];
    // The captures' folder even when absent: captures that appear make the flows page.
    const folders = [DOCS_CODE, FLOWS_FOLDER];
    const report: FamilyReport = {
      id: DOCS_ID,
      skipped: false,
      files: Object.keys(outputs),
      warnings: [],
      ms: performance.now() - started,
    };
    return { report, inputs, folders, outputs };
  }
  return { finish, abandon: () => run.abandon() };
}

/** The site's code, read whole. */
const DOCS_CODE: Folder = { dir: 'scripts/docs-site' };
/** What the console's inline script bundles from src/ beside the contract index. */
const CONSOLE_BUNDLED = ['src/mock/body-check.ts', 'src/mock/problem.ts', 'src/lib/contract-index.ts', 'src/lib/limits.ts'];

/** The entries directly in a folder (not below it), as paths: what the docs site reads there. */
async function filesIn(dir: string): Promise<string[]> {
  return (await readdir(dir)).map((name) => path.join(dir, name));
}
