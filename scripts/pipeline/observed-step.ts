// The observed flavours, derived after the families: each overlay is regenerated from
// evidence/ (written beside its bundle, generated/<id>/overlay.yaml, not committed: the
// observed bundle is what a review reads), applied to the published bundle
// of its family (v2-pt: the inferred transfer; legacy: the route the bodies were taken
// on), and typed. Their inputs are hashed like a family's, so the step is skipped when
// nothing it reads changed.
import path from 'node:path';
import { bundleJson } from './bundle-json.ts';
import { filesOf, type Folder } from './cache.ts';
import { LEGACY_OBSERVED_ID, OBSERVED_ID } from './step-ids.ts';
import { digestOutputs, runStep as step, type BuiltFamily, type FamilyReport, type StepContext } from './step.ts';
import type { TypeOptions } from './types.ts';
/** Where each overlay is written, under the output folder (generated/). */
export const OVERLAY_FILE = `${OBSERVED_ID}/overlay.yaml`;
export const LEGACY_OVERLAY_FILE = `${LEGACY_OBSERVED_ID}/overlay.yaml`;

/** The answer-date components of the two observed flavours (V2, legacy). */
const RESPONSE_DATES = new Set(['#/components/schemas/DataObservada', '#/components/schemas/DataObservadaLegado']);

function isEmptyObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;
}

/**
 * The observed types say `| null` for every answer date (all are `DataObservada`):
 * the observed client reads the .NET "no date" token as null (src/families/v2-pt-observed.ts).
 * The bundle itself keeps what the wire carries.
 */
export async function observedTypeOptions(): Promise<TypeOptions> {
  // Imported here, not at the top: a build with nothing to do must not load openapi-typescript.
  const { NEVER, NULL, tsUnion } = await import('openapi-typescript');
  return {
    // `not: {}` admits no value: a field a behaviour says is absent (scripts/observed/behaviours.ts).
    // Written so rather than as a `false` schema, which openapi-zod-client cannot read.
    transform: (schema) => (isEmptyObject((schema as { not?: unknown }).not) ? NEVER : undefined),
    postTransform: (type, { path: at }) => (RESPONSE_DATES.has(at ?? '') ? tsUnion([type, NULL]) : undefined),
    // The observed objects are open by JSON Schema's default (no `additionalProperties`): typed as open.
    additionalProperties: true,
  };
}

/**
 * The folders the observed flavours read whole: every evidence source (the flows' captures
 * too: their lineage writes the chain into the request fields' descriptions), the observed
 * code and the lineage's, and the v2-pt document (not the overlay this step writes there). A
 * source added is a change.
 */
export const OBSERVED_FOLDERS: readonly Folder[] = [
  { dir: 'evidence' },
  { dir: 'scripts/observed' },
  { dir: 'src/scenarios' },
  { dir: 'spec/v2-pt' },
];

/** Everything the observed flavour is made from, given where the v2-pt bundle is. */
export async function observedInputs(rootDir: string, outDir: string): Promise<string[]> {
  const folders = await Promise.all(OBSERVED_FOLDERS.map((folder) => filesOf(rootDir, folder)));
  return [
    ...folders.flat(),
    // The overlay generator reads the catalog, the v2-pt document and paths, the legacy
    // document's info and the shared date token.
    path.join(rootDir, 'spec/catalog.yaml'),
    path.join(rootDir, 'spec/legacy/openapi.yaml'),
    path.join(rootDir, 'spec/shared/schemas/DataLegada.yaml'),
    path.join(outDir, 'v2-pt', 'openapi.yaml'),
    path.join(outDir, 'legacy', 'openapi.yaml'),
  ];
}

export interface ObservedResult {
  overlay: string;
  overlayPath: string;
  bundlePath: string;
  jsonPath: string;
  typesPath: string;
  /** The observed bundle, in memory. */
  document: Record<string, unknown>;
  /** The legacy flavour, built beside it. */
  legacy: {
    overlay: string;
    overlayPath: string;
    bundlePath: string;
    jsonPath: string;
    typesPath: string;
    document: Record<string, unknown>;
  };
}

