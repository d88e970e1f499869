// Which operations of a bundled document carry observed payloads, read from the
// `x-observed` record on their request schema and on their 200 answer's schema. A pure
// function of the document, for the coverage report's third state (published /
// observed only / unknown) and for anything else that must tell observed from published.

import { isRecord as isObject, type JsonRecord as JsonObject } from '../../src/lib/json.ts';
import { followRefs } from '../../src/lib/refs.ts';

/** One source's share of a record: its id in `info.x-observed-sources`, seen of captures. */
export interface SourceCount {
  source: string;
  seen: number;
  of: number;
  /** Given in place by the single-source form only; otherwise in `info.x-observed-sources`. */
  repository?: string;
  commit?: string;
}

export interface ObservedRecord {
  seen: number;
  of: number;
  /** The independent sources behind the record (one, for a record naming a repository and commit only). */
  sources: SourceCount[];
}

/** The document's list of sources (`info.x-observed-sources`): what the ids stand for. */
export interface ObservedSource {
  source: string;
  kind: string;
  shapesTypes: boolean;
  /** A public repository's source; an integrator's recording has neither (it has `recording`). */
  repository?: string;
  commit?: string;
}

export interface ObservedOperation {
  operationId: string;
  path: string;
  /** The request schema's record, when the request body is observed. */
  request: ObservedRecord | undefined;
  /** The 200 answer schema's record, when the answer is observed. */
  response: ObservedRecord | undefined;
}

/**
 * An `x-observed` record: `{ seen, of, sources: [{ source, seen, of }] }`, or the
 * single-source form `{ repository, commit, seen, of }` of documents built before sources
 * were counted (its one source is named by the repository).
 */
export function readObservedRecord(record: unknown): ObservedRecord | undefined {
  if (!isObject(record)) return undefined;
  const { seen, of } = record;
  if (typeof seen !== 'number' || typeof of !== 'number') return undefined;
  if (Array.isArray(record.sources)) {
    const sources = record.sources.flatMap((s): SourceCount[] =>
      isObject(s) && typeof s.source === 'string' && typeof s.seen === 'number' && typeof s.of === 'number'
        ? [{ source: s.source, seen: s.seen, of: s.of }]
        : [],
    );
    return sources.length > 0 ? { seen, of, sources } : undefined;
  }
  if (typeof record.repository !== 'string' || typeof record.commit !== 'string') return undefined;
  return { seen, of, sources: [{ source: record.repository, seen, of, repository: record.repository, commit: record.commit }] };
}

/** The sources a document's records name (`info.x-observed-sources`); empty when it has none. */
export function observedSources(doc: JsonObject): ObservedSource[] {
  const info = isObject(doc.info) ? doc.info : {};
  const list = Array.isArray(info['x-observed-sources']) ? info['x-observed-sources'] : [];
  return list.flatMap((s): ObservedSource[] => {
    if (!isObject(s) || typeof s.source !== 'string' || typeof s.kind !== 'string') return [];
    const entry: ObservedSource = { source: s.source, kind: s.kind, shapesTypes: s.shapesTypes === true };
    if (typeof s.repository === 'string' && typeof s.commit === 'string') return [{ ...entry, repository: s.repository, commit: s.commit }];
    return isObject(s.recording) ? [entry] : [];
  });
}

function recordOf(doc: JsonObject, holder: unknown): ObservedRecord | undefined {
  const content = followRefs(doc, isObject(holder) ? followRefs(doc, holder.content) : undefined);
  const media = isObject(content) ? followRefs(doc, content['application/json']) : undefined;
  const schema = isObject(media) ? followRefs(doc, media.schema) : undefined;
  return isObject(schema) ? readObservedRecord(schema['x-observed']) : undefined;
}

export function observedOperations(doc: JsonObject): ObservedOperation[] {
  const out: ObservedOperation[] = [];
  for (const [p, item] of Object.entries(isObject(doc.paths) ? doc.paths : {})) {
    const resolved = followRefs(doc, item);
    if (!isObject(resolved)) continue;
    for (const operation of Object.values(resolved)) {
      if (!isObject(operation) || typeof operation.operationId !== 'string') continue;
      const responses = followRefs(doc, operation.responses);
      const request = recordOf(doc, followRefs(doc, operation.requestBody));
      const response = recordOf(doc, isObject(responses) ? followRefs(doc, responses['200']) : undefined);
      if (request || response) out.push({ operationId: operation.operationId, path: p, request, response });
    }
  }
  return out;
}
