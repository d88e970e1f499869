// A failing step stops the build and says which family and which step. Each failure is met
// in a built copy (built-copy.ts), where what the test edits is the only thing to rebuild.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { runPipeline } from '../../scripts/pipeline/pipeline.ts';
import { StepError } from '../../scripts/pipeline/step-error.ts';
import type { Workspace } from '../../scripts/lib/workspace.ts';
import { builtCopy } from '../support/built-copy.ts';

let copy: Workspace | undefined;

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
  const { dir } = await builtCopyOfProject();
  const file = path.join(dir, 'src/dates.ts');
  await writeFile(file, `${await readFile(file, 'utf8')}\nexport const broken: number = 'not a number';\n`);
  // A family edited too: its bundle and its page must still be built although the client fails.
  const family = path.join(dir, 'spec/v3/paths/Disponibilidade.yaml');
  await writeFile(family, (await readFile(family, 'utf8')).replace('summary: ', 'summary: (edited) '));
  // The real output folder (no outDir): the build compiles the client, in its worker.
  const error = await runPipeline({ rootDir: dir }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(StepError);
  expect((error as StepError).family).toBe('client');
  expect((error as StepError).step).toBe('client (tsc -p tsconfig.build.json)');
  // That error and no other: the rest of the client compiles.
  expect((error as StepError).details).toMatch(
    /^src\/dates\.ts\(\d+,\d+\): error TS2322: Type 'string' is not assignable to type 'number'\.$/,
  );
  // The family and the docs were still built: only the client failed.
  expect(await readFile(path.join(dir, 'generated/v3/openapi.yaml'), 'utf8')).toContain('(edited)');
  expect(await readFile(path.join(dir, 'generated/docs/v3.html'), 'utf8')).toContain('(edited)');
}, 120_000);
