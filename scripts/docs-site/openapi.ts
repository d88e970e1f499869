// Reading a bundled OpenAPI document without trusting its shape: type guards,
// local $ref resolution and the list of operations, shared by the docs modules.

export { deref, followRefs, plainCopy, resolvePointer } from '../../src/lib/refs.ts';
export { isObject, type JsonObject } from '../../src/lib/json.ts';
import { deref } from '../../src/lib/refs.ts';
import { HTTP_METHODS, isObject, type JsonObject } from '../../src/lib/json.ts';

export function pointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

export interface OperationEntry {
  method: string;
  path: string;
  /** `operationId`, or `METHOD path` when the document gives none. */
  operationId: string;
  summary: string | undefined;
  tags: string[];
  deprecated: boolean;
  /** JSON pointer of the operation object. */
  pointer: string;
  operation: JsonObject;
}

/** Every operation of the document, in document order (paths, then method order). */
export function listOperations(doc: unknown): OperationEntry[] {
  if (!isObject(doc)) throw new Error('Not an OpenAPI document: the root is not an object.');
  const paths = doc.paths;
  if (paths === undefined) return [];
  if (!isObject(paths)) throw new Error('Not an OpenAPI document: `paths` is not an object.');
  const entries: OperationEntry[] = [];
  for (const [path, rawItem] of Object.entries(paths)) {
    const { node: item } = deref(doc, rawItem);
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const tags = Array.isArray(operation.tags) ? operation.tags.filter((t): t is string => typeof t === 'string') : [];
      entries.push({
        method,
        path,
        operationId: typeof operation.operationId === 'string' ? operation.operationId : `${method.toUpperCase()} ${path}`,
        summary: typeof operation.summary === 'string' ? operation.summary : undefined,
        tags,
        deprecated: operation.deprecated === true,
        pointer: `#/paths/${pointerToken(path)}/${method}`,
        operation,
      });
    }
  }
  return entries;
}
