// The steps of one family's build, with the tools they need. Imported only when some
// family has to be rebuilt, so an unchanged build never pays for loading the tools.
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Family } from './families.ts';
import { formatProblem, lintAndBundle, loadRedoclyConfig } from './redocly.ts';
import type { SpectralFinding, SpectralJob } from './spectral.ts';
import { StepError } from './step-error.ts';
import { sha256 } from './cache.ts';
import { DOCS_ID, type FamilyReport } from './pipeline.ts';
import { buildObserved, OBSERVED_ID, OVERLAY_FILE, observedInputs } from './observed-step.ts';
import { docsFlows, flowsInputs } from './flows-step.ts';
import type { ReferencePageJob } from '../docs/reference.ts';

export interface Tools {
  redocly: Awaited<ReturnType<typeof loadRedoclyConfig>>;
}

export interface BuiltFamily {
  report: FamilyReport;
  /** Files the bundle was made from: the next build hashes these to decide. */
  inputs: string[];
  /** Output path (relative to the output folder) -> sha256. */
  outputs: Record<string, string>;
  /** The bundle in memory, for the steps after it in this build (so none reads it back). */
  document?: Record<string, unknown>;
}

interface Context {
  rootDir: string;
  outDir: string;
  writeIfChanged(file: string, content: string): Promise<void>;
  /** The types of a bundled document (openapi-typescript, in the TypeScript worker). */
  types(document: Record<string, unknown>, flavour: 'published' | 'observed'): Promise<string>;
  /** Spectral's findings on a bundle (in the Spectral worker). */
  spectral(job: SpectralJob): Promise<SpectralFinding[]>;
}

export async function loadTools(rootDir: string): Promise<Tools> {
  return { redocly: await loadRedoclyConfig(rootDir) };
}

async function step<T>(family: string, name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StepError) throw error;
    throw new StepError(family, name, error instanceof Error ? error.message : String(error));
  }
}

export async function buildFamily(tools: Tools, family: Family, ctx: Context): Promise<BuiltFamily> {
  const started = performance.now();
  const { rootDir, outDir } = ctx;
  const warnings: string[] = [];
  const bundled = await step(family.id, 'redocly lint and bundle', () => lintAndBundle(tools.redocly, family));
  const errors = bundled.problems.filter((p) => p.severity === 'error');
  warnings.push(...bundled.problems.filter((p) => p.severity === 'warn').map((p) => formatProblem(p, rootDir)));
  if (errors.length > 0) {
    throw new StepError(family.id, 'redocly lint', errors.map((p) => formatProblem(p, rootDir)).join('\n'));
  }

  const bundlePath = path.join(outDir, family.id, 'openapi.yaml');
  // Typed from the bundle in memory and linted by Spectral, each in its worker, side by side.
  const typesText = step(family.id, 'types (openapi-typescript)', () => ctx.types(bundled.document, 'published'));
  typesText.catch(() => undefined); // awaited below, unless Spectral fails first
  const findings = await step(family.id, 'spectral lint', () => ctx.spectral({ bundlePath, text: bundled.yaml }));
  const spectralErrors = findings.filter((f) => f.severity === 0);
  warnings.push(...findings.filter((f) => f.severity === 1).map((f) => `  warn ${f.code}: ${family.id}/openapi.yaml:${f.line} ${f.message}`));
  if (spectralErrors.length > 0) {
    throw new StepError(family.id, 'spectral lint', spectralErrors.map((f) => `  error ${f.code}: ${f.path.join('.')} ${f.message}`).join('\n'));
  }

  const types = await typesText;
  const typesPath = path.join(outDir, family.id, 'schema.d.ts');
  await ctx.writeIfChanged(bundlePath, bundled.yaml);
  await ctx.writeIfChanged(typesPath, types);

  const outputs: Record<string, string> = {};
  for (const file of [bundlePath, typesPath]) outputs[path.relative(outDir, file)] = sha256(await readFile(file));
  const inputs = bundled.fileDependencies.length > 0 ? bundled.fileDependencies : [family.root];
  const report: FamilyReport = { id: family.id, skipped: false, files: Object.keys(outputs), warnings, ms: performance.now() - started };
  return { report, inputs, outputs, document: bundled.document };
}

