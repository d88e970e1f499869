// CONTRIBUTING.md's map from each part of src/ and scripts/ to its tests is complete and true:
// every folder of src/ and scripts/ is named by a row, and every test path a row's command
// names exists. A part added without its row, or a test folder renamed, fails here.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { BUILDS, FOLLOWED, INTEROP, PACKAGE_MATRIX } from '../../vitest.config.ts';
import { rootDir } from '../support/bundle.ts';

const page = readFileSync(path.join(rootDir, 'CONTRIBUTING.md'), 'utf8');
const map = /<!-- test-map -->([\s\S]*?)<!-- \/test-map -->/.exec(page)?.[1] ?? '';
const rows = map.split('\n').filter((line) => line.startsWith('| `'));

test('every folder of src/ and scripts/ has a row', () => {
  const folders = ['src', 'scripts'].flatMap((top) =>
    readdirSync(path.join(rootDir, top), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => `${top}/${e.name}/`),
  );
  expect(folders.length).toBeGreaterThan(10);
  const parts = rows.map((row) => row.split(' | ')[0] ?? '');
  expect(folders.filter((folder) => !parts.some((part) => part.includes(`\`${folder}`)))).toEqual([]);
});

test("every test path a row's command names exists", () => {
  expect(rows.length).toBeGreaterThan(10);
  const named = rows.flatMap((row) => [...row.matchAll(/\btests\/[\w./-]+/g)].map((m) => m[0]));
  expect(named.length).toBeGreaterThan(10);
  expect(named.filter((p) => !existsSync(path.join(rootDir, p)))).toEqual([]);
});

/** The test files under a path (a file, or a folder walked whole), relative to the repository. */
function testFilesUnder(named: string): string[] {
  const full = path.join(rootDir, named);
  if (!statSync(full).isDirectory()) return [named];
  return readdirSync(full, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? testFilesUnder(`${named.replace(/\/$/, '')}/${e.name}`)
      : e.name.endsWith('.test.ts')
        ? [`${named.replace(/\/$/, '')}/${e.name}`]
        : [],
  );
}

test('each command runs the files it names: `npm test` none of another group only, `npm run test:builds` only its own', () => {
  const commands = rows.flatMap((row) =>
    [...row.matchAll(/`npm (test|run test:builds) -- ([^`]+)`/g)].map((m) => ({ script: m[1], paths: m[2]!.split(' ') })),
  );
  expect(commands.some((c) => c.script === 'run test:builds')).toBe(true);
  const apart = [...PACKAGE_MATRIX, ...INTEROP, ...FOLLOWED, ...BUILDS];
  const wrong = commands.flatMap(({ script, paths }) =>
    paths.flatMap((named) => {
      const files = testFilesUnder(named);
      const run = files.filter((file) => (script === 'test' ? !apart.some((glob) => path.matchesGlob(file, glob)) : BUILDS.includes(file)));
      return run.length > 0 ? [] : [`npm ${script} -- ${named}: runs none of ${files.join(', ')}`];
    }),
  );
  expect(wrong).toEqual([]);
});
