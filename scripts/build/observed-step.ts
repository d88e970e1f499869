// The observed flavour, derived after the families: the overlay is regenerated from
// evidence/ (it is committed under spec/ for review), applied to the published v2-pt
// bundle, and typed. Its inputs are hashed like a family's, so it is skipped when
// nothing it reads changed.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { bundleJson } from './bundle-json.ts';
import { filesUnder } from './cache.ts';
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
  jsonPath: string;
  typesPath: string;
  /** The observed bundle, in memory. */
  document: Record<string, unknown>;
}

export interface ObservedStepOptions {
  rootDir: string;
  outDir: string;
  /** The types of the observed bundle (openapi-typescript with observedTypeOptions). */
  types: (document: Record<string, unknown>) => Promise<string>;
  writeIfChanged: (file: string, content: string) => Promise<void>;
  /** Whether the overlay's text is written to spec/ (not by a check build). */
  writeSources: boolean;
  /** The published v2-pt bundle when this build holds it; read from outDir otherwise. */
  published?: Record<string, unknown>;
}

export async function buildObserved(opts: ObservedStepOptions): Promise<ObservedResult> {
  const { rootDir, outDir, writeIfChanged } = opts;
  const { buildOverlay } = await import('../observed/overlay.ts');
  const { overlayText } = await import('../observed/generate.ts');
  const { buildObservedBundle } = await import('../observed/apply.ts');
  const overlayPath = path.join(rootDir, OVERLAY_FILE);
  const overlay = buildOverlay({ evidenceDir: path.join(rootDir, 'evidence'), specDir: path.join(rootDir, 'spec') });
  const bundlePath = path.join(outDir, OBSERVED_ID, 'openapi.yaml');
  // The overlay is applied as rendered (a copy: its text is written from the original
  // afterwards, while the types are made); a check build leaves spec/ alone.
  const document = await buildObservedBundle({
    publishedBundlePath: path.join(outDir, 'v2-pt', 'openapi.yaml'),
    ...(opts.published ? { published: opts.published } : {}),
    overlayPath,
    overlay: structuredClone(overlay),
    outPath: bundlePath,
  });
  const typesText = opts.types(document);
  typesText.catch(() => undefined); // awaited below
  const text = overlayText(overlay);
  if (opts.writeSources) await writeIfChanged(overlayPath, text);
  const jsonPath = path.join(outDir, OBSERVED_ID, 'openapi.json');
  await writeIfChanged(jsonPath, bundleJson(document));
  const typesPath = path.join(outDir, OBSERVED_ID, 'schema.d.ts');
  await writeIfChanged(typesPath, await typesText);
  return { overlay: text, bundlePath, jsonPath, typesPath, document };
}

export async function readText(file: string): Promise<string | undefined> {
  return readFile(file, 'utf8').catch(() => undefined);
}
