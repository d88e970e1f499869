// Issue 19: what the gate makes of tracing the contract. Marking a fact
// (x-source, x-inferred, x-unplaced) changes nothing for consumers; the audit's
// loosening of closed legacy bodies is compatible, against the released baseline.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { diffDocuments } from '../../scripts/gates/breaking/document-diff.ts';
import { OpenApiDocument } from '../../scripts/gates/breaking/document.ts';
import { isObject, type Json, type JsonObject } from '../../src/lib/json.ts';
import { RULES } from '../../scripts/gates/breaking/rules.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const FAMILIES = ['legacy', 'v1', 'v2-en', 'v2-pt', 'v3'] as const;
const load = (file: string): JsonObject => parse(readFileSync(join(ROOT, file), 'utf8')) as JsonObject;
const current = (family: string) => load(`generated/${family}/openapi.yaml`);
const baseline = (family: string) => load(`baseline/${family}/openapi.yaml`);
const TRACE_KEYS = new Set(['x-source', 'x-inferred', 'x-unplaced']);

/** The document with every traceability marker taken away. */
function untraced(value: Json): Json {
  if (Array.isArray(value)) return value.map(untraced);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !TRACE_KEYS.has(key))
      .map(([key, v]) => [key, untraced(v)]),
  );
}

const diff = (family: string, before: JsonObject, after: JsonObject) =>
  diffDocuments(family, new OpenApiDocument(before, 'baseline.yaml'), new OpenApiDocument(after, 'current.yaml'));

describe.each(FAMILIES)('%s', (family) => {
  test('marking every fact changes nothing for consumers', () => {
    const doc = current(family);
    const stripped = untraced(doc) as JsonObject;
    expect(JSON.stringify(stripped)).not.toBe(JSON.stringify(doc));
    expect(diff(family, stripped, doc)).toEqual([]);
    expect(diff(family, doc, stripped)).toEqual([]);
  });
});

test('against the released baseline, the changes since are the ones the CHANGELOGs list', () => {
  const found = FAMILIES.flatMap((family) => diff(family, baseline(family), current(family)));
  // Issue 19: ClienteId on ValidarTokenSeguranca (an optional field). Issue 38: the legacy body
  // without Login (an alternative added) and the date patterns, v2-pt and v2-en 2.0.0.
  expect([...new Set(found.map((f) => f.rule))].sort()).toEqual([
    'request-alternative-added',
    'request-constraint-tightened',
    'request-property-added',
  ]);
  for (const f of found.filter((f) => f.rule === 'request-alternative-added')) {
    expect(f.pointer, f.detail).toMatch(/\/oneOf\/1$/);
    expect(f.detail).toContain('RequisicaoSemLogin');
  }
  for (const f of found.filter((f) => RULES[f.rule].severity === 'breaking')) {
    expect(['v2-pt', 'v2-en'], f.detail).toContain(f.family);
    expect(f.pointer).toMatch(/^#\/components\/schemas\/(DataLegada|DataSemHora|DataHora|LegacyDate|DateOnly|DateTime)\/pattern$/);
  }
});

test('opening a closed body (the other way to loosen it) is compatible too', () => {
  const before = current('legacy');
  const after = structuredClone(before);
  const schemas = isObject(after.components) && isObject(after.components.schemas) ? after.components.schemas : {};
  const body = schemas['ValidarTokenSegurancaRQ'];
  if (!isObject(body)) throw new Error('no ValidarTokenSegurancaRQ in the legacy bundle');
  body['additionalProperties'] = true;
  const findings = diff('legacy', before, after);
  expect(findings.map((f) => f.rule)).toEqual(['request-opened']);
  expect(findings.every((f) => RULES[f.rule].severity !== 'breaking')).toBe(true);
});
