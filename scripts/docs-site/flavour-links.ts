// Official ↔ observed, per operation: a published operation whose observed shape exists
// links to it, saying how many captured bodies type it and how many behaviours
// integrations stated for it; the observed operation links back. Behaviours are read
// through the shared reader (behavioursOf), so fields it learns flow through.
import { behavioursOf } from '../../src/lib/observed-behaviours.ts';
import { operationHref } from './crossrefs.ts';
import { listOperations } from './openapi.ts';
import type { SourceCoverage } from './sources.ts';

export interface FlavourLink {
  operationId: string;
  /** Page and anchor of the same operation on the other flavour's page. */
  href: string;
  /** One sentence: what the other page holds for this operation (Markdown-safe text). */
  summary: string;
}

/** `method path` → the link; the same key both pages use. */
export type FlavourLinks = ReadonlyMap<string, FlavourLink>;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** From the published page to the observed one: operations the observed flavour types or states behaviours for. */
export function observedLinks(observedId: string, observedDoc: unknown, sources: SourceCoverage): Map<string, FlavourLink> {
  const behaviours = new Map(listOperations(observedDoc).map((op) => [`${op.method} ${op.path}`, behavioursOf(op.operation)]));
  const links = new Map<string, FlavourLink>();
  for (const op of sources.operations) {
    const key = `${op.method} ${op.path}`;
    const stated = behaviours.get(key) ?? [];
    const parts = (
      [
        ['request', op.request.observed],
        ['response', op.response.observed],
      ] as const
    ).flatMap(([name, r]) => (r ? [`${name} typed from ${r.seen} of ${r.of} captured ${r.of === 1 ? 'body' : 'bodies'}`] : []));
    if (parts.length === 0 && stated.length === 0) continue;
    // Each strength once, with how many behaviours have it.
    const strengths = new Map<string, number>();
    for (const b of stated) strengths.set(b.strength, (strengths.get(b.strength) ?? 0) + 1);
    const said =
      stated.length === 0
        ? 'no behaviour stated'
        : `${plural(stated.length, 'behaviour')} stated (${[...strengths].map(([s, n]) => (stated.length === 1 ? s : `${n} ${s}`)).join('; ')})`;
    links.set(key, {
      operationId: op.operationId,
      href: operationHref(observedId, op),
      summary: `${[...parts, said].join('; ')}`,
    });
  }
  return links;
}

/** From the observed page back to the published one: every operation the published document has. */
export function publishedLinks(publishedId: string, publishedDoc: unknown): Map<string, FlavourLink> {
  return new Map(
    listOperations(publishedDoc).map((op) => [
      `${op.method} ${op.path}`,
      { operationId: op.operationId, href: operationHref(publishedId, op), summary: 'what the provider publishes for it' },
    ]),
  );
}
