// Postman collections (generated/postman/<id>.postman_collection.json): each published
// bundle and observed flavour converted by openapi-to-postmanv2, then finished so that
// it runs (scripts/postman); and each one imported by Bruno's own converter into a Bruno
// collection (generated/bruno/<id>/). Reads the bundles as written, so it runs after
// them; cached like every step (its inputs: the bundles, its code and the converters' versions).
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { filesUnder, sha256 } from './cache.ts';
import type { BuiltFamily } from './step.ts';
import { runStep } from './step.ts';
import { LEGACY_OBSERVED_ID, OBSERVED_ID, POSTMAN_ID } from './step-ids.ts';
import { convertBundle } from '../postman/convert.ts';
import { brunoFiles } from '../postman/bruno.ts';
import { brunoDir, collectionFile, hasCollection, siteCollectionFile } from '../postman/families.ts';
import { finishCollection, renderCollection, type PostmanCollection } from '../postman/finish.ts';
import { flowsCollection } from '../postman/flows.ts';
import { FLOWS_FOLDER, lineageInputs } from './flows-step.ts';
import type { Folder } from './cache.ts';
import { computeLineage } from '../../src/scenarios/lineage.ts';
import { readScenarios } from '../../src/scenarios/read.ts';

export { POSTMAN_ID };

/** The converters' manifests (Postman's importer, Bruno's and Bruno's file writer): their versions are inputs, like the pipeline's other tools. */
function converterManifests(): string[] {
  const require = createRequire(import.meta.url);
  return ['openapi-to-postmanv2', '@usebruno/converters', '@usebruno/filestore'].map((name) => require.resolve(`${name}/package.json`));
}

/** What the collections are made from: the bundles (those that exist), this step's code and the converter. */
export async function postmanInputs(rootDir: string, outDir: string, ids: readonly string[]): Promise<string[]> {
  const bundles = ids.map((id) => path.join(outDir, id, 'openapi.json')).filter((file) => existsSync(file));
  const flows = await lineageInputs(rootDir);
  const runner = flows.length > 0 ? [path.join(rootDir, 'src/flows/runner.ts')] : [];
  // The contract index names the credential fields the collections make variables of (scripts/postman/body.ts).
  const index = [path.join(outDir, 'contract', 'index.js'), path.join(rootDir, 'src/lib/contract-index.ts')];
  return [
    ...bundles,
    ...index,
    ...(await filesUnder(path.join(rootDir, 'scripts', 'postman'))),
    ...converterManifests(),
    ...flows,
    ...runner,
  ];
}

/** Read whole: a file added to the finishing code or a capture added to a flow makes the step stale. */
const POSTMAN_CODE: Folder = { dir: 'scripts/postman' };

/** The certification scenarios' collection (no bundle: made from the captures and their lineage). */
export const FLOWS_COLLECTION = 'flows';

async function flowsCollectionText(rootDir: string, outDir: string): Promise<string> {
  const scenarios = readScenarios(rootDir);
  const legacy = JSON.parse(await readFile(path.join(outDir, 'legacy', 'openapi.json'), 'utf8')) as {
    servers?: Array<{ url: string; variables?: Record<string, { default: string }> }>;
  };
  const server = legacy.servers?.[0];
  const baseUrl = (server?.url ?? 'https://legacy.invalid').replace(
    /\{(\w+)\}/g,
    (whole, name: string) => server?.variables?.[name]?.default ?? whole,
  );
  return renderCollection(flowsCollection(scenarios, computeLineage(scenarios), baseUrl));
}

/** Writes a collection's Bruno files where their bytes change and removes those it no longer makes; returns them by path under outDir. */
async function writeBruno(outDir: string, id: string, postman: PostmanCollection): Promise<Map<string, string>> {
  const files = await runStep(id, 'bruno collection', () => brunoFiles(postman));
  const dir = path.join(outDir, brunoDir(id));
  const made = new Map([...files].map(([relative, text]) => [path.join(brunoDir(id), relative), text]));
  const existing = existsSync(dir) ? await readdir(dir, { recursive: true, withFileTypes: true }) : [];
  for (const entry of existing) {
    const relative = path.relative(outDir, path.join(entry.parentPath, entry.name));
    if (entry.isFile() && !made.has(relative)) await rm(path.join(outDir, relative));
  }
  for (const [relative, text] of made) {
    const file = path.join(outDir, relative);
    if ((await readFile(file, 'utf8').catch(() => undefined)) !== text) {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, text);
    }
  }
  return made;
}

/** Converts and finishes every bundle that exists under outDir, writing each collection (and its copy for the docs site) when its bytes change. */
export async function buildPostman(rootDir: string, outDir: string, ids: readonly string[]): Promise<BuiltFamily> {
  const started = performance.now();
  const outputs: Record<string, string> = {};
  const present = ids.filter((id) => hasCollection(id) && existsSync(path.join(outDir, id, 'openapi.json')));
  const made: Array<[string, () => Promise<string>]> = present.map((id) => [
    id,
    async () => {
      const json = await readFile(path.join(outDir, id, 'openapi.json'), 'utf8');
      return renderCollection(finishCollection(id, await convertBundle(json), JSON.parse(json) as Record<string, unknown>));
    },
  ]);
  if ((await lineageInputs(rootDir)).length > 0) made.push([FLOWS_COLLECTION, async () => flowsCollectionText(rootDir, outDir)]);
  for (const [id, make] of made) {
    const content = await runStep(id, 'postman collection', make);
    for (const relative of [collectionFile(id), siteCollectionFile(id)]) {
      const file = path.join(outDir, relative);
      if ((await readFile(file, 'utf8').catch(() => undefined)) !== content) {
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, content);
      }
      outputs[relative] = sha256(content);
    }
    for (const [relative, text] of await writeBruno(outDir, id, JSON.parse(content) as PostmanCollection)) outputs[relative] = sha256(text);
  }
  return {
    report: { id: POSTMAN_ID, skipped: false, files: Object.keys(outputs), warnings: [], ms: performance.now() - started },
    inputs: await postmanInputs(rootDir, outDir, ids),
    folders: [POSTMAN_CODE, FLOWS_FOLDER],
    outputs,
  };
}

// `node scripts/pipeline/postman-step.ts`: the collections alone, from the bundles in
// generated/ (the benchmark's CLI route makes them this way, as it makes the start cache).
if (import.meta.main) {
  const rootDir = process.cwd();
  const { readFamilies } = await import('../lib/families.ts');
  const ids = [...(await readFamilies(rootDir)).map((f) => f.id), OBSERVED_ID, LEGACY_OBSERVED_ID];
  await buildPostman(rootDir, path.join(rootDir, 'generated'), ids);
}
