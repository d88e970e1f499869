// Where a request body can be made invalid, derived from its schema: every place with
// a known JSON type (a wrong type there is invalid), every object with required fields
// (leaving one out is invalid) and every closed object (an extra field is invalid).
// Open bodies (`additionalProperties: true`) accept extra fields, so they only offer
// what their schema does constrain.
import { allowedTypes, resolve, type JsonType } from '../../scripts/lib/contract.ts';
import { isObject, type Json, type JsonObject } from '../../src/lib/json.ts';

export type JsonPath = Array<string | number>;

export interface Site {
  path: JsonPath;
  schema: JsonObject;
  /** Types admitted here; undefined = any. */
  allowed?: Set<JsonType>;
  /** Only on object sites: */
  required: string[];
  properties: string[];
  closed: boolean;
}

const MAX_DEPTH = 5;

export function sitesOf(doc: JsonObject, node: Json | undefined, path: JsonPath = [], depth = 0): Site[] {
  const schema = resolve(doc, node);
  const allowed = allowedTypes(doc, schema);
  const only = allowed && allowed.size === 1 ? [...allowed][0] : undefined;
  const composed = ['oneOf', 'anyOf', 'allOf', 'not', 'if'].some((k) => k in schema);
  const properties = only === 'object' && isObject(schema.properties) ? schema.properties : {};
  const site: Site = {
    path,
    schema,
    ...(allowed ? { allowed } : {}),
    required: only === 'object' && Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [],
    properties: Object.keys(properties),
    // An object that admits nothing beyond its properties: no pattern or composed escape hatch.
    closed: only === 'object' && !composed && schema.additionalProperties === false && !('patternProperties' in schema),
  };
  // Descend only where one type is admitted and no composition makes the meaning ambiguous.
  if (depth >= MAX_DEPTH || composed) return [site];
  const children =
    only === 'object'
      ? Object.entries(properties).flatMap(([name, sub]) => sitesOf(doc, sub, [...path, name], depth + 1))
      : only === 'array' && schema.items !== undefined && !Array.isArray(schema.items)
        ? sitesOf(doc, schema.items, [...path, 0], depth + 1)
        : [];
  return [site, ...children];
}

/** The name a readable refusal must mention for this site: its last field name, or `body`. */
export function siteName(path: JsonPath): string {
  const names = path.filter((p): p is string => typeof p === 'string');
  return names.at(-1) ?? 'body';
}

export function getAt(value: Json, path: JsonPath): Json | undefined {
  let current: Json | undefined = value;
  for (const key of path) {
    if (typeof key === 'number') current = Array.isArray(current) ? current[key] : undefined;
    else current = isObject(current) ? current[key] : undefined;
  }
  return current;
}

/** A copy of `value` with `replacement` at `path`, creating missing containers on the way. */
export function setAt(value: Json, path: JsonPath, replacement: Json): Json {
  if (path.length === 0) return replacement;
  const [key, ...rest] = path as [string | number, ...JsonPath];
  if (typeof key === 'number') {
    const list = Array.isArray(value) ? [...value] : [];
    list[key] = setAt(list[key] ?? (typeof rest[0] === 'number' ? [] : {}), rest, replacement);
    return list;
  }
  const object: JsonObject = isObject(value) ? { ...value } : {};
  object[key] = setAt(object[key] ?? (typeof rest[0] === 'number' ? [] : {}), rest, replacement);
  return object;
}

/** A copy of `value` without the fields `names` of the object at `path`. */
export function withoutAt(value: Json, path: JsonPath, names: string[]): Json {
  const target = getAt(value, path);
  if (!isObject(target)) return value;
  const copy: JsonObject = { ...target };
  for (const name of names) delete copy[name];
  return setAt(value, path, copy);
}
