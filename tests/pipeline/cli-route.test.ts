// The in-process pipeline writes byte for byte what the tools' own CLIs write: the
// bundle (redocly bundle) and the types (openapi-typescript, which the pipeline runs on
// the bundle in memory, the CLI on the source files) of every family, the observed
// bundle, and the client (tsc -p tsconfig.build.json, which the pipeline runs through
// TypeScript's API in a worker). Reference pages: tests/docs/build-docs.test.ts.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readFamilies, type Family } from '../../scripts/lib/families.ts';
import { cliRouteBuild } from '../../scripts/lib/cli-route.ts';
import { makeWorkspace, type Workspace } from '../../scripts/lib/workspace.ts';
import { rootDir } from '../support/bundle.ts';

const families: Family[] = await readFamilies(rootDir);
let ws: Workspace;

beforeAll(async () => {
  ws = await makeWorkspace(rootDir);
  // What this file compares: lint writes nothing, and build-docs.test.ts compares the pages with the CLI's.
  await cliRouteBuild(ws.dir, await readFamilies(ws.dir), { lint: false, pages: false });
}, 600_000);

afterAll(async () => {
  await ws?.dispose();
});

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

async function expectSameAsCli(file: string): Promise<void> {
  const viaCli = await readFile(path.join(ws.dir, 'generated', file));
  const viaPipeline = await readFile(path.join(rootDir, 'generated', file));
  expect(viaPipeline.equals(viaCli), `${file} differs from the CLI route`).toBe(true);
}

describe.each(families.map((f) => [f.id]))('%s', (id) => {
  test.each([[`${id}/openapi.yaml`], [`${id}/schema.d.ts`]])('%s equals the CLI output', expectSameAsCli);
});

// Its types are not compared: the pipeline widens their answer dates with null, which
// the CLI cannot do (tests/observed/types.test.ts checks that widening).
test('the observed bundle, applied from the overlay in memory, equals the one applied from the committed file', () =>
  expectSameAsCli('v2-pt-observed/openapi.yaml'));

test('the legacy observed bundle, applied from the overlay in memory, equals the one applied from the committed file', () =>
  expectSameAsCli('legacy-observed/openapi.yaml'));

test("the Postman collections, made by their step in a process of its own, equal the pipeline's", async () => {
  const collections = (await filesUnder(path.join(rootDir, 'generated', 'postman'))).map((f) => `postman/${f}`);
  expect(collections.length).toBeGreaterThanOrEqual(5);
  for (const file of collections) await expectSameAsCli(file);
});

test("the Bruno collections, made by the same step in a process of its own, equal the pipeline's, file for file", async () => {
  const pipeline = (await filesUnder(path.join(rootDir, 'generated', 'bruno'))).map((f) => `bruno/${f}`);
  expect(pipeline.filter((f) => f.endsWith('/bruno.json')).length).toBeGreaterThanOrEqual(5);
  expect((await filesUnder(path.join(ws.dir, 'generated', 'bruno'))).map((f) => `bruno/${f}`)).toEqual(pipeline);
  for (const file of pipeline) await expectSameAsCli(file);
});

test('dist/ (the compiled client) equals what tsc writes, file for file', async () => {
  const pipelineDist = path.join(rootDir, 'dist');
  const pipelineFiles = await filesUnder(pipelineDist).catch(() => {
    throw new Error('dist/ is missing: run `npm run build` before the tests');
  });
  const cliFiles = await filesUnder(path.join(ws.dir, 'dist'));
  expect(pipelineFiles).toEqual(cliFiles);
  expect(cliFiles.length).toBeGreaterThan(0);
  for (const file of cliFiles) {
    const viaCli = await readFile(path.join(ws.dir, 'dist', file));
    const viaPipeline = await readFile(path.join(pipelineDist, file));
    expect(viaPipeline.equals(viaCli), `dist/${file} differs from tsc's`).toBe(true);
  }
});
