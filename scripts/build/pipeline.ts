// The whole pipeline in one process: for every family, concurrently, Redocly lint and
// bundle (each document loaded once), Spectral on the bundle, types, reference page.
// Families whose inputs did not change since the last build are skipped.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readFamilies } from './families.ts';
import type { BuiltFamily, SiteStep } from './family-steps.ts';
import { OBSERVED_ID } from './observed-step.ts';
export const DOCS_ID = 'docs';
import { CLIENT_ID, clientInputs } from './client-step.ts';
import { BuildWorkers } from './workers.ts';
import { StepError } from './step-error.ts';
import { fingerprint, outputsIntact, readManifest, sha256, writeManifest, type CacheEntry } from './cache.ts';

export interface BuildOptions {
  rootDir: string;
  /** Where generated files go; `generated/` of rootDir unless a check builds elsewhere. */
  outDir?: string;
  force?: boolean;
  log?: (line: string) => void;
}

export interface FamilyReport {
  id: string;
  skipped: boolean;
  /** Generated files, relative to the output folder. */
  files: string[];
  warnings: string[];
  ms: number;
  /** Files the build renders into the source tree (relative to the root) with their content. */
  sources?: Record<string, string>;
}

/** Files whose change invalidates every family: configs and the pipeline itself. */
const SHARED_INPUTS = ['redocly.yaml', '.spectral.mjs', 'spec/catalog.yaml', 'package-lock.json'];
/** Folders of code whose change invalidates every family: the pipeline and the lint rules. */
const SHARED_CODE = ['scripts/build', 'lint'];
const TOOLS = ['@redocly/openapi-core', '@redocly/cli', '@stoplight/spectral-core', '@stoplight/spectral-rulesets', 'openapi-typescript'];

async function sharedFingerprint(rootDir: string): Promise<string> {
  const parts = [`node ${process.version}`];
  for (const tool of TOOLS) {
    const manifest = path.join(rootDir, 'node_modules', tool, 'package.json');
    const pkg = JSON.parse(await readFile(manifest, 'utf8')) as { version: string };
    parts.push(`${tool} ${pkg.version}`);
  }
  const code: string[] = [];
  for (const dir of SHARED_CODE) {
    const entries = await readdir(path.join(rootDir, dir), { recursive: true, withFileTypes: true }).catch(() => []);
    code.push(...entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)));
  }
  return fingerprint(rootDir, [...SHARED_INPUTS.map((f) => path.join(rootDir, f)), ...code], parts.join('\n'));
}