/** The observed flavour: overlay from the evidence, applied to the v2-pt bundle, typed. */
export async function buildObservedFlavour(ctx: Context, writeSources: boolean, published?: Record<string, unknown>): Promise<BuiltFamily> {
  const started = performance.now();
  const result = await step(OBSERVED_ID, 'observed flavour (overlay)', () =>
    buildObserved({
      rootDir: ctx.rootDir,
      outDir: ctx.outDir,
      types: (document) => ctx.types(document, 'observed'),
      writeIfChanged: ctx.writeIfChanged,
      writeSources,
      ...(published ? { published } : {}),
    }),
  );
  const outputs: Record<string, string> = {};
  for (const file of [result.bundlePath, result.typesPath]) outputs[path.relative(ctx.outDir, file)] = sha256(await readFile(file));
  const report: FamilyReport = {
    id: OBSERVED_ID,
    skipped: false,
    files: Object.keys(outputs),
    warnings: [],
    ms: performance.now() - started,
    sources: { [OVERLAY_FILE]: result.overlay },
  };
  return { report, inputs: await observedInputs(ctx.rootDir, ctx.outDir), outputs, document: result.document };
}

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
  ctx: Context,
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
  const { startDocsSite } = await import('../docs/site.ts');
  const docsDir = path.join(ctx.outDir, 'docs');
  // The observed flavour is built whenever v2-pt is (pipeline.ts): its page goes beside v2-pt's.
  const observed = families.some((f) => f.id === 'v2-pt')
    ? { id: OBSERVED_ID, of: 'v2-pt', bundlePath: path.join(ctx.outDir, OBSERVED_ID, 'openapi.yaml') }
    : undefined;
  const what = 'docs site (build-docs, landing page)';
  const flows = await docsFlows(ctx.rootDir);
  const run = await step(DOCS_ID, what, () =>
    startDocsSite({
      rootDir: ctx.rootDir,
      outDir: docsDir,
      families: families.map((f) => ({ ...f, bundlePath: path.join(ctx.outDir, f.id, 'openapi.yaml'), document: options.documents?.get(f.id) })),
      ...(observed ? { observed } : {}),
      pageCacheFile,
      ...(options.renderPage ? { renderPage: options.renderPage } : {}),
      ...(flows ? { flows } : {}),
    }),
  );
  async function finish(observedDocument?: Record<string, unknown>): Promise<BuiltFamily> {
    const written = await step(DOCS_ID, what, () => run.finish(observedDocument));
    const outputs: Record<string, string> = {};
    for (const file of written) outputs[path.relative(ctx.outDir, file)] = sha256(await readFile(file));
    const inputs = [
      ...families.map((f) => path.join(ctx.outDir, f.id, 'openapi.yaml')),
      ...(observed ? [observed.bundlePath, path.join(ctx.rootDir, 'scripts', 'observed', 'observed-operations.ts')] : []),
      ...(await readdir(path.join(ctx.rootDir, 'docs', 'landing'))).map((f) => path.join(ctx.rootDir, 'docs', 'landing', f)),
      ...(await readdir(path.join(ctx.rootDir, 'scripts', 'docs'))).map((f) => path.join(ctx.rootDir, 'scripts', 'docs', f)),
      ...(flows ? await flowsInputs(ctx.rootDir) : []),
    ];
    const report: FamilyReport = { id: DOCS_ID, skipped: false, files: Object.keys(outputs), warnings: [], ms: performance.now() - started };
    return { report, inputs, outputs };
  }
  return { finish, abandon: () => run.abandon() };
}
