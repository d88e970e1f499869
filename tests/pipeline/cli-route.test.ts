// The in-process pipeline writes byte for byte what the tools' own CLIs write: the
// bundle (redocly bundle) and the types (openapi-typescript), for every family. The
// reference pages need no such proof: the pipeline runs the build-docs CLI itself.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readFamilies, type Family } from '../../scripts/build/families.ts';
import { cliRouteBuild } from '../../scripts/bench/cli-route.ts';
import { makeWorkspace, type Workspace } from '../../scripts/bench/workspace.ts';
import { rootDir } from '../support/bundle.ts';

const families: Family[] = await readFamilies(rootDir);
let ws: Workspace;

beforeAll(async () => {
  ws = await makeWorkspace(rootDir);
  await cliRouteBuild(ws.dir, await readFamilies(ws.dir));
}, 600_000);

afterAll(async () => {
  await ws?.dispose();
});

describe.each(families.map((f) => [f.id]))('%s', (id) => {
  test.each([[`${id}/openapi.yaml`], [`${id}/schema.d.ts`]])('%s equals the CLI output', async (file) => {
    const viaCli = await readFile(path.join(ws.dir, 'generated', file));
    const viaPipeline = await readFile(path.join(rootDir, 'generated', file));
    expect(viaPipeline.equals(viaCli), `${file} differs from the CLI route`).toBe(true);
  });
});
