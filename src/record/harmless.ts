// What a recording may keep as it is: the field names the bundled documents know, and per
// field name the shapes (code, date, figure, flag) and the closed set of values that the
// contract and the observed schemas (their enums, formats, descriptions and the values
// seen in the evidence) say it holds. Derived from generated/*/openapi.json, which the
// package ships, so no pipeline step or table of its own is needed.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isRecord } from '../lib/json.ts';
import { PACKAGE_ROOT } from '../lib/layout.ts';

export type Shape = 'code' | 'date' | 'figure' | 'flag';

const SHAPES: ReadonlyArray<[Shape, RegExp]> = [
  // An IATA airport or airline code, a fare class, a passenger type, a one-letter status.
  ['code', /^[A-Z0-9]{1,3}$/],
  [
    'date',
    /^(?:\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,7})?)?(?:Z|[+-]\d{2}:?\d{2})?)?|\d{2}\/\d{2}\/\d{4}|\\?\/Date\(-?\d{1,15}(?:[+-]\d{4})?\)\\?\/)$/,
  ],
  // An amount or a time written as text ("812.40", "0915"): short, so never a document or a card.
  ['figure', /^-?\d{1,7}(?:[.,]\d{1,4})?$/],
  ['flag', /^(?:true|false|S|N|Y)$/i],
];

/** The shape a value has, if any of the harmless ones. */
export function shapeOf(value: string): Shape | undefined {
  return SHAPES.find(([, pattern]) => pattern.test(value))?.[0];
}

export interface FieldRule {
  shapes: Set<Shape>;
  /** A closed set: enum values of the contract and values the evidence shows (all public already). */
  values: Set<string>;
}

export interface HarmlessTable {
  /** Every property name the documents declare: other keys become placeholders. */
  names: Set<string>;
  fields: Map<string, FieldRule>;
}

function schemaAt(doc: unknown, schema: unknown): { schema: unknown; ref?: string } {
  let current = schema;
  let ref: string | undefined;
  for (let hops = 0; hops < 8 && isRecord(current) && typeof current.$ref === 'string'; hops++) {
    ref = current.$ref;
    current = current.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((node, part) => (isRecord(node) ? node[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), doc);
  }
  return ref === undefined ? { schema: current } : { schema: current, ref };
}

function branches(doc: unknown, schema: unknown, depth = 0): Array<{ schema: Record<string, unknown>; ref?: string }> {
  const { schema: resolved, ref } = schemaAt(doc, schema);
  if (!isRecord(resolved) || depth > 4) return [];
  const own = ref === undefined ? { schema: resolved } : { schema: resolved, ref };
  const nested = ['anyOf', 'oneOf', 'allOf'].flatMap((k) => (Array.isArray(resolved[k]) ? (resolved[k] as unknown[]) : []));
  return [own, ...nested.flatMap((s) => branches(doc, s, depth + 1))];
}

function learnField(table: HarmlessTable, doc: unknown, name: string, schema: unknown): void {
  let rule = table.fields.get(name);
  for (const { schema: branch, ref } of branches(doc, schema)) {
    const samples = [
      ...(Array.isArray(branch.enum) ? branch.enum : []),
      ...(Array.isArray(branch.examples) ? branch.examples : []),
      ...('example' in branch ? [branch.example] : []),
    ].filter((v): v is string => typeof v === 'string');
    const shapes = new Set<Shape>();
    const format = typeof branch.format === 'string' ? branch.format : '';
    if (format === 'date' || format === 'date-time' || /(?:^|\/)(?:Data|Date)\w*$/.test(ref ?? '')) shapes.add('date');
    if (typeof branch.description === 'string' && /\b(?:airport|airline) code\b|\bIATA\b/i.test(branch.description)) shapes.add('code');
    const filled = samples.filter((s) => s !== '');
    for (const [shape, pattern] of SHAPES) if (filled.length > 0 && filled.every((s) => pattern.test(s))) shapes.add(shape);
    if (shapes.size === 0 && samples.length === 0) continue;
    rule ??= { shapes: new Set(), values: new Set() };
    for (const s of shapes) rule.shapes.add(s);
    for (const s of samples) rule.values.add(s);
  }
  if (rule) table.fields.set(name, rule);
}

/** The table of one set of OpenAPI documents. */
export function harmlessTable(documents: readonly unknown[]): HarmlessTable {
  const table: HarmlessTable = { names: new Set(), fields: new Map() };
  for (const doc of documents) {
    const walk = (node: unknown, depth: number): void => {
      if (depth > 64 || typeof node !== 'object' || node === null) return;
      if (Array.isArray(node)) {
        for (const item of node) walk(item, depth + 1);
        return;
      }
      const record = node as Record<string, unknown>;
      if (isRecord(record.properties))
        for (const [name, schema] of Object.entries(record.properties)) {
          table.names.add(name);
          learnField(table, doc, name, schema);
        }
      for (const value of Object.values(record)) walk(value, depth + 1);
    };
    walk(doc, 0);
  }
  return table;
}

const loaded = new Map<string, HarmlessTable>();

/** The table of the documents a package ships (`generated/<id>/openapi.json`), read once. */
export function loadHarmlessTable(rootDir: string = PACKAGE_ROOT): HarmlessTable {
  const root = path.resolve(rootDir);
  const known = loaded.get(root);
  if (known) return known;
  const generated = path.join(root, 'generated');
  const documents: unknown[] = [];
  for (const id of readdirSync(generated).sort()) {
    try {
      documents.push(JSON.parse(readFileSync(path.join(generated, id, 'openapi.json'), 'utf8')));
    } catch {
      // not a bundle folder (docs, mock, flows)
    }
  }
  const table = harmlessTable(documents);
  loaded.set(root, table);
  return table;
}
