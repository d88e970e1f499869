// One family's step: Redocly lint and bundle (the document loaded once), then Spectral
// on the bundle and its types, side by side in their workers. Imported only when some
// family has to be rebuilt, so an unchanged build never pays for loading the tools.
import path from 'node:path';
import { bundleJson } from './bundle-json.ts';
import type { Family } from '../lib/families.ts';
import { formatProblem, lintAndBundle, loadRedoclyConfig } from './redocly.ts';
import { digestOutputs, runStep as step, type BuiltFamily, type FamilyReport, type StepContext } from './step.ts';
import { locateInSources } from './source-location.ts';
import type { SpectralFinding } from './spectral.ts';
import { StepError } from './step-error.ts';

export interface Tools {
  redocly: Awaited<ReturnType<typeof loadRedoclyConfig>>;
}

export async function loadTools(rootDir: string): Promise<Tools> {
  return { redocly: await loadRedoclyConfig(rootDir) };
}

/** `onBundled`: told of the bundle once Redocly passed it, before Spectral and the types. */
export async function buildFamily(
  tools: Tools,
  family: Family,
  ctx: StepContext,
  onBundled?: (id: string, document: Record<string, unknown>) => void,
): Promise<BuiltFamily> {
  const started = performance.now();
  const { rootDir, outDir } = ctx;
  const warnings: string[] = [];
  const bundled = await step(family.id, 'redocly lint and bundle', () => lintAndBundle(tools.redocly, family));
  // The bundler meets what lint already reported (an unresolved $ref, a file that does not parse): said once.
  const linted = new Set(bundled.problems.filter((p) => p.ruleId !== 'bundler').map((p) => p.message));
  const errors = bundled.problems.filter((p) => p.severity === 'error' && !(p.ruleId === 'bundler' && linted.has(p.message)));
  warnings.push(...bundled.problems.filter((p) => p.severity === 'warn').map((p) => formatProblem(p, rootDir)));
  if (errors.length > 0) {
    throw new StepError(family.id, 'redocly lint', errors.map((p) => formatProblem(p, rootDir)).join('\n'));
  }

  onBundled?.(family.id, bundled.document);
  const bundlePath = path.join(outDir, family.id, 'openapi.yaml');
  // Typed from the bundle in memory and linted by Spectral, each in its worker, side by side.
  const typesText = step(family.id, 'types (openapi-typescript)', () => ctx.types(bundled.document, 'published'));
  typesText.catch(() => undefined); // awaited below, unless Spectral fails first
  const findings = await step(family.id, 'spectral lint', () => ctx.spectral({ bundlePath, text: bundled.yaml }));
  const spectralErrors = findings.filter((f) => f.severity === 0);
  const place = (f: SpectralFinding) => spectralPlace(family, bundled.fileDependencies, f, rootDir);
  for (const f of findings.filter((f) => f.severity === 1)) warnings.push(`  ${await place(f)} warn ${f.code}: ${f.message}`);
  if (spectralErrors.length > 0) {
    const lines = await Promise.all(spectralErrors.map(async (f) => `  ${await place(f)} error ${f.code}: ${f.message}`));
    throw new StepError(family.id, 'spectral lint', lines.join('\n'));
  }

  const types = await typesText;
  const typesPath = path.join(outDir, family.id, 'schema.d.ts');
  const jsonPath = path.join(outDir, family.id, 'openapi.json');
  await ctx.writeIfChanged(bundlePath, bundled.yaml);
  await ctx.writeIfChanged(jsonPath, bundleJson(bundled.document));
  await ctx.writeIfChanged(typesPath, types);

  const outputs = await digestOutputs(outDir, [bundlePath, jsonPath, typesPath]);
  const inputs = bundled.fileDependencies.length > 0 ? bundled.fileDependencies : [family.root];
  const report: FamilyReport = { id: family.id, skipped: false, files: Object.keys(outputs), warnings, ms: performance.now() - started };
  return { report, inputs, outputs, document: bundled.document };
}

/** Where the author wrote what Spectral found in the bundle: `file:line:col`, or the bundle's path when no source holds it. */
async function spectralPlace(family: Family, files: readonly string[], f: SpectralFinding, rootDir: string): Promise<string> {
  const at = await locateInSources(family.root, files, f.path);
  return at ? `${path.relative(rootDir, at.file)}:${at.line}:${at.col}` : `${family.id}/openapi.yaml:${f.line} (${f.path.join('.')})`;
}
