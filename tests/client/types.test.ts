// Runs the type-level tests (types.check.ts) through tsc, so a call that should not
// compile but does fails this suite; then strips every `@ts-expect-error` and checks
// that each marked line, and only those, fails to compile on its own.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { typecheck } from '../support/typecheck.ts';

const SOURCE = 'tests/client/types.check.ts';
const MUTANT_DIR = '.cache/client-types';

describe.concurrent('type-level tests', () => {
  test('types.check.ts compiles: every marked call is rejected, every other one accepted', () => {
    const { code, output } = typecheck('tests/client/tsconfig.types.json');
    expect(output).toBe('');
    expect(code).toBe(0);
  });

  test('without the markers, exactly the marked lines fail', () => {
    const lines = readFileSync(SOURCE, 'utf8').split('\n');
    const kept: string[] = [];
    const expected: number[] = [];
    for (const line of lines) {
      if (line.trim().startsWith('// @ts-expect-error')) expected.push(kept.length + 1);
      else kept.push(line);
    }
    expect(expected.length).toBeGreaterThanOrEqual(15);
    // Same depth as tests/client, so the relative imports still resolve.
    mkdirSync(MUTANT_DIR, { recursive: true });
    writeFileSync(`${MUTANT_DIR}/types.check.ts`, kept.join('\n'));
    writeFileSync(`${MUTANT_DIR}/tsconfig.json`, JSON.stringify({ extends: '../../tsconfig.json', include: ['types.check.ts'] }));
    const { code, output } = typecheck(`${MUTANT_DIR}/tsconfig.json`);
    expect(code).not.toBe(0);
    const failing = new Set([...output.matchAll(/types\.check\.ts\((\d+),\d+\): error/g)].map((m) => Number(m[1])));
    expect([...failing].sort((a, b) => a - b)).toEqual(expected);
  });
});
