// A flat view of one JSON Schema node, as the comparison needs it: local `$ref`s
// followed, `allOf` merged, 3.1 `type` arrays (and 3.0 `nullable`) as one set,
// `const` read as a one-value `enum`, missing `additionalProperties` read as open.
import { isObject, type Json } from '../../../src/lib/json.ts';
import { child, type Located, type OpenApiDocument } from './document.ts';

export const CONSTRAINTS = [
  'maxLength',
  'maxItems',
  'maxProperties',
  'maximum',
  'exclusiveMaximum',
  'minLength',
  'minItems',
  'minProperties',
  'minimum',
  'exclusiveMinimum',
  'pattern',
  'format',
  'multipleOf',
  'uniqueItems',
] as const;
export type Constraint = (typeof CONSTRAINTS)[number];

export interface SchemaView {
  /** Where the schema lives once `$ref`s are followed. */
  pointer: string;
  /** Component name when reached through `#/components/schemas/<name>`. */
  refName: string | undefined;
  /** JSON types it accepts; null = any type. */
  types: Set<string> | null;
  enumValues: Json[] | null;
  /** Where the values are listed: `enum`, or `const` for a single one. */
  enumKeyword: 'enum' | 'const';
  properties: Map<string, Located>;
  required: Set<string>;
  /** additionalProperties: true (open; also when absent), false, or a schema. */
  additional: boolean | Located;
  items: Located | null;
  alternatives: Located[] | null;
  /** Where `x-undocumented: true` marks it (an allOf member, maybe); null if nowhere. */
  undocumentedAt: string | null;
  readOnly: boolean;
  writeOnly: boolean;
  constraints: Map<Constraint, Json>;
}

/** Keys next to a `$ref` that do not change what the schema accepts. */
function isAnnotation(key: string): boolean {
  if (key === 'x-undocumented') return false;
  return (
    key.startsWith('x-') ||
    ['$ref', 'description', 'title', 'summary', 'examples', 'example', 'default', 'deprecated', '$comment'].includes(key)
  );
}

function typeOfValue(value: Json): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function anyView(pointer: string): SchemaView {
  return {
    pointer,
    refName: undefined,
    types: null,
    enumValues: null,
    enumKeyword: 'enum',
    properties: new Map(),
    required: new Set(),
    additional: true,
    items: null,
    alternatives: null,
    undocumentedAt: null,
    readOnly: false,
    writeOnly: false,
    constraints: new Map(),
  };
}

/** Every JSON type `types` accepts includes `type` (an integer is a number). */
export function accepts(types: Set<string> | null, type: string): boolean {
  return types === null || types.has(type) || (type === 'integer' && types.has('number'));
}

function intersectTypes(a: Set<string> | null, b: Set<string> | null): Set<string> | null {
  if (a === null) return b;
  if (b === null) return a;
  const out = new Set<string>();
  for (const t of a) if (accepts(b, t)) out.add(t);
  for (const t of b) if (accepts(a, t)) out.add(t);
  return out;
}

function merge(a: SchemaView, b: SchemaView): SchemaView {
  const enumValues =
    a.enumValues && b.enumValues
      ? a.enumValues.filter((v) => b.enumValues?.some((w) => JSON.stringify(w) === JSON.stringify(v)) ?? false)
      : (a.enumValues ?? b.enumValues);
  const properties = new Map(b.properties);
  for (const [name, located] of a.properties) properties.set(name, located); // first member wins a clash
  const constraints = new Map(b.constraints);
  for (const [k, v] of a.constraints) constraints.set(k, v);
  let additional: boolean | Located;
  if (a.additional === false || b.additional === false) additional = false;
  else if (a.additional !== true) additional = a.additional;
  else additional = b.additional;
  return {
    pointer: a.pointer,
    refName: a.refName ?? b.refName,
    types: intersectTypes(a.types, b.types),
    enumValues,
    enumKeyword: a.enumValues ? a.enumKeyword : b.enumKeyword,
    properties,
    required: new Set([...a.required, ...b.required]),
    additional,
    items: a.items ?? b.items,
    alternatives: a.alternatives ?? b.alternatives,
    undocumentedAt: a.undocumentedAt ?? b.undocumentedAt,
    readOnly: a.readOnly || b.readOnly,
    writeOnly: a.writeOnly || b.writeOnly,
    constraints,
  };
}

