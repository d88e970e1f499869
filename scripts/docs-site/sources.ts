// Where each payload's types come from, per operation: published by the provider,
// observed only (typed by the observed flavour from captured traffic), or unknown.
// A pure function of the published bundle's `x-undocumented` markers (through
// computeCoverage) and the observed bundle's `x-observed` records (through
// observedOperations), so the landing page, the observed page and the tests share
// one answer. A family without an observed flavour is published or unknown.
//
// Per request and per response of an operation of the published document:
//   documented or partly documented in the published bundle -> published
//   not published there, typed (x-observed) by the observed bundle -> observed
//   not published, not observed                               -> unknown
//   no body                                                   -> absent
// A published part the observed flavour also types stays "published"; its record is
// kept, so a page can say that observed fields were added.

import {
  observedOperations,
  observedSources,
  type ObservedOperation,
  type ObservedRecord,
  type ObservedSource,
} from '../observed/observed-operations.ts';
import { computeCoverage, type CoverageState, type DocumentCoverage } from './coverage.ts';
import { isObject } from './openapi.ts';

export type { ObservedRecord } from '../observed/observed-operations.ts';

export const SOURCE_STATES = ['published', 'observed', 'unknown', 'absent'] as const;
export type SourceState = (typeof SOURCE_STATES)[number];

export const SOURCE_LABELS: Readonly<Record<SourceState, string>> = {
  published: 'Published',
  observed: 'Observed only',
  unknown: 'Unknown',
  absent: 'No body',
};

export interface PartSource {
  state: SourceState;
  /** The part's state in the published document. */
  published: CoverageState;
  /** The observed flavour's `x-observed` record on this part, when it types it. */
  observed: ObservedRecord | undefined;
}

export interface OperationSource {
  operationId: string;
  method: string;
  path: string;
  tags: string[];
  deprecated: boolean;
  request: PartSource;
  response: PartSource;
}

export type SourceCounts = Record<SourceState, number>;

export interface SourceCoverage {
  /** Whether an observed flavour was read: without one, nothing is "observed". */
  hasObservedLayer: boolean;
  /** What the source ids of the observed records stand for (the observed document's `info.x-observed-sources`). */
  observedSources: ObservedSource[];
  /** Operations the observed flavour adds to the route (not in the published document). */
  addedOperations: ObservedOperation[];
  operations: OperationSource[];
  counts: { operations: number; request: SourceCounts; response: SourceCounts };
}

export function emptySourceCounts(): SourceCounts {
  return Object.fromEntries(SOURCE_STATES.map((s) => [s, 0])) as SourceCounts;
}

/** One part's source from its published state and whether the observed flavour types it. */
export function sourceState(published: CoverageState, observed: boolean): SourceState {
  if (published === 'absent') return 'absent';
  if (published === 'documented' || published === 'partial') return 'published';
  return observed ? 'observed' : 'unknown';
}

/**
 * The three-state view from a published document's coverage and, when the family has
 * one, its observed flavour's bundle. Every observed operation must be an operation of
 * the published document (same operationId and path): anything else is refused, unless
 * the flavour adds operations to its route (`addsOperations`, the legacy flavour): those
 * are listed apart, in `addedOperations`, and counted nowhere else.
 */
export function sourcesFromCoverage(published: DocumentCoverage, observedDoc?: unknown, addsOperations = false): SourceCoverage {
  if (observedDoc !== undefined && !isObject(observedDoc)) throw new Error('The observed flavour is not an OpenAPI document.');
  const observed = observedDoc === undefined ? [] : observedOperations(observedDoc);
  const byKey = new Map(observed.map((o) => [`${o.operationId} ${o.path}`, o]));
  const known = new Set(published.operations.map((o) => `${o.operationId} ${o.path}`));
  const strangers = observed.filter((o) => !known.has(`${o.operationId} ${o.path}`));
  if (strangers.length > 0 && !addsOperations) {
    throw new Error(
      `The observed flavour types operations the published document does not have: ${strangers.map((o) => `${o.operationId} (${o.path})`).join(', ')}.`,
    );
  }
  const operations = published.operations.map((op): OperationSource => {
    const seen = byKey.get(`${op.operationId} ${op.path}`);
    const part = (state: CoverageState, record: ObservedRecord | undefined): PartSource => ({
      state: sourceState(state, record !== undefined),
      published: state,
      observed: record,
    });
    return {
      operationId: op.operationId,
      method: op.method,
      path: op.path,
      tags: op.tags,
      deprecated: op.deprecated,
      request: part(op.request.state, seen?.request),
      response: part(op.response.state, seen?.response),
    };
  });
  const counts = { operations: operations.length, request: emptySourceCounts(), response: emptySourceCounts() };
  for (const op of operations) {
    counts.request[op.request.state] += 1;
    counts.response[op.response.state] += 1;
  }
  const registry = isObject(observedDoc) ? observedSources(observedDoc) : [];
  return {
    hasObservedLayer: observedDoc !== undefined,
    observedSources: registry,
    operations,
    counts,
    addedOperations: addsOperations ? strangers : [],
  };
}

/** The same, from the bundles themselves. */
export function computeSources(publishedDoc: unknown, observedDoc?: unknown): SourceCoverage {
  return sourcesFromCoverage(computeCoverage(publishedDoc), observedDoc);
}

/** Whether an integrator's recording (a source with no repository) shapes the observed flavour. */
export function hasRecordings(sources: SourceCoverage): boolean {
  return sources.observedSources.some((s) => s.shapesTypes && s.repository === undefined);
}

/** Whose bodies the observed flavour learnt from: public integrations, and integrators' recordings once one is imported. */
export function bodiesOrigin(sources: SourceCoverage): string {
  return hasRecordings(sources) ? "public integrations and integrators' sandbox recordings" : 'public integrations';
}

/** The distinct sources (id, repository and commit) of the observed parts, the added operations' too, in first-seen order. */
export function observedProvenance(sources: SourceCoverage): Array<{ source: string; repository: string; commit: string }> {
  const seen = new Map<string, { source: string; repository: string; commit: string }>();
  const records = [
    ...sources.operations.flatMap((op) => [op.request.observed, op.response.observed]),
    ...sources.addedOperations.flatMap((op) => [op.request, op.response]),
  ];
  for (const record of records) {
    for (const count of record?.sources ?? []) {
      const known = sources.observedSources.find((s) => s.source === count.source);
      const repository = known?.repository ?? count.repository ?? count.source;
      const commit = known?.commit ?? count.commit ?? '';
      seen.set(count.source, { source: count.source, repository, commit });
    }
  }
  return [...seen.values()];
}
