// The contract's conventions, checked on every family's bundle: "open" and "not
// published" mean one thing (x-undocumented ⇔ open object), objects state
// `additionalProperties`, untyped fields go through the one `TipoNaoPublicado`
// schema, inferences give a reason. And the pipeline's output for the five
// families exists and is current.
import { existsSync, readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { bundle, loadConfig } from '@redocly/openapi-core';
import { describe, expect, test } from 'vitest';
import { FAMILIES, UNTYPED, bundled, componentName, obj, root, schemas, walk } from './support.ts';
import { type Json, isObject } from '../../src/lib/json.ts';

const COMPOSED = ['$ref', 'oneOf', 'anyOf', 'allOf', 'const', 'enum'];

describe.each(FAMILIES)('%s: conventions', (family) => {
  const doc = bundled(family);

  test('every open object is marked x-undocumented with a description, and only open objects are', () => {
    for (const { pointer, schema } of schemas(doc)) {
      const open = schema['type'] === 'object' && schema['additionalProperties'] === true;
      expect(schema['x-undocumented'] === true, pointer).toBe(open);
      if (open) expect(typeof schema['description'], pointer).toBe('string');
    }
  });

  test('every object schema states additionalProperties', () => {
    for (const { pointer, schema } of schemas(doc)) {
      if (schema['type'] === 'object') expect(typeof schema['additionalProperties'], pointer).toBe('boolean');
    }
  });

  test(`a schema without a type is ${UNTYPED} itself, and every reference to it says what the field means`, () => {
    for (const { pointer, schema } of schemas(doc)) {
      if (schema['type'] === undefined && !COMPOSED.some((keyword) => keyword in schema)) {
        expect(pointer).toBe(`/components/schemas/${UNTYPED}`);
      }
      if (typeof schema['$ref'] === 'string' && componentName(schema['$ref']) === UNTYPED) {
        expect(typeof schema['description'], pointer).toBe('string');
      }
    }
  });

  test('every x-inferred gives its reason as text', () => {
    for (const { pointer, node } of walk(doc)) {
      if (isObject(node) && 'x-inferred' in node) expect(String(node['x-inferred']).length, pointer).toBeGreaterThan(20);
    }
  });

  test('no enum and no format beyond password: the description publishes none', () => {
    for (const { pointer, schema } of schemas(doc)) {
      expect(schema['enum'], pointer).toBeUndefined();
      if (schema['format'] !== undefined) expect(schema['format'], pointer).toBe('password');
    }
  });
});

describe.each(FAMILIES)('%s: pipeline output', (family) => {
  test('the bundle under generated/ is what the sources bundle to now', async () => {
    const config = await loadConfig({ configPath: `${root}redocly.yaml` });
    const fresh = await bundle({ ref: `${root}spec/${family}/openapi.yaml`, config: config.forAlias(family) });
    expect(fresh.problems).toEqual([]);
    expect(isDeepStrictEqual(fresh.bundle.parsed as Json, bundled(family)), `generated/${family}/openapi.yaml is stale: rebuild`).toBe(
      true,
    );
  });

  test('the generated types exist and cover every path and component schema of the bundle', () => {
    const file = `${root}generated/${family}/schema.d.ts`;
    expect(existsSync(file), `${file} is missing: rebuild`).toBe(true);
    const types = readFileSync(file, 'utf8');
    const doc = bundled(family);
    for (const path of Object.keys(obj(doc['paths'], 'paths'))) expect(types, path).toContain(`"${path}": {`);
    for (const name of Object.keys(obj(obj(doc['components'], 'components')['schemas'] ?? {}, 'schemas'))) {
      expect(types, name).toMatch(new RegExp(`\\b${name}\\??: `));
    }
  });
});
