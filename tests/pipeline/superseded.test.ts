// A build its caller aborts (`npm run dev` when a newer save comes): it ends with a
// SupersededError, tells nothing more, writes nothing more and records nothing, so the next
// build makes what it left, from the files as they are then. The builds share one session, as
// `npm run dev`'s do: a newer build meets the workers the aborted one left busy.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Workspace } from '../../scripts/lib/workspace.ts';
import { type BuildOptions, runPipeline as runBuild, SupersededError } from '../../scripts/pipeline/pipeline.ts';
import { PipelineSession } from '../../scripts/pipeline/session.ts';
import { builtCopy } from '../support/built-copy.ts';

const SCHEMA = 'spec/v3/schemas/DisponibilidadeV3RQ.yaml';
const BUNDLE = 'generated/v3/openapi.json';
const TYPES = 'generated/v3/schema.d.ts';

let ws: Workspace;
let session: PipelineSession | undefined;
const runPipeline = (options: BuildOptions) => runBuild({ ...options, session });
const read = (file: string) => readFile(path.join(ws.dir, file), 'utf8');

beforeAll(async () => {
  ws = await builtCopy({ prefix: 'pipeline-superseded-' });
  session = new PipelineSession(ws.dir);
  // Built already, or built here once: the aborted builds below start from a built copy.
  await runPipeline({ rootDir: ws.dir, client: false });
}, 600_000);

afterAll(async () => {
  await session?.close();
  await ws?.dispose();
});

test('aborted before it starts: nothing built, nothing written', async () => {
  const before = await read(BUNDLE);
  const marker = `aborted before the start ${Date.now()}`;
  await writeFile(path.join(ws.dir, SCHEMA), (await read(SCHEMA)).replace('Request body of the V3', `${marker} Request body of the V3`));
  const told: string[] = [];
  const controller = new AbortController();
  controller.abort();
  const build = runPipeline({ rootDir: ws.dir, client: false, signal: controller.signal, onBundles: (ids) => told.push(...ids) });
  await expect(build).rejects.toBeInstanceOf(SupersededError);
  expect(told).toEqual([]);
  expect(await read(BUNDLE)).toBe(before);
}, 120_000);

test('aborted once its family is bundled: the rest is dropped, never written over the files; the next build makes it', async () => {
  const bundle = await read(BUNDLE);
  const types = await read(TYPES);
  const marker = `aborted after bundling ${Date.now()}`;
  await writeFile(path.join(ws.dir, SCHEMA), (await read(SCHEMA)).replace(/^description: \|\n {2}/m, `description: |\n  ${marker} `));
  const controller = new AbortController();
  const bundled: string[] = [];
  const later: string[] = [];
  const build = runPipeline({
    rootDir: ws.dir,
    client: false,
    signal: controller.signal,
    onBundled: (id, document) => {
      bundled.push(id);
      expect(JSON.stringify(document)).toContain(marker);
      // A newer save, as `npm run dev` sees it, while Spectral and the types still run.
      controller.abort();
    },
    onBundles: (ids) => later.push(...ids),
    onDocs: () => later.push('docs'),
  });
  await expect(build).rejects.toBeInstanceOf(SupersededError);
  expect(bundled).toEqual(['v3']);
  expect(later).toEqual([]);
  expect(await read(BUNDLE)).toBe(bundle);
  expect(await read(TYPES)).toBe(types);
  // Nothing recorded: the next build sees the edit and makes everything the aborted one left.
  const reports = await runPipeline({ rootDir: ws.dir, client: false });
  expect(reports.find((r) => r.id === 'v3')?.skipped).toBe(false);
  expect(await read(BUNDLE)).toContain(marker);
  expect(await read(TYPES)).toContain(marker);
}, 300_000);
