// The whole pipeline in one process: for every family, concurrently, Redocly lint and
// bundle (each document loaded once), Spectral on the bundle, types, reference page.
// Families whose inputs did not change since the last build are skipped.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readFamilies } from './families.ts';
import type { BuiltFamily, SiteStep } from './family-steps.ts';
import { OBSERVED_ID } from './observed-step.ts';
export const DOCS_ID = 'docs';
import { CLIENT_ID, clientInputs } from './client-step.ts';
import { FLOWS_ID, buildFlowsLineage, lineageInputs } from './flows-step.ts';
import { FLOWS_DIR } from '../flows/scenarios.ts';
import { BuildWorkers } from './workers.ts';
import { StepError } from './step-error.ts';
import { filesUnder, fingerprint, hashFile, memoHasher, outputsIntact, readManifest, sha256, writeManifest, type CacheEntry, type CacheManifest, type FileHasher } from './cache.ts';

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

async function sharedFingerprint(rootDir: string, hasher: FileHasher): Promise<string> {
  const versions = await Promise.all(
    TOOLS.map(async (tool) => {
      const manifest = path.join(rootDir, 'node_modules', tool, 'package.json');
      const pkg = JSON.parse(await readFile(manifest, 'utf8')) as { version: string };
      return `${tool} ${pkg.version}`;
    }),
  );
  const code = await Promise.all(SHARED_CODE.map((dir) => filesUnder(path.join(rootDir, dir))));
  const inputs = [...SHARED_INPUTS.map((f) => path.join(rootDir, f)), ...code.flat()];
  return fingerprint(rootDir, inputs, [`node ${process.version}`, ...versions].join('\n'), hasher);
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
  // Decide first, with hashes only, before anything is written (so each file is hashed
  // once): a build with nothing changed never loads the tools.
  const hasher = memoHasher();
  const manifestFile = path.join(rootDir, '.cache', 'build', `${sha256(outDir).slice(0, 16)}.json`);
  const [families, shared, manifest] = await Promise.all([
    readFamilies(rootDir),
    sharedFingerprint(rootDir, hasher),
    options.force ? ({} as CacheManifest) : readManifest(manifestFile),
  ]);
  async function entryFresh(id: string): Promise<boolean> {
    const previous = manifest[id];
    if (!previous) return false;
    const [current, intact] = await Promise.all([fingerprint(rootDir, previous.inputs, shared, hasher), outputsIntact(outDir, previous.outputs, hasher)]);
    return current === previous.fingerprint && intact;
  }
  const flowsInputs = await lineageInputs(rootDir);
  // A capture added or removed changes the list of inputs itself, which hashing the old list cannot see.
  const flowsListed = new Set(flowsInputs);
  const sameCaptures = (id: string) => {
    const previous = (manifest[id]?.inputs ?? []).filter((f) => flowsListed.has(f) || f.startsWith(path.join(rootDir, FLOWS_DIR) + path.sep));
    return previous.length === flowsInputs.length && previous.every((f) => flowsListed.has(f));
  };
  const [familyFresh, observedFresh, docsFresh, flowsFresh] = await Promise.all([
    Promise.all(families.map((f) => entryFresh(f.id))),
    entryFresh(OBSERVED_ID),
    entryFresh(DOCS_ID).then((fresh) => fresh && sameCaptures(DOCS_ID)),
    entryFresh(FLOWS_ID).then((fresh) => fresh && sameCaptures(FLOWS_ID)),
  ]);
  const stale = families.filter((_, i) => !familyFresh[i]);
  const observedStale = families.some((f) => f.id === 'v2-pt') && !observedFresh;
  let built: BuiltFamily[] = [];
  const failures: unknown[] = [];
  const phaseStart = performance.now();
  const phase = (name: string) => log(`  · ${name} at ${Math.round(performance.now() - phaseStart)} ms`);
  // Worker threads (Spectral, TypeScript, the page renderer) load their tools on the
  // second core while this thread loads Redocly and lints and bundles the families.
  const compilesClient = !options.outDir;
  const workers = new BuildWorkers(rootDir, compilesClient);
  const ctx = { rootDir, outDir, writeIfChanged, types: workers.types.bind(workers), spectral: workers.spectral.bind(workers) };
  try {
    const needsTools = stale.length > 0 || observedStale;
    if (needsTools) workers.prewarm();
    const steps = needsTools ? await import('./family-steps.ts') : undefined;
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
    if (failures.length === 0 && (built.length > 0 || observedStale || !docsFresh)) {
      const { startSite } = steps ?? (await import('./family-steps.ts'));
      try {
        const documents = new Map(built.flatMap((b) => (b.document ? [[b.report.id, b.document] as const] : [])));
        site = await startSite(ctx, families, { force: options.force, renderPage: (job) => workers.renderPage(job), documents });
      } catch (error) {
        failures.push(error);
      }
    }
    if (steps && failures.length === 0 && observedStale) {
      try {
        built.push(await steps.buildObservedFlavour(ctx, !options.outDir, built.find((b) => b.report.id === 'v2-pt')?.document));
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
          built.push(await site.finish(built.find((b) => b.report.id === OBSERVED_ID)?.document));
          phase('docs site built');
        } catch (error) {
          failures.push(error);
        }
      }
    }
    await clientDone;
    phase('client compiled');
    if (failures.length === 0 && flowsInputs.length > 0 && !flowsFresh) {
      try {
        built.push(await buildFlowsLineage(rootDir, outDir, flowsInputs));
      } catch (error) {
        failures.push(error);
      }
    }
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
    // Nothing built: no type was rewritten, the decision's hashes still hold.
    const clientHasher = built.length === 0 ? hasher : hashFile;
    const current = await fingerprint(rootDir, inputs, shared, clientHasher);
    if (previous && previous.fingerprint === current && (await outputsIntact(rootDir, previous.outputs, clientHasher))) return;
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

  const ids = [...families.map((f) => f.id), ...[OBSERVED_ID, DOCS_ID, FLOWS_ID].filter((id) => manifest[id])];
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
