// One family's step: Redocly lint and bundle (the document loaded once), then Spectral
// on the bundle and its types, side by side in their workers. Imported only when some
// family has to be rebuilt, so an unchanged build never pays for loading the tools.
import path from 'node:path';
import { bundleJson } from './bundle-json.ts';
import type { Family } from '../lib/families.ts';
import { formatProblem, lintAndBundle, loadRedoclyConfig } from './redocly.ts';
import { digestOutputs, runStep as step, type BuiltFamily, type FamilyReport, type StepContext } from './step.ts';
import { StepError } from './step-error.ts';

export interface Tools {
  redocly: Awaited<ReturnType<typeof loadRedoclyConfig>>;
}

export async function loadTools(rootDir: string): Promise<Tools> {
  return { redocly: await loadRedoclyConfig(rootDir) };
}

export async function buildFamily(tools: Tools, family: Family, ctx: StepContext): Promise<BuiltFamily> {
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
  warnings.push(
    ...findings.filter((f) => f.severity === 1).map((f) => `  warn ${f.code}: ${family.id}/openapi.yaml:${f.line} ${f.message}`),
  );
  if (spectralErrors.length > 0) {
    throw new StepError(
      family.id,
      'spectral lint',
      spectralErrors.map((f) => `  error ${f.code}: ${f.path.join('.')} ${f.message}`).join('\n'),
    );
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
