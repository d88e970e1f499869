// The rule for what the description does not show (DESIGN.md): open object + the one
// marker + a description that says so; and nothing open without the marker.
import { describe, expect, test } from 'vitest';
import { objectOf, loadBundle, operations, requestSchema, responseSchema } from '../support/bundle.ts';
import { isObject, type Json, type JsonObject } from '../../src/lib/json.ts';

const doc = loadBundle('v2-pt');
const ops = operations(doc);
const DOCUMENTED_BODIES = new Set([
  'ObterMapaDeAssentos',
  'MarcarAssentos',
  'RemoverAssentos',
  'DisponibilidadeDeServicoAuxiliar',
  'TarifarServicoAuxiliar',
  'GravarServicoAuxiliar',
  'CancelarServicoAuxiliar',
]);

function expectUndocumented(schema: JsonObject, where: string): void {
  expect(schema['x-undocumented'], where).toBe(true);
  expect(schema.type, where).toBe('object');
  expect(schema.additionalProperties, where).toBe(true);
  expect(String(schema.description), where).toMatch(/not published/);
}

/** Every schema object inside a schema (its properties, items, combinators). */
function* walkSchema(node: Json | undefined, at: string): Generator<[string, JsonObject]> {
  if (!isObject(node) || node.$ref !== undefined) return;
  yield [at, node];
  for (const [name, prop] of Object.entries(isObject(node.properties) ? node.properties : {})) {
    yield* walkSchema(prop, `${at}/properties/${name}`);
  }
  for (const key of ['items', 'additionalProperties', 'not']) yield* walkSchema(node[key], `${at}/${key}`);
  for (const key of ['oneOf', 'anyOf', 'allOf']) {
    const list = node[key];
    if (Array.isArray(list)) for (const [i, s] of list.entries()) yield* walkSchema(s, `${at}/${key}/${i}`);
  }
}

/** Every schema of the document: components and every `schema` of a media type. */
function* allSchemas(node: Json, at: string): Generator<[string, JsonObject]> {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) yield* allSchemas(item, `${at}/${i}`);
  } else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (at === '#/components/schemas') yield* walkSchema(value, `${at}/${key}`);
      else if (key === 'schema') yield* walkSchema(value, `${at}/schema`);
      else yield* allSchemas(value, `${at}/${key}`);
    }
  }
}

describe('undocumented payloads of the V2 Portuguese route', () => {
  test.each(ops.map((o) => [o.operation.operationId as string, o.operation]))('%s: bodies not described are marked', (name, op) => {
    const request = requestSchema(doc, op);
    if (DOCUMENTED_BODIES.has(name)) {
      expect(request['x-undocumented']).toBeUndefined();
      expect(request.additionalProperties).toBe(false);
    } else {
      expectUndocumented(request, `${name} request`);
    }
    const response = responseSchema(doc, op, '200');
    expect(response, `${name} 200`).toBeDefined();
    expectUndocumented(response as JsonObject, `${name} response`);
    // The result object at the root: nothing is known of it, so no property is claimed.
    expect((response as JsonObject).properties, name).toBeUndefined();
  });

  test('only 200 and default responses exist: the description publishes no status code', () => {
    for (const { operation } of ops) {
      expect(Object.keys(objectOf(doc, operation.responses)).sort()).toEqual(['200', 'default']);
    }
  });

  test('the marker means one thing everywhere: marked ⇔ open object', () => {
    const seen = [...allSchemas(doc, '#')];
    expect(seen.length).toBeGreaterThan(20);
    for (const [at, schema] of seen) {
      const marked = schema['x-undocumented'] === true;
      const open = schema.type === 'object' && schema.additionalProperties === true;
      expect(marked, at).toBe(open);
      if (schema.type === 'object') expect(schema.additionalProperties, `${at} states additionalProperties`).toBeTypeOf('boolean');
    }
  });
});
