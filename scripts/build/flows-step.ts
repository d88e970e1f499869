// The certification flows' lineage (generated/flows/lineage.json), computed from the
// captures in evidence/flows. Reading and comparing ~2 MB of JSON costs tens of
// milliseconds, so it runs on every build instead of joining the cache.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { computeLineage, renderLineage } from '../flows/lineage.ts';
import { FLOWS_DIR, readScenarios } from '../flows/scenarios.ts';

export const FLOWS_ID = 'flows';
export const LINEAGE_FILE = 'flows/lineage.json';

/** Writes the lineage under outDir; answers the generated files (relative to outDir), none when there are no captures. */
export async function buildFlowsLineage(
  rootDir: string,
  outDir: string,
  writeIfChanged: (file: string, content: string) => Promise<void>,
): Promise<string[]> {
  if (!existsSync(path.join(rootDir, FLOWS_DIR))) return [];
  await writeIfChanged(path.join(outDir, LINEAGE_FILE), renderLineage(computeLineage(readScenarios(rootDir))));
  return [LINEAGE_FILE];
}
