// Issue 19, point 3: the reference pages show the source of each operation and
// schema, and the landing's coverage report counts stated / inferred / not
// published facts per family, equal to what the bundles carry.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { computeCoverage } from '../../scripts/docs-site/coverage.ts';
import { isObject, listOperations, type JsonObject } from '../../scripts/docs-site/openapi.ts';
import { documentForDocs } from '../../scripts/docs-site/reference.ts';
import { countTraces, partsPhrase, sourceNote } from '../../scripts/docs-site/traceability.ts';
import { ROOT } from './helpers.ts';

const FAMILIES = ['legacy', 'v1', 'v2-en', 'v2-pt', 'v3'] as const;
const bundle = (family: string): JsonObject =>
  parse(readFileSync(path.join(ROOT, 'generated', family, 'openapi.yaml'), 'utf8')) as JsonObject;

function forDocs(family: string): JsonObject {
  const doc = bundle(family);
  return documentForDocs(
    doc,
    { id: family, title: family, status: 'official', statusNote: undefined },
    {
      coverage: computeCoverage(doc),
      replacements: [],
      mirrors: [],
      familyTitle: (id) => id,
    },
  );
}

describe('partsPhrase and sourceNote', () => {
  test('one part, several parts', () => {
    expect(partsPhrase('9')).toBe('Part 9');
    expect(partsPhrase('2.1, 4.4')).toBe('Parts 2.1 and 4.4');
    expect(partsPhrase('2.5, 4.5, 7')).toBe('Parts 2.5, 4.5 and 7');
  });

  test('a note names the source, the inference (escaped) and the marker', () => {
    expect(sourceNote({ 'x-source': '4.4' })).toBe('*Source:* Part 4.4 of the interface description.');
    expect(sourceNote({ 'x-source': '9', 'x-inferred': 'a <b>reason</b>' })).toBe(
      '*Source:* Part 9 of the interface description. *Inferred:* a &lt;b&gt;reason&lt;/b&gt;',
    );
    expect(sourceNote({ 'x-inferred': 'why' }, { inferred: false })).toBe('');
    expect(sourceNote({ 'x-undocumented': true })).toContain('*Not published*');
    expect(sourceNote({})).toBe('');
  });
});

describe.each(FAMILIES)('reference page of %s', (family) => {
  test("the status callout gives the family's facts by source", () => {
    const counts = countTraces(bundle(family));
    const info = forDocs(family).info;
    expect(isObject(info) ? info.description : '').toContain(
      `of ${counts.facts} facts, ${counts.stated} are stated by the interface description, ${counts.inferred} inferred and ${counts.undocumented} not published`,
    );
  });

  test('every operation and every traced component schema shows its source', () => {
    const original = bundle(family);
    const doc = forDocs(family);
    for (const op of listOperations(doc)) {
      const source = listOperations(original).find((o) => o.operationId === op.operationId)?.operation['x-source'];
      expect(typeof source, `${op.operationId} has x-source`).toBe('string');
      expect(op.operation.description, op.operationId).toContain(`*Source:* ${partsPhrase(String(source))} of the interface description.`);
    }
    const schemas = isObject(doc.components) && isObject(doc.components.schemas) ? doc.components.schemas : {};
    const originals = isObject(original.components) && isObject(original.components.schemas) ? original.components.schemas : {};
    expect(Object.keys(schemas).length).toBeGreaterThan(0);
    for (const [name, schema] of Object.entries(schemas)) {
      const before = originals[name];
      if (!isObject(schema) || !isObject(before)) continue;
      const note = sourceNote(before);
      expect(note, `${name} carries a trace`).not.toBe('');
      expect(String(schema.description), name).toMatch(new RegExp(`^${note.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    }
  });
});

describe('the landing coverage report counts facts by source', () => {
  const landing = readFileSync(path.join(ROOT, 'generated', 'docs', 'index.html'), 'utf8');
  const cell = (family: string, kind: string): number => {
    const match = new RegExp(`data-family="${family}" data-kind="${kind}">(\\d+)<`).exec(landing);
    if (!match) throw new Error(`no ${kind} cell for ${family}`);
    return Number(match[1]);
  };

  test.each(FAMILIES)('%s: the table equals the counts of its bundle, and nothing is untraced', (family) => {
    const counts = countTraces(bundle(family));
    expect(counts.untraced).toBe(0);
    expect(counts.stated + counts.inferred + counts.undocumented).toBe(counts.facts);
    for (const kind of ['facts', 'stated', 'inferred', 'undocumented'] as const) expect(cell(family, kind), kind).toBe(counts[kind]);
  });
});
