// What the stateful mock learns from the captured flows (evidence/flows) before it answers:
// - echoes: which answer paths repeat a request field, per operation, read off the captures
//   themselves (in every capture of the operation the value at that path equals the field's,
//   and it is not a coincidence of one small constant): those are filled from the request;
// - hands: which answer paths hand out an identifier a later request threads (the lineage's
//   `fromField`s), and the keys they end in: those are minted per caller;
// - the nearest captured search for any search: the template of its answer;
// (Which parts of an answer still describe the captured request: plan.ts.)
import type { Lineage } from '../../scenarios/lineage.ts';
import type { Scenario } from '../../scenarios/read.ts';
import { credentialKind } from '../../lib/contract-index.ts';
import { isRecord } from '../../lib/json.ts';
import { genericPath, leaves } from './paths.ts';

/** Credentials travel in every body: the caller's, never an echo (as the lineage, src/scenarios/lineage.ts); the index's `x-credential` names them. */
const isCredential = (field: string): boolean => credentialKind(field) !== undefined;
/** The criteria of a search, as the flows mock matches them (src/mock/flows/replay.ts). */
export const PLACES = ['Origem', 'Destino'] as const;
export const DATES = ['DataIda', 'DataVolta'] as const;
export const COUNTS = ['QuantidadeAdultos', 'QuantidadeCriancas', 'QuantidadeBebes'] as const;

export interface Capture {
  scenario: string;
  id: string;
  operation: string;
  request: Record<string, unknown>;
  response: Record<string, unknown>;
}

export interface Echo {
  /** Generic answer path, e.g. `Origem.CodigoIata`. */
  path: string;
  /** Top-level request field it repeats. */
  field: string;
}

/** Where a later request's identifier comes from: `Disponibilidade: ViagensTrecho1[].IdentificacaoDaViagem`. */
export interface Source {
  operation: string;
  path: string;
}

export interface CaptureIndex {
  byOperation: Map<string, Capture[]>;
  byScenario: Map<string, Capture[]>;
  echoes: Map<string, Echo[]>;
  /** Per operation, the keys its answers hand out identifiers under (`IdentificacaoDaViagem`, `Id`, `Localizador`). */
  handKeys: Map<string, Set<string>>;
  /** Per request field, the call and path that hands one out (the lineage's most threaded row). */
  sourceOf: Map<string, Source>;
  /** Per operation, its request fields the lineage threads. */
  threaded: Map<string, Set<string>>;
  /** Every captured value a later request threads (trip tokens, ids, locators, tickets). */
  handedOut: Set<string | number>;
  /** The lineage's source paths (`Bilhetes[].Numero`): wherever an answer holds one, it holds an identifier. */
  sourcePaths: string[];
}

function identifierLike(value: unknown): value is string | number {
  if (typeof value === 'string') return value.length >= 6 && !value.startsWith('/Date(');
  return typeof value === 'number' && Number.isInteger(value) && Math.abs(value) >= 1000;
}

/** A captured answer that answered (no Exception message): only those are templates. */
export function answered(capture: Capture): boolean {
  return !isRecord(capture.response.Exception);
}

function echoesOf(captures: readonly Capture[], threaded: ReadonlySet<string>): Echo[] {
  // generic path + field -> values seen, or false once a capture contradicts it
  const seen = new Map<string, Set<unknown> | false>();
  for (const c of captures) {
    const fields = Object.entries(c.request).filter(
      ([f, v]) => !isCredential(f) && !threaded.has(f) && (typeof v === 'string' || typeof v === 'number'),
    );
    for (const [at, value] of leaves(c.response)) {
      if (value === null || (typeof value !== 'string' && typeof value !== 'number')) continue;
      const path = genericPath(at);
      for (const [field, sent] of fields) {
        const key = `${path}\u0000${field}`;
        const values = seen.get(key);
        if (values === false) continue;
        if (value === sent) (values ?? (seen.set(key, new Set()).get(key) as Set<unknown>)).add(value);
        else seen.set(key, false);
      }
    }
  }
  const echoes: Echo[] = [];
  for (const [key, values] of seen) {
    if (values === false) continue;
    const [path, field] = key.split('\u0000') as [string, string];
    const one = [...values][0];
    // One small constant seen everywhere (a 0, a 1) proves nothing; two values or a code of 3+ characters do.
    if (values.size >= 2 || (typeof one === 'string' && one.length >= 3)) echoes.push({ path, field });
  }
  return echoes.sort((a, b) => a.path.localeCompare(b.path));
}

