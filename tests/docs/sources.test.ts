import { describe, expect, test } from 'vitest';
import { COVERAGE_STATES, computeCoverage } from '../../scripts/docs-site/coverage.ts';
import {
  SOURCE_STATES,
  computeSources,
  observedProvenance,
  sourceState,
  sourcesFromCoverage,
  type SourceCounts,
  type SourceState,
} from '../../scripts/docs-site/sources.ts';
import { fixture } from './helpers.ts';

const published = fixture('pt.yaml');
const observed = fixture('pt-observed.yaml');

type Expected = Record<string, { request: SourceState; response: SourceState }>;

/** Counts of a hand-worked table, per part and state. */
function tally(expected: Expected, part: 'request' | 'response'): SourceCounts {
  return Object.fromEntries(SOURCE_STATES.map((s) => [s, Object.values(expected).filter((e) => e[part] === s).length])) as SourceCounts;
}

describe('computeSources with an observed flavour (pt.yaml + pt-observed.yaml)', () => {
  // Worked out by hand: pt.yaml's markers say what is published, pt-observed.yaml's records what is observed.
  const expected: Expected = {
    MarcarAssentos: { request: 'published', response: 'unknown' },
    Tarifar: { request: 'observed', response: 'observed' },
    Disponibilidade: { request: 'unknown', response: 'observed' },
  };
  const sources = computeSources(published, observed);

  test.each(Object.entries(expected))('%s', (operationId, states) => {
    const op = sources.operations.find((o) => o.operationId === operationId);
    expect({ request: op?.request.state, response: op?.response.state }).toEqual(states);
  });

  test('counts per part and state, as worked by hand', () => {
    expect(sources.hasObservedLayer).toBe(true);
    expect(sources.counts.operations).toBe(3);
    expect(sources.counts.request).toEqual({ published: 1, observed: 1, unknown: 1, absent: 0 });
    expect(sources.counts.response).toEqual({ published: 0, observed: 2, unknown: 1, absent: 0 });
    expect(sources.counts.request).toEqual(tally(expected, 'request'));
    expect(sources.counts.response).toEqual(tally(expected, 'response'));
  });

  test('keeps the x-observed record, also on a published part the flavour types too', () => {
    const byId = new Map(sources.operations.map((o) => [o.operationId, o]));
    // A single-source record of the older form: its one source is named by the repository.
    expect(byId.get('Tarifar')?.request.observed).toEqual({
      seen: 4,
      of: 4,
      sources: [
        {
          source: 'example/fixture-captures',
          seen: 4,
          of: 4,
          repository: 'example/fixture-captures',
          commit: '0123456789abcdef0123456789abcdef01234567',
        },
      ],
    });
    expect(byId.get('Disponibilidade')?.response.observed?.seen).toBe(6);
    expect(byId.get('MarcarAssentos')?.request).toMatchObject({ state: 'published', published: 'documented' });
    expect(byId.get('MarcarAssentos')?.request.observed?.of).toBe(2);
    expect(byId.get('MarcarAssentos')?.response.observed).toBeUndefined();
    expect(observedProvenance(sources)).toEqual([
      { source: 'example/fixture-captures', repository: 'example/fixture-captures', commit: '0123456789abcdef0123456789abcdef01234567' },
    ]);
  });

  test('a malformed x-observed record counts as not observed', () => {
    const broken = structuredClone(observed) as { components: { schemas: Record<string, Record<string, unknown>> } };
    const schema = broken.components.schemas.TarifarRSObservado as Record<string, unknown>;
    schema['x-observed'] = { repository: 'example/fixture-captures', seen: 4, of: 4 }; // no commit
    const tarifar = computeSources(published, broken).operations.find((o) => o.operationId === 'Tarifar');
    expect(tarifar?.response.state).toBe('unknown');
  });

  test('refuses an observed operation the published document does not have', () => {
    const extra = structuredClone(observed) as { paths: Record<string, unknown> };
    extra.paths['/api/V2/Voos/Inventada'] = {
      post: {
        operationId: 'Inventada',
        responses: { '200': { $ref: '#/components/responses/Open' } },
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/TarifarRQObservado' } } } },
      },
    };
    expect(() => computeSources(published, extra)).toThrow(/Inventada \(\/api\/V2\/Voos\/Inventada\)/);
    expect(() => computeSources(published, ['not', 'a', 'document'])).toThrow(/not an OpenAPI document/);
  });

  test('a flavour that adds operations to its route (the legacy one) lists them apart and counts them nowhere else', () => {
    const extra = structuredClone(observed) as { paths: Record<string, unknown> };
    extra.paths['/api/V2/Voos/Inventada'] = {
      post: {
        operationId: 'Inventada',
        responses: { '200': { $ref: '#/components/responses/Open' } },
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/TarifarRQObservado' } } } },
      },
    };
    const plain = computeSources(published, observed);
    const added = sourcesFromCoverage(computeCoverage(published), extra, true);
    expect(added.addedOperations.map((o) => o.operationId)).toEqual(['Inventada']);
    expect(added.counts).toEqual(plain.counts);
    expect(plain.addedOperations).toEqual([]);
  });

  test('does not change either document', () => {
    const [p, o] = [structuredClone(published), structuredClone(observed)];
    computeSources(p, o);
    expect([p, o]).toEqual([published, observed]);
  });
});

describe('computeSources without an observed flavour (coverage.yaml)', () => {
  // coverage.test.ts's hand-worked states, read as published (documented, partial), unknown (not published) or no body.
  const expected: Expected = {
    Documented: { request: 'published', response: 'published' },
    Credentials: { request: 'published', response: 'unknown' },
    NoBodies: { request: 'absent', response: 'absent' },
    Wrapper: { request: 'unknown', response: 'published' },
    ArrayOfOpen: { request: 'published', response: 'unknown' },
    MixedMedia: { request: 'published', response: 'published' },
    NoSuccess: { request: 'published', response: 'unknown' },
    Untyped: { request: 'unknown', response: 'published' },
  };
  const sources = computeSources(fixture('coverage.yaml'));

  test('every operation: published or unknown (or no body), never observed', () => {
    expect(sources.hasObservedLayer).toBe(false);
    expect(
      Object.fromEntries(sources.operations.map((o) => [o.operationId, { request: o.request.state, response: o.response.state }])),
    ).toEqual(expected);
    expect(sources.counts.request).toEqual({ published: 5, observed: 0, unknown: 2, absent: 1 });
    expect(sources.counts.response).toEqual({ published: 4, observed: 0, unknown: 3, absent: 1 });
  });
});

describe('sourceState', () => {
  test('published states stay published, observed only where not published, absent stays absent', () => {
    const table = COVERAGE_STATES.flatMap((state) => [false, true].map((seen) => [state, seen, sourceState(state, seen)]));
    expect(table).toEqual([
      ['documented', false, 'published'],
      ['documented', true, 'published'],
      ['partial', false, 'published'],
      ['partial', true, 'published'],
      ['unpublished', false, 'unknown'],
      ['unpublished', true, 'observed'],
      ['absent', false, 'absent'],
      ['absent', true, 'absent'],
    ]);
  });
});
