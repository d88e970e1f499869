// Every rule of the checker and its non-breaking counterpart, on fixtures/cases.yaml.
import { describe, expect, test } from 'vitest';
import { diffDocuments } from '../../scripts/gates/breaking/document-diff.ts';
import { RULES, type RuleId } from '../../scripts/gates/breaking/rules.ts';
import { loadCases, pair } from './helpers.ts';

const cases = loadCases();

describe('each case reports exactly the findings it lists', () => {
  test.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const { baseline, current } = pair(c.baseline, c.current);
    const found = diffDocuments('fixture', baseline, current).map((f) => `${f.rule} ${f.pointer}`);
    expect(found.sort()).toEqual([...c.expect].sort());
  });
});

test('the fixture compared with itself has no finding', () => {
  const { baseline, current } = pair();
  expect(diffDocuments('fixture', baseline, current)).toEqual([]);
});

test('every breaking rule has a case that triggers it, and so does every non-breaking one', () => {
  const triggered = new Set(cases.flatMap((c) => c.expect.map((e) => e.split(' ')[0])));
  // family-removed is a gate-level finding (a bundle gone), tested in gate.test.ts.
  const untested = (Object.keys(RULES) as RuleId[]).filter((r) => r !== 'family-removed' && !triggered.has(r));
  expect(untested).toEqual([]);
});

test('the cases cover both sides: breaking changes and changes that break nothing', () => {
  const breaks = (c: (typeof cases)[number]) => c.expect.some((e) => RULES[e.split(' ')[0] as RuleId].severity === 'breaking');
  expect(cases.filter(breaks).length).toBeGreaterThanOrEqual(30);
  expect(cases.filter((c) => !breaks(c)).length).toBeGreaterThanOrEqual(25);
});
