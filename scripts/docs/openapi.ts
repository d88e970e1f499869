// Reading a bundled OpenAPI document without trusting its shape: type guards,
// local $ref resolution and the list of operations, shared by the docs modules.

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** Follows a local JSON pointer (`#/components/schemas/X`). Bundles hold only local refs. */
export function resolvePointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) {
    throw new Error(`External $ref "${ref}" in a document that should be bundled: bundle it first.`);
  }
  const tokens = ref === '#' ? [] : ref.slice(2).split('/').map((t) => decodeURIComponent(t).replace(/~1/g, '/').replace(/~0/g, '~'));
  let node: unknown = doc;
  for (const token of tokens) {
    if (Array.isArray(node)) node = node[Number(token)];
    else if (isObject(node)) node = node[token];
    else node = undefined;
    if (node === undefined) throw new Error(`Unresolvable $ref "${ref}".`);
  }
  return node;
}

/** Resolves a chain of `$ref`s; returns the final node and the ref it came from. */
export function deref(doc: unknown, node: unknown): { node: unknown; ref?: string } {
  let current = node;
  let ref: string | undefined;
  const seen = new Set<string>();
  while (isObject(current) && typeof current.$ref === 'string') {
    if (seen.has(current.$ref)) throw new Error(`Circular $ref "${current.$ref}".`);
    seen.add(current.$ref);
    ref = current.$ref;
    current = resolvePointer(doc, current.$ref);
  }
  return ref === undefined ? { node: current } : { node: current, ref };
}

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