function refNameOf(ref: string): string | undefined {
  const match = /^#\/components\/schemas\/([^/]+)$/.exec(ref);
  return match?.[1];
}

export function viewSchema(doc: OpenApiDocument, located: Located, depth = 0): SchemaView {
  if (depth > 64) throw new Error(`${doc.source}: schema nesting too deep at ${located.pointer}`);
  const { node, pointer } = located;
  if (node === true || (isObject(node) && Object.keys(node).every((k) => isAnnotation(k) && k !== '$ref'))) {
    return anyView(pointer);
  }
  if (node === false) return { ...anyView(pointer), types: new Set() };
  if (!isObject(node)) throw new Error(`${doc.source}: ${pointer} is not a schema`);

  if (typeof node.$ref === 'string') {
    const target = viewSchema(doc, doc.deref({ node: { $ref: node.$ref }, pointer }), depth + 1);
    target.refName = refNameOf(node.$ref) ?? target.refName;
    const siblings = Object.fromEntries(Object.entries(node).filter(([k]) => !isAnnotation(k)));
    if (Object.keys(siblings).length === 0) return target;
    return merge(target, viewSchema(doc, { node: siblings, pointer }, depth + 1));
  }

  let view = ownView(doc, node, pointer, depth);
  if (Array.isArray(node.allOf)) {
    node.allOf.forEach((member, i) => {
      view = merge(view, viewSchema(doc, { node: member, pointer: child(pointer, 'allOf', i) }, depth + 1));
    });
  }
  return view;
}

function ownView(doc: OpenApiDocument, node: { [key: string]: Json }, pointer: string, depth: number): SchemaView {
  const view = anyView(pointer);
  if (typeof node.type === 'string') view.types = new Set([node.type]);
  else if (Array.isArray(node.type)) view.types = new Set(node.type.filter((t): t is string => typeof t === 'string'));
  if (view.types && node.nullable === true) view.types.add('null');

  if (Array.isArray(node.enum)) view.enumValues = node.enum;
  if (node.const !== undefined) {
    view.enumValues = [node.const];
    view.enumKeyword = 'const';
  }

  const alternatives = Array.isArray(node.oneOf)
    ? (['oneOf', node.oneOf] as const)
    : Array.isArray(node.anyOf)
      ? (['anyOf', node.anyOf] as const)
      : null;
  if (alternatives) {
    const [keyword, list] = alternatives;
    view.alternatives = list.map((alt, i) => ({ node: alt, pointer: child(pointer, keyword, i) }));
  }
  if (view.types === null) view.types = impliedTypes(doc, view, depth);

  if (isObject(node.properties)) {
    for (const [name, schema] of Object.entries(node.properties)) {
      view.properties.set(name, { node: schema, pointer: child(pointer, 'properties', name) });
    }
  }
  if (Array.isArray(node.required)) {
    for (const name of node.required) if (typeof name === 'string') view.required.add(name);
  }
  const extra = node.additionalProperties;
  if (extra === false || node.unevaluatedProperties === false) view.additional = false;
  else if (isObject(extra)) view.additional = { node: extra, pointer: child(pointer, 'additionalProperties') };

  if (isObject(node.items) || typeof node.items === 'boolean') view.items = { node: node.items, pointer: child(pointer, 'items') };
  view.undocumentedAt = node['x-undocumented'] === true ? pointer : null;
  view.readOnly = node.readOnly === true;
  view.writeOnly = node.writeOnly === true;
  for (const keyword of CONSTRAINTS) {
    const value = node[keyword];
    if (value !== undefined) view.constraints.set(keyword, value);
  }
  return view;
}

/** Without `type`: the union of the alternatives' types, or the types of the enum values. */
function impliedTypes(doc: OpenApiDocument, view: SchemaView, depth: number): Set<string> | null {
  if (view.alternatives) {
    const out = new Set<string>();
    for (const alt of view.alternatives) {
      const types = viewSchema(doc, alt, depth + 1).types;
      if (types === null) return null;
      for (const t of types) out.add(t);
    }
    return out;
  }
  if (view.enumValues) return new Set(view.enumValues.map(typeOfValue));
  return null;
}

export function describeTypes(types: Set<string> | null): string {
  return types === null ? 'any type' : types.size === 0 ? 'nothing' : [...types].sort().join(' | ');
}
