// Generated files are made by the pipeline only: rebuilding from spec/ into a
// temporary folder must give the committed bytes.
import { expect, test } from 'vitest';
import { findStaleFiles } from '../../scripts/build/pipeline.ts';
import { rootDir } from '../support/bundle.ts';

test('every committed generated file is what the pipeline makes now', async () => {
  expect(await findStaleFiles(rootDir)).toEqual([]);
}, 300_000);
