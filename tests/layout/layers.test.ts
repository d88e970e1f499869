// The layout holds by itself: imports run from a part down to the ground below it, never
// up or sideways into a part that is not below, and a helper of the shared ground
// (src/lib/, scripts/lib/) is defined once. docs/architecture.md draws the same layers.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { filesUnder } from '../../scripts/pipeline/cache.ts';
import { rootDir } from '../support/bundle.ts';

/**
 * Each part and its layer: a module imports only from its own part or from a part of a
 * lower layer. What ships (src/) is below every tool; the tools' own ground is
 * scripts/lib/; the pipeline drives the parts it builds with; the bench and the dev loop
 * sit on top.
 */
const LAYERS: ReadonlyArray<[part: string, layer: number]> = [
  ['src/lib', 0],
  ['src/client', 1],
  ['src/scenarios', 1],
  ['src/mock', 2],
  ['src/record', 2],
  ['src/proxy', 3],
  ['src/flows', 3],
  ['src/mcp', 4],
  ['src/cli', 5],
  ['src/mock.ts', 5],
  ['src/msw.ts', 5],
  ['src/mcp.ts', 5],
  ['generated', 0],
  ['scripts/lib', 6],
  ['lint', 7],
  ['scripts/observed', 7],
  ['scripts/gates', 7],
  ['scripts/postman', 7],
  ['scripts/docs-site', 8],
  ['scripts/pipeline', 9],
  ['scripts/bench', 10],
  ['scripts/dev', 10],
];
const LAYER = new Map(LAYERS);
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

/** The part a file belongs to: `src/mock`, `src/client` (the client's own files at the top of src/ and src/families/), `scripts/pipeline`… */
function partOf(relative: string): string {
  const [top, second] = relative.split('/');
  if (top === 'src') {
    if (relative === 'src/mock.ts' || relative === 'src/msw.ts' || relative === 'src/mcp.ts') return relative;
    if (relative.split('/').length === 2 || second === 'families') return 'src/client';
    return `src/${second}`;
  }
  if (top === 'scripts') return `scripts/${second}`;
  return top ?? relative;
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => path.relative(rootDir, path.resolve(path.dirname(file), m[1] as string)));
}

/** Every import that goes up or sideways: `from -> to (part, layer -> part, layer)`. */
function upwardImports(edges: ReadonlyArray<[from: string, to: string]>): string[] {
  const wrong: string[] = [];
  for (const [from, to] of edges) {
    const [a, b] = [partOf(from), partOf(to)];
    if (a === b) continue;
    const [la, lb] = [LAYER.get(a), LAYER.get(b)];
    if (la === undefined || lb === undefined || lb >= la) wrong.push(`${from} -> ${to} (${a} ${la ?? '?'} -> ${b} ${lb ?? '?'})`);
  }
  return wrong;
}

async function sourceFiles(dirs: string[]): Promise<string[]> {
  const files = (await Promise.all(dirs.map((dir) => filesUnder(path.join(rootDir, dir))))).flat();
  return files.filter((f) => f.endsWith('.ts') && !f.includes(`${path.sep}fixtures${path.sep}`));
}

test('every import of src/, scripts/ and lint/ runs down the layers', async () => {
  const files = await sourceFiles(['src', 'scripts', 'lint']);
  expect(files.length).toBeGreaterThan(100);
  const edges = files.flatMap((file) => importsOf(file).map((to): [string, string] => [path.relative(rootDir, file), to]));
  expect(upwardImports(edges)).toEqual([]);
});

test('tests reach the tools through their libraries: nothing under scripts/bench or scripts/dev is imported by a test', async () => {
  const files = await sourceFiles(['tests']);
  const wrong = files.flatMap((file) =>
    importsOf(file)
      .filter((to) => ['scripts/bench', 'scripts/dev'].includes(partOf(to)))
      .map((to) => `${path.relative(rootDir, file)} -> ${to}`),
  );
  expect(wrong).toEqual([]);
});

/** Names of the functions the shared ground exports. */
function sharedHelpers(files: string[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^export (?:async )?function (\w+)|^export const (\w+) = (?:async )?\(/gm))
      names.set((m[1] ?? m[2]) as string, path.relative(rootDir, file));
  }
  return names;
}

