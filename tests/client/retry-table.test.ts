// docs/client.md's table of the operations a client retries is the code's: its "yes" rows
// are exactly families/reads.ts, and it has one row for every operation of each family.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { LEGACY_READS, V2_EN_READS, V2_READS, V3_READS } from '../../src/families/reads.ts';
import { V2_OPERATIONS } from '../../src/families/v2-pt.ts';
import { v2EnFamily } from '../../src/families/v2-en.ts';
import { legacyFamily } from '../../src/families/legacy.ts';
import { rootDir } from '../support/bundle.ts';

const doc = readFileSync(path.join(rootDir, 'docs/client.md'), 'utf8');
const section = doc.slice(doc.indexOf('### Retries'), doc.indexOf('### Hooks'));
const rows = [...section.matchAll(/^\| (v2-pt|v2-en|v3|v1|legacy) \| ([^|]+?) \| ([^|]+) \| (yes|no) \|$/gm)].map((m) => ({
  family: m[1]!,
  operation: m[2]!.replace(/ \(.*\)$/, ''),
  retried: m[4] === 'yes',
}));
const of = (family: string, retried?: boolean) =>
  rows.filter((r) => r.family === family && (retried === undefined || r.retried === retried)).map((r) => r.operation);
const names = (paths: readonly string[], prefix: string) => paths.filter((p) => p.startsWith(prefix)).map((p) => p.slice(prefix.length));

test('the "yes" rows are the reads the client retries', () => {
  expect(of('v2-pt', true)).toEqual([...V2_READS]);
  expect(of('v2-en', true)).toEqual([...V2_EN_READS]);
  expect(of('v3', true)).toEqual([...V3_READS]);
  expect(of('legacy', true)).toEqual([...LEGACY_READS]);
  expect(of('v1', true)).toEqual([]);
});

test('every operation of every family has its row, once', () => {
  expect(of('v2-pt')).toEqual([...V2_OPERATIONS]);
  expect(of('v2-en')).toEqual(names(v2EnFamily.operations, '/api/V2/Flights/'));
  expect(of('v3')).toEqual(['Disponibilidade']);
  expect(of('v1')).toEqual(['`{Operation}`']);
  // Legacy: one row per name (Autenticar is on three services).
  expect(new Set(of('legacy'))).toEqual(new Set(legacyFamily.operations.map((p) => p.slice(p.lastIndexOf('/') + 1))));
  expect(of('legacy')).toHaveLength(new Set(of('legacy')).size);
});