/** Writes a file only when its bytes change, so unchanged outputs keep their mtime. */
async function writeIfChanged(file: string, content: string): Promise<void> {
  try {
    if ((await readFile(file, 'utf8')) === content) return;
  } catch {
    // absent: write it
  }
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

export async function runPipeline(options: BuildOptions): Promise<FamilyReport[]> {
  const rootDir = path.resolve(options.rootDir);
  const outDir = path.resolve(options.outDir ?? path.join(rootDir, 'generated'));
  const log = options.log ?? (() => {});
  const [families, shared] = await Promise.all([readFamilies(rootDir), sharedFingerprint(rootDir)]);
  const manifestFile = path.join(rootDir, '.cache', 'build', `${sha256(outDir).slice(0, 16)}.json`);
  const manifest = options.force ? {} : await readManifest(manifestFile);

  // Decide first, with hashes only: a build with nothing changed never loads the tools.
  async function entryFresh(id: string): Promise<boolean> {
    const previous = manifest[id];
    if (!previous) return false;
    const current = await fingerprint(rootDir, previous.inputs, shared);
    return current === previous.fingerprint && (await outputsIntact(outDir, previous.outputs));
  }
  const fresh = new Set<string>();
  for (const family of families) if (await entryFresh(family.id)) fresh.add(family.id);
  const stale = families.filter((f) => !fresh.has(f.id));
  const observedStale = families.some((f) => f.id === 'v2-pt') && !(await entryFresh(OBSERVED_ID));
  let built: BuiltFamily[] = [];
  const failures: unknown[] = [];
  const phaseStart = performance.now();
  const phase = (name: string) => log(`  · ${name} at ${Math.round(performance.now() - phaseStart)} ms`);
  // Worker threads load TypeScript (client) and Redoc (pages) on the second core while
  // this thread loads the lint, bundle and type tools and builds the families.
  const compilesClient = !options.outDir;
  const workers = new BuildWorkers(rootDir, compilesClient);
  const ctx = { rootDir, outDir, writeIfChanged, types: workers.types.bind(workers) };
  try {
    if (stale.length > 0 || observedStale) workers.prewarm();
    const steps = stale.length > 0 || observedStale ? await import('./family-steps.ts') : undefined;
    const tools = steps ? await steps.loadTools(rootDir) : undefined;
    if (tools) phase('tools loaded');
    if (steps && tools && stale.length > 0) {
      const { buildFamily } = steps;
      const settled = await Promise.allSettled(stale.map((family) => buildFamily(tools, family, ctx)));
      phase('families linted, bundled and typed');
      built = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      failures.push(...settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as unknown] : [])));
    }
    // The docs site reads every bundle: it runs when any was rebuilt or its own inputs
    // changed. Its family pages render in the worker while the observed flavour builds here.
    let site: SiteStep | undefined;
    if (failures.length === 0 && (built.length > 0 || observedStale || !(await entryFresh(DOCS_ID)))) {
      const { startSite } = steps ?? (await import('./family-steps.ts'));
      try {
        site = await startSite(ctx, families, { force: options.force, renderPage: (job) => workers.renderPage(job) });
      } catch (error) {
        failures.push(error);
      }
    }
    if (steps && failures.length === 0 && observedStale) {
      try {
        built.push(await steps.buildObservedFlavour(ctx, !options.outDir));
        phase('observed flavour built');
      } catch (error) {
        failures.push(error);
      }
    }
    // The client is compiled into dist/ beside the project, only for the real output
    // folder. It needs every type (the observed flavour's too), not the docs.
    const clientDone = compilesClient && failures.length === 0 ? compileClient(workers) : Promise.resolve();
    if (site) {
      if (failures.length > 0) await site.abandon();
      else {
        try {
          built.push(await site.finish());
          phase('docs site built');
        } catch (error) {
          failures.push(error);
        }
      }
    }
    await clientDone;
    phase('client compiled');
  } finally {
    await workers.close();
  }
  for (const b of built) {
    const entry: CacheEntry = { fingerprint: await fingerprint(rootDir, b.inputs, shared), inputs: b.inputs, outputs: b.outputs };
    manifest[b.report.id] = entry;
  }
  await writeManifest(manifestFile, manifest);
  if (failures.length > 0) throw failures.length === 1 ? failures[0] : new AggregateError(failures, failures.map(String).join('\n'));

  async function compileClient(workers: BuildWorkers): Promise<void> {
    const inputs = await clientInputs(rootDir);
    const previous = manifest[CLIENT_ID];
    const current = await fingerprint(rootDir, inputs, shared);
    if (previous && previous.fingerprint === current && (await outputsIntact(rootDir, previous.outputs))) return;
    const started = performance.now();
    try {
      const files = await workers.compileClient();
      const outputs: Record<string, string> = {};
      for (const file of files) outputs[path.relative(rootDir, file)] = sha256(await readFile(file));
      manifest[CLIENT_ID] = { fingerprint: current, inputs, outputs };
      log(`${CLIENT_ID}: compiled to dist/ in ${Math.round(performance.now() - started)} ms`);
    } catch (error) {
      failures.push(new StepError(CLIENT_ID, 'client (tsc -p tsconfig.build.json)', (error as Error).message));
    }
  }

  const ids = [...families.map((f) => f.id), ...[OBSERVED_ID, DOCS_ID].filter((id) => manifest[id])];
  const reports = ids.map((id): FamilyReport => {
    const done = built.find((b) => b.report.id === id);
    if (done) return done.report;
    return { id, skipped: true, files: Object.keys(manifest[id]?.outputs ?? {}), warnings: [], ms: 0 };
  });
  for (const r of reports) log(`${r.id}: ${r.skipped ? 'unchanged, skipped' : `built in ${Math.round(r.ms)} ms`}`);
  return reports;
}

/** Builds into a temporary folder and lists the generated files that differ. */
export async function findStaleFiles(rootDir: string): Promise<string[]> {
  const temp = await mkdtemp(path.join(tmpdir(), 'contract-check-'));
  try {
    const reports = await runPipeline({ rootDir, outDir: temp, force: true });
    const stale: string[] = [];
    for (const [file, content] of reports.flatMap((r) => Object.entries(r.sources ?? {}))) {
      const committed = await readFile(path.join(rootDir, file), 'utf8').catch(() => undefined);
      if (committed !== content) stale.push(file);
    }
    for (const file of reports.flatMap((r) => r.files)) {
      const fresh = await readFile(path.join(temp, file));
      const committed = await readFile(path.join(rootDir, 'generated', file)).catch(() => undefined);
      if (!committed || !fresh.equals(committed)) stale.push(`generated/${file}`);
    }
    return stale;
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}