/** Top-level function definitions named like a shared helper, outside the file that owns it. */
function secondDefinitions(helpers: ReadonlyMap<string, string>, files: ReadonlyArray<[file: string, text: string]>): string[] {
  const found: string[] = [];
  for (const [file, text] of files) {
    for (const m of text.matchAll(
      /^(?:export )?(?:async )?function (\w+)\s*[<(]|^(?:export )?const (\w+)\s*(?::[^=]+)?=\s*(?:async\s*)?(?:\(|function\b|\w+\s*=>)/gm,
    )) {
      const name = (m[1] ?? m[2]) as string;
      const owner = helpers.get(name);
      if (owner !== undefined && owner !== file) found.push(`${file}: ${name} (the shared one is in ${owner})`);
    }
  }
  return found;
}

test('a helper of src/lib/ or scripts/lib/ is defined once: no module defines another of the same name', async () => {
  const helpers = sharedHelpers(await sourceFiles(['src/lib', 'scripts/lib']));
  expect(helpers.has('isRecord') && helpers.has('followRefs')).toBe(true);
  const files = await sourceFiles(['src', 'scripts', 'lint', 'tests']);
  const texts = files.map((f): [string, string] => [path.relative(rootDir, f), readFileSync(f, 'utf8')]);
  expect(secondDefinitions(helpers, texts)).toEqual([]);
});

/** A hand-written JavaScript twin: `x.js` or `x.d.ts` beside `x.ts`, which drift apart unseen. */
function twins(files: readonly string[]): string[] {
  const sources = new Set(files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts')));
  return files.filter((f) => {
    const stem = f.endsWith('.d.ts') ? f.slice(0, -5) : f.endsWith('.js') ? f.slice(0, -3) : undefined;
    return stem !== undefined && sources.has(`${stem}.ts`);
  });
}

test('no hand-written .js (or .d.ts) beside a .ts of the same name', async () => {
  const files = (await Promise.all(['src', 'scripts', 'lint', 'tests'].map((dir) => filesUnder(path.join(rootDir, dir))))).flat();
  expect(files.length).toBeGreaterThan(100);
  expect(twins(files.map((f) => path.relative(rootDir, f)))).toEqual([]);
});

test('the checks find what they look for', () => {
  expect(
    twins(['scripts/lib/catalog.ts', 'scripts/lib/catalog.js', 'scripts/lib/catalog.d.ts', 'src/a.js', 'src/b.ts', 'src/c.d.ts']),
  ).toEqual(['scripts/lib/catalog.js', 'scripts/lib/catalog.d.ts']);
  expect(
    upwardImports([
      ['src/mock/front.ts', 'src/lib/json.ts'],
      ['src/lib/json.ts', 'src/mock/front.ts'],
      ['src/proxy/check.ts', 'src/flows/run.ts'],
      ['src/mock/server.ts', 'scripts/lib/families.ts'],
      ['scripts/gates/reliability/load.ts', 'scripts/bench/stats.ts'],
    ]),
  ).toEqual([
    'src/lib/json.ts -> src/mock/front.ts (src/lib 0 -> src/mock 2)',
    'src/proxy/check.ts -> src/flows/run.ts (src/proxy 3 -> src/flows 3)',
    'src/mock/server.ts -> scripts/lib/families.ts (src/mock 2 -> scripts/lib 6)',
    'scripts/gates/reliability/load.ts -> scripts/bench/stats.ts (scripts/gates 7 -> scripts/bench 10)',
  ]);
  const helpers = new Map([['isRecord', 'src/lib/json.ts']]);
  expect(
    secondDefinitions(helpers, [
      ['scripts/observed/sources.ts', 'const isRecord = (v: unknown): v is object => true;\nfunction other() {}'],
      ['src/lib/json.ts', 'export function isRecord(value: unknown) {}'],
      ['src/mock/x.ts', 'function isRecord<T>(v: T) {}'],
    ]),
  ).toEqual([
    'scripts/observed/sources.ts: isRecord (the shared one is in src/lib/json.ts)',
    'src/mock/x.ts: isRecord (the shared one is in src/lib/json.ts)',
  ]);
});
