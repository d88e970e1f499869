// Where each fact of a bundle comes from, counted: stated by a part of the
// interface description (`x-source`), inferred (`x-inferred`) or not published
// (`x-undocumented`), over the nodes the lint rule facts-traced checks
// (lint/traced-nodes.ts). A pure function of the document.
import { traceOf, tracedNodes, type TraceKind } from '../../lint/traced-nodes.ts';
import { isObject, type JsonObject } from './openapi.ts';
import { escapeHtml } from '../../src/lib/html.ts';

export const TRACE_KINDS = ['stated', 'inferred', 'undocumented', 'observed', 'untraced'] as const satisfies readonly TraceKind[];

export const TRACE_LABELS: Readonly<Record<TraceKind, string>> = {
  stated: 'Stated',
  inferred: 'Inferred',
  undocumented: 'Not published',
  observed: 'Observed',
  untraced: 'Untraced',
};

export type TraceCounts = Record<TraceKind, number> & { facts: number };

export function countTraces(doc: unknown): TraceCounts {
  const counts: TraceCounts = { facts: 0, stated: 0, inferred: 0, undocumented: 0, observed: 0, untraced: 0 };
  for (const entry of tracedNodes(doc)) {
    counts.facts += 1;
    counts[traceOf(entry)] += 1;
  }
  return counts;
}

/** `"2.1, 4.4"` → `Parts 2.1 and 4.4`; `"9"` → `Part 9`. */
export function partsPhrase(source: string): string {
  const parts = source
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length <= 1) return `Part ${parts[0] ?? ''}`;
  return `Parts ${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** The Markdown line a reference page shows for a node's trace, or '' when it has none. */
export function sourceNote(node: JsonObject, options: { inferred: boolean } = { inferred: true }): string {
  const lines: string[] = [];
  const source = node['x-source'];
  if (typeof source === 'string') lines.push(`*Source:* ${escapeHtml(partsPhrase(source))} of the interface description.`);
  const inferred = node['x-inferred'];
  if (options.inferred && typeof inferred === 'string') lines.push(`*Inferred:* ${escapeHtml(inferred)}`);
  if (node['x-undocumented'] === true) lines.push('*Not published* by the provider: an open object.');
  return lines.join(' ');
}

/** Prefixes each component schema's description with its trace (the copy made for the docs). */
export function noteSchemaSources(doc: JsonObject): void {
  const components = isObject(doc.components) ? doc.components : undefined;
  const schemas = components && isObject(components.schemas) ? components.schemas : undefined;
  if (!schemas) return;
  for (const schema of Object.values(schemas)) {
    if (!isObject(schema)) continue;
    const note = sourceNote(schema);
    if (note === '') continue;
    const own = typeof schema.description === 'string' ? schema.description : '';
    schema.description = [note, own].filter((s) => s.trim() !== '').join('\n\n');
  }
}