export function indexCaptures(scenarios: readonly Scenario[], lineage: Lineage): CaptureIndex {
  const byOperation = new Map<string, Capture[]>();
  const byScenario = new Map<string, Capture[]>();
  for (const s of scenarios) {
    const list: Capture[] = [];
    for (const st of s.steps) {
      const capture: Capture = { scenario: s.name, id: st.id, operation: st.operation, request: st.request, response: st.response };
      list.push(capture);
      byOperation.set(st.operation, [...(byOperation.get(st.operation) ?? []), capture]);
    }
    byScenario.set(s.name, list);
  }
  const threaded = new Map<string, Set<string>>();
  const handKeys = new Map<string, Set<string>>();
  const sourceOf = new Map<string, Source>();
  for (const row of lineage.summary) {
    threaded.set(row.request, (threaded.get(row.request) ?? new Set()).add(row.field));
    const key = row.fromField.slice(row.fromField.lastIndexOf('.') + 1).replace(/\[\]$/, '');
    handKeys.set(row.fromOperation, (handKeys.get(row.fromOperation) ?? new Set()).add(key));
    if (!sourceOf.has(row.field)) sourceOf.set(row.field, { operation: row.fromOperation, path: row.fromField });
  }
  const handedOut = new Set<string | number>();
  for (const { name, steps } of lineage.scenarios) {
    const captured = byScenario.get(name) ?? [];
    steps.forEach((st, i) => {
      for (const f of [...st.threads.map((t) => t.field), ...st.gaps]) {
        const value = captured[i]?.request[f];
        if (identifierLike(value)) handedOut.add(value);
      }
    });
  }
  const echoes = new Map<string, Echo[]>();
  for (const [operation, captures] of byOperation) echoes.set(operation, echoesOf(captures, threaded.get(operation) ?? new Set()));
  const sourcePaths = [...new Set(lineage.summary.map((row) => row.fromField))];
  return { byOperation, byScenario, echoes, handKeys, sourceOf, threaded, handedOut, sourcePaths };
}

/** The calendar day a request date names, in any form the contract takes (ISO, date-only, `/Date(ms±hhmm)/`). */
export function dayOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const legacy = /^\/Date\((-?\d+)([+-]\d{4})?\)\/$/.exec(value);
  if (legacy) {
    const zone = legacy[2] ?? '+0000';
    const offset = (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(3))) * 60_000;
    return new Date(Number(legacy[1]) + offset).toISOString().slice(0, 10);
  }
  const iso = /^(\d{4}-\d{2}-\d{2})/.exec(value);
  return iso?.[1];
}

const norm = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v);

/** What distance reads of a search: whether it returns, its counts, its places (normalized) and its days. */
export interface Asked {
  returns: boolean;
  counts: number[];
  places: unknown[];
  days: Array<string | undefined>;
}

export function askedOf(search: Record<string, unknown>): Asked {
  return {
    returns: !(search.DataVolta === undefined || search.DataVolta === null),
    counts: COUNTS.map((f) => Number(search[f] ?? 0) || 0),
    places: PLACES.map((f) => norm(search[f])),
    days: DATES.map((f) => dayOf(search[f])),
  };
}

/** What a captured request asked, read once per capture (the captures never change). */
const capturedAsked = new WeakMap<Record<string, unknown>, Asked>();

/** askedOf a captured request, kept. */
export function capturedAskedOf(captured: Record<string, unknown>): Asked {
  let was = capturedAsked.get(captured);
  if (!was) {
    was = askedOf(captured);
    capturedAsked.set(captured, was);
  }
  return was;
}

/** How far a captured search is from this one: a round trip against a one-way weighs most, then passenger counts, then places and dates. */
export function distance(captured: Record<string, unknown>, sent: Record<string, unknown>): number {
  return distanceTo(captured, askedOf(sent));
}

/** distance, with what this search asked read once for all the captures it is measured against. */
export function distanceTo(captured: Record<string, unknown>, sent: Asked): number {
  const was = capturedAskedOf(captured);
  let d = 0;
  if (was.returns !== sent.returns) d += 8;
  for (let i = 0; i < COUNTS.length; i++) if (was.counts[i] !== sent.counts[i]) d += 3;
  for (let i = 0; i < PLACES.length; i++) if (was.places[i] !== sent.places[i]) d += 1;
  for (let i = 0; i < DATES.length; i++) if (was.days[i] !== sent.days[i]) d += 1;
  return d;
}

/** The answered captures of each operation's list, filtered once (the captures never change). */
const answeredIn = new WeakMap<readonly Capture[], Capture[]>();

/** The nearest captured answer of `operation` to this body (first by scenario order on a tie), answered ones only. */
export function nearest(index: CaptureIndex, operation: string, body: Record<string, unknown>, prefer?: string): Capture | undefined {
  const all = index.byOperation.get(operation) ?? [];
  let candidates = answeredIn.get(all);
  if (!candidates) {
    candidates = all.filter(answered);
    answeredIn.set(all, candidates);
  }
  const asked = askedOf(body);
  let best: Capture | undefined;
  let bestD = Number.POSITIVE_INFINITY;
  for (const c of candidates) {
    const d = distanceTo(c.request, asked) * 2 + (c.scenario === prefer ? 0 : 1);
    if (d < bestD) {
      best = c;
      bestD = d;
    }
  }
  return best;
}
