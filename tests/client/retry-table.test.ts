// docs/client.md's table of the operations a client retries is the contract's: each row
// agrees with the effect the contract index gives the operation (x-effect), and the client
// retries exactly the index's reads (derived, no second list). A new operation needs no row:
// its mark in the spec is what the client reads.
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

test('every row says what the contract index says: the operation is there, retried exactly when it only reads', () => {
  expect(rows.length).toBeGreaterThan(40);
  for (const row of rows) {
    if (row.family === 'v1') {
      // V1 publishes no operation name: its one path is a write.
      expect(row).toEqual({ family: 'v1', operation: '`{Operation}`', retried: false });
      expect(indexed('v1', 'read')).toEqual([]);
      continue;
    }
    expect(indexed(row.family), `${row.family} ${row.operation}`).toContain(row.operation);
    expect(indexed(row.family, 'read').includes(row.operation), `${row.family} ${row.operation}`).toBe(row.retried);
  }
  // One row per name (Autenticar is on three legacy services).
  for (const family of ['v2-pt', 'v2-en', 'v3', 'legacy']) expect(of(family)).toHaveLength(new Set(of(family)).size);
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
