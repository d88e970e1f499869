// docs/architecture.md is complete: it names every module of scripts/pipeline/ and every
// module and folder at the top of src/, and its diagram has a node for every step the
// pipeline records (scripts/pipeline/step-ids.ts). A module added without a line there fails here.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import * as STEP_IDS from '../../scripts/pipeline/step-ids.ts';
import { rootDir } from '../support/bundle.ts';

const page = readFileSync(path.join(rootDir, 'docs/architecture.md'), 'utf8');
const diagram = /```mermaid\n([\s\S]*?)```/.exec(page)?.[1] ?? '';

test('every module of scripts/pipeline/ is named on the page', () => {
  const modules = readdirSync(path.join(rootDir, 'scripts/pipeline')).filter((f) => f.endsWith('.ts'));
  expect(modules.length).toBeGreaterThan(10);
  expect(modules.filter((m) => !page.includes(`\`${m}\``))).toEqual([]);
});

test('every module and folder at the top of src/ is named on the page', () => {
  const entries = readdirSync(path.join(rootDir, 'src'), { withFileTypes: true });
  const names = entries.map((e) => (e.isDirectory() ? `${e.name}/` : e.name)).filter((n) => n.endsWith('/') || n.endsWith('.ts'));
  expect(names.length).toBeGreaterThan(10);
  expect(names.filter((n) => !page.includes(`\`${n}\``))).toEqual([]);
});

test('the diagram has a node for every step the pipeline records', () => {
  // The two observed flavours are built by one step, drawn once as the observed step.
  const steps = new Set(
    Object.entries(STEP_IDS)
      .filter(([name, value]) => name.endsWith('_ID') && typeof value === 'string')
      .map(([, id]) => (String(id).endsWith('-observed') ? 'observed' : String(id))),
  );
  expect(steps.size).toBeGreaterThan(5);
  expect([...steps].filter((step) => !new RegExp(`\\b${step} step\\b`).test(diagram))).toEqual([]);
  // The parts built inside a step have their node too.
  for (const part of ['msw modules', 'Bruno']) expect(diagram).toContain(part);
});
