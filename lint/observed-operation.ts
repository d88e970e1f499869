// An operation of an observed flavour that the description does not list where it
// stands (spec/extensions.md, `x-observed`): it carries an `x-observed` record whose
// every source the document declares in `info.x-observed-sources`. A published
// bundle declares no source, so no operation of it can pass as observed.
import { isRecord, type JsonRecord } from '../src/lib/json.ts';

/** The source ids an observed flavour declares; empty for a published bundle. */
export function declaredSources(doc: unknown): Set<string> {
  const info = isRecord(doc) && isRecord(doc['info']) ? doc['info'] : {};
  const list = Array.isArray(info['x-observed-sources']) ? info['x-observed-sources'] : [];
  return new Set(list.flatMap((entry: unknown) => (isRecord(entry) && typeof entry['source'] === 'string' ? [entry['source']] : [])));
}

/** The operation carries `x-observed` naming at least one source, each declared by the document. */
export function isObservedOperation(declared: ReadonlySet<string>, operation: JsonRecord): boolean {
  const record = operation['x-observed'];
  if (!isRecord(record) || !Array.isArray(record['sources']) || record['sources'].length === 0) return false;
  return record['sources'].every(
    (entry: unknown) => isRecord(entry) && typeof entry['source'] === 'string' && declared.has(entry['source']),
  );
}
