// Generated files are made by the pipeline only: rebuilding from spec/ into a
// temporary folder must give the bytes in generated/, and (in CI, where the README's
// set-up has just run the pipeline in a clean clone) those must be the committed ones.
import { execFileSync } from 'node:child_process';
import { expect, test } from 'vitest';
import { findStaleFiles } from '../../scripts/pipeline/pipeline.ts';
import { rootDir } from '../support/bundle.ts';

test('every generated file is what the pipeline makes now', async () => {
  expect(await findStaleFiles(rootDir)).toEqual([]);
}, 300_000);

test.runIf(process.env.CI === 'true')('the pipeline changed nothing that is committed under generated/', () => {
  const changed = execFileSync('git', ['status', '--porcelain', '--', 'generated/'], { cwd: rootDir, encoding: 'utf8' });
  expect(changed, 'run `npm run build` and commit generated/').toBe('');
});
