// The lineage of each scenario, computed from the captures: which request field takes
// which earlier answer's field. A top-level request value that looks like an identifier
// (a string of 6+ characters that is not a date token, or an integer of 4+ digits) is
// threaded when an earlier answer of the same scenario holds the same value; the earliest
// such answer is its source, and within it the path whose last key is the field's own name,
// else the shortest. `npm run build` writes the result to generated/flows/lineage.json.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { credentialKind } from '../lib/contract-index.ts';
import { LINEAGE_FILE } from '../lib/layout.ts';
import type { Scenario } from './read.ts';

/** Credentials travel in every body: they are the caller's, never threaded; the index's `x-credential` names them. */
const isCredential = (field: string): boolean => credentialKind(field) !== undefined;

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

/** Where each identifier-like value stands in an answer: value -> paths (`A[0].B`), in document order. */
function identifierIndex(value: unknown, at = '', index = new Map<string | number, string[]>()): Map<string | number, string[]> {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) identifierIndex(value[i], `${at}[${i}]`, index);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) identifierIndex(child, at === '' ? key : `${at}.${key}`, index);
  } else if (identifierLike(value)) {
    const paths = index.get(value);
    if (paths) paths.push(at);
    else index.set(value, [at]);
  }
  return index;
}

const generic = (p: string): string => p.replace(/\[\d+\]/g, '[]');
const lastKey = (p: string): string => p.slice(p.lastIndexOf('.') + 1).replace(/\[\d+\]$/, '');

/** The path holding `value`: the first whose last key is the field's own name, else the first of the shortest. */
function sourceOf(field: string, value: string | number, index: Map<string | number, string[]>): string | undefined {
  const paths = index.get(value) ?? [];
  return (
    paths.find((p) => lastKey(p) === field) ??
    paths.reduce<string | undefined>((best, p) => (best === undefined || p.length < best.length ? p : best), undefined)
  );
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
    const indexes = scenario.steps.map((step) => identifierIndex(step.response));
    scenario.steps.forEach((step, i) => {
      const lineage: StepLineage = { id: step.id, operation: step.operation, threads: [], gaps: [] };
      const unsourced: string[] = [];
      for (const [field, value] of Object.entries(step.request)) {
        if (isCredential(field) || !identifierLike(value)) continue;
        let thread: Thread | undefined;
        for (const [j, earlier] of scenario.steps.slice(0, i).entries()) {
          const fromPath = sourceOf(field, value, indexes[j] as Map<string | number, string[]>);
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
        const row = counts.get(key) ?? {
          request: step.operation,
          field: t.field,
          fromOperation: t.fromOperation,
          fromField: t.fromField,
          steps: 0,
        };
        row.steps++;
        counts.set(key, row);
      }
    }
  }
  result.summary = [...counts.values()].sort(
    (a, b) =>
      b.steps - a.steps ||
      a.request.localeCompare(b.request) ||
      a.field.localeCompare(b.field) ||
      a.fromOperation.localeCompare(b.fromOperation) ||
      a.fromField.localeCompare(b.fromField),
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

/** The lineage `npm run build` wrote (generated/flows/lineage.json) for the package at rootDir. */
export function readLineage(rootDir: string): Lineage {
  return JSON.parse(readFileSync(path.join(rootDir, LINEAGE_FILE), 'utf8')) as Lineage;
}
