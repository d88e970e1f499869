// The generated types compile, and wrong calls do not (see *.typecheck.ts).
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { rootDir } from '../support/bundle.ts';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

test('tsc --noEmit accepts the generated types and rejects every wrong call', async () => {
  const result = await promisify(execFile)(process.execPath, [tsc, '-p', path.join(rootDir, 'tests/types/tsconfig.json')], {
    cwd: rootDir,
  }).then(
    () => ({ code: 0, out: '' }),
    (error: { code?: number; stdout?: string }) => ({ code: error.code ?? 1, out: error.stdout ?? '' }),
  );
  expect(result.out).toBe('');
  expect(result.code).toBe(0);
}, 120_000);
