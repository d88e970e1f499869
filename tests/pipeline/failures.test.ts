// A failing step stops the build and says which family and which step. The lint failures are
// met in a built copy (built-copy.ts), where the edited family is the only one to rebuild.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { runPipeline } from '../../scripts/pipeline/pipeline.ts';
import { StepError } from '../../scripts/pipeline/step-error.ts';
import { makeWorkspace, type Workspace } from '../../scripts/lib/workspace.ts';
import { rootDir } from '../support/bundle.ts';
import { builtCopy } from '../support/built-copy.ts';

let copy: Workspace | undefined;

async function copyOfProject(): Promise<string> {
  copy = await makeWorkspace(rootDir, { prefix: 'pipeline-failure-' });
  return copy.dir;
}

/** A copy already built, and its output folder, named so the build writes no dist/ and no overlay. */
async function builtCopyOfProject(): Promise<{ dir: string; outDir: string }> {
  copy = await builtCopy({ prefix: 'pipeline-failure-' });
  return { dir: copy.dir, outDir: path.join(copy.dir, 'generated') };
}

afterEach(async () => {
  await copy?.dispose();
  copy = undefined;
});

test('a broken reference fails Redocly lint of that family, named in the error', async () => {
  const { dir, outDir } = await builtCopyOfProject();
  const file = path.join(dir, 'spec/v2-pt/paths/Reservar.yaml');
  await writeFile(file, (await readFile(file, 'utf8')).replace('RequisicaoComCredenciais.yaml', 'NaoExiste.yaml'));
  const error = await runPipeline({ rootDir: dir, outDir }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(StepError);
  expect((error as StepError).family).toBe('v2-pt');
  expect((error as StepError).step).toBe('redocly lint');
  expect((error as StepError).message).toMatch(/NaoExiste\.yaml/);
  expect((error as StepError).details).toMatch(/^ {2}spec\/v2-pt\/paths\/Reservar\.yaml:\d+:\d+ error no-unresolved-refs: /m);
}, 60_000);

test('a convention only Spectral checks fails the spectral step of that family', async () => {
  const { dir, outDir } = await builtCopyOfProject();
  // A security requirement with one developer header only: valid OpenAPI and Redocly-clean,
  // caught by our Spectral rule developer-headers-required.
  const file = path.join(dir, 'spec/v2-pt/paths/Consultar.yaml');
  const text = await readFile(file, 'utf8');
  await writeFile(file, text.replace('  tags: [Booking]\n', '  tags: [Booking]\n  security:\n    - developerToken: []\n'));
  const error = await runPipeline({ rootDir: dir, outDir }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(StepError);
  expect((error as StepError).family).toBe('v2-pt');
  expect((error as StepError).step).toBe('spectral lint');
  expect((error as StepError).message).toMatch(/developer-headers-required/);
  // Found in the bundle, reported where the author wrote it: the line of that security requirement.
  const written = await readFile(file, 'utf8');
  const line = written.split('\n').indexOf('    - developerToken: []') + 1;
  expect(line).toBeGreaterThan(0);
  expect((error as StepError).details).toMatch(
    new RegExp(`^  spec/v2-pt/paths/Consultar\\.yaml:${line}:\\d+ error developer-headers-required: `, 'm'),
  );
}, 60_000);

test("a type error in the client fails the client step with the compiler's message, and nothing hangs", async () => {
  const dir = await copyOfProject();
  const file = path.join(dir, 'src/dates.ts');
  await writeFile(file, `${await readFile(file, 'utf8')}\nexport const broken: number = 'not a number';\n`);
  // The real output folder (no outDir): the build compiles the client, in its worker.
  const error = await runPipeline({ rootDir: dir, force: true }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(StepError);
  expect((error as StepError).family).toBe('client');
  expect((error as StepError).step).toBe('client (tsc -p tsconfig.build.json)');
  // That error and no other: the rest of the client compiles.
  expect((error as StepError).details).toMatch(
    /^src\/dates\.ts\(\d+,\d+\): error TS2322: Type 'string' is not assignable to type 'number'\.$/,
  );
  // The families and the docs were still built: only the client failed.
  expect(await readFile(path.join(dir, 'generated/docs/index.html'), 'utf8')).toContain('<html');
}, 120_000);
