// Every claim the observed flavours make that narrows what a real body may be, with the
// sources behind it, recomputed from the sources' own inventories (not from the code that
// wrote the schemas): `required` (the key was in every capture that carried its parent,
// in every source that saw the parent), `integer` (only whole numbers, never a fraction)
// and non-null (a value seen, never null). Each must rest on at least two independent
// sources, `required` on two of captured traffic (a template shows a shape, not which
// keys every answer carries). The places a schema stands for are its `x-observed.in` records.
// One exception, on the safe side: a non-null claim in the request of an operation a source
// states refuses null fields rests on that statement (docs/observed.md, "Which way a
// behaviour narrows"), and still no source may contradict it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { loadBehaviours } from '../../scripts/observed/behaviours.ts';
import type { Body, FieldStats } from '../../scripts/observed/evidence.ts';
import { OBSERVED_FAMILIES } from '../../scripts/observed/overlay.ts';
import { loadSources } from '../../scripts/observed/sources.ts';
import { isObject, type Json, type JsonObject } from '../../src/lib/json.ts';
import { evidenceRoot, rootDir } from './support.ts';

const sources = new Map(loadSources(evidenceRoot).map((s) => [s.info.id, s]));
const nullRefusals = loadBehaviours(evidenceRoot).filter((b) => b.kind === 'request-refuses-null');
const MIN_SOURCES = 2;

interface Place {
  source: string;
  operation: string;
  body: Body;
  path: string;
}

interface Claim {
  family: string;
  schema: string;
  /** Path inside the schema ('' for its root, `[]` for array items). */
  at: string;
  kind: 'required' | 'integer' | 'non-null';
  backedBy: string[];
  contradictedBy: string[];
  /** A behaviour stating the operation refuses null (request places only): a non-null claim may rest on it. */
  statedBy?: string;
}

function join(base: string, rel: string): string {
  if (rel === '') return base;
  if (base === '') return rel.startsWith('[]') ? rel : rel;
  return rel.startsWith('[]') ? `${base}${rel}` : `${base}.${rel}`;
}

function child(rel: string, key: string): string {
  if (key === '[]') return `${rel}[]`;
  return rel === '' ? key : `${rel}.${key}`;
}

function stats(place: Place, rel: string): FieldStats | undefined {
  const capture = sources.get(place.source)?.operations[place.operation]?.[place.body];
  if (!capture) return undefined;
  const at = join(place.path, rel);
  if (at === '') return { types: ['object'], present: capture.captures, of: capture.captures, nullable: false };
  return capture.fields[at];
}

function unwrapNull(schema: JsonObject): { inner: JsonObject; nullable: boolean } {
  if (Array.isArray(schema.anyOf) && schema.anyOf.some((s) => isObject(s) && s.type === 'null')) {
    return { inner: schema.anyOf.find((s) => isObject(s) && s.type !== 'null') as JsonObject, nullable: true };
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return { inner: schema, nullable: types.includes('null') };
}

function typesOf(schema: JsonObject): string[] {
  return (Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type]).map(String);
}

