// The whole pipeline in one process, in named phases: decide what is stale (hashes
// only), build the stale families (Redocly lint and bundle, Spectral, types), start the
// docs site, build the observed flavour, compile the client, finish the docs site, and
// record what was built. Steps whose inputs did not change since the last build are skipped.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  currentInputs,
  filesUnder,
  fingerprint,
  hashFile,
  memoHasher,
  outputsIntact,
  readManifest,
  sha256,
  writeManifest,
  type CacheManifest,
  type FileHasher,
} from './cache.ts';
import { compileClient } from './client-step.ts';
import type { SiteStep } from './docs-step.ts';
import { readFamilies, type Family } from '../lib/families.ts';
import {
  CLIENT_ID,
  DOCS_ID,
  FLOWS_ID,
  INDEX_ID,
  LEGACY_OBSERVED_ID,
  LEGACY_OBSERVED_OF,
  MOCK_ID,
  OBSERVED_ID,
  OBSERVED_OF,
  POSTMAN_ID,
} from './step-ids.ts';
import { lineageInputs } from './flows-step.ts';
import type { BuiltFamily, FamilyReport, StepContext } from './step.ts';
import type { PipelineSession } from './session.ts';
import { BuildWorkers } from './workers.ts';

export type { FamilyReport } from './step.ts';

export interface BuildOptions {
  rootDir: string;
  /** Where generated files go; `generated/` of rootDir unless a check builds elsewhere. */
  outDir?: string;
  force?: boolean;
  log?: (line: string) => void;
  /** A long-running caller's (`npm run dev`): its workers and loaded tools stay up from one build to the next. */
  session?: PipelineSession;
  /** Compile src/ into dist/ (default: yes, when building into the project). */
  client?: boolean;
  /** Told as soon as bundles are written (the families', then the observed flavours'), before the rest of the build. */
  onBundles?: (ids: string[]) => void;
  /**
   * Told of each family's bundle as soon as Redocly has linted and bundled it, before Spectral,
   * the types and the files (`npm run dev` swaps the running mock to it first). A later step
   * may still fail the build: the caller then goes back to the bundles on disk.
   */
  onBundled?: (id: string, document: Record<string, unknown>) => void;
  /** Told once the docs pages are written. */
  onDocs?: () => void;
  /**
   * Aborted when a newer save makes this build stale (`npm run dev`): it starts no further
   * step, writes no more files, tells nothing more, records nothing, and ends with a SupersededError.
   */
  signal?: AbortSignal;
}

/** The build was aborted by its caller (a newer save): what it had not written, it never will. */
export class SupersededError extends Error {
  constructor() {
    super('superseded by a newer build');
    this.name = 'SupersededError';
  }
}

/** Files whose change invalidates every family: configs and the pipeline itself. */
const SHARED_INPUTS = ['redocly.yaml', '.spectral.mjs', 'spec/catalog.yaml', 'package-lock.json'];
/** Folders of code whose change invalidates every family: the pipeline, the shared helpers and the lint rules. */
const SHARED_CODE = ['scripts/pipeline', 'scripts/lib', 'src/lib', 'lint'];

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

/** Writes a file only when its bytes change, so unchanged outputs keep their mtime; nothing once `stale`. */
async function writeIfChanged(file: string, content: string, stale?: AbortSignal): Promise<void> {
  try {
    if ((await readFile(file, 'utf8')) === content) return;
  } catch {
    // absent: write it
  }
  await mkdir(path.dirname(file), { recursive: true });
  if (stale?.aborted) return;
  await writeFile(file, content);
}

/** What this build has to do, decided from hashes before anything is written. */
interface Plan {
  families: Family[];
  /** The shared part of every fingerprint. */
  shared: string;
  manifest: CacheManifest;
  manifestFile: string;
  /** Memoised file hashes of the decision, reused while no output has been rewritten. */
  hasher: FileHasher;
  stale: Family[];
  observedStale: boolean;
  docsStale: boolean;
  /** The captures and code the flows lineage is made from (none without captures). */
  flowsInputs: string[];
  flowsStale: boolean;
  /** The mock's start cache: stale when its own inputs changed (a rebuilt bundle makes it stale too). */
  mockStale: boolean;
  /** The Postman collections: stale when their own inputs changed (a rebuilt bundle makes them stale too). */
  postmanStale: boolean;
  /** The contract index: stale when its own inputs changed (a rebuilt bundle makes it stale too). */
  indexStale: boolean;
}

