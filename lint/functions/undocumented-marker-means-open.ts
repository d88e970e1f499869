// `x-undocumented: true` and an open object mean one thing (spec/extensions.md):
// a marked schema is an open object that says what is not published, and an
// open object is marked. Openness is never implicit, but in one place: an observed
// flavour's objects with properties are open by JSON Schema's default, the shape every
// generator reads (beside `properties`, `additionalProperties: true` makes
// openapi-typescript-codegen drop them all).
import { createRulesetFunction, type IFunctionResult } from '@stoplight/spectral-core';
import { isRecord, type JsonRecord } from '../../src/lib/json.ts';
import { schemasOf, type JsonPath } from '../openapi-walk.ts';

const marker = 'x-undocumented';
const saysNotPublished = /\bnot\s+(published|shown)\b/i;

function isOpen(schema: JsonRecord): boolean {
  const extra = schema['additionalProperties'];
  return extra === true || (isRecord(extra) && Object.keys(extra).length === 0);
}

function isObjectType(schema: JsonRecord): boolean {
  const type = schema['type'];
  return type === 'object' || (Array.isArray(type) && type.includes('object'));
}

/**
 * A type beside a `$ref` or `anyOf`/`oneOf`/`allOf` and no properties of its own (an observed
 * reference, `type: object` beside `$ref`, or a nullable one, `type: [object, null]` beside
 * `anyOf: [$ref, null]`: the type there for generators): its target states its openness.
 */
function shapedByMembers(schema: JsonRecord): boolean {
  return (
    schema['properties'] === undefined &&
    (typeof schema['$ref'] === 'string' || ['anyOf', 'oneOf', 'allOf'].some((k) => Array.isArray(schema[k])))
  );
}

/** Every `x-undocumented` key in the document, wherever it stands. */
function markerPaths(value: unknown, path: JsonPath, found: JsonPath[]): JsonPath[] {
  if (Array.isArray(value)) for (const [i, item] of value.entries()) markerPaths(item, [...path, i], found);
  else if (isRecord(value)) {
    for (const [key, sub] of Object.entries(value)) {
      if (key === marker) found.push(path);
      else markerPaths(sub, [...path, key], found);
    }
  }
  return found;
}

export function undocumentedMarkerMeansOpen() {
  return createRulesetFunction<unknown, null>({ input: null, options: null }, function undocumentedMarkerMeansOpen(doc) {
    const results: IFunctionResult[] = [];
    const schemas = schemasOf(doc);
    const observedFlavour = isRecord(doc) && isRecord(doc['info']) && doc['info']['x-observed-sources'] !== undefined;
    const open = (schema: JsonRecord) =>
      isOpen(schema) || (observedFlavour && schema['additionalProperties'] === undefined && isRecord(schema['properties']));
    const schemaPaths = new Set(schemas.map(({ path }) => JSON.stringify(path)));

    for (const path of markerPaths(doc, [], [])) {
      if (!schemaPaths.has(JSON.stringify(path))) {
        results.push({
          message: '`x-undocumented` marks a schema whose payload is not published, and nothing else (spec/extensions.md).',
          path: [...path, marker],
        });
      }
    }
    for (const { schema, path } of schemas) {
      const value = schema[marker];
      if (value !== undefined && value !== true) {
        results.push({
          message: '`x-undocumented` is only ever `true`: a published schema simply has no marker (spec/extensions.md).',
          path: [...path, marker],
        });
        continue;
      }
      if (value === true) {
        if (!isObjectType(schema) || !open(schema)) {
          results.push({
            message:
              'A schema marked `x-undocumented: true` is an open object, `type: object` with `additionalProperties: true`: what is not published stays open (spec/extensions.md).',
            path: schema['additionalProperties'] === undefined ? path : [...path, 'additionalProperties'],
          });
        }
        if (typeof schema['description'] !== 'string' || !saysNotPublished.test(schema['description'])) {
          results.push({
            message: 'A schema marked `x-undocumented: true` says in its `description` what is "not published" (spec/extensions.md).',
            path: schema['description'] === undefined ? path : [...path, 'description'],
          });
        }
        continue;
      }
      if (isOpen(schema)) {
        results.push({
          message:
            'An open object (`additionalProperties: true`) stands for a payload the description does not publish, so it carries `x-undocumented: true` (spec/extensions.md).',
          path,
        });
      } else if (
        isObjectType(schema) &&
        schema['additionalProperties'] === undefined &&
        schema['unevaluatedProperties'] === undefined &&
        !shapedByMembers(schema)
      ) {
        results.push({
          message:
            'An object schema states its openness: `additionalProperties: false` for a published shape, or `true` with `x-undocumented: true` for an unpublished one (spec/extensions.md).',
          path,
        });
      }
    }
    return results;
  });
}