function claimsOf(family: string, name: string, root: JsonObject, places: Place[]): Claim[] {
  const out: Claim[] = [];
  const unique = (list: string[]): string[] => [...new Set(list)];
  const nonNullEvidence = (rel: string): Pick<Claim, 'backedBy' | 'contradictedBy'> => {
    const found = places.map((p) => [p.source, stats(p, rel)] as const);
    const stated = places.every((p) => p.body === 'request')
      ? nullRefusals.find((b) => places.every((p) => b.operations.includes(p.operation)))
      : undefined;
    return {
      backedBy: unique(found.filter(([, f]) => f?.types.some((t) => t !== 'null')).map(([s]) => s)),
      contradictedBy: unique(found.filter(([, f]) => f !== undefined && (f.nullable || f.types.includes('null'))).map(([s]) => s)),
      ...(stated ? { statedBy: stated.id } : {}),
    };
  };
  const visit = (schema: JsonObject, rel: string): void => {
    const props = isObject(schema.properties) ? schema.properties : {};
    const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
    for (const [key, value] of Object.entries(props)) {
      if (!isObject(value)) continue;
      const at = child(rel, key);
      record(value, at);
      if (required.includes(key)) {
        const backedBy: string[] = [];
        const contradictedBy: string[] = [];
        for (const p of places) {
          const parent = stats(p, rel);
          if (!parent?.types.includes('object')) continue;
          const own = stats(p, at);
          const traffic = sources.get(p.source)?.info.kind === 'captured traffic';
          if (!own || own.present !== parent.present) contradictedBy.push(p.source);
          else if (traffic) backedBy.push(p.source);
        }
        out.push({ family, schema: name, at, kind: 'required', backedBy: unique(backedBy), contradictedBy: unique(contradictedBy) });
      }
    }
    if (isObject(schema.items)) record(schema.items, child(rel, '[]'));
  };
  const record = (schema: JsonObject, at: string): void => {
    const { inner, nullable } = unwrapNull(schema);
    const typed = typeof inner.$ref === 'string' || typesOf(inner).some((t) => t !== 'null');
    if (typed && !nullable) out.push({ family, schema: name, at, kind: 'non-null', ...nonNullEvidence(at) });
    if (typesOf(inner).includes('integer')) {
      const found = places.map((p) => [p.source, stats(p, at)] as const);
      out.push({
        family,
        schema: name,
        at,
        kind: 'integer',
        backedBy: unique(found.filter(([, f]) => f?.types.includes('integer')).map(([s]) => s)),
        contradictedBy: unique(found.filter(([, f]) => f?.types.includes('number')).map(([s]) => s)),
      });
    }
    // A reference stands for a named schema, which is checked at its own places.
    if (typeof inner.$ref !== 'string') visit(inner, at);
  };
  visit(root, '');
  return out;
}

function addedSchemas(family: string): Array<[string, JsonObject]> {
  const overlay = parse(readFileSync(path.join(rootDir, 'generated', `${family}-observed`, 'overlay.yaml'), 'utf8')) as JsonObject;
  return (overlay.actions as JsonObject[])
    .filter((a) => a.target === '$.components.schemas')
    .flatMap((a) => Object.entries(a.update as JsonObject))
    .filter((entry): entry is [string, JsonObject] => isObject(entry[1] as Json));
}

function placesOf(schema: JsonObject): Place[] {
  const record = schema['x-observed'];
  if (!isObject(record) || !Array.isArray(record.in)) return [];
  return record.in
    .filter(isObject)
    .map((p) => ({ source: String(p.source), operation: String(p.operation), body: p.body as Body, path: String(p.path) }));
}

const claims = OBSERVED_FAMILIES.flatMap((family) =>
  addedSchemas(family).flatMap(([name, schema]) => {
    const places = placesOf(schema);
    return places.length > 0 ? claimsOf(family, name, schema, places) : [];
  }),
);

describe('every narrowing claim of the observed flavours', () => {
  test('there are claims to check in both flavours (the envelope, fields both sources saw)', () => {
    for (const family of OBSERVED_FAMILIES) expect(claims.filter((c) => c.family === family).length, family).toBeGreaterThan(0);
    expect(claims.some((c) => c.kind === 'non-null')).toBe(true);
    expect(claims.some((c) => c.kind === 'integer')).toBe(true);
  });

  test('each rests on at least two sources and no source contradicts it', () => {
    const weak = claims.filter((c) => (c.backedBy.length < MIN_SOURCES && !c.statedBy) || c.contradictedBy.length > 0);
    expect(
      weak.map(
        (c) =>
          `${c.family} ${c.schema} ${c.at || '(root)'}: ${c.kind} backed by [${c.backedBy.join(', ')}], contradicted by [${c.contradictedBy.join(', ')}]`,
      ),
    ).toEqual([]);
  });

  test('the claims and their sources, listed', () => {
    const lines = claims.map(
      (c) => `${c.family} ${c.schema} ${c.at}: ${c.kind} <- ${c.backedBy.join(' + ')}${c.statedBy ? ` (stated: ${c.statedBy})` : ''}`,
    );
    console.log(`${claims.length} narrowing claims:\n${lines.join('\n')}`);
    expect(new Set(lines).size).toBe(lines.length);
  });
});
