// The observed flavour's reference page: the observed bundle, labelled as observed
// everywhere it shows. Before the document's own description, a callout says it is
// not the provider's contract, names the source of the captures and gives the
// published / observed only / unknown counts; every operation says where its payload
// types come from, from the `x-observed` records (seen in N of M captures, and by which
// of the independent sources), and every observed schema how many sources back it; an
// operation integrations stated behaviours about lists them with their quotes
// (behaviours.ts). The bundle itself is not touched.

import { behavioursOf } from '../../src/lib/observed-behaviours.ts';
import { behavioursMarkdown } from './behaviours.ts';
import { isObject, listOperations, type JsonObject, plainCopy } from './openapi.ts';
import type { FlavourLinks } from './flavour-links.ts';
import { effectNote, mdCode, mdText, type ReferenceFamily } from './reference.ts';
import { readObservedRecord } from '../observed/observed-operations.ts';
import {
  SOURCE_LABELS,
  SOURCE_STATES,
  bodiesOrigin,
  observedProvenance,
  type ObservedRecord,
  type PartSource,
  type SourceCoverage,
} from './sources.ts';
import { OBSERVED_STATUS } from './status.ts';

/** Where the coverage report's published / observed only / unknown table is. */
export const SOURCES_ANCHOR = 'coverage-sources';

