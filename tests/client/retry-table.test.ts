// docs/client.md's table of the operations a client retries is the contract's: its "yes" rows
// are exactly the operations the contract index marks `read` (x-effect), it has one row for
// every operation of each family, and the client retries exactly those (no second list).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { isRead } from '../../src/call-extras.ts';
import { FAMILY_IDS, operationsOf } from '../../src/lib/contract-index.ts';
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
/** The index's operation names of a family, each once, in its order; `effect` narrows them. */
const indexed = (family: string, effect?: 'read' | 'write') => [
  ...new Set(operationsOf(family).flatMap((op) => (effect === undefined || op.effect === effect ? [op.name] : []))),
];

test('the "yes" rows are the reads of the contract index', () => {
  for (const family of ['v2-pt', 'v2-en', 'v3', 'legacy']) expect(of(family, true), family).toEqual(indexed(family, 'read'));
  expect(indexed('v1', 'read')).toEqual([]);
  expect(of('v1', true)).toEqual([]);
});

test('every operation of every family has its row, once', () => {
  for (const family of ['v2-pt', 'v2-en', 'v3']) expect(of(family), family).toEqual(indexed(family));
  expect(of('v1')).toEqual(['`{Operation}`']);
  // Legacy: one row per name (Autenticar is on three services).
  expect(new Set(of('legacy'))).toEqual(new Set(indexed('legacy')));
  expect(of('legacy')).toHaveLength(new Set(of('legacy')).size);
});

test('the client retries exactly the operations the index marks read, in every family and flavour', () => {
  expect(FAMILY_IDS).toEqual(expect.arrayContaining(['v2-pt', 'v2-pt-observed', 'legacy', 'legacy-observed', 'v2-en', 'v3', 'v1']));
  let reads = 0;
  for (const family of FAMILY_IDS)
    for (const op of operationsOf(family)) {
      expect(isRead(family, op.path), `${family} ${op.path}`).toBe(op.effect === 'read');
      if (op.effect === 'read') reads += 1;
    }
  // Not vacuous: both kinds are there.
  expect(reads).toBeGreaterThan(20);
  expect(isRead('v2-pt', '/api/V2/Voos/NaoExiste')).toBe(false);
});
