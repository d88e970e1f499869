import { describe, expect, test } from 'vitest';
import { COVERAGE_STATES, classifySchema, combineStates, computeCoverage, type CoverageState } from '../../scripts/docs-site/coverage.ts';
import { fixture } from './helpers.ts';

const doc = fixture('coverage.yaml');

// Expected per operation of the fixture, worked out by hand from the rules of spec/extensions.md.
const expected: Record<string, { request: CoverageState; response: CoverageState }> = {
  Documented: { request: 'documented', response: 'documented' },
  Credentials: { request: 'partial', response: 'unpublished' },
  NoBodies: { request: 'absent', response: 'absent' },
  Wrapper: { request: 'unpublished', response: 'partial' },
  ArrayOfOpen: { request: 'partial', response: 'unpublished' },
  MixedMedia: { request: 'partial', response: 'documented' },
  NoSuccess: { request: 'partial', response: 'unpublished' },
  Untyped: { request: 'unpublished', response: 'partial' },
};

describe('computeCoverage', () => {
  const coverage = computeCoverage(doc);

  test('lists every operation once, in document order', () => {
    expect(coverage.operations.map((o) => o.operationId)).toEqual(Object.keys(expected));
  });

  test.each(Object.entries(expected))('%s', (operationId, states) => {
    const op = coverage.operations.find((o) => o.operationId === operationId);
    expect({ request: op?.request.state, response: op?.response.state }).toEqual(states);
  });

  test('counts add up to the operations, per part and state', () => {
    const { counts } = coverage;
    expect(counts.operations).toBe(8);
    for (const part of ['request', 'response'] as const) {
      for (const state of COVERAGE_STATES) {
        expect(counts[part][state]).toBe(Object.values(expected).filter((e) => e[part] === state).length);
      }
    }
  });

  test('records where the markers are, and none on a documented part', () => {
    const byId = new Map(coverage.operations.map((o) => [o.operationId, o]));
    expect(byId.get('Documented')?.request.markers).toEqual([]);
    expect(byId.get('Credentials')?.request.markers).toEqual(['#/components/schemas/Credentials']);
    expect(byId.get('Wrapper')?.response.markers).toEqual(['#/components/schemas/Open']);
    expect(byId.get('Untyped')?.response.markers).toEqual([
      '#/paths/~1Untyped/post/responses/200/content/application~1json/schema/properties/TokenTipo',
    ]);
    for (const op of coverage.operations) {
      for (const part of [op.request, op.response]) {
        if (part.state === 'documented' || part.state === 'absent') expect(part.markers).toEqual([]);
        else expect(part.markers.length).toBeGreaterThan(0);
      }
    }
  });

  test('does not change the document', () => {
    const copy = structuredClone(doc);
    computeCoverage(copy);
    expect(copy).toEqual(doc);
  });
});

describe('classifySchema', () => {
  test('marker beside a $ref counts (OpenAPI 3.1 siblings)', () => {
    const d = { components: { schemas: { S: { type: 'object', properties: { a: { type: 'string' } } } } } };
    expect(classifySchema(d, { $ref: '#/components/schemas/S' }).state).toBe('documented');
    expect(classifySchema(d, { $ref: '#/components/schemas/S', 'x-undocumented': true }).state).toBe('partial');
  });

  test('an open object with only open parts is not published', () => {
    const open = { type: 'object', additionalProperties: true, 'x-undocumented': true };
    expect(classifySchema({}, { allOf: [open, open] }).state).toBe('unpublished');
    expect(classifySchema({}, { ...open, allOf: [open] }).state).toBe('unpublished');
  });

  test('boolean and empty schemas carry no marker', () => {
    expect(classifySchema({}, true).state).toBe('documented');
    expect(classifySchema({}, {}).state).toBe('documented');
  });

  test('a bundle with an external $ref is refused clearly', () => {
    expect(() => classifySchema({}, { $ref: 'other.yaml#/X' })).toThrow(/bundle it first/);
  });
});

describe('combineStates', () => {
  test('equal states stay, mixed ones are partial, absent parts do not count', () => {
    expect(combineStates(['documented', 'documented'])).toBe('documented');
    expect(combineStates(['documented', 'unpublished'])).toBe('partial');
    expect(combineStates(['absent', 'unpublished'])).toBe('unpublished');
    expect(combineStates(['absent'])).toBe('absent');
    expect(combineStates([])).toBe('absent');
  });
});