export interface ObservedPageNotes {
  /** The published family's sources, read with this flavour. */
  sources: SourceCoverage;
  /** The published family's page and title, which the observed page is a flavour of. */
  published: { href: string; title: string };
  /** Each operation on the published page, to link back to (`method path` → link). */
  publishedLinks?: FlavourLinks;
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

const code = mdCode;

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** "2 sources: `facilita-corp`, `noro-guru`" */
function sourcesOfRecord(record: ObservedRecord): string {
  return `${plural(record.sources.length, 'source')}: ${record.sources.map((s) => code(s.source)).join(', ')}`;
}

function sameSources(a: ObservedRecord, b: ObservedRecord): boolean {
  return a.sources.map((s) => s.source).join() === b.sources.map((s) => s.source).join();
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
export function operationNote(op: SourceCoverage['operations'][number], origin = 'public integrations'): string {
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
  // One source line when every part comes from the same sources, else one per part.
  const same = parts.every(([, r]) => parts[0] !== undefined && sameSources(r, parts[0][1]));
  const seen = parts.map(
    ([name, r]) => `${name.toLowerCase()} seen in ${r.seen} of ${plural(r.of, 'capture')}${same ? '' : ` (${sourcesOfRecord(r)})`}`,
  );
  const lines = [
    '> **Observed — not published by the provider.** ' +
      `The types of this operation's ${parts.map(([n]) => n.toLowerCase()).join(' and ')} come from sanitized bodies of ${origin}: ${seen.join('; ')}.`,
  ];
  if (same && parts[0]) lines.push('>', `> Sources (\`x-observed\`): ${sourcesOfRecord(parts[0][1])}.`);
  return `${lines.join('\n')}\n\n${coverage}`;
}

/** The note on an operation the observed flavour adds to the route: not in the published document at all. */
function addedOperationNote(doc: JsonObject, operation: JsonObject, family: ReferenceFamily): string {
  const recordOf = (holder: unknown): ObservedRecord | undefined => {
    const resolved = isObject(holder) && typeof holder.$ref === 'string' ? undefined : holder;
    const content = isObject(resolved) && isObject(resolved.content) ? resolved.content['application/json'] : undefined;
    const schema = isObject(content) ? content.schema : undefined;
    const ref = isObject(schema) && typeof schema.$ref === 'string' ? schema.$ref.replace('#/components/schemas/', '') : undefined;
    const components = isObject(doc.components) && isObject(doc.components.schemas) ? doc.components.schemas : {};
    const target = ref ? components[ref] : schema;
    return isObject(target) ? readObservedRecord(target['x-observed']) : undefined;
  };
  const responses = isObject(operation.responses) ? operation.responses : {};
  const parts = (
    [
      ['request', recordOf(operation.requestBody)],
      ['response', recordOf(responses['200'])],
    ] as const
  ).filter((p): p is readonly ['request' | 'response', ObservedRecord] => p[1] !== undefined);
  if (parts.length === 0) {
    throw new Error(
      `Observed flavour "${family.id}": ${String(operation.operationId)} is not an operation of the published document, and nothing observed types it.`,
    );
  }
  const seen = parts.map(([name, r]) => `${name} seen in ${r.seen} of ${plural(r.of, 'capture')} (${sourcesOfRecord(r)})`);
  return [
    '> **Observed — not published by the provider.** The provider does not list this operation on this route; public integrations call it here, ' +
      `and its types come from their sanitized bodies: ${seen.join('; ')}.`,
    '',
    `*Coverage:* observed only ([report](index.html#${SOURCES_ANCHOR})).`,
  ].join('\n');
}

/** The callout placed before the document's own description. */
export function observedCallout(notes: ObservedPageNotes): string {
  const { sources, published } = notes;
  const observedOps = sources.operations.filter((o) => o.request.observed || o.response.observed).length;
  const provenance = observedProvenance(sources);
  const from =
    provenance.length === 0
      ? 'no capture'
      : provenance
          .map((p) => {
            const where = `${code(p.repository)}${p.commit ? ` at commit ${code(p.commit)}` : ''}`;
            return p.source === p.repository ? where : `${code(p.source)} (${where})`;
          })
          .join(', ');
  return [
    `> **Observed — not published by the provider.** This page is the observed flavour of the [${mdText(published.title)}](${published.href}): ` +
      `its published contract plus payload types learnt from sanitized bodies of ${bodiesOrigin(sources)}. The provider publishes none of these types; ` +
      `what it commits to is on the [published page](${published.href}).`,
    '>',
    `> Observed payloads: ${observedOps} of ${plural(sources.counts.operations, 'operation')}, from ${from}. ` +
      "Each observed schema's `x-observed` record says in how many captures it was seen, and in how many independent sources: " +
      '`required`, `integer` and non-null rest on at least two; a field seen in one source only is typed but optional and nullable.',
    ...(sources.addedOperations.length > 0
      ? [
          '>',
          `> Added to this route, observed only: ${plural(sources.addedOperations.length, 'operation')} the provider does not list here and public integrations call here ` +
            `(${sources.addedOperations.map((o) => code(o.operationId)).join(', ')}).`,
        ]
      : []),
    '>',
    `> Published / observed only / unknown, computed from the published document's \`x-undocumented\` markers and this ` +
      `document's \`x-observed\` records: ${sourcesSentence(sources)}. See the [coverage report](index.html#${SOURCES_ANCHOR}).`,
  ].join('\n');
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
  const record = readObservedRecord(node['x-observed']);
  if (record) {
    const own = typeof node.description === 'string' ? node.description : '';
    const backing = `in ${plural(record.sources.length, 'source')} (${record.sources.map((s) => code(s.source)).join(', ')})`;
    node.description = [`*Observed:* seen in ${record.seen} of ${plural(record.of, 'capture')}, ${backing}.`, own]
      .filter((t) => t.trim() !== '')
      .join(' ');
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
  info.description = `${`${observedCallout(notes)}\n\n${description}`.trimEnd()}\n`;

  labelObservedSchemas(doc.paths);
  labelObservedSchemas(doc.components);
  const byKey = new Map(notes.sources.operations.map((o) => [`${o.method} ${o.path}`, o]));
  for (const entry of listOperations(doc)) {
    const op = byKey.get(`${entry.method} ${entry.path}`);
    const own = typeof entry.operation.description === 'string' ? entry.operation.description : '';
    // An operation the flavour adds (the legacy route): observed only, with its own records.
    const note = op ? operationNote(op, bodiesOrigin(notes.sources)) : addedOperationNote(doc, entry.operation, family);
    const stated = behavioursMarkdown(behavioursOf(entry.operation));
    const back = notes.publishedLinks?.get(`${entry.method} ${entry.path}`);
    const backNote = back ? `*Published:* [${code(back.operationId)} on the ${mdText(notes.published.title)}](${back.href}).` : '';
    entry.operation.description = [note, backNote, effectNote(doc, entry.operation, true), own, stated]
      .filter((s) => s.trim() !== '')
      .join('\n\n');
  }
  return doc;
}
