// Type tests by marked lines: tsc checks a file whose `@ts-expect-error` lines say where a
// wrong use must not compile; then the markers are stripped and exactly those lines must fail.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { rootDir } from './bundle.ts';
import { type Checked, typecheck } from './typecheck.ts';

/**
 * A project of one file `checks.ts` in `dir/name` (inside the repository, so
 * `types: ["node"]` and the packages of src/ resolve), checked as `tsc --noEmit -p` would.
 */
export function checkTypes(dir: string, name: string, source: string): Checked {
  const project = path.join(dir, name);
  mkdirSync(project, { recursive: true });
  writeFileSync(path.join(project, 'checks.ts'), source);
  writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify({ extends: '../../../tsconfig.json', include: ['checks.ts'] }));
  return typecheck(path.join(project, 'tsconfig.json'), rootDir);
}

/** The source without its `@ts-expect-error` lines, and the line numbers (in it) that each marked. */
export function unmarked(source: string): { source: string; marked: number[] } {
  const kept: string[] = [];
  const marked: number[] = [];
  for (const line of source.split('\n')) {
    if (line.trim().startsWith('// @ts-expect-error')) marked.push(kept.length + 1);
    else kept.push(line);
  }
  return { source: kept.join('\n'), marked };
}

/** The lines of checks.ts that tsc reported an error on, in order. */
export function failingLines(output: string): number[] {
  return [...new Set([...output.matchAll(/checks\.ts\((\d+),\d+\): error/g)].map((m) => Number(m[1])))].sort((a, b) => a - b);
}
