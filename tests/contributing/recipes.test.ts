// CONTRIBUTING.md's recipes run, on a scratch copy of the repository: each recipe is followed
// as a contributor would (the hand edits below, then `npm run build`), and git in the copy
// shows what changed. Every file edited by hand must be one the recipe lists, and nothing
// else may change but the generated files git tracks (the bundles, the types, the contract
// index): the recipe is complete, and the build writes nothing else a reviewer must read.
// The edits are made in the copy only, and the copy is thrown away.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Workspace } from '../../scripts/lib/workspace.ts';
import { builtCopy } from '../support/built-copy.ts';
import { rootDir } from '../support/bundle.ts';

const page = readFileSync(path.join(rootDir, 'CONTRIBUTING.md'), 'utf8');

/** The text of a `## <title>` section of CONTRIBUTING.md. */
function section(title: string): string {
  const start = page.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`CONTRIBUTING.md has no section "${title}"`);
  const end = page.indexOf('\n## ', start + 4);
  return page.slice(start, end < 0 ? undefined : end);
}

/** The files a recipe names as written by hand (backticked paths, `<placeholder>` segments matching any name). */
function listedFiles(text: string): RegExp[] {
  const paths = [...text.matchAll(/`((?:spec|src|lint|docs|tests|scripts)\/[^`\s]*)`/g)].map((m) => m[1] as string);
  return paths.map((p) => {
    const escaped = p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/<[^>]+>/g, '[^/]+');
    // A folder (`spec/shared/`) names any file under it.
    return new RegExp(`^${escaped}${p.endsWith('/') ? '.*' : ''}$`);
  });
}

/** The test command a recipe gives (`npm test -- …`, which runs on the pinned Node), and the paths it runs. */
function testCommand(text: string): string[] {
  const command = /`(npm test -- [^`]+)`/.exec(text)?.[1];
  if (command === undefined) throw new Error('the recipe gives no `npm test -- …` command');
  return command
    .split(/\s+/)
    .slice(3)
    .filter((arg) => arg.startsWith('tests/'));
}

let ws: Workspace;
const git = (...args: string[]): string => execFileSync('git', args, { cwd: ws.dir, encoding: 'utf8' });

beforeAll(async () => {
  ws = await builtCopy({
    prefix: 'recipes-',
    also: ['.gitignore', 'CHANGELOG.md', 'CONTRIBUTING.md', 'README.md', 'biome.jsonc', 'docs', 'tests'],
  });
  git('init', '-q');
  git('-c', 'user.email=recipe@example.invalid', '-c', 'user.name=recipe', 'add', '-A');
  git('-c', 'user.email=recipe@example.invalid', '-c', 'user.name=recipe', 'commit', '-qm', 'base');
}, 600_000);

afterAll(async () => {
  await ws?.dispose();
});

/** Edits a file of the copy by replacing one piece of its text (which must be there). */
async function edit(file: string, from: string, to: string): Promise<void> {
  const full = path.join(ws.dir, file);
  const text = await readFile(full, 'utf8');
  if (!text.includes(from)) throw new Error(`${file} no longer holds the text this recipe edits: ${from.slice(0, 60)}`);
  await writeFile(full, text.replace(from, to));
}

/** Runs the recipe's commands in the copy (the build last), then lists what changed against its base and puts the copy back. */
function buildAndDiff(scripts: readonly string[]): string[] {
  for (const script of [...scripts, 'build']) {
    const ran = spawnSync('npm', ['run', script], { cwd: ws.dir, encoding: 'utf8', env: { ...process.env, CI: 'true' } });
    if (ran.status !== 0) throw new Error(`npm run ${script} failed in the copy:\n${`${ran.stdout}${ran.stderr}`.slice(-4000)}`);
  }
  const changed = git('status', '--porcelain', '--untracked-files=all')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => line.slice(3));
  git('checkout', '-q', '--', '.');
  git('clean', '-qfd');
  return changed.sort();
}

/** What a build may change besides the hand-edited files: the generated files git tracks. */
const GENERATED_TRACKED =
  /^generated\/(?:[\w-]+\/(?:openapi\.(?:yaml|json)|schema\.d\.ts|calls\.d\.ts)|contract\/index\.(?:json|js|d\.ts))$/;

/** A recipe followed: its hand edits are listed in it, and the build changes only those and the tracked generated files. */
async function follow(
  title: string,
  edits: Array<[file: string, from: string, to: string]>,
  scripts: readonly string[] = [],
): Promise<void> {
  const text = section(title);
  const listed = listedFiles(text);
  const handEdited = [...new Set(edits.map(([file]) => file))];
  expect(
    handEdited.filter((file) => !listed.some((pattern) => pattern.test(file))),
    `files "${title}" does not list`,
  ).toEqual([]);
  const tests = testCommand(text);
  expect(tests.length).toBeGreaterThan(0);
  for (const [file, from, to] of edits) await edit(file, from, to);
  for (const script of scripts) expect(text, `"${title}" names npm run ${script}`).toContain(`npm run ${script}`);
  const changed = buildAndDiff(scripts);
  // What the recipe's own commands write into a hand-written file (docs:problems) must be listed too.
  const written = changed.filter((file) => !handEdited.includes(file) && !GENERATED_TRACKED.test(file));
  expect(written.filter((file) => !listed.some((pattern) => pattern.test(file)))).toEqual([]);
  if (scripts.length === 0) expect(written).toEqual([]);
  // The edit did reach what the build makes.
  expect(changed.some((file) => GENERATED_TRACKED.test(file)) || title === 'Changing a mock behaviour').toBe(true);
}

/** The placeholder of the 405's template literal in src/mock/decide.ts, as its source spells it. */
const METHOD = ['$', '{method}'].join('');

describe("CONTRIBUTING.md's recipes, followed on a scratch copy", () => {
  test('Adding a field: one optional request field of Disponibilidade', async () => {
    await follow('Adding a field', [
      [
        'spec/v2-pt/schemas/DisponibilidadeRQ.yaml',
        '  Origem:\n',
        "  CampoDeTeste:\n    type: string\n    description: A field this test adds to a scratch copy only.\n    x-source: '2.4'\n  Origem:\n",
      ],
      ['lint/property-names.yaml', '  - Localizador\n', '  - Localizador\n  - CampoDeTeste\n'],
      ['spec/v2-pt/CHANGELOG.md', '## 2.0.0 — not yet released\n', '## 2.0.0 — not yet released\n\n- A test field, in a scratch copy.\n'],
    ]);
  }, 600_000);

  test('Adding an operation: one more V2 operation', async () => {
    const model = await readFile(path.join(ws.dir, 'spec/v2-pt/paths/Buscar.yaml'), 'utf8');
    await writeFile(
      path.join(ws.dir, 'spec/v2-pt/paths/BuscarTeste.yaml'),
      model.replace(/operationId: Buscar\n/, 'operationId: BuscarTeste\n'),
    );
    await follow('Adding an operation', [
      ['spec/catalog.yaml', 'Buscar, BuscarFila]', 'Buscar, BuscarFila, BuscarTeste]'],
      [
        'spec/v2-pt/openapi.yaml',
        '  /api/V2/Voos/Buscar:\n',
        '  /api/V2/Voos/BuscarTeste:\n    $ref: paths/BuscarTeste.yaml\n  /api/V2/Voos/Buscar:\n',
      ],
      [
        'spec/v2-pt/CHANGELOG.md',
        '## 2.0.0 — not yet released\n',
        '## 2.0.0 — not yet released\n\n- A test operation, in a scratch copy.\n',
      ],
      ['spec/v2-pt/paths/BuscarTeste.yaml', 'operationId: BuscarTeste', 'operationId: BuscarTeste'],
    ]);
  }, 600_000);

  test('Changing a mock behaviour: the wording of the 405', async () => {
    await follow(
      'Changing a mock behaviour',
      [['src/mock/decide.ts', ` only, not ${METHOD}.`, ` and nothing else, not ${METHOD}.`]],
      ['docs:problems'],
    );
  }, 600_000);
});
