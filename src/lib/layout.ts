// Where the mock, the proxy and the flows runner find what they serve. The installed
// package and this repository share one layout (`generated/`, `evidence/flows/`), and this
// module sits two folders below its root in both (`src/lib/` here, `dist/lib/` there).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** The package's root: this repository, or `node_modules/air-travel-api-contract`. */
export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** What the pipeline writes for the mock: the families it serves and each document's pre-rendered answers. */
export const START_CACHE_FILE = 'generated/mock/start.json';
/** The flows' lineage, computed by the pipeline from the captures. */
export const LINEAGE_FILE = 'generated/flows/lineage.json';
/** The captured certification scenarios the flows replay and the runner drives. */
export const FLOWS_DIR = 'evidence/flows';

/** A route family's bundle, as JSON (the YAML twin says the same; JSON is parsed ten times faster). */
export function bundleFile(rootDir: string, documentId: string): string {
  return path.join(rootDir, 'generated', documentId, 'openapi.json');
}

let manifest: { name: string; version: string } | undefined;
/** This package's name and version, read once from its package.json (a recording names the tool that made it). */
export function packageIdentity(): { name: string; version: string } {
  manifest ??= JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
  return { name: manifest.name, version: manifest.version };
}