export interface ObservedStepOptions {
  rootDir: string;
  outDir: string;
  /** The types of the observed bundle (openapi-typescript with observedTypeOptions). */
  types: (document: Record<string, unknown>) => Promise<string>;
  writeIfChanged: (file: string, content: string) => Promise<void>;
  /** The published v2-pt bundle when this build holds it; read from outDir otherwise. */
  published?: Record<string, unknown>;
  /** The published legacy bundle when this build holds it; read from outDir otherwise. */
  publishedLegacy?: Record<string, unknown>;
}

interface FlavourJob {
  family: 'v2-pt' | 'legacy';
  id: string;
  overlayFile: string;
  published: Record<string, unknown> | undefined;
}

export async function buildObserved(opts: ObservedStepOptions): Promise<ObservedResult> {
  const jobs: FlavourJob[] = [
    { family: 'v2-pt', id: OBSERVED_ID, overlayFile: OVERLAY_FILE, published: opts.published },
    { family: 'legacy', id: LEGACY_OBSERVED_ID, overlayFile: LEGACY_OVERLAY_FILE, published: opts.publishedLegacy },
  ];
  const [v2, legacy] = await Promise.all(jobs.map((job) => buildFlavour(opts, job)));
  return { ...(v2 as FlavourResult), legacy: legacy as FlavourResult };
}

type FlavourResult = Omit<ObservedResult, 'legacy'>;

async function buildFlavour(opts: ObservedStepOptions, job: FlavourJob): Promise<FlavourResult> {
  const { rootDir, outDir, writeIfChanged } = opts;
  const { buildOverlay } = await import('../observed/overlay.ts');
  const { overlayText } = await import('../observed/generate.ts');
  const { buildObservedBundle } = await import('../observed/apply.ts');
  const overlayPath = path.join(outDir, job.overlayFile);
  const overlay = buildOverlay({ evidenceDir: path.join(rootDir, 'evidence'), specDir: path.join(rootDir, 'spec'), family: job.family });
  const bundlePath = path.join(outDir, job.id, 'openapi.yaml');
  // The overlay is applied as rendered (a copy: its text is written from the original
  // afterwards, while the types are made).
  const document = await buildObservedBundle({
    publishedBundlePath: path.join(outDir, job.family, 'openapi.yaml'),
    ...(job.published ? { published: job.published } : {}),
    overlayPath,
    overlay: structuredClone(overlay),
    outPath: bundlePath,
  });
  const typesText = opts.types(document);
  typesText.catch(() => undefined); // awaited below
  const text = overlayText(overlay);
  await writeIfChanged(overlayPath, text);
  const jsonPath = path.join(outDir, job.id, 'openapi.json');
  await writeIfChanged(jsonPath, bundleJson(document));
  const typesPath = path.join(outDir, job.id, 'schema.d.ts');
  await writeIfChanged(typesPath, await typesText);
  return { overlay: text, overlayPath, bundlePath, jsonPath, typesPath, document };
}

/** The observed flavours: overlays from the evidence, applied to the v2-pt and legacy bundles, typed. */
export async function buildObservedFlavour(
  ctx: StepContext,
  published?: Record<string, unknown>,
  publishedLegacy?: Record<string, unknown>,
): Promise<BuiltFamily> {
  const started = performance.now();
  const result = await step(OBSERVED_ID, 'observed flavour (overlay)', () =>
    buildObserved({
      rootDir: ctx.rootDir,
      outDir: ctx.outDir,
      types: (document) => ctx.types(document, 'observed'),
      writeIfChanged: ctx.writeIfChanged,
      ...(published ? { published } : {}),
      ...(publishedLegacy ? { publishedLegacy } : {}),
    }),
  );
  const outputs = await digestOutputs(ctx.outDir, [
    result.overlayPath,
    result.legacy.overlayPath,
    result.bundlePath,
    result.jsonPath,
    result.typesPath,
    result.legacy.bundlePath,
    result.legacy.jsonPath,
    result.legacy.typesPath,
  ]);
  const report: FamilyReport = {
    id: OBSERVED_ID,
    skipped: false,
    files: Object.keys(outputs),
    warnings: [],
    ms: performance.now() - started,
  };
  return {
    report,
    inputs: await observedInputs(ctx.rootDir, ctx.outDir),
    folders: [...OBSERVED_FOLDERS],
    outputs,
    document: result.document,
  };
}