/** One build in progress: its plan, what the steps built and what failed. */
interface Run {
  rootDir: string;
  outDir: string;
  /** The build writes the project's own outputs (dist/, the overlay in spec/), not a check's temporary folder. */
  intoProject: boolean;
  force: boolean;
  client: boolean;
  session: PipelineSession | undefined;
  onBundles: (ids: string[]) => void;
  onBundled: ((id: string, document: Record<string, unknown>) => void) | undefined;
  onDocs: () => void;
  signal: AbortSignal | undefined;
  plan: Plan;
  built: BuiltFamily[];
  failures: unknown[];
  log(line: string): void;
  phase(name: string): void;
}

export async function runPipeline(options: BuildOptions): Promise<FamilyReport[]> {
  const rootDir = path.resolve(options.rootDir);
  const outDir = path.resolve(options.outDir ?? path.join(rootDir, 'generated'));
  const log = options.log ?? (() => {});
  const plan = await decide(rootDir, outDir, options.force === true);
  const phaseStart = performance.now();
  const run: Run = {
    rootDir,
    outDir,
    intoProject: !options.outDir,
    force: options.force === true,
    client: options.client ?? true,
    session: options.session,
    ...told(options),
    signal: options.signal,
    plan,
    built: [],
    failures: [],
    log,
    phase: (name) => log(`  · ${name} at ${Math.round(performance.now() - phaseStart)} ms`),
  };
  if (options.signal?.aborted) throw new SupersededError();
  await runSteps(run);
  if (options.signal?.aborted) throw new SupersededError();
  await recordBuilt(run);
  const { failures } = run;
  if (failures.length > 0) throw failures.length === 1 ? failures[0] : new AggregateError(failures, failures.map(String).join('\n'));
  return reportsOf(run);
}

/** The caller's callbacks, silent once the build is superseded. */
function told(options: BuildOptions): Pick<Run, 'onBundles' | 'onBundled' | 'onDocs'> {
  const live = () => !options.signal?.aborted;
  const { onBundles, onBundled, onDocs } = options;
  return {
    onBundles: (ids) => live() && onBundles?.(ids),
    onBundled: onBundled && ((id, document) => live() && onBundled(id, document)),
    onDocs: () => live() && onDocs?.(),
  };
}

/** Which families, and whether the observed flavour and the docs, must be built: hashes only, so a build with nothing changed never loads the tools. */
async function decide(rootDir: string, outDir: string, force: boolean): Promise<Plan> {
  const hasher = memoHasher();
  const manifestFile = path.join(rootDir, '.cache', 'build', `${sha256(outDir).slice(0, 16)}.json`);
  const [families, shared, manifest] = await Promise.all([
    readFamilies(rootDir),
    sharedFingerprint(rootDir, hasher),
    force ? ({} as CacheManifest) : readManifest(manifestFile),
  ]);
  async function entryFresh(id: string): Promise<boolean> {
    const previous = manifest[id];
    if (!previous) return false;
    // Folders are listed again: a file added or removed there is a change the old list cannot show.
    const [current, intact] = await Promise.all([
      currentInputs(rootDir, previous).then((inputs) => fingerprint(rootDir, inputs, shared, hasher)),
      outputsIntact(outDir, previous.outputs, hasher),
    ]);
    return current === previous.fingerprint && intact;
  }
  const flowsInputs = await lineageInputs(rootDir);
  const [familyFresh, observedFresh, docsFresh, flowsFresh, mockFresh, postmanFresh, indexFresh] = await Promise.all([
    Promise.all(families.map((f) => entryFresh(f.id))),
    entryFresh(OBSERVED_ID),
    entryFresh(DOCS_ID),
    entryFresh(FLOWS_ID),
    entryFresh(MOCK_ID),
    entryFresh(POSTMAN_ID),
    entryFresh(INDEX_ID),
  ]);
  return {
    families,
    shared,
    manifest,
    manifestFile,
    hasher,
    stale: families.filter((_, i) => !familyFresh[i]),
    observedStale: families.some((f) => f.id === OBSERVED_OF) && families.some((f) => f.id === LEGACY_OBSERVED_OF) && !observedFresh,
    docsStale: !docsFresh,
    flowsInputs,
    flowsStale: flowsInputs.length > 0 && !flowsFresh,
    mockStale: !mockFresh,
    postmanStale: !postmanFresh,
    indexStale: !indexFresh,
  };
}

