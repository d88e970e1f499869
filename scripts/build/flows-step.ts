// The certification flows' lineage (generated/flows/lineage.json), computed from the
// captures in evidence/flows. Reading and comparing ~2 MB of JSON costs tens of
// milliseconds, so it runs on every build instead of joining the cache.
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DocsFlows } from '../docs/flows-page.ts';
import { computeLineage, renderLineage } from '../flows/lineage.ts';
import { FLOWS_DIR, readFlowsSource, readScenarios } from '../flows/scenarios.ts';

export const FLOWS_ID = 'flows';
export const LINEAGE_FILE = 'flows/lineage.json';

/**
 * Writes the lineage under outDir when its bytes change. Answers the generated files
 * (relative to outDir; none when there are no captures) and whether one was rewritten.
 */
export async function buildFlowsLineage(rootDir: string, outDir: string): Promise<{ files: string[]; changed: boolean }> {
  if (!existsSync(path.join(rootDir, FLOWS_DIR))) return { files: [], changed: false };
  const file = path.join(outDir, LINEAGE_FILE);
  const content = renderLineage(computeLineage(readScenarios(rootDir)));
  const changed = (await readFile(file, 'utf8').catch(() => undefined)) !== content;
  if (changed) {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  }
  return { files: [LINEAGE_FILE], changed };
}

/** What the docs site's flows page is made from, or undefined when there are no captures. */
export async function docsFlows(rootDir: string): Promise<DocsFlows | undefined> {
  if (!existsSync(path.join(rootDir, FLOWS_DIR))) return undefined;
  return { lineage: computeLineage(readScenarios(rootDir)), source: readFlowsSource(rootDir) };
}

/** Files the flows page depends on beyond scripts/docs: the captures and the lineage code. */
export async function flowsInputs(rootDir: string): Promise<string[]> {
  const captures = (await readdir(path.join(rootDir, FLOWS_DIR), { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
  return [...captures, path.join(rootDir, 'scripts/flows/lineage.ts'), path.join(rootDir, 'scripts/flows/scenarios.ts')];
}
