// The observed flavour, derived after the families: the overlay is regenerated from
// evidence/ (it is committed under spec/ for review), applied to the published v2-pt
// bundle, and typed. Its inputs are hashed like a family's, so it is skipped when
// nothing it reads changed.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TypeOptions } from './types.ts';

export const OBSERVED_ID = 'v2-pt-observed';
export const OVERLAY_FILE = 'spec/v2-pt/observed.overlay.yaml';

/**
 * The observed types say `| null` for every answer date (all are `DataObservada`):
 * the observed client reads the .NET "no date" token as null (src/families/v2-pt-observed.ts).
 * The bundle itself keeps what the wire carries.
 */
export async function observedTypeOptions(): Promise<TypeOptions> {
  // Imported here, not at the top: a build with nothing to do must not load openapi-typescript.
  const { NULL, tsUnion } = await import('openapi-typescript');
  return {
    postTransform: (type, { path: at }) => (at === '#/components/schemas/DataObservada' ? tsUnion([type, NULL]) : undefined),
  };
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)).sort();
}

/** Everything the observed flavour is made from, given where the v2-pt bundle is. */
export async function observedInputs(rootDir: string, outDir: string): Promise<string[]> {
  return [
    ...(await filesUnder(path.join(rootDir, 'evidence'))),
    ...(await filesUnder(path.join(rootDir, 'scripts/observed'))),
    // The overlay generator reads the catalog and the v2-pt document and paths.
    path.join(rootDir, 'spec/catalog.yaml'),
    ...(await filesUnder(path.join(rootDir, 'spec/v2-pt'))).filter((f) => !f.endsWith(OVERLAY_FILE)),
    path.join(outDir, 'v2-pt', 'openapi.yaml'),
  ];
}

export interface ObservedResult {
  overlay: string;
  bundlePath: string;
  typesPath: string;
}

export async function buildObserved(
  rootDir: string,
  outDir: string,
  types: (document: Record<string, unknown>) => Promise<string>,
  writeIfChanged: (file: string, content: string) => Promise<void>,
  writeSources: boolean,
): Promise<ObservedResult> {
  const { buildOverlay } = await import('../observed/overlay.ts');
  const { overlayText } = await import('../observed/generate.ts');
  const { buildObservedBundle } = await import('../observed/apply.ts');
  const overlayPath = path.join(rootDir, OVERLAY_FILE);
  const overlay = buildOverlay({ evidenceDir: path.join(rootDir, 'evidence'), specDir: path.join(rootDir, 'spec') });
  const bundlePath = path.join(outDir, OBSERVED_ID, 'openapi.yaml');
  // The overlay is applied as rendered; its committed text is written while the
  // types are made (a check build leaves spec/ alone and only compares the text).
  // (A copy is applied: the overlay's text is written from the original afterwards.)
  const bundle = await buildObservedBundle({
    publishedBundlePath: path.join(outDir, 'v2-pt', 'openapi.yaml'),
    overlayPath,
    overlay: structuredClone(overlay),
    outPath: bundlePath,
  });
  const typesText = types(bundle);
  typesText.catch(() => undefined); // awaited below
  const text = overlayText(overlay);
  if (writeSources) await writeIfChanged(overlayPath, text);
  const typesPath = path.join(outDir, OBSERVED_ID, 'schema.d.ts');
  await writeIfChanged(typesPath, await typesText);
  return { overlay: text, bundlePath, typesPath };
}

export async function readText(file: string): Promise<string | undefined> {
  return readFile(file, 'utf8').catch(() => undefined);
}
