// The content-hash cache: nothing changed, nothing rebuilt; one family changed, that
// family (and the pages that show it) rebuilt; --force rebuilds everything.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runPipeline, type FamilyReport } from '../../scripts/build/pipeline.ts';
import { makeWorkspace, type Workspace } from '../../scripts/bench/workspace.ts';
import { rootDir } from '../support/bundle.ts';

let copy: Workspace | undefined;
let dir = '';
const out = () => path.join(dir, 'out');
const rebuilt = (reports: FamilyReport[]) => reports.filter((r) => !r.skipped).map((r) => r.id).sort();

beforeAll(async () => {
  copy = await makeWorkspace(rootDir, { prefix: 'pipeline-incremental-' });
  dir = copy.dir;
  await runPipeline({ rootDir: dir, outDir: out() });
}, 300_000);

afterAll(async () => {
  await copy?.dispose();
});

test('a second build with nothing changed rebuilds nothing', async () => {
  const reports = await runPipeline({ rootDir: dir, outDir: out() });
  expect(rebuilt(reports)).toEqual([]);
  expect(reports.map((r) => r.id)).toEqual(expect.arrayContaining(['v2-pt', 'legacy', 'v1', 'v2-en', 'v3']));
}, 120_000);

test('a change to one family rebuilds that family and the docs, nothing else', async () => {
  const file = path.join(dir, 'spec/v3/paths/Disponibilidade.yaml');
  const text = await readFile(file, 'utf8');
  await writeFile(file, text.replace('summary: ', 'summary: (edited) '));
  const reports = await runPipeline({ rootDir: dir, outDir: out() });
  expect(rebuilt(reports)).toEqual(['docs', 'v3']);
  expect(await readFile(path.join(out(), 'v3/openapi.yaml'), 'utf8')).toContain('(edited)');
}, 120_000);

test('--force rebuilds every family', async () => {
  const reports = await runPipeline({ rootDir: dir, outDir: out(), force: true });
  expect(rebuilt(reports)).toEqual(expect.arrayContaining(['v2-pt', 'legacy', 'v1', 'v2-en', 'v3', 'v2-pt-observed', 'docs']));
}, 300_000);