/** The steps in order; the docs site's family pages render in a worker while the observed flavour and the client are built. */
async function runSteps(run: Run): Promise<void> {
  const { plan, built, failures } = run;
  // Worker threads (Spectral, TypeScript, the page renderer) load their tools on the
  // second core while this thread loads Redocly and lints and bundles the families.
  const workers = run.session?.workers ?? new BuildWorkers(run.rootDir, run.intoProject && run.client);
  const ctx: StepContext = {
    rootDir: run.rootDir,
    outDir: run.outDir,
    writeIfChanged: (file, content) => writeIfChanged(file, content, run.signal),
    types: workers.types.bind(workers),
    spectral: workers.spectral.bind(workers),
  };
  // Each step starts only while nothing failed and no newer build superseded this one.
  const going = () => failures.length === 0 && !run.signal?.aborted;
  try {
    if (plan.stale.length > 0 || plan.observedStale) workers.prewarm({ families: plan.stale.length > 0 });
    if (plan.stale.length > 0) await buildFamilies(run, ctx);
    if (going() && built.length > 0) run.onBundles(built.map((b) => b.report.id));
    // The docs site reads every bundle: it runs when any was rebuilt or its own inputs changed.
    const site = going() && (built.length > 0 || plan.observedStale || plan.docsStale) ? await startDocs(run, ctx, workers) : undefined;
    if (going() && plan.observedStale && (await buildObserved(run, ctx))) run.onBundles([OBSERVED_ID]);
    // The observed call documentation reads the flows' lineage: computed first (it reads the captures only).
    if (going() && plan.flowsStale) await buildFlows(run);
    // Every door reads the index, the client's types among them: written before the client compiles.
    if (going() && (plan.indexStale || built.some((b) => b.document) || plan.observedStale || plan.flowsStale))
      await buildContractIndex(run, ctx);
    // The client needs every type (the observed flavour's too), not the docs; only for the real output folder.
    const clientWanted = run.intoProject && run.client && going();
    // ./msw compiles against the declarations the mock step writes (generated/msw, msw-modules.ts): a
    // first build, which has none yet, compiles the client after that step instead of beside it.
    const mswDeclared = existsSync(path.join(run.outDir, 'msw'));
    let clientDone = clientWanted && mswDeclared ? buildClient(run, workers) : Promise.resolve();
    // Prism renders the mock's answers on this thread while the workers compile the client and render pages.
    const mockDone = going() && (plan.mockStale || built.length > 0) ? buildMock(run, workers) : Promise.resolve();
    if (clientWanted && !mswDeclared) clientDone = mockDone.then(() => (going() ? buildClient(run, workers) : undefined));
    if (site && (await finishDocs(run, site))) run.onDocs();
    await clientDone;
    run.phase('client compiled');
    await mockDone;
    if (going() && (plan.postmanStale || plan.flowsStale || built.some((b) => b.document))) await buildCollections(run);
  } finally {
    if (!run.session) await workers.close();
  }
}

async function buildFamilies(run: Run, ctx: StepContext): Promise<void> {
  const { buildFamily, loadTools } = await import('./family-steps.ts');
  const tools = await (run.session ? run.session.tools() : loadTools(run.rootDir));
  run.phase('tools loaded');
  const settled = await Promise.allSettled(run.plan.stale.map((family) => buildFamily(tools, family, ctx, run.onBundled)));
  run.phase('families linted, bundled and typed');
  for (const s of settled) {
    if (s.status === 'fulfilled') run.built.push(s.value);
    else run.failures.push(s.reason);
  }
}

async function startDocs(run: Run, ctx: StepContext, workers: BuildWorkers): Promise<SiteStep | undefined> {
  const { startSite } = await import('./docs-step.ts');
  try {
    const documents = new Map(run.built.flatMap((b) => (b.document ? [[b.report.id, b.document] as const] : [])));
    return await startSite(ctx, run.plan.families, { force: run.force, renderPage: (job) => workers.renderPage(job), documents });
  } catch (error) {
    run.failures.push(error);
    return undefined;
  }
}

async function buildFlows(run: Run): Promise<void> {
  const { buildFlowsLineage } = await import('./flows-step.ts');
  try {
    run.built.push(await buildFlowsLineage(run.rootDir, run.outDir, run.plan.flowsInputs));
  } catch (error) {
    run.failures.push(error);
  }
}

