// The whole pipeline in one process: for every family, concurrently, Redocly lint and
// bundle (each document loaded once), Spectral on the bundle, types, reference page.
// Families whose inputs did not change since the last build are skipped.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readFamilies, type Family } from './families.ts';
import { formatProblem, lintAndBundle, loadRedoclyConfig } from './redocly.ts';
import { spectralLint } from './spectral.ts';
import { generateTypes, loadTypesConfig } from './types.ts';
import { buildReferencePage } from './docs.ts';
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
  files: string[];
  warnings: string[];
  ms: number;
}

/** Files whose change invalidates every family: configs and the pipeline itself. */
const SHARED_INPUTS = ['redocly.yaml', '.spectral.yaml', 'spec/catalog.yaml', 'package-lock.json'];
const TOOLS = ['@redocly/openapi-core', '@redocly/cli', '@stoplight/spectral-core', '@stoplight/spectral-rulesets', 'openapi-typescript'];

async function sharedFingerprint(rootDir: string): Promise<string> {
  const parts = [`node ${process.version}`];
  for (const tool of TOOLS) {
    const manifest = path.join(rootDir, 'node_modules', tool, 'package.json');
    const pkg = JSON.parse(await readFile(manifest, 'utf8')) as { version: string };
    parts.push(`${tool} ${pkg.version}`);
  }
  const own = import.meta.dirname;
  const ownFiles = (await readdir(own)).filter((f) => f.endsWith('.ts')).map((f) => path.join(own, f));
  return fingerprint(rootDir, [...SHARED_INPUTS.map((f) => path.join(rootDir, f)), ...ownFiles], parts.join('\n'));
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

async function step<T>(family: string, name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StepError) throw error;
    throw new StepError(family, name, error instanceof Error ? error.message : String(error));
  }
}

export async function runPipeline(options: BuildOptions): Promise<FamilyReport[]> {
  const rootDir = path.resolve(options.rootDir);
  const outDir = path.resolve(options.outDir ?? path.join(rootDir, 'generated'));
  const log = options.log ?? (() => {});
  const [families, redoclyConfig, typesConfig, shared] = await Promise.all([
    readFamilies(rootDir),
    loadRedoclyConfig(rootDir),
    loadTypesConfig(path.join(rootDir, 'redocly.yaml')),
    sharedFingerprint(rootDir),
  ]);
  const manifestFile = path.join(rootDir, '.cache', 'build', `${sha256(outDir).slice(0, 16)}.json`);
  const manifest = options.force ? {} : await readManifest(manifestFile);

  async function buildFamily(family: Family): Promise<FamilyReport> {
    const started = performance.now();
    const previous = manifest[family.id];
    if (previous) {
      const current = await fingerprint(rootDir, previous.inputs, shared);
      if (current === previous.fingerprint && (await outputsIntact(outDir, previous.outputs))) {
        return { id: family.id, skipped: true, files: Object.keys(previous.outputs), warnings: [], ms: performance.now() - started };
      }
    }
    const warnings: string[] = [];
    const bundled = await step(family.id, 'redocly lint and bundle', () => lintAndBundle(redoclyConfig, family));
    const errors = bundled.problems.filter((p) => p.severity === 'error');
    warnings.push(...bundled.problems.filter((p) => p.severity === 'warn').map((p) => formatProblem(p, rootDir)));
    if (errors.length > 0) {
      throw new StepError(family.id, 'redocly lint', errors.map((p) => formatProblem(p, rootDir)).join('\n'));
    }

    const bundlePath = path.join(outDir, family.id, 'openapi.yaml');
    const findings = await step(family.id, 'spectral lint', () => spectralLint(bundlePath, bundled.yaml));
    const spectralErrors = findings.filter((f) => f.severity === 0);
    warnings.push(...findings.filter((f) => f.severity === 1).map((f) => `  warn ${f.code}: ${family.id}/openapi.yaml:${f.line} ${f.message}`));
    if (spectralErrors.length > 0) {
      throw new StepError(family.id, 'spectral lint', spectralErrors.map((f) => `  error ${f.code}: ${f.path.join('.')} ${f.message}`).join('\n'));
    }

    const types = await step(family.id, 'types (openapi-typescript)', () => generateTypes(typesConfig, family.root));
    await writeIfChanged(bundlePath, bundled.yaml);
    await writeIfChanged(path.join(outDir, family.id, 'schema.d.ts'), types);
    const pagePath = path.join(outDir, 'docs', `${family.id}.html`);
    await step(family.id, 'reference docs (build-docs)', () => buildReferencePage(bundlePath, pagePath, family.title));

    const outputs: Record<string, string> = {};
    for (const file of [bundlePath, path.join(outDir, family.id, 'schema.d.ts'), pagePath]) {
      outputs[path.relative(outDir, file)] = sha256(await readFile(file));
    }
    const inputs = bundled.fileDependencies.length > 0 ? bundled.fileDependencies : [family.root];
    const entry: CacheEntry = { fingerprint: await fingerprint(rootDir, inputs, shared), inputs, outputs };
    manifest[family.id] = entry;
    return { id: family.id, skipped: false, files: Object.keys(outputs), warnings, ms: performance.now() - started };
  }

  const settled = await Promise.allSettled(families.map(buildFamily));
  await writeManifest(manifestFile, manifest);
  const failures = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as unknown] : []));
  if (failures.length > 0) throw failures.length === 1 ? failures[0] : new AggregateError(failures, failures.map(String).join('\n'));
  const reports = settled.map((s) => (s as PromiseFulfilledResult<FamilyReport>).value);
  for (const r of reports) log(`${r.id}: ${r.skipped ? 'unchanged, skipped' : `built in ${Math.round(r.ms)} ms`}`);
  return reports;
}

/** Builds into a temporary folder and lists the generated files that differ. */
export async function findStaleFiles(rootDir: string): Promise<string[]> {
  const temp = await mkdtemp(path.join(tmpdir(), 'contract-check-'));
  try {
    const reports = await runPipeline({ rootDir, outDir: temp, force: true });
    const stale: string[] = [];
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
