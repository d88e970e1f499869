// What the stateful mock edits in a captured answer, worked out once per capture (captures
// never change): the leaves it fills from the request (echoes), the leaves holding a captured
// identifier (whole or inside a text, as a success message quotes the locator), the passenger
// lists, and per top-level member what it holds that may describe the captured request (place
// codes, flight times, passenger-count paths). A call then copies only the objects on the way
// to the leaves it changes.
import { isRecord } from '../../lib/json.ts';
import { askedOf, type CaptureIndex, type Capture, capturedAskedOf, COUNTS, DATES, type Echo, PLACES } from './captures.ts';
import type { Segment } from './paths.ts';

export interface Site {
  at: Segment[];
  generic: string;
}

export interface Plan {
  echo: Array<Site & { field: string }>;
  /** Leaves equal to a captured identifier (`whole`), or texts holding some (`inside`). */
  ids: Array<Site & { whole?: string | number; inside: string[] }>;
  passengers: Segment[][];
  /** Captured ticket numbers in document order (`Bilhetes[].Numero`). */
  tickets: string[];
  members: Map<string, { words: Set<string>; dates: number[]; generics: string[] }>;
}

/** A flight's time this close to a captured search date belongs to that date (ms). */
const SAME_TRIP_MS = 36 * 3_600_000;
const TICKET_PATH = 'Bilhetes[].Numero';

function identifierLike(value: unknown): value is string | number {
  if (typeof value === 'string') return value.length >= 6 && !value.startsWith('/Date(');
  return typeof value === 'number' && Number.isInteger(value) && Math.abs(value) >= 1000;
}

