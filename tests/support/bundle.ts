// Reads the bundled documents the pipeline wrote, and follows their local $refs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { isHttpMethod, isObject, type Json, type JsonObject } from '../../src/lib/json.ts';
import { followRefs } from '../../src/lib/refs.ts';

export const rootDir = path.resolve(import.meta.dirname, '../..');

export function loadBundle(family: string): JsonObject {
  return parse(readFileSync(path.join(rootDir, 'generated', family, 'openapi.yaml'), 'utf8')) as JsonObject;
}

/** Follows `$ref: '#/…'` until a node without one is reached. */
export function deref(doc: JsonObject, node: Json | undefined): JsonObject {
  const target = followRefs(doc, node);
  if (!isObject(target)) throw new Error('reference does not lead to an object');
  return target as JsonObject;
}

export interface Operation {
  path: string;
  method: string;
  operation: JsonObject;
}

export function operations(doc: JsonObject): Operation[] {
  const paths = isObject(doc.paths) ? doc.paths : {};
  return Object.entries(paths).flatMap(([p, item]) =>
    Object.entries(deref(doc, item))
      .filter(([method]) => isHttpMethod(method))
      .map(([method, operation]) => ({ path: p, method, operation: deref(doc, operation) })),
  );
}

export function requestSchema(doc: JsonObject, op: JsonObject): JsonObject {
  const body = deref(doc, op.requestBody);
  const content = deref(doc, body.content);
  return deref(doc, deref(doc, content['application/json']).schema);
}

export function responseSchema(doc: JsonObject, op: JsonObject, status: string): JsonObject | undefined {
  const response = deref(doc, deref(doc, op.responses)[status]);
  if (!isObject(response.content)) return undefined;
  return deref(doc, deref(doc, response.content['application/json']).schema);
}
