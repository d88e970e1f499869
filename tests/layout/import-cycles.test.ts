// The tooling's modules import one another in one direction: a cycle (two modules that
// import each other, directly or around a loop) makes load order matter and hides which
// module owns what. Static imports and import() of relative .ts paths are followed;
// `import type` is erased before anything loads, so it cannot make a load-order cycle.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { filesUnder } from '../../scripts/pipeline/cache.ts';
import { rootDir } from '../support/bundle.ts';

const FOLDERS = ['scripts', 'lint', 'src'];
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+\.ts)['"]/g;
const TYPE_ONLY = /^\s*(?:import|export)\s+type\b[^;]*?\bfrom\s*['"][^'"]+['"];?/gm;

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8').replace(TYPE_ONLY, '');
  return [...text.matchAll(IMPORT)].map((m) => path.resolve(path.dirname(file), m[1] as string));
}

/** Every cycle found by a depth-first walk, each as the files around it, relative to the root. */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next].map((f) => path.relative(rootDir, f)));
      else if (!state.has(next) && graph.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

test('the modules of scripts/, lint/ and src/ import one another without a cycle', async () => {
  const files = (await Promise.all(FOLDERS.map((dir) => filesUnder(path.join(rootDir, dir))))).flat().filter((f) => f.endsWith('.ts'));
  expect(files.length).toBeGreaterThan(50);
  const graph = new Map(files.map((file) => [file, importsOf(file)]));
  expect(cycles(graph).map((cycle) => cycle.join(' -> '))).toEqual([]);
});

test('the cycle finder finds a loop of three and a module importing itself', () => {
  const graph = new Map([
    ['/a.ts', ['/b.ts']],
    ['/b.ts', ['/c.ts']],
    ['/c.ts', ['/a.ts', '/d.ts']],
    ['/d.ts', ['/d.ts']],
  ]);
  expect(cycles(graph).map((cycle) => cycle.map((f) => path.basename(f)).join(' -> '))).toEqual([
    'a.ts -> b.ts -> c.ts -> a.ts',
    'd.ts -> d.ts',
  ]);
});
