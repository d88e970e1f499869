// Local $ref resolution in a bundled OpenAPI document, written once for every tool
// that reads bundles (docs, mock samples, reliability corpus, observed flavour, tests).

import { isRecord, type JsonRecord } from './json.ts';

// The guard refs' readers need with it: the one in json.ts, also offered here.
export { isRecord as isObject, type JsonRecord as JsonObject } from './json.ts';

/** Follows a local JSON pointer (`#/components/schemas/X`). Bundles hold only local refs. */
export function resolvePointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) {
    throw new Error(`External $ref "${ref}" in a document that should be bundled: bundle it first.`);
  }
  const tokens =
    ref === '#'
      ? []
      : ref
          .slice(2)
          .split('/')
          .map((t) => decodeURIComponent(t).replace(/~1/g, '/').replace(/~0/g, '~'));
  let node: unknown = doc;
  for (const token of tokens) {
    if (Array.isArray(node)) node = node[Number(token)];
    else if (isRecord(node)) node = node[token];
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
  while (isRecord(current) && typeof current.$ref === 'string') {
    if (seen.has(current.$ref)) throw new Error(`Circular $ref "${current.$ref}".`);
    seen.add(current.$ref);
    ref = current.$ref;
    current = resolvePointer(doc, current.$ref);
  }
  return ref === undefined ? { node: current } : { node: current, ref };
}

/** The node a value stands for once its local `$ref`s are followed. */
export function followRefs(doc: unknown, node: unknown): unknown {
  return deref(doc, node).node;
}

/** The object a value stands for once its local `$ref`s are followed; undefined when it is no object. */
export function objectAt(doc: unknown, node: unknown): JsonRecord | undefined {
  const target = followRefs(doc, node);
  return isRecord(target) ? target : undefined;
}

/**
 * A copy of a JSON document with no node shared: a node the original reaches from two
 * places (a bundle in memory may) becomes two nodes, as in a document read from text,
 * so an edit made at one place is made once. (structuredClone keeps such sharing.)
 */
export function plainCopy<T>(document: T): T {
  return JSON.parse(JSON.stringify(document)) as T;
}