function msOf(value: unknown): number | undefined {
  const m = typeof value === 'string' ? /^\/Date\((-?\d+)/.exec(value) : null;
  return m ? Number(m[1]) : undefined;
}

const plans = new WeakMap<Capture, Plan>();

export function planOf(index: CaptureIndex, capture: Capture): Plan {
  const cached = plans.get(capture);
  if (cached) return cached;
  const handKeys = index.handKeys.get(capture.operation) ?? new Set<string>();
  const echoes = new Map(
    (index.echoes.get(capture.operation) ?? []).filter((e) => !e.path.includes('Passageiros[]')).map((e) => [e.path, e.field]),
  );
  const captured = [...index.handedOut].filter((v): v is string => typeof v === 'string');
  const plan: Plan = { echo: [], ids: [], passengers: [], tickets: [], members: new Map() };
  const visit = (node: unknown, at: Segment[], generic: string, member: string | undefined) => {
    if (Array.isArray(node)) {
      for (const [i, v] of node.entries()) visit(v, [...at, i], `${generic}[]`, member);
      return;
    }
    if (isRecord(node)) {
      for (const [k, v] of Object.entries(node)) {
        const next = generic === '' ? k : `${generic}.${k}`;
        if (k === 'Passageiros' && Array.isArray(v) && v.some(isRecord)) plan.passengers.push([...at, k]);
        visit(v, [...at, k], next, member ?? k);
      }
      return;
    }
    const facts =
      member === undefined
        ? undefined
        : (plan.members.get(member) ?? plan.members.set(member, { words: new Set(), dates: [], generics: [] }).get(member));
    facts?.generics.push(generic);
    if (typeof node === 'string') {
      for (const w of node.toUpperCase().split(/[^A-Z0-9]+/)) if (w.length >= 3) facts?.words.add(w);
      const ms = msOf(node);
      if (ms !== undefined) facts?.dates.push(ms);
      if (generic.endsWith(TICKET_PATH)) plan.tickets.push(node);
    }
    const field = echoes.get(generic);
    if (field !== undefined) {
      plan.echo.push({ at, generic, field });
      return;
    }
    const last = at[at.length - 1];
    const whole =
      (identifierLike(node) &&
        ((typeof last === 'string' && handKeys.has(last)) || index.sourcePaths.some((p) => generic === p || generic.endsWith(`.${p}`)))) ||
      ((typeof node === 'string' || typeof node === 'number') && index.handedOut.has(node));
    const inside = typeof node === 'string' && !whole ? captured.filter((c) => node.includes(c)) : [];
    if (whole) plan.ids.push({ at, generic, whole: node as string | number, inside: [] });
    else if (inside.length > 0) plan.ids.push({ at, generic, inside });
  };
  visit(capture.response, [], '', undefined);
  plans.set(capture, plan);
  return plan;
}

/**
 * The top-level members of an answer that describe the captured search rather than this one:
 * those holding the captured place's code where this search asked another place, a flight time
 * within a day and a half of a captured date where this search asked another day (or another trip
 * than the capture's was chosen), or a value the captures repeat from a passenger count this
 * search asked otherwise (prices go with it). A member that is itself a filled value is this call's.
 */
export function dependentMembers(
  plan: Plan,
  captured: Record<string, unknown>,
  sent: Record<string, unknown>,
  searchEchoes: readonly Echo[],
  otherTrip: boolean,
): string[] {
  // askedOf's places, days and counts are norm, dayOf and the counts as numbers; the captured side is read once per capture.
  const was = capturedAskedOf(captured);
  const now = askedOf(sent);
  const codes: string[] = [];
  PLACES.forEach((f, i) => {
    if (typeof captured[f] === 'string' && was.places[i] !== now.places[i]) codes.push(was.places[i] as string);
  });
  const dates: number[] = [];
  DATES.forEach((f, i) => {
    const ms = otherTrip || was.days[i] !== now.days[i] ? msOf(captured[f]) : undefined;
    if (ms !== undefined) dates.push(ms);
  });
  const differing = COUNTS.filter((_, i) => was.counts[i] !== now.counts[i]);
  // The members depend on these three lists alone, and they are read off captured requests: each plan keeps what it found for each.
  const key = JSON.stringify([codes, dates, differing]);
  let found = memberAnswers.get(plan);
  if (!found || found.echoes !== searchEchoes) {
    found = { echoes: searchEchoes, byKey: new Map() };
    memberAnswers.set(plan, found);
  }
  let out = found.byKey.get(key);
  if (!out) {
    out = membersFor(plan, codes, dates, countSuffixes(searchEchoes, differing));
    found.byKey.set(key, out);
  }
  return out;
}

/** Per plan, the members found for each list of differing codes, dates and counts (for the search echoes they were read with). */
const memberAnswers = new WeakMap<Plan, { echoes: readonly Echo[]; byKey: Map<string, string[]> }>();

/** The last two keys of each echo of a count that differs (`PrecoAdulto.Quantidade`): any answer's prices for those counts. */
function countSuffixes(searchEchoes: readonly Echo[], differing: readonly string[]): string[] {
  return searchEchoes
    .filter((e) => (COUNTS as readonly string[]).includes(e.field) && differing.includes(e.field))
    .map((e) => e.path.split('.').slice(-2).join('.'))
    .filter((suffix) => suffix.includes('.'));
}

function membersFor(plan: Plan, codes: readonly string[], dates: readonly number[], counts: readonly string[]): string[] {
  const filled = new Set(plan.echo.map((e) => e.generic));
  const out: string[] = [];
  for (const [member, facts] of plan.members) {
    if (filled.has(member)) continue;
    const depends =
      codes.some((c) => facts.words.has(c)) ||
      facts.dates.some((ms) => dates.some((d) => Math.abs(d - ms) <= SAME_TRIP_MS)) ||
      (counts.length > 0 && facts.generics.some((g) => counts.some((s) => g.endsWith(s))));
    if (depends) out.push(member);
  }
  return out;
}

/** A writer over a captured answer that copies only the objects on the way to what it sets. */
export function copyOnWrite(template: Record<string, unknown>): {
  root: Record<string, unknown>;
  set(at: readonly Segment[], value: unknown): void;
} {
  const root: Record<string, unknown> = { ...template };
  const copied = new WeakSet<object>([root]);
  return {
    root,
    set(at, value) {
      let node = root as Record<string | number, unknown>;
      for (let i = 0; i < at.length - 1; i++) {
        const key = at[i] as Segment;
        let child = node[key] as Record<string | number, unknown>;
        if (!copied.has(child)) {
          child = (Array.isArray(child) ? [...child] : { ...child }) as Record<string | number, unknown>;
          node[key] = child;
          copied.add(child);
        }
        node = child;
      }
      node[at[at.length - 1] as Segment] = value;
    },
  };
}
