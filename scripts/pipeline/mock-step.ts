// The mock's start cache (generated/mock/start.json), after the bundles: the families the
// mock serves, their observed flavours, and every document's ordinary answers rendered by
// Prism, filed by the digest of the document's bytes. It ships in the package, so the
// installed mock answers without Prism; a review sees what the mock will answer change
// with the contract.
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FLOWS_DIR } from '../../src/lib/layout.ts';
import { documentDigest, renderStartCache, routeKey } from '../../src/mock/answers.ts';
import { capturedOperations, FLOWS_DOCUMENT_ID } from '../../src/mock/flows/load.ts';
import { CAPTURED_PREFIX, capturedRouteDocument } from '../../src/mock/flows/route.ts';
import type { FamilyDocument } from '../../src/mock/join.ts';
import { pairProblems } from '../../src/mock/pairs-check.ts';
import { readScenarios } from '../../src/scenarios/read.ts';
import type { Family } from '../lib/families.ts';
import type { JsonObject } from '../../src/lib/refs.ts';
import { filesOf, sha256, type Folder } from './cache.ts';
import { StepError } from './step-error.ts';
import { MSW_DIR, mswModule } from './msw-modules.ts';
import { LEGACY_OBSERVED_ID, LEGACY_OBSERVED_OF, MOCK_ID, OBSERVED_ID, OBSERVED_OF } from './step-ids.ts';
import type { BuiltFamily } from './step.ts';

export const START_CACHE_OUTPUT = 'mock/start.json';
/** The MSW modules' generator is an input of this step too. */
const MSW_GENERATOR = fileURLToPath(new URL('./msw-modules.ts', import.meta.url));
const MSW_VALIDATORS = fileURLToPath(new URL('../lib/standalone-validators.ts', import.meta.url));
const V2_ROUTE = '/api/V2/Voos';
const OBSERVED: Record<string, string> = { [OBSERVED_OF]: OBSERVED_ID, [LEGACY_OBSERVED_OF]: LEGACY_OBSERVED_ID };

/** The folders the start cache reads whole: the captures and the mock's code. */
export const MOCK_FOLDERS: readonly Folder[] = [{ dir: FLOWS_DIR }, { dir: 'src/mock' }, { dir: 'src/scenarios' }];

/** Everything the start cache is made from: every bundle the mock serves, the captures' operations, the mock's code. */
export async function mockInputs(rootDir: string, outDir: string, families: readonly Family[]): Promise<string[]> {
  const observed = families.flatMap((f) => (OBSERVED[f.id] ? [OBSERVED[f.id] as string] : []));
  const folders = await Promise.all(MOCK_FOLDERS.map((folder) => filesOf(rootDir, folder)));
  return [...[...families.map((f) => f.id), ...observed].map((id) => path.join(outDir, id, 'openapi.json')), ...folders.flat()];
}

export async function buildStartCache(rootDir: string, outDir: string, families: readonly Family[]): Promise<BuiltFamily> {
  const started = performance.now();
  const read = async (id: string) => {
    const bytes = await readFile(path.join(outDir, id, 'openapi.json'));
    return {
      document: { id, doc: JSON.parse(bytes.toString('utf8')) as Record<string, unknown> } as FamilyDocument,
      digest: documentDigest(bytes),
    };
  };
  const observed = Object.fromEntries(Object.entries(OBSERVED).filter(([family]) => families.some((f) => f.id === family)));
  const documents = await Promise.all([...families.map((f) => read(f.id)), ...Object.values(observed).map(read)]);
  // A broken example pair fails the build, named, rather than being left out by the mock.
  const broken = documents.flatMap(({ document }) =>
    pairProblems(document as { id: string; doc: JsonObject }).map((p) => `${document.id}: ${p}`),
  );
  if (broken.length > 0) throw new StepError(MOCK_ID, 'example pairs', broken.join('\n'));
  const cache = await renderStartCache(
    families.map((f) => f.id),
    observed,
    documents,
  );
  // The captured route serves the observed flavour's own operations (flows/route.ts): their
  // answers are the observed ones, filed under that route, not rendered a second time.
  const observedV2 = documents.find((d) => d.document.id === OBSERVED_ID);
  if (observedV2 && existsSync(path.join(rootDir, FLOWS_DIR))) {
    const operations = capturedOperations(readScenarios(rootDir));
    const doc = capturedRouteDocument(observedV2.document.doc, operations);
    const rendered = cache.answers[observedV2.digest]?.routes ?? {};
    const routes = Object.fromEntries(
      operations.flatMap((op) => {
        const key = routeKey('post', `${V2_ROUTE}/${op}`);
        if (!rendered[key]) throw new Error(`no rendered answer of ${V2_ROUTE}/${op} for the captured route`);
        // The ordinary answer and the answers of `Prefer` (keys that go on after a space).
        return Object.entries(rendered)
          .filter(([k]) => k === key || k.startsWith(`${key} `))
          .map(([k, answer]) => [`${routeKey('post', `${CAPTURED_PREFIX}/${op}`)}${k.slice(key.length)}`, answer]);
      }),
    );
    cache.answers[documentDigest(JSON.stringify(doc))] = { document: FLOWS_DOCUMENT_ID, routes };
  }
  const contents: Record<string, string> = { [START_CACHE_OUTPUT]: `${JSON.stringify(cache, null, 2)}\n` };
  // The MSW handlers' compiled contract of every document, from the same answers.
  for (const { document, digest } of documents) {
    const module = mswModule(document, cache.answers[digest]?.routes ?? {});
    contents[`${MSW_DIR}/${document.id}.js`] = module.data;
    contents[`${MSW_DIR}/${document.id}.d.ts`] = module.types;
    contents[`${MSW_DIR}/${document.id}.first.js`] = module.first;
    contents[`${MSW_DIR}/${document.id}.all.js`] = module.all;
  }
  for (const [name, content] of Object.entries(contents)) {
    const file = path.join(outDir, name);
    if ((await readFile(file, 'utf8').catch(() => undefined)) !== content) {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, content);
    }
  }
  return {
    report: { id: MOCK_ID, skipped: false, files: Object.keys(contents), warnings: [], ms: performance.now() - started },
    inputs: [...(await mockInputs(rootDir, outDir, families)), MSW_GENERATOR, MSW_VALIDATORS],
    folders: [...MOCK_FOLDERS],
    outputs: Object.fromEntries(Object.entries(contents).map(([name, content]) => [name, sha256(content)])),
  };
}

// `node scripts/pipeline/mock-step.ts`: the start cache alone, from the bundles in generated/
// (the benchmark's CLI route makes it this way).
if (import.meta.main) {
  const rootDir = process.cwd();
  const { readFamilies } = await import('../lib/families.ts');
  await buildStartCache(rootDir, path.join(rootDir, 'generated'), await readFamilies(rootDir));
}
