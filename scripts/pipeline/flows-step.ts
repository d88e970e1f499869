// The certification flows' lineage (generated/flows/lineage.json), computed from the
// captures in evidence/flows; cached like every step (its inputs: the captures and the
// lineage code), so a build with nothing to do does not read the captures.
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DocsFlows } from '../docs-site/flows-page.ts';
import { filesOf, sha256, type Folder } from './cache.ts';
import type { BuiltFamily } from './step.ts';
import { FLOWS_ID } from './step-ids.ts';
import { computeLineage, renderLineage } from '../../src/scenarios/lineage.ts';
import { FLOWS_DIR } from '../../src/lib/layout.ts';
import { readFlowsSource, readScenarios } from '../../src/scenarios/read.ts';

export { FLOWS_ID };
export const LINEAGE_FILE = 'flows/lineage.json';

/** The captures' folder, read whole: a capture added or removed is a change. */
export const FLOWS_FOLDER: Folder = { dir: FLOWS_DIR };

/** Files the lineage is made from: the captures and the code that reads them; none without captures. */
export async function lineageInputs(rootDir: string): Promise<string[]> {
  if (!existsSync(path.join(rootDir, FLOWS_DIR))) return [];
  return [
    ...(await filesOf(rootDir, FLOWS_FOLDER)),
    path.join(rootDir, 'src/scenarios/lineage.ts'),
    path.join(rootDir, 'src/scenarios/read.ts'),
  ];
}

/** Computes the lineage and writes it under outDir (when its bytes change). */
export async function buildFlowsLineage(rootDir: string, outDir: string, inputs: string[]): Promise<BuiltFamily> {
  const started = performance.now();
  const file = path.join(outDir, LINEAGE_FILE);
  const content = renderLineage(computeLineage(readScenarios(rootDir)));
  if ((await readFile(file, 'utf8').catch(() => undefined)) !== content) {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  }
  return {
    report: { id: FLOWS_ID, skipped: false, files: [LINEAGE_FILE], warnings: [], ms: performance.now() - started },
    inputs,
    folders: [FLOWS_FOLDER],
    outputs: { [LINEAGE_FILE]: sha256(content) },
  };
}

/** What the docs site's flows page is made from, or undefined when there are no captures. */
export async function docsFlows(rootDir: string): Promise<DocsFlows | undefined> {
  if (!existsSync(path.join(rootDir, FLOWS_DIR))) return undefined;
  return { lineage: computeLineage(readScenarios(rootDir)), source: readFlowsSource(rootDir) };
}

/** Files the flows page depends on beyond scripts/docs-site: the same as the lineage's. */
export const flowsInputs = lineageInputs;
