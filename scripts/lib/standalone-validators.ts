// Request body validators as ajv standalone code, configured as the mock's (createAjv): the
// MSW handlers' modules (scripts/pipeline/msw-modules.ts) and the docs console
// (scripts/docs-site/console.ts) run the same compiled code, which needs no eval, so a page
// under a Content-Security-Policy without 'unsafe-eval' runs them.
import type { Ajv } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import type { JsonObject } from '../../src/lib/refs.ts';
import { inlineRefs } from '../../src/mock/validators.ts';

export const HEADER = '// Made by `npm run build` from the bundle and the start cache; do not edit.\n';

/** ajv's standalone code as an ES module: its `require`s of ajv's runtime helpers made imports. */
function esmOf(code: string): string {
  let n = 0;
  const imports: string[] = [];
  const body = code
    .replace(/^"use strict";/, '')
    .replace(/const (\w+) = require\("([^"]+)"\)\.default;/g, (_all, name: string, from: string) => {
      const alias = `runtime${n++}`;
      imports.push(`import ${alias} from ${JSON.stringify(from.endsWith('.js') ? from : `${from}.js`)};`);
      // Node hands a CommonJS module's exports object; a bundler may hand its default export.
      return `const ${name} = typeof ${alias} === "function" ? ${alias} : ${alias}.default;`;
    });
  if (/\brequire\(/.test(body)) throw new Error('ajv standalone code requires a module the MSW modules do not import');
  return `${HEADER}${imports.join('\n')}\n${body}\n`;
}

/** Keywords that annotate and never decide (ajv, strict off, ignores them): left out of the shipped code. */
const ANNOTATIONS = new Set([
  'description',
  'title',
  'examples',
  'example',
  'deprecated',
  'externalDocs',
  'readOnly',
  'writeOnly',
  '$comment',
]);
/** Keywords whose value is a map of subschemas, and those whose value is a subschema or a list of them. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
const SCHEMA_VALUES = new Set([
  'items',
  'prefixItems',
  'additionalItems',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'allOf',
  'anyOf',
  'oneOf',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'propertyNames',
]);

/** A schema without its annotations (descriptions, examples, `x-` extensions): what validation reads, smaller. */
export function decidingSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(decidingSchema);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key) || key.startsWith('x-')) continue;
    if (SCHEMA_MAPS.has(key) && typeof value === 'object' && value !== null && !Array.isArray(value))
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, decidingSchema(sub)]));
    else if (SCHEMA_VALUES.has(key)) out[key] = decidingSchema(value);
    else if (key === 'components' && typeof value === 'object' && value !== null)
      out[key] = {
        schemas: Object.fromEntries(
          Object.entries((value as { schemas?: object }).schemas ?? {}).map(([n, sub]) => [n, decidingSchema(sub)]),
        ),
      };
    else out[key] = value;
  }
  return out;
}

/** The operation's body schema, refs inlined; the document's components beside it only when a ref is left (a cycle). */
export function rootSchema(doc: JsonObject, schema: unknown): unknown {
  const inlined = inlineRefs(doc, schema) as JsonObject;
  const root = JSON.stringify(inlined).includes('"$ref"') ? { ...inlined, components: doc.components } : inlined;
  return decidingSchema(root);
}

/** The validators added to `ajv` (by name) as an ES module. */
export function standaloneModule(ajv: Ajv, names: Record<string, string>): string {
  return esmOf(standaloneCode.default(ajv, names));
}
