// scripts/docs-site/build-docs.ts is the one adapter to Redocly's build-docs internals: these
// tests fail, naming what changed, when a Redocly upgrade moves what it relies on. Pages
// rendered in process are the bytes the `redocly build-docs` CLI writes with the same arguments.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { parse } from 'yaml';
import { buildDocs, buildDocsWithCli, redoclyCliVersion, rendersInProcess } from '../../scripts/docs-site/build-docs.ts';
import { referenceArgv } from '../../scripts/docs-site/reference.ts';
import { rootDir } from '../support/bundle.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function bundleInput(id: string): Promise<{ dir: string; input: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'build-docs-'));
  dirs.push(dir);
  const input = path.join(dir, `${id}.json`);
  await writeFile(input, JSON.stringify(parse(await readFile(path.join(rootDir, 'generated', id, 'openapi.yaml'), 'utf8'))));
  return { dir, input };
}

const family = (id: string) => ({ id, title: `Family ${id}`, status: 'official', statusNote: 'a note' });

test('the build-docs handler is found in @redocly/cli', async () => {
  // Else both sides below would be the CLI and the comparison would prove nothing.
  expect(
    await rendersInProcess(),
    `@redocly/cli ${redoclyCliVersion} no longer exports handlerBuildCommand from a chunk under lib/chunks: ` +
      'scripts/docs-site/build-docs.ts now renders each page through a CLI process (slower); find the handler again or accept the fallback',
  ).toBe(true);
});

test('the handler prints nothing to the build log and leaves process.stdout/stderr as they were', async () => {
  const { dir, input } = await bundleInput('v3');
  const writes = [process.stdout.write, process.stderr.write] as const;
  const seen: string[] = [];
  const spy = ((chunk: string | Uint8Array) => {
    seen.push(String(chunk));
    return true;
  }) as typeof process.stdout.write;
  process.stdout.write = spy;
  process.stderr.write = spy;
  try {
    await buildDocs(referenceArgv(family('v3'), input, path.join(dir, 'quiet.html')), dir);
    expect([process.stdout.write, process.stderr.write], 'build-docs.ts must restore the writers it captures').toEqual([spy, spy]);
  } finally {
    [process.stdout.write, process.stderr.write] = writes;
  }
  expect(seen, `@redocly/cli ${redoclyCliVersion}: build-docs printed past the adapter's capture of process.stdout/stderr`).toEqual([]);
}, 120_000);

test.each(['v3', 'legacy'])(
  'the %s page: in process equals the CLI, byte for byte',
  async (id) => {
    const { dir, input } = await bundleInput(id);
    await buildDocs(referenceArgv(family(id), input, path.join(dir, 'in-process.html')), dir);
    await buildDocsWithCli(referenceArgv(family(id), input, path.join(dir, 'cli.html')), dir);
    const inProcess = await readFile(path.join(dir, 'in-process.html'));
    const cli = await readFile(path.join(dir, 'cli.html'));
    expect(inProcess.length).toBeGreaterThan(100_000);
    expect(inProcess.equals(cli), `@redocly/cli ${redoclyCliVersion}: the in-process page differs from the CLI's`).toBe(true);
  },
  120_000,
);
