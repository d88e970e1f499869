// Reads the bundled documents the pipeline wrote, and follows their local $refs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { isHttpMethod, isObject, type Json, type JsonObject } from '../../src/lib/json.ts';
import { objectAt } from '../../src/lib/refs.ts';

export const rootDir = path.resolve(import.meta.dirname, '../..');

export function loadBundle(family: string): JsonObject {
  return parse(readFileSync(path.join(rootDir, 'generated', family, 'openapi.yaml'), 'utf8')) as JsonObject;
}

/** The object a node stands for once its `$ref`s are followed; a test fails when there is none. */
export function objectOf(doc: JsonObject, node: Json | undefined): JsonObject {
  const target = objectAt(doc, node);
  if (!target) throw new Error('reference does not lead to an object');
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
    Object.entries(objectOf(doc, item))
      .filter(([method]) => isHttpMethod(method))
      .map(([method, operation]) => ({ path: p, method, operation: objectOf(doc, operation) })),
  );
}

export function requestSchema(doc: JsonObject, op: JsonObject): JsonObject {
  const body = objectOf(doc, op.requestBody);
  const content = objectOf(doc, body.content);
  return objectOf(doc, objectOf(doc, content['application/json']).schema);
}

export function responseSchema(doc: JsonObject, op: JsonObject, status: string): JsonObject | undefined {
  const response = objectOf(doc, objectOf(doc, op.responses)[status]);
  if (!isObject(response.content)) return undefined;
  return objectOf(doc, objectOf(doc, response.content['application/json']).schema);
}
