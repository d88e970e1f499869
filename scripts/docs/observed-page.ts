// The observed flavour's reference page: the observed bundle, labelled as observed
// everywhere it shows. Before the document's own description, a callout says it is
// not the provider's contract, names the source of the captures and gives the
// published / observed only / unknown counts; every operation says where its payload
// types come from, from the `x-observed` records (source repository, commit, seen in
// N of M captures). The bundle itself is not touched.

import { isObject, listOperations, type JsonObject, plainCopy } from './openapi.ts';
import { mdText, type ReferenceFamily } from './reference.ts';
import { SOURCE_LABELS, SOURCE_STATES, observedProvenance, type ObservedRecord, type PartSource, type SourceCoverage } from './sources.ts';
import { OBSERVED_STATUS } from './status.ts';

/** Where the coverage report's published / observed only / unknown table is. */
export const SOURCES_ANCHOR = 'coverage-sources';

export interface ObservedPageNotes {
  /** The published family's sources, read with this flavour. */
  sources: SourceCoverage;
  /** The published family's page and title, which the observed page is a flavour of. */
  published: { href: string; title: string };
}

/** The page's bar: the observed label, a note, a link back to the published page. */
export function observedReferenceFamily(id: string, published: { id: string; title: string; href: string }): ReferenceFamily {
  return {
    id,
    title: `${published.title} — observed flavour`,
    status: OBSERVED_STATUS,
    statusNote: undefined, // the label says it all; the page's callout says the rest
    coverageHref: `index.html#${SOURCES_ANCHOR}`,
    flavourOf: { href: published.href, title: published.title },
  };
}

function code(text: string): string {
  const fence = text.includes('`') ? '``' : '`';
  return `${fence}${text}${fence}`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function source(record: ObservedRecord): string {
  return `${code(record.repository)} at commit ${code(record.commit)}`;
}

/** "requests: 36 published; responses: 10 observed only, 26 unknown" */
export function sourcesSentence(sources: SourceCoverage): string {
  const part = (name: 'request' | 'response') =>
    SOURCE_STATES.filter((s) => sources.counts[name][s] > 0)
      .map((s) => `${sources.counts[name][s]} ${SOURCE_LABELS[s].toLowerCase()}`)
      .join(', ') || 'none';
  return `requests: ${part('request')}; responses: ${part('response')}`;
}

function partWords(part: PartSource): string {
  const label = `**${SOURCE_LABELS[part.state].toLowerCase()}**`;
  return part.state === 'published' && part.observed ? `${label} (observed fields added)` : label;
}

/** The note on one operation: where its payloads' types come from. */
export function operationNote(op: SourceCoverage['operations'][number]): string {
  const coverage = `*Coverage:* request ${partWords(op.request)}, response ${partWords(op.response)} ([report](index.html#${SOURCES_ANCHOR})).`;
  const parts = (
    [
      ['Request', op.request.observed],
      ['Response', op.response.observed],
    ] as const
  ).filter((p): p is readonly ['Request' | 'Response', ObservedRecord] => p[1] !== undefined);
  if (parts.length === 0) {
    return `> **Not observed.** No capture of this operation: its payloads are typed as published.\n\n${coverage}`;
  }
  // One source line when every part comes from the same capture set, else one per part.
  const same = parts.every(([, r]) => r.repository === parts[0]?.[1].repository && r.commit === parts[0]?.[1].commit);
  const seen = parts.map(([name, r]) => `${name.toLowerCase()} seen in ${r.seen} of ${plural(r.of, 'capture')}${same ? '' : ` (${source(r)})`}`);
  const lines = [
    '> **Observed — not published by the provider.** ' +
      `The types of this operation's ${parts.map(([n]) => n.toLowerCase()).join(' and ')} come from captured sandbox traffic: ${seen.join('; ')}.`,
  ];
  if (same && parts[0]) lines.push('>', `> Source (\`x-observed\`): ${source(parts[0][1])}.`);
  return `${lines.join('\n')}\n\n${coverage}`;
}

/** The callout placed before the document's own description. */
export function observedCallout(notes: ObservedPageNotes): string {
  const { sources, published } = notes;
  const observedOps = sources.operations.filter((o) => o.request.observed || o.response.observed).length;
  const provenance = observedProvenance(sources);
  const from = provenance.length === 0 ? 'no capture' : provenance.map((p) => `${code(p.repository)} at commit ${code(p.commit)}`).join(', ');
  return [
    `> **Observed — not published by the provider.** This page is the observed flavour of the [${mdText(published.title)}](${published.href}): ` +
      'its published contract plus payload types learnt from captured sandbox traffic. The provider publishes none of these types; ' +
      `what it commits to is on the [published page](${published.href}).`,
    '>',
    `> Observed payloads: ${observedOps} of ${plural(sources.counts.operations, 'operation')}, from ${from}. ` +
      "Each observed schema's `x-observed` record says in how many captures it was seen.",
    '>',
    `> Published / observed only / unknown, computed from the published document's \`x-undocumented\` markers and this ` +
      `document's \`x-observed\` records: ${sourcesSentence(sources)}. See the [coverage report](index.html#${SOURCES_ANCHOR}).`,
  ].join('\n');
}

function readRecord(value: unknown): ObservedRecord | undefined {
  if (!isObject(value)) return undefined;
  const { repository, commit, seen, of } = value;
  if (typeof repository !== 'string' || typeof commit !== 'string' || typeof seen !== 'number' || typeof of !== 'number') return undefined;
  return { repository, commit, seen, of };
}

/**
 * Every schema with an `x-observed` record says, first in its description, how often it
 * was seen: a reader of one field sees it is observed without the record's JSON (the
 * source is in the operation's note). Examples are data, not schemas: never entered.
 */
function labelObservedSchemas(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(labelObservedSchemas);
    return;
  }
  if (!isObject(node)) return;
  const record = readRecord(node['x-observed']);
  if (record) {
    const own = typeof node.description === 'string' ? node.description : '';
    node.description = [`*Observed:* seen in ${record.seen} of ${plural(record.of, 'capture')}.`, own].filter((t) => t.trim() !== '').join(' ');
  }
  for (const [key, value] of Object.entries(node)) {
    if (key !== 'examples' && key !== 'example' && key !== 'x-observed') labelObservedSchemas(value);
  }
}

/** A copy of the observed bundle with the observed callout and a note on every operation. */
export function observedDocumentForDocs(bundle: unknown, family: ReferenceFamily, notes: ObservedPageNotes): JsonObject {
  if (!isObject(bundle)) throw new Error(`Observed flavour "${family.id}": the bundle is not an OpenAPI document.`);
  const doc = plainCopy(bundle);
  const info = isObject(doc.info) ? doc.info : (doc.info = {});
  const description = typeof info.description === 'string' ? info.description : '';
  info.description = `${observedCallout(notes)}\n\n${description}`.trimEnd() + '\n';

  labelObservedSchemas(doc.paths);
  labelObservedSchemas(doc.components);
  const byKey = new Map(notes.sources.operations.map((o) => [`${o.method} ${o.path}`, o]));
  for (const entry of listOperations(doc)) {
    const op = byKey.get(`${entry.method} ${entry.path}`);
    if (!op) throw new Error(`Observed flavour "${family.id}": ${entry.operationId} is not an operation of the published document.`);
    const own = typeof entry.operation.description === 'string' ? entry.operation.description : '';
    entry.operation.description = [operationNote(op), own].filter((s) => s.trim() !== '').join('\n\n');
  }
  return doc;
}
