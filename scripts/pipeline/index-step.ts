// The contract index step (generated/contract/index.{json,js,d.ts}): made from every bundle
// once the families and the observed flavours are written, before the client compiles
// against it. Cheap (the bundles parsed once), so it runs whenever any bundle was rebuilt
// or its own record is stale, and writes only files whose bytes change. Beside it, each
// bundle's call documentation (generated/<id>/calls.d.ts, call-docs.ts), which the client's
// types read for the hover.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sha256 } from './cache.ts';
import { type FeedingThread, renderCallDocs } from './call-docs.ts';
import { contractIndex, renderIndexDeclarations, renderIndexJson, renderIndexModule } from './contract-index.ts';
import type { BuiltFamily, StepContext } from './step.ts';
import { INDEX_ID, LEGACY_OBSERVED_ID, OBSERVED_ID } from './step-ids.ts';

export { INDEX_ID };
export const INDEX_FILES = { json: 'contract/index.json', module: 'contract/index.js', declarations: 'contract/index.d.ts' } as const;

/** The flows' lineage the observed call documentation reads (flows-step.ts writes it). */
const LINEAGE = 'flows/lineage.json';

/** The bundles the index reads (each family's and both observed flavours'), the flows' lineage, and its own code. */
export function indexInputs(rootDir: string, outDir: string, familyIds: readonly string[]): string[] {
  return [
    ...[...familyIds, OBSERVED_ID, LEGACY_OBSERVED_ID].map((id) => path.join(outDir, id, 'openapi.json')),
    ...(existsSync(path.join(outDir, LINEAGE)) ? [path.join(outDir, LINEAGE)] : []),
    path.join(rootDir, 'scripts/pipeline/contract-index.ts'),
    path.join(rootDir, 'scripts/pipeline/call-docs.ts'),
    path.join(rootDir, 'src/lib/operation-text.ts'),
    path.join(rootDir, 'src/lib/limits.ts'),
  ];
}

async function lineageThreads(outDir: string): Promise<FeedingThread[]> {
  const file = path.join(outDir, LINEAGE);
  if (!existsSync(file)) return [];
  const lineage = JSON.parse(await readFile(file, 'utf8')) as { summary?: FeedingThread[] };
  return lineage.summary ?? [];
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
  const threads = await lineageThreads(ctx.outDir);
  const contents: Record<string, string> = {
    [INDEX_FILES.json]: renderIndexJson(index),
    [INDEX_FILES.module]: renderIndexModule(index),
    [INDEX_FILES.declarations]: renderIndexDeclarations(index),
  };
  for (const { id, flavour, document } of bundles)
    contents[`${id}/calls.d.ts`] = renderCallDocs(id, document, flavour === 'observed', threads);
  for (const [file, content] of Object.entries(contents)) await ctx.writeIfChanged(path.join(ctx.outDir, file), content);
  return {
    report: { id: INDEX_ID, skipped: false, files: Object.keys(contents), warnings: [], ms: performance.now() - started },
    inputs: indexInputs(ctx.rootDir, ctx.outDir, familyIds),
    outputs: Object.fromEntries(Object.entries(contents).map(([file, content]) => [file, sha256(content)])),
  };
}

// `node scripts/pipeline/index-step.ts`: this step alone, on the bundles under generated/ (the
// naive CLI route of scripts/lib/cli-route.ts runs it as one more process before tsc).
if (import.meta.main) {
  const { mkdir, writeFile } = await import('node:fs/promises');
  const { readFamilies } = await import('../lib/families.ts');
  const rootDir = process.cwd();
  const writeIfChanged = async (file: string, content: string): Promise<void> => {
    if ((await readFile(file, 'utf8').catch(() => undefined)) === content) return;
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  };
  // Only the context this step uses: where it reads and writes.
  const ctx = { rootDir, outDir: path.join(rootDir, 'generated'), writeIfChanged } as Pick<
    StepContext,
    'rootDir' | 'outDir' | 'writeIfChanged'
  >;
  await buildIndex(
    ctx as StepContext,
    (await readFamilies(rootDir)).map((f) => f.id),
  );
}
