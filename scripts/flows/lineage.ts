// The lineage of each scenario, computed from the captures: which request field takes
// which earlier answer's field. A top-level request value that looks like an identifier
// (a string of 6+ characters that is not a date token, or an integer of 4+ digits) is
// threaded when an earlier answer of the same scenario holds the same value; the earliest
// such answer is its source, and within it the path whose last key is the field's own name,
// else the shortest. `npm run build` writes the result to generated/flows/lineage.json.
import type { Scenario } from './scenarios.ts';

/** Credentials travel in every body: they are the caller's, never threaded. */
const CREDENTIALS = new Set(['Login', 'Senha', 'ClienteId']);

export interface Thread {
  /** Top-level request field, e.g. `Localizador`. */
  field: string;
  fromStep: string;
  fromOperation: string;
  /** Path in that answer with the item index the capture used, e.g. `Reservas[0].Localizador`. */
  fromPath: string;
  /** The same path with every index as `[]`, e.g. `Reservas[].Localizador`. */
  fromField: string;
}

export interface StepLineage {
  id: string;
  operation: string;
  threads: Thread[];
  /** Fields threaded in another scenario whose value here came from no earlier answer. */
  gaps: string[];
}

export interface Lineage {
  note: string;
  scenarios: { name: string; steps: StepLineage[] }[];
  /** Request field <- answer field, with the number of steps that thread it, most first. */
  summary: { request: string; field: string; fromOperation: string; fromField: string; steps: number }[];
  gaps: { scenario: string; step: string; operation: string; field: string }[];
}

function identifierLike(value: unknown): value is string | number {
  if (typeof value === 'string') return value.length >= 6 && !value.startsWith('/Date(');
  return typeof value === 'number' && Number.isInteger(value) && Math.abs(value) >= 1000;
}

/** Every scalar leaf of a JSON value with its path (`A[0].B`). */
function* leaves(value: unknown, at = ''): Generator<[string, unknown]> {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) yield* leaves(value[i], `${at}[${i}]`);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) yield* leaves(child, at === '' ? key : `${at}.${key}`);
  } else {
    yield [at, value];
  }
}

const generic = (p: string): string => p.replace(/\[\d+\]/g, '[]');
const lastKey = (p: string): string => p.slice(p.lastIndexOf('.') + 1).replace(/\[\d+\]$/, '');

function sourceOf(field: string, value: string | number, answer: Record<string, unknown>): string | undefined {
  let best: string | undefined;
  for (const [p, v] of leaves(answer)) {
    if (v !== value) continue;
    const better = best === undefined || (lastKey(p) === field && lastKey(best) !== field) || (lastKey(p) === field) === (lastKey(best) === field) && p.length < best.length;
    if (better) best = p;
  }
  return best;
}

export function computeLineage(scenarios: Scenario[]): Lineage {
  const result: Lineage = {
    note: 'Computed from evidence/flows by scripts/flows/lineage.ts (npm run build); do not edit. Observed, not published by the provider.',
    scenarios: [],
    summary: [],
    gaps: [],
  };
  const candidates: { scenario: string; step: StepLineage; fields: string[] }[] = [];
  for (const scenario of scenarios) {
    const steps: StepLineage[] = [];
    scenario.steps.forEach((step, i) => {
      const lineage: StepLineage = { id: step.id, operation: step.operation, threads: [], gaps: [] };
      const unsourced: string[] = [];
      for (const [field, value] of Object.entries(step.request)) {
        if (CREDENTIALS.has(field) || !identifierLike(value)) continue;
        let thread: Thread | undefined;
        for (const earlier of scenario.steps.slice(0, i)) {
          const fromPath = sourceOf(field, value, earlier.response);
          if (fromPath) {
            thread = { field, fromStep: earlier.id, fromOperation: earlier.operation, fromPath, fromField: generic(fromPath) };
            break;
          }
        }
        if (thread) lineage.threads.push(thread);
        else unsourced.push(field);
      }
      steps.push(lineage);
      candidates.push({ scenario: scenario.name, step: lineage, fields: unsourced });
    });
    result.scenarios.push({ name: scenario.name, steps });
  }
  const counts = new Map<string, Lineage['summary'][number]>();
  const threaded = new Set<string>();
  for (const { steps } of result.scenarios) {
    for (const step of steps) {
      for (const t of step.threads) {
        threaded.add(`${step.operation}\u0000${t.field}`);
        const key = [step.operation, t.field, t.fromOperation, t.fromField].join('\u0000');
        const row = counts.get(key) ?? { request: step.operation, field: t.field, fromOperation: t.fromOperation, fromField: t.fromField, steps: 0 };
        row.steps++;
        counts.set(key, row);
      }
    }
  }
  result.summary = [...counts.values()].sort(
    (a, b) => b.steps - a.steps || a.request.localeCompare(b.request) || a.field.localeCompare(b.field) || a.fromOperation.localeCompare(b.fromOperation) || a.fromField.localeCompare(b.fromField),
  );
  for (const { scenario, step, fields } of candidates) {
    for (const field of fields) {
      if (!threaded.has(`${step.operation}\u0000${field}`)) continue;
      step.gaps.push(field);
      result.gaps.push({ scenario, step: step.id, operation: step.operation, field });
    }
  }
  return result;
}

export function renderLineage(lineage: Lineage): string {
  return `${JSON.stringify(lineage, null, 2)}\n`;
}
