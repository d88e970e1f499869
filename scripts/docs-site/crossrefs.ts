// Links between families, read from the bundles' own extensions (spec/extensions.md):
// `x-replaced-by` on deprecated legacy operations (migration table) and
// `x-mirror-of` + `x-inferred` on V2 English operations (English/Portuguese table).
// Pure functions: the landing page and the reference pages render what they return.

import { isObject, listOperations, type OperationEntry } from './openapi.ts';

export interface SiteDocument {
  familyId: string;
  doc: unknown;
}

export interface OperationLink {
  familyId: string;
  operationId: string;
  method: string;
  path: string;
  /** Deep link into the family's reference page. */
  href: string;
}

/**
 * Redoc 3 routes an operation as `#/<tag slug>/<operationId in lower case>`
 * (untagged operations sit under `other`). The browser test follows every link
 * built here, so a change in Redoc's routing fails a test rather than a reader.
 */
export function tagSlug(tag: string): string {
  return tag
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]+/gu, '')
    .replace(/\s+/g, '-');
}

export function operationHref(familyId: string, entry: Pick<OperationEntry, 'tags' | 'operationId'>): string {
  return `${familyId}.html#/${tagSlug(entry.tags[0] ?? 'other')}/${entry.operationId.toLowerCase()}`;
}

function linkOf(familyId: string, entry: OperationEntry): OperationLink {
  return { familyId, operationId: entry.operationId, method: entry.method, path: entry.path, href: operationHref(familyId, entry) };
}

interface Target {
  operationId?: string;
  path?: string;
}

function readTarget(value: unknown): Target | null {
  if (!isObject(value)) return null;
  const target: Target = {};
  if (typeof value.operationId === 'string') target.operationId = value.operationId;
  if (typeof value.path === 'string') target.path = value.path;
  return target;
}

/** Finds the operation a `{ operationId, path }` reference names, in any document of the site. */
export function findOperation(documents: readonly SiteDocument[], target: Target): OperationLink | null {
  if (target.path === undefined && target.operationId === undefined) return null;
  const exact = (op: OperationEntry) =>
    (target.path === undefined || op.path === target.path) && (target.operationId === undefined || op.operationId === target.operationId);
  for (const matches of [exact, (op: OperationEntry) => target.path !== undefined && op.path === target.path]) {
    for (const { familyId, doc } of documents) {
      const match = listOperations(doc).find(matches);
      if (match) return linkOf(familyId, match);
    }
  }
  return null;
}

export interface ReplacementRow {
  legacy: OperationLink;
  /**
   * `replaced`: x-replaced-by names a V2 operation; `none`: x-replaced-by is null (no
   * equivalent, reason in the description); `unstated`: deprecated without x-replaced-by.
   */
  kind: 'replaced' | 'none' | 'unstated';
  /** The stated target, as written in the document. */
  target: Target | null;
  /** The target resolved in a document of this site, or null when none holds it. */
  replacement: OperationLink | null;
}

/** One row per operation that is deprecated or carries `x-replaced-by`, in document order. */
export function migrationRows(documents: readonly SiteDocument[]): ReplacementRow[] {
  const rows: ReplacementRow[] = [];
  for (const { familyId, doc } of documents) {
    for (const op of listOperations(doc)) {
      const stated = Object.hasOwn(op.operation, 'x-replaced-by');
      if (!stated && !op.deprecated) continue;
      const target = stated ? readTarget(op.operation['x-replaced-by']) : null;
      const kind = !stated ? 'unstated' : target === null ? 'none' : 'replaced';
      rows.push({
        legacy: linkOf(familyId, op),
        kind,
        target,
        replacement: target === null ? null : findOperation(documents, target),
      });
    }
  }
  return rows;
}

export interface MirrorRow {
  english: OperationLink;
  target: Target | null;
  portuguese: OperationLink | null;
  /** The `x-inferred` reason, `true` when marked without one, null when unmarked. */
  inferred: string | true | null;
}

export interface MirrorTable {
  rows: MirrorRow[];
  /** Operations of the mirrored families that no English operation names, by family. */
  unmirrored: Array<{ familyId: string; operations: OperationLink[] }>;
}

export function mirrorTable(documents: readonly SiteDocument[]): MirrorTable {
  const rows: MirrorRow[] = [];
  for (const { familyId, doc } of documents) {
    for (const op of listOperations(doc)) {
      if (!Object.hasOwn(op.operation, 'x-mirror-of')) continue;
      const target = readTarget(op.operation['x-mirror-of']);
      const marker = op.operation['x-inferred'];
      rows.push({
        english: linkOf(familyId, op),
        target,
        portuguese: target === null ? null : findOperation(documents, target),
        inferred: typeof marker === 'string' && marker.trim() !== '' ? marker : marker === undefined || marker === false ? null : true,
      });
    }
  }
  const mirroredFamilies = [...new Set(rows.flatMap((r) => (r.portuguese ? [r.portuguese.familyId] : [])))].sort();
  const named = new Set(
    rows.flatMap((r) => (r.portuguese ? [`${r.portuguese.familyId} ${r.portuguese.path} ${r.portuguese.method}`] : [])),
  );
  const unmirrored = mirroredFamilies.map((familyId) => {
    const doc = documents.find((d) => d.familyId === familyId)?.doc;
    const operations = listOperations(doc)
      .filter((op) => !named.has(`${familyId} ${op.path} ${op.method}`))
      .map((op) => linkOf(familyId, op));
    return { familyId, operations };
  });
  return { rows, unmirrored };
}
