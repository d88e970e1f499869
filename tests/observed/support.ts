// Shared by the observed-flavour tests: the evidence copy, the observed bundle built
// into a temporary folder from the committed overlay, and a draft 2020-12 validator
// (OpenAPI 3.1 schemas are JSON Schema 2020-12) over the bundle's components.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// The ajv Redocly and Spectral depend on (@redocly/ajv 8, hoisted): no new dependency.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { buildObservedBundle } from '../../scripts/observed/apply.ts';
import { loadInventory, type Inventory } from '../../scripts/observed/evidence.ts';
import { rootDir } from '../support/bundle.ts';
import { isObject, type Json, type JsonObject } from '../../src/lib/json.ts';

export { rootDir };
/** The evidence root: one folder per source (evidence/README.md). */
export const evidenceRoot = path.join(rootDir, 'evidence');
/** The captured-traffic source the example pairs come from (a byte-for-byte copy of shared/evidence). */
export const evidenceDir = path.join(evidenceRoot, 'facilita-corp');
export const overlayPath = path.join(rootDir, 'generated/v2-pt-observed/overlay.yaml');
export const publishedBundlePath = path.join(rootDir, 'generated/v2-pt/openapi.yaml');
export const PREFIX = '/api/V2/Voos';

export const inventory: Inventory = loadInventory(evidenceDir);
export const observedOperations: string[] = Object.keys(inventory.operations);

export function tempDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'observed-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export function readYaml(file: string): JsonObject {
  return parse(readFileSync(file, 'utf8')) as JsonObject;
}

/** Builds the observed bundle from the committed overlay and published bundle into `dir`. */
export async function buildObserved(dir: string, overlay = overlayPath): Promise<{ file: string; text: string; doc: JsonObject }> {
  const file = path.join(dir, 'openapi.yaml');
  await buildObservedBundle({ publishedBundlePath, overlayPath: overlay, outPath: file });
  const text = readFileSync(file, 'utf8');
  return { file, text, doc: parse(text) as JsonObject };
}

/** Every key of a document, with where it stands. */
export function* keysOf(node: Json, at = '#'): Generator<[string, string]> {
  if (Array.isArray(node)) for (const [i, item] of node.entries()) yield* keysOf(item, `${at}/${i}`);
  else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      yield [key, `${at}/${key}`];
      yield* keysOf(value, `${at}/${key}`);
    }
  }
}

const BASE = 'https://observed.invalid/openapi.json';

/** Validators for `#/components/schemas/<name>` of a bundle, strict about unknown keywords. */
export function schemaValidator(doc: JsonObject): (name: string) => ValidateFunction {
  const vendorKeys = new Set<string>();
  for (const [key] of keysOf(doc)) if (key.startsWith('x-')) vendorKeys.add(key);
  const ajv = new Ajv2020({ strict: true, allErrors: true, formats: { password: true } });
  ajv.addVocabulary([...vendorKeys, 'components']);
  const components = isObject(doc.components) ? doc.components : {};
  ajv.addSchema({ $id: BASE, components: { schemas: components.schemas ?? {} } });
  const cache = new Map<string, ValidateFunction>();
  return (name) => {
    let validate = cache.get(name);
    if (!validate) cache.set(name, (validate = ajv.compile({ $ref: `${BASE}#/components/schemas/${name}` })));
    return validate;
  };
}

/** The component name a media type's schema refers to. */
export function refName(node: Json | undefined): string {
  if (!isObject(node) || typeof node.$ref !== 'string') throw new Error(`not a reference: ${JSON.stringify(node)}`);
  return node.$ref.replace('#/components/schemas/', '');
}

export function operationOf(doc: JsonObject, operation: string): JsonObject {
  const paths = doc.paths as JsonObject;
  const item = paths[`${PREFIX}/${operation}`] as JsonObject;
  return item.post as JsonObject;
}

export function mediaType(op: JsonObject, body: 'request' | 'response'): JsonObject {
  const holder = body === 'request' ? (op.requestBody as JsonObject) : ((op.responses as JsonObject)['200'] as JsonObject);
  return (holder.content as JsonObject)['application/json'] as JsonObject;
}

export function loadEvidenceExample(operation: string, body: 'request' | 'response'): Json {
  return JSON.parse(readFileSync(path.join(evidenceDir, 'examples', `${operation}.${body}.json`), 'utf8')) as Json;
}

/**
 * An observed schema's own fields: its `properties` and `required`, and those of its inline
 * `allOf` members (the observed fields stand in a member of their own beside the published
 * base, a `$ref`, which is not looked into).
 */
export function ownFields(schema: JsonObject): { properties: JsonObject; required: string[] } {
  const members = [
    schema,
    ...(Array.isArray(schema.allOf) ? schema.allOf : []).filter((m): m is JsonObject => isObject(m) && m.$ref === undefined),
  ];
  return {
    properties: Object.assign({}, ...members.map((m) => (isObject(m.properties) ? m.properties : {}))) as JsonObject,
    required: members.flatMap((m) => (Array.isArray(m.required) ? m.required.map(String) : [])),
  };
}
