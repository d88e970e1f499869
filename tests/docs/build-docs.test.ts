// Pages rendered by Redocly's build-docs handler inside the pipeline's process are the
// bytes the `redocly build-docs` CLI writes with the same arguments.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { parse } from 'yaml';
import { buildDocs, buildDocsWithCli, rendersInProcess } from '../../scripts/docs/build-docs.ts';
import { referenceArgv } from '../../scripts/docs/reference.ts';
import { rootDir } from '../support/bundle.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

test.each(['v3', 'legacy'])('the %s page: in process equals the CLI, byte for byte', async (id) => {
  // Else both sides would be the CLI and the comparison would prove nothing.
  expect(await rendersInProcess()).toBe(true);
  const dir = await mkdtemp(path.join(tmpdir(), 'build-docs-'));
  dirs.push(dir);
  const input = path.join(dir, `${id}.json`);
  await writeFile(input, JSON.stringify(parse(await readFile(path.join(rootDir, 'generated', id, 'openapi.yaml'), 'utf8'))));
  const family = { id, title: `Family ${id}`, status: 'official', statusNote: 'a note' };
  await buildDocs(referenceArgv(family, input, path.join(dir, 'in-process.html')), dir);
  await buildDocsWithCli(referenceArgv(family, input, path.join(dir, 'cli.html')), dir);
  const inProcess = await readFile(path.join(dir, 'in-process.html'));
  const cli = await readFile(path.join(dir, 'cli.html'));
  expect(inProcess.length).toBeGreaterThan(100_000);
  expect(inProcess.equals(cli)).toBe(true);
}, 120_000);
