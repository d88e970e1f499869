// Which operations of a bundled document carry observed payloads, read from the
// `x-observed` record on their request schema and on their 200 answer's schema. A pure
// function of the document, for the coverage report's third state (published /
// observed only / unknown) and for anything else that must tell observed from published.

import { isRecord as isObject, type JsonRecord as JsonObject } from '../lib/json.ts';
import { followRefs } from '../lib/refs.ts';

export interface ObservedRecord {
  repository: string;
  commit: string;
  seen: number;
  of: number;
}

export interface ObservedOperation {
  operationId: string;
  path: string;
  /** The request schema's record, when the request body is observed. */
  request: ObservedRecord | undefined;
  /** The 200 answer schema's record, when the answer is observed. */
  response: ObservedRecord | undefined;
}

function deref(doc: JsonObject, node: unknown): unknown {
  return followRefs(doc, node);
}

function recordOf(doc: JsonObject, holder: unknown): ObservedRecord | undefined {
  const content = deref(doc, isObject(holder) ? deref(doc, holder.content) : undefined);
  const media = isObject(content) ? deref(doc, content['application/json']) : undefined;
  const schema = isObject(media) ? deref(doc, media.schema) : undefined;
  const record = isObject(schema) ? schema['x-observed'] : undefined;
  if (!isObject(record)) return undefined;
  const { repository, commit, seen, of } = record;
  if (typeof repository !== 'string' || typeof commit !== 'string' || typeof seen !== 'number' || typeof of !== 'number') return undefined;
  return { repository, commit, seen, of };
}

export function observedOperations(doc: JsonObject): ObservedOperation[] {
  const out: ObservedOperation[] = [];
  for (const [p, item] of Object.entries(isObject(doc.paths) ? doc.paths : {})) {
    const resolved = deref(doc, item);
    if (!isObject(resolved)) continue;
    for (const operation of Object.values(resolved)) {
      if (!isObject(operation) || typeof operation.operationId !== 'string') continue;
      const responses = deref(doc, operation.responses);
      const request = recordOf(doc, deref(doc, operation.requestBody));
      const response = recordOf(doc, isObject(responses) ? deref(doc, responses['200']) : undefined);
      if (request || response) out.push({ operationId: operation.operationId, path: p, request, response });
    }
  }
  return out;
}
