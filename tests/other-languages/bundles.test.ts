// The shapes other languages' generators stumbled on, checked in every bundle without running
// them (clients.test.ts runs them): NSwag and openapi-python-client refuse a boolean subschema;
// NSwag makes an empty class of a nullable reference without its target's type beside it; an
// observed field typed again beside the published one (allOf) cannot be merged by
// openapi-python-client and refused null while its text allowed it.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { isObject, type Json, type JsonObject } from '../../src/lib/json.ts';
import { rootDir } from '../support/bundle.ts';

const BUNDLES = ['v2-pt', 'v2-en', 'v3', 'v1', 'legacy', 'v2-pt-observed', 'legacy-observed'];
const OBSERVED = ['v2-pt-observed', 'legacy-observed'];

/** Keywords whose value is one schema, a list of schemas, or a map of schemas (JSON Schema 2020-12). */
const ONE = ['items', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties'];
const LIST = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const MAP = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];
/** Values, not schemas: an example body may hold a field named `items` or `properties`. */
const DATA = new Set(['example', 'examples', 'value', 'default', 'const', 'enum', 'x-observed']);

const load = async (id: string) => JSON.parse(await readFile(path.join(rootDir, 'generated', id, 'openapi.json'), 'utf8')) as JsonObject;

/**
 * Every JSON pointer where a schema keyword holds a boolean. `additionalProperties: true|false`
 * is left out: OpenAPI 3.0 itself defines that boolean, and every generator reads it.
 */
function booleanSubschemas(node: Json, at = '#'): string[] {
  if (Array.isArray(node)) return node.flatMap((item, i) => booleanSubschemas(item, `${at}/${i}`));
  if (!isObject(node)) return [];
  const out: string[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (DATA.has(key)) continue;
    const here = `${at}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    if (ONE.includes(key) && typeof value === 'boolean') out.push(here);
    if (LIST.includes(key) && Array.isArray(value))
      for (const [i, v] of value.entries()) if (typeof v === 'boolean') out.push(`${here}/${i}`);
    if (MAP.includes(key) && isObject(value))
      for (const [name, v] of Object.entries(value)) if (typeof v === 'boolean') out.push(`${here}/${name}`);
    out.push(...booleanSubschemas(value, here));
  }
  return out;
}

/** Every schema whose `anyOf`/`oneOf` pairs a `$ref` with `{type: null}` and has no `type` beside it. */
function typelessNullableRefs(node: Json, at = '#'): string[] {
  if (Array.isArray(node)) return node.flatMap((item, i) => typelessNullableRefs(item, `${at}/${i}`));
  if (!isObject(node)) return [];
  const out: string[] = [];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = Array.isArray(node[key]) ? node[key] : [];
    const nullable = branches.some((b) => isObject(b) && b.type === 'null');
    const reference = branches.some((b) => isObject(b) && typeof b.$ref === 'string');
    if (nullable && reference && node.type === undefined) out.push(at);
  }
  for (const [key, value] of Object.entries(node)) if (!DATA.has(key)) out.push(...typelessNullableRefs(value, `${at}/${key}`));
  return out;
}

describe.each(BUNDLES)('%s', (id) => {
  test('no boolean subschema', async () => {
    expect(booleanSubschemas(await load(id))).toEqual([]);
  });

  test("every nullable reference carries its target's type beside anyOf/oneOf", async () => {
    expect(typelessNullableRefs(await load(id))).toEqual([]);
  });
});

test.each(OBSERVED)('%s: no observed request field typed again beside the published schema that declares it', async (id) => {
  const doc = await load(id);
  const schemas = (doc.components as JsonObject).schemas as JsonObject;
  const twice: string[] = [];
  let checked = 0;
  for (const [name, schema] of Object.entries(schemas)) {
    if (!isObject(schema) || !Array.isArray(schema.allOf)) continue;
    const [base, observed] = schema.allOf;
    if (!isObject(base) || typeof base.$ref !== 'string' || !isObject(observed) || !isObject(observed.properties)) continue;
    const published = schemas[base.$ref.split('/').pop() as string];
    if (!isObject(published) || published['x-observed'] !== undefined || !isObject(published.properties)) continue;
    checked++;
    for (const key of Object.keys(observed.properties)) if (key in published.properties) twice.push(`${name}.${key}`);
  }
  if (id === 'v2-pt-observed') expect(checked, 'observed request schemas over a published one').toBeGreaterThan(5);
  expect(twice).toEqual([]);
});