async function buildContractIndex(run: Run, ctx: StepContext): Promise<void> {
  const { buildIndex } = await import('./index-step.ts');
  try {
    run.built.push(
      await buildIndex(
        ctx,
        run.plan.families.map((f) => f.id),
      ),
    );
    run.phase('contract index written');
  } catch (error) {
    run.failures.push(error);
  }
}

async function buildCollections(run: Run): Promise<void> {
  const { buildPostman } = await import('./postman-step.ts');
  try {
    const ids = [...run.plan.families.map((f) => f.id), OBSERVED_ID, LEGACY_OBSERVED_ID];
    run.built.push(await buildPostman(run.rootDir, run.outDir, ids));
    run.phase('postman collections converted');
  } catch (error) {
    run.failures.push(error);
  }
}

async function buildMock(run: Run, workers: BuildWorkers): Promise<void> {
  try {
    run.built.push(await workers.startCache({ rootDir: run.rootDir, outDir: run.outDir, families: run.plan.families }));
    run.phase('mock answers rendered');
  } catch (error) {
    run.failures.push(error);
  }
}

/** Builds both observed flavours; true when they were written. */
async function buildObserved(run: Run, ctx: StepContext): Promise<boolean> {
  const { buildObservedFlavour } = await import('./observed-step.ts');
  try {
    const document = (id: string) => run.built.find((b) => b.report.id === id)?.document;
    run.built.push(await buildObservedFlavour(ctx, document(OBSERVED_OF), document(LEGACY_OBSERVED_OF)));
    run.phase('observed flavour built');
    return true;
  } catch (error) {
    run.failures.push(error);
    return false;
  }
}

async function buildClient(run: Run, workers: BuildWorkers): Promise<void> {
  const { plan } = run;
  try {
    const entry = await compileClient({
      rootDir: run.rootDir,
      shared: plan.shared,
      // Nothing built: no type was rewritten, the decision's hashes still hold.
      hasher: run.built.length === 0 ? plan.hasher : hashFile,
      previous: plan.manifest[CLIENT_ID],
      compile: () => workers.compileClient(),
      log: run.log,
    });
    if (entry) plan.manifest[CLIENT_ID] = entry;
  } catch (error) {
    run.failures.push(error);
  }
}

/** Finishes the pages; true when they were written. */
async function finishDocs(run: Run, site: SiteStep): Promise<boolean> {
  if (run.failures.length > 0 || run.signal?.aborted) {
    await site.abandon();
    return false;
  }
  try {
    run.built.push(await site.finish(run.built.find((b) => b.report.id === OBSERVED_ID)?.document));
    run.phase('docs site built');
    return true;
  } catch (error) {
    run.failures.push(error);
    return false;
  }
}

/**
 * Records what was built in the cache manifest, for the next build's decision. An input is
 * recorded as the decision hashed it, before the steps read it: a file edited while the build
 * ran then differs from its record, and the next build makes it again. What this build wrote
 * (the outputs, the overlays it renders into spec/) is hashed as written.
 */
async function recordBuilt(run: Run): Promise<void> {
  const { manifest, shared, manifestFile, hasher: decided } = run.plan;
  const written = new Set(run.built.flatMap((b) => Object.keys(b.report.sources ?? {}).map((f) => path.join(run.rootDir, f))));
  const hasher: FileHasher = (file) => (file.startsWith(run.outDir + path.sep) || written.has(file) ? hashFile(file) : decided(file));
  for (const b of run.built) {
    manifest[b.report.id] = {
      fingerprint: await fingerprint(run.rootDir, b.inputs, shared, hasher),
      inputs: b.inputs,
      ...(b.folders ? { folders: b.folders } : {}),
      outputs: b.outputs,
    };
  }
  await writeManifest(manifestFile, manifest);
}

function reportsOf(run: Run): FamilyReport[] {
  const { families, manifest } = run.plan;
  const ids = [
    ...families.map((f) => f.id),
    ...[OBSERVED_ID, INDEX_ID, DOCS_ID, FLOWS_ID, MOCK_ID, POSTMAN_ID].filter((id) => manifest[id]),
  ];
  const reports = ids.map((id): FamilyReport => {
    const done = run.built.find((b) => b.report.id === id);
    if (done) return done.report;
    return { id, skipped: true, files: Object.keys(manifest[id]?.outputs ?? {}), warnings: [], ms: 0 };
  });
  for (const r of reports) run.log(`${r.id}: ${r.skipped ? 'unchanged, skipped' : `built in ${Math.round(r.ms)} ms`}`);
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
