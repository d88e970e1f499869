// The published bundles come out of the build byte for byte as recorded: the observed
// flavours, their evidence and behaviours only add to copies of them. The hashes are
// those of main when behaviours arrived; a deliberate change of the published contract
// updates tests/observed/published-bundles.sha256 in the same commit (its header says how).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { rootDir } from './support.ts';

const recorded = readFileSync(path.join(import.meta.dirname, 'published-bundles.sha256'), 'utf8')
  .split('\n')
  .filter((line) => line !== '' && !line.startsWith('#'))
  .map((line) => {
    const match = /^([0-9a-f]{64}) {2}(.+)$/.exec(line);
    if (!match) throw new Error(`published-bundles.sha256: not a sha256sum line: ${line}`);
    return [match[2] as string, match[1] as string] as const;
  });

test('records every published family: its bundle in both forms and its types', () => {
  const families = new Set(recorded.map(([file]) => file.split('/')[1]));
  expect([...families].sort()).toEqual(['legacy', 'v1', 'v2-en', 'v2-pt', 'v3']);
  expect(recorded).toHaveLength(15);
});

test.each(recorded)('%s has the recorded bytes', (file, hash) => {
  const actual = createHash('sha256')
    .update(readFileSync(path.join(rootDir, file)))
    .digest('hex');
  expect(actual).toBe(hash);
});
