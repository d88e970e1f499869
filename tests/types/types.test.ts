// The generated types compile, and wrong calls do not (see *.typecheck.ts).
import path from 'node:path';
import { expect, test } from 'vitest';
import { rootDir } from '../support/bundle.ts';
import { typecheck } from '../support/typecheck.ts';

test('tsc --noEmit accepts the generated types and rejects every wrong call', () => {
  const result = typecheck(path.join(rootDir, 'tests/types/tsconfig.json'), rootDir);
  expect(result.output).toBe('');
  expect(result.code).toBe(0);
}, 120_000);
