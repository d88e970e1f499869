// The lineage is computed from the captures by our script; the evidence producer's README
// states its own lineage table, made by other code from the unsanitized source. The two
// must agree, and the committed generated file must be what the script makes now.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { computeLineage, renderLineage } from '../../src/scenarios/lineage.ts';
import { readScenarios } from '../../src/scenarios/read.ts';
import { rootDir } from '../support/bundle.ts';

const scenarios = readScenarios(rootDir);
const lineage = computeLineage(scenarios);
const readme = readFileSync(path.join(rootDir, 'evidence/flows/README.md'), 'utf8');
const unquote = (cell: string) => cell.trim().replace(/^`|`$/g, '');

describe('the lineage of the certification flows', () => {
  test('has the nine scenarios of the README, steps in its order', () => {
    const rows = readme.split('\n').filter((l) => /^\| `cenario/.test(l));
    expect(rows).toHaveLength(9);
    const listed = rows.map((row) => {
      const [name, steps] = row
        .split('|')
        .slice(1, 3)
        .map((c) => c.trim());
      return { name: unquote(name ?? ''), operations: (steps ?? '').split(', ').map((s) => s.split(' ')[1]) };
    });
    expect(scenarios.map((s) => ({ name: s.name, operations: s.steps.map((st) => st.operation) }))).toEqual(listed);
  });

  test("equals the README's lineage table, row for row", () => {
    const table = readme.slice(readme.indexOf('## Lineage'));
    const rows = table
      .split('\n')
      .filter((l) => /^\| [A-Z]/.test(l) && !l.startsWith('| request'))
      .map((l) => {
        const [request, field, fromOperation, fromField, count] = l.split('|').slice(1, 6).map(unquote);
        return { request, field, fromOperation, fromField, steps: Number(count) };
      });
    expect(rows.length).toBeGreaterThan(10);
    expect(lineage.summary).toEqual(rows);
  });

  test("names the README's threaded values that no earlier answer gave", () => {
    const listed = [...readme.matchAll(/^- `([^`]+)` (\w+) `(\w+)`$/gm)].map((m) => `${m[1]} ${m[2]} ${m[3]}`);
    expect(listed).toHaveLength(2);
    expect(lineage.gaps.map((g) => `${g.scenario} ${g.operation} ${g.field}`)).toEqual(listed);
  });

  test('every thread points at an earlier step whose answer holds the value the request sends', () => {
    for (const { name, steps } of lineage.scenarios) {
      const scenario = scenarios.find((s) => s.name === name);
      steps.forEach((step, i) => {
        for (const t of step.threads) {
          const from = scenario?.steps.findIndex((s) => s.id === t.fromStep) ?? -1;
          expect(from, `${name} ${step.id} ${t.field}`).toBeGreaterThanOrEqual(0);
          expect(from).toBeLessThan(i);
          const value = t.fromPath
            .split(/\.|\[(\d+)\]/)
            .filter((k) => k !== undefined && k !== '')
            .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], scenario?.steps[from]?.response);
          expect(value).toBe(scenario?.steps[i]?.request[t.field]);
        }
      });
    }
  });

  test('generated/flows/lineage.json is what the script computes now', () => {
    expect(readFileSync(path.join(rootDir, 'generated/flows/lineage.json'), 'utf8')).toBe(renderLineage(lineage));
  });
});
