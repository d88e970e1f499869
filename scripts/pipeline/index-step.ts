// The contract index step (generated/contract/index.{json,js,d.ts}): made from every bundle
// once the families and the observed flavours are written, before the client compiles
// against it. Cheap (the bundles parsed once), so it runs whenever any bundle was rebuilt
// or its own record is stale, and writes only files whose bytes change.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sha256 } from './cache.ts';
import { contractIndex, renderIndexDeclarations, renderIndexJson, renderIndexModule } from './contract-index.ts';
import type { BuiltFamily, StepContext } from './step.ts';
import { INDEX_ID, LEGACY_OBSERVED_ID, OBSERVED_ID } from './step-ids.ts';

export { INDEX_ID };
export const INDEX_FILES = { json: 'contract/index.json', module: 'contract/index.js', declarations: 'contract/index.d.ts' } as const;

/** The bundles the index reads (each family's and both observed flavours'), and its own code. */
export function indexInputs(rootDir: string, outDir: string, familyIds: readonly string[]): string[] {
  return [
    ...[...familyIds, OBSERVED_ID, LEGACY_OBSERVED_ID].map((id) => path.join(outDir, id, 'openapi.json')),
    path.join(rootDir, 'scripts/pipeline/contract-index.ts'),
    path.join(rootDir, 'src/lib/limits.ts'),
  ];
}

export async function buildIndex(ctx: StepContext, familyIds: readonly string[]): Promise<BuiltFamily> {
  const started = performance.now();
  const observed = new Set([OBSERVED_ID, LEGACY_OBSERVED_ID]);
  const bundles = await Promise.all(
    [...familyIds, ...observed].map(async (id) => ({
      id,
      flavour: observed.has(id) ? ('observed' as const) : ('published' as const),
      document: JSON.parse(await readFile(path.join(ctx.outDir, id, 'openapi.json'), 'utf8')) as Record<string, unknown>,
    })),
  );
  const index = contractIndex(bundles);
  const contents = {
    [INDEX_FILES.json]: renderIndexJson(index),
    [INDEX_FILES.module]: renderIndexModule(index),
    [INDEX_FILES.declarations]: renderIndexDeclarations(index),
  };
  for (const [file, content] of Object.entries(contents)) await ctx.writeIfChanged(path.join(ctx.outDir, file), content);
  return {
    report: { id: INDEX_ID, skipped: false, files: Object.keys(contents), warnings: [], ms: performance.now() - started },
    inputs: indexInputs(ctx.rootDir, ctx.outDir, familyIds),
    outputs: Object.fromEntries(Object.entries(contents).map(([file, content]) => [file, sha256(content)])),
  };
}
