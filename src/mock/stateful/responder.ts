// The stateful observed mock (`mock --observed --flows`): a responder (../responder.ts) that
// answers the booking flow on the V2 route (/api/V2/Voos) and the legacy route for any search,
// from the captured flows (evidence/flows) and their lineage.
// - An answer is the nearest captured answer, copied: the values the captures show repeated
//   from their request (captures.ts, echoes) are taken from this request; the identifiers an
//   answer hands out (the lineage's sources: trip tokens and ids, locators, tickets) are minted
//   for this caller, of the captured shape; the captured identifiers a later capture carries are
//   this booking's. Headers name every filled and minted path and the capture used, and the
//   top-level members that still describe the captured request (another airport, day or
//   passenger count): those are the capture's, never this call's.
// - Identifiers are checked per caller (developer token + Login): one never handed to this
//   caller is refused, naming the field and the call that hands one out. Reservar holds the
//   passengers sent; Emitir issues once; Cancelar cancels once; a cancelled booking answers no
//   more calls (no capture shows a cancelled booking's answer); any other call carrying a
//   `Localizador` is accepted for this caller's bookings only.
// - The V2 state machine is an inference from the legacy captures (the flows were captured on
//   the legacy route): the V2 answers say so in `x-mock-inferred`.
import { isRecord } from '../../lib/json.ts';
import { operationWithRole } from '../../lib/contract-index.ts';
import { LIMITS } from '../../lib/limits.ts';
import type { Lineage } from '../../scenarios/lineage.ts';
import type { Scenario } from '../../scenarios/read.ts';
import { mintIdentifier } from '../flows/ids.ts';
import type { MockCall, MockDecision } from '../responder.ts';
import {
  answered,
  askedOf,
  type Capture,
  type CaptureIndex,
  COUNTS,
  DATES,
  distanceTo,
  indexCaptures,
  nearest,
  PLACES,
} from './captures.ts';
import { genericPath, getAt, type Segment } from './paths.ts';
import { copyOnWrite, dependentMembers, type Plan, planOf } from './plan.ts';
import { fill, type Layout, layoutOf, skeletonFor } from './text.ts';
import { type Booking, type CallerState, callerKey, DEFAULT_BOUNDS, type Search, type StateBounds, StatefulMemory } from './state.ts';

export const STATEFUL_HEADERS = {
  /** `answer`, or the refusal's case (`unknown-identifier`, `already-issued`, `cancelled`, `already-cancelled`), or `checked` (a call carrying this caller's locator, answered as the observed mock answers). */
  kind: 'x-mock-stateful',
  /** The capture the answer was copied from: `<scenario>/<step>` (a second one after `; ` when two made it). */
  template: 'x-mock-template',
  /** `path<-field`: answer paths filled from this request's field. */
  filled: 'x-mock-filled',
  /** Answer paths holding identifiers minted for this caller. */
  minted: 'x-mock-minted',
  /** Top-level members that describe the captured request, not this one. */
  asCaptured: 'x-mock-as-captured',
  /** On the V2 route: the state machine is inferred from the legacy captures. */
  inferred: 'x-mock-inferred',
  /** A booking's state after this call: booked, issued, cancelled. */
  booking: 'x-mock-booking',
  /** The field a refusal is about, and the call that hands one out. */
  field: 'x-mock-stateful-field',
  from: 'x-mock-stateful-from',
} as const;

const RESET_HEADER = 'x-mock-flows-reset';
const FAMILIES = new Set(['v2-pt', 'legacy']);
// The flow's steps by role (`x-flow-role` in the contract index); V2's names are the legacy route's too (Part 9, rule 1).
const SEARCH = operationWithRole('v2-pt', 'search');
const BOOK = operationWithRole('v2-pt', 'book');
const ISSUE = operationWithRole('v2-pt', 'issue');
const CANCEL = operationWithRole('v2-pt', 'cancel');
const LOOKUP = operationWithRole('v2-pt', 'lookup');
const V2_INFERENCE = 'V2 state machine inferred from legacy captures (evidence/flows); observed, not published';
/** A header value past this many characters is cut, saying how many items it left out. */
const HEADER_CHARS = 4096;

export interface StatefulOptions {
  /** Bounds of the memory (default: LIMITS.statefulCallers, statefulSearches, statefulBookings). */
  bounds?: Partial<StateBounds>;
}

export interface StatefulResponder {
  respond(call: MockCall): MockDecision | undefined;
  /** A legacy call the flows replay answered with `answer`, copied from capture `<scenario>/<step>`: what it handed out is this caller's here too. */
  adopt(call: MockCall, answer: unknown, scenario: string, step: string): void;
  reset(): void;
  readonly size: { callers: number; bookings: number; searches: number };
}

type Json = Record<string, unknown>;

interface Built {
  /** The answer (a caller of `respond` may read it; the front sends `text`). */
  body: Json;
  /** The answer as JSON.stringify writes it, from the capture's pieces (undefined: serialize `body`). */
  text: string | undefined;
  filled: Set<string>;
  minted: Set<string>;
  /** Captured identifier -> the value this answer holds. */
  fresh: Map<string | number, string | number>;
  /** Where the minted values stand. */
  mintedAt: Array<{ at: Segment[]; generic: string; value: string | number }>;
}

function list(items: Iterable<string>): string {
  const all = [...items];
  let text = '';
  for (const [i, item] of all.entries()) {
    const next = text === '' ? item : `${text}, ${item}`;
    if (next.length > HEADER_CHARS) return `${text}, … (${all.length - i} more)`;
    text = next;
  }
  return text.replace(/[^\x20-\x7e]/g, '?');
}

function mintNumber(original: number, taken: (v: number) => boolean): number {
  const digits = String(Math.abs(Math.trunc(original))).length;
  for (;;) {
    const low = 10 ** (digits - 1);
    const value = low + Math.floor(Math.random() * (9 * low));
    if (value !== original && !taken(value)) return value;
  }
}

export function createStatefulResponder(
  scenarios: readonly Scenario[],
  lineage: Lineage,
  options: StatefulOptions = {},
): StatefulResponder {
  const index: CaptureIndex = indexCaptures(scenarios, lineage);
  const memory = new StatefulMemory({ ...DEFAULT_BOUNDS, ...options.bounds });
  const operations = new Set(index.byOperation.keys());
  // Each captured step's threads: which earlier answer and item a field came from.
  const threadsOf = new Map<Capture, Lineage['scenarios'][number]['steps'][number]['threads']>();
  for (const { name, steps } of lineage.scenarios) {
    const captured = index.byScenario.get(name) ?? [];
    steps.forEach((st, i) => {
      const c = captured[i];
      if (c) threadsOf.set(c, st.threads);
    });
  }
  // Passenger keys Reservar's answers repeat from the passenger sent at the same place (Nome, Sobrenome, …).
  const passengerKeys = passengerEchoes(index.byOperation.get(BOOK) ?? []);
  // The key a threaded field's source path ends in says what it is: a trip token, a trip id, a locator, a ticket.
  const kindOf = (field: string) => {
    const source = index.sourceOf.get(field);
    return source ? source.path.slice(source.path.lastIndexOf('.') + 1) : undefined;
  };

  // Read off the captures, which never change: once per capture and per operation.
  const searches = new Map<Capture, { search: Capture | undefined; item: number | undefined }>();
  const answeredOf = new Map<string, Capture[]>();
  const needed = new Map<string, string[]>();

  /** The search a capture's trip came from in its scenario: the lineage's source of its trip token, else its scenario's first search. */
  function searchOf(capture: Capture): { search: Capture | undefined; item: number | undefined } {
    let found = searches.get(capture);
    if (!found) {
      found = searchIn(capture);
      searches.set(capture, found);
    }
    return found;
  }

  function searchIn(capture: Capture): { search: Capture | undefined; item: number | undefined } {
    const scenario = index.byScenario.get(capture.scenario) ?? [];
    const thread = threadsOf.get(capture)?.find((t) => kindOf(t.field) === 'IdentificacaoDaViagem');
    const from = thread ? scenario.find((c) => c.id === thread.fromStep) : undefined;
    const item = thread ? Number(/\[(\d+)\]/.exec(thread.fromPath)?.[1]) : undefined;
    return { search: from ?? scenario.find((c) => c.operation === SEARCH && answered(c)), item };
  }

  /** The captured answer of `operation` nearest this search: its own scenario's when that one answered. */
  function templateFor(operation: string, criteria: Json, prefer: string): Capture | undefined {
    let best: Capture | undefined;
    let bestD = Number.POSITIVE_INFINITY;
    let candidates = answeredOf.get(operation);
    if (!candidates) {
      candidates = (index.byOperation.get(operation) ?? []).filter(answered);
      answeredOf.set(operation, candidates);
    }
    const asked = askedOf(criteria);
    for (const c of candidates) {
      const s = searchOf(c).search;
      const d = (s ? distanceTo(s.request, asked) : 20) * 2 + (c.scenario === prefer ? 0 : 1);
      if (d < bestD) {
        best = c;
        bestD = d;
      }
    }
    return best;
  }

  function taken(state: CallerState) {
    return (v: string | number) =>
      index.handedOut.has(v) ||
      (typeof v === 'number' ? state.tripIds.has(v) : state.tokens.has(v) || state.bookings.has(v) || state.tickets.has(v));
  }

  /**
   * The capture's answer for this call: echoes filled, the captured values the template's
   * request threaded replaced by this request's, the identifiers it hands out minted (or taken
   * from `known`, this booking's), and every other handed-out captured value made this caller's.
   */
  function build(
    template: Capture,
    body: Json,
    state: CallerState,
    known: ReadonlyMap<string | number, string | number> = new Map(),
  ): Built {
    const plan = planOf(index, template);
    const layout = layoutOf(plan);
    // The value each slot (echo sites, then id sites, then passenger lists) takes in this answer; unset: as captured.
    const values: unknown[] = [];
    const filled = new Set<string>();
    const minted = new Set<string>();
    const mintedAt: Built['mintedAt'] = [];
    const fresh = new Map(known);
    const isTaken = taken(state);
    // What the template's own request threaded is this request's: the lineage's rule.
    const fromRequest = new Map<string | number, string>();
    for (const f of index.threaded.get(template.operation) ?? []) {
      const captured = template.request[f];
      const sent = body[f];
      if ((typeof captured === 'string' || typeof captured === 'number') && (typeof sent === 'string' || typeof sent === 'number')) {
        fresh.set(captured, sent);
        fromRequest.set(sent, f);
      }
    }
    const freshOf = (original: string | number): string | number => {
      let value = fresh.get(original);
      if (value === undefined) {
        value = typeof original === 'number' ? mintNumber(original, isTaken) : mintIdentifier(original, isTaken);
        fresh.set(original, value);
      }
      return value;
    };
    plan.echo.forEach((site, slot) => {
      const sent = body[site.field];
      if (typeof sent !== 'string' && typeof sent !== 'number') return;
      values[slot] = sent;
      filled.add(layout.echoLabels[slot] as string);
    });
    plan.ids.forEach((site, i) => {
      let next: string | number;
      let field: string | undefined;
      if (site.whole !== undefined) {
        next = freshOf(site.whole);
        field = fromRequest.get(next);
      } else {
        let text = getAt(template.response, site.at) as string;
        for (const original of site.inside) {
          const replacement = freshOf(original);
          text = text.split(original).join(String(replacement));
          field ??= fromRequest.get(replacement);
        }
        next = text;
      }
      values[plan.echo.length + i] = next;
      if (field !== undefined) filled.add(`${site.generic}<-${field}`);
      else {
        minted.add(site.generic);
        mintedAt.push({ at: site.at, generic: site.generic, value: next });
      }
    });
    const writer = copyOnWrite(template.response);
    const sent = Array.isArray(body.Passageiros) ? body.Passageiros.filter(isRecord).slice(0, LIMITS.statefulPassengers) : [];
    const rebuilt = sent.length > 0 && passengerKeys.size > 0 && plan.passengers.length > 0;
    if (rebuilt) fillPassengers(plan, layout, writer, values, sent, filled);
    // The edits the passenger lists did not take already, in the order of their slots (leaves apart from the lists: any order).
    // Made now, not when read: a closure kept for a lazy object cost more in scavenges than the copies it saved.
    layout.sites.forEach((site, slot) => {
      const value = values[slot];
      if (value !== undefined && !(rebuilt && layout.underPassengers[slot])) writer.set(site.at, value);
    });
    const skeleton = skeletonFor(layout, template, plan, rebuilt);
    return { body: writer.root, text: skeleton ? fill(skeleton, values) : undefined, filled, minted, mintedAt, fresh };
  }

  /**
   * Passenger lists of the answer rebuilt from the passengers sent: one item each, the captured item's keys the captures
   * repeat taken from it (the captured items as this answer edits them).
   */
  function fillPassengers(
    plan: Plan,
    layout: Layout,
    writer: ReturnType<typeof copyOnWrite>,
    values: unknown[],
    sent: Json[],
    filled: Set<string>,
  ): void {
    layout.sites.forEach((site, slot) => {
      const value = values[slot];
      if (value !== undefined && layout.underPassengers[slot]) writer.set(site.at, value);
    });
    plan.passengers.forEach((at, k) => {
      const captured = (getAt(writer.root, at) as unknown[]).filter(isRecord);
      const items = sent.map((p, i) => {
        const item = { ...(captured.find((c) => c.FaixaEtaria === p.FaixaEtaria) ?? captured[i % captured.length] ?? {}) };
        for (const key of passengerKeys) if (p[key] !== undefined) item[key] = p[key];
        return item;
      });
      writer.set(at, items);
      values[layout.sites.length + k] = items;
      for (const key of passengerKeys) filled.add(`${genericPath(at)}[].${key}<-Passageiros[].${key}`);
    });
  }

  /** The decision for a built answer: its object, and the text the front sends as is. */
  function decisionOf(built: Built, headers: Record<string, string>): MockDecision {
    const { body, text } = built;
    return { kind: 'answer', status: 200, body, ...(text === undefined ? {} : { text }), headers };
  }

  function headersOf(call: MockCall, built: Built, templates: Capture[], members: string[], booking?: Booking): Record<string, string> {
    const headers: Record<string, string> = {
      [STATEFUL_HEADERS.kind]: 'answer',
      [STATEFUL_HEADERS.template]: list(templates.map((t) => `${t.scenario}/${t.id}`)).replace(/, /g, '; '),
    };
    if (built.filled.size > 0) headers[STATEFUL_HEADERS.filled] = list(built.filled);
    if (built.minted.size > 0) headers[STATEFUL_HEADERS.minted] = list(built.minted);
    if (members.length > 0) headers[STATEFUL_HEADERS.asCaptured] = list(members);
    if (call.family.startsWith('v2-pt')) headers[STATEFUL_HEADERS.inferred] = V2_INFERENCE;
    if (booking) headers[STATEFUL_HEADERS.booking] = booking.state;
    return headers;
  }

  function refuse(kind: string, detail: string, headers: Record<string, string> = {}): MockDecision {
    return {
      kind: 'refuse',
      status: 409,
      detail: `The stateful observed mock refuses this call (${kind}): ${detail}`,
      headers: { [STATEFUL_HEADERS.kind]: kind, ...headers },
    };
  }

  /** `missing`: the call carries no such field at all, so saying it was never handed out would mislead. */
  function unknown(field: string, operation: string, missing = false): MockDecision {
    const source = index.sourceOf.get(field) ?? index.sourceOf.get('Localizador');
    const from = source ? `${source.operation}: ${source.path}` : 'an earlier call';
    const what = missing
      ? `this ${operation} carries no ${field}`
      : `the ${field} this ${operation} carries was never handed to this caller (a caller is its developer-token and Login) or was forgotten`;
    return refuse('unknown-identifier', `${what}; take one from the answer of ${from}.`, {
      [STATEFUL_HEADERS.field]: field,
      [STATEFUL_HEADERS.from]: from,
    });
  }

  /** Every identifier field the call carries must be one this caller was handed: the first that is not is refused. */
  function check(state: CallerState, operation: string, body: Json): MockDecision | undefined {
    for (const [field, value] of Object.entries(body)) {
      const kind = kindOf(field);
      if (kind === undefined || value === undefined || value === null) continue;
      const ok =
        kind === 'IdentificacaoDaViagem'
          ? typeof value === 'string' && state.tokens.has(value)
          : kind === 'Id'
            ? typeof value === 'number' && state.tripIds.has(value)
            : kind === 'Localizador'
              ? typeof value === 'string' && state.bookings.has(value)
              : typeof value === 'string' && state.tickets.has(value);
      if (!ok) return unknown(field, operation);
    }
    // The identifiers every capture of the operation carries are needed.
    let always = needed.get(operation);
    if (!always) {
      always = [...(index.threaded.get(operation) ?? [])].filter((f) =>
        (index.byOperation.get(operation) ?? []).every((c) => c.request[f] !== undefined),
      );
      needed.set(operation, always);
    }
    for (const f of always) if (body[f] === undefined || body[f] === null) return unknown(f, operation, true);
    return undefined;
  }

  function search(call: MockCall, state: CallerState, body: Json): MockDecision | undefined {
    const template = nearest(index, SEARCH, body);
    if (!template) return undefined;
    const built = build(template, body, state);
    const criteria: Json = {};
    for (const f of [...PLACES, ...DATES, ...COUNTS]) if (body[f] !== undefined) criteria[f] = body[f];
    const record: Search = { template, criteria, trips: new Map(), ids: new Set() };
    for (const { at, value } of built.mintedAt) {
      const key = at[at.length - 1];
      const leg = at[0];
      if (typeof leg !== 'string') continue;
      if (key === 'IdentificacaoDaViagem' && typeof value === 'string') record.trips.set(value, { leg, index: Number(at[1]) });
      else if (key === 'Id' && typeof value === 'number') record.ids.add(value);
    }
    memory.addSearch(state, record);
    const members = dependentMembers(planOf(index, template), template.request, body, index.echoes.get(SEARCH) ?? [], false);
    return decisionOf(built, headersOf(call, built, [template], members));
  }

  /** A later answer's members that describe the captured search and trip rather than this caller's. */
  function membersOf(template: Capture, criteria: Json, chosen: number | undefined): string[] {
    const { search: s, item } = searchOf(template);
    if (!s) return [];
    return dependentMembers(
      planOf(index, template),
      s.request,
      criteria,
      index.echoes.get(SEARCH) ?? [],
      chosen !== undefined && chosen !== item,
    );
  }

  function book(call: MockCall, state: CallerState, body: Json): MockDecision | undefined {
    const token = body.IdentificacaoDaViagem as string;
    const found = state.tokens.get(token) as Search;
    const template = templateFor(BOOK, found.criteria, found.template.scenario);
    if (!template) return undefined;
    const built = build(template, body, state);
    const locator = built.mintedAt.find(({ at }) => at[at.length - 1] === 'Localizador')?.value;
    if (typeof locator !== 'string') return undefined;
    const booking: Booking = { locator, search: found, template, request: held(body), state: 'booked', fresh: built.fresh, tickets: [] };
    memory.addBooking(state, booking);
    const members = membersOf(template, found.criteria, found.trips.get(token)?.index);
    return decisionOf(built, headersOf(call, built, [template], members, booking));
  }

  function onBooking(call: MockCall, state: CallerState, body: Json, booking: Booking): MockDecision | undefined {
    const op = call.operation;
    if (booking.state === 'cancelled')
      return refuse(
        op === CANCEL ? 'already-cancelled' : 'cancelled',
        `this caller's booking was cancelled by Cancelar; no capture shows a cancelled booking's ${op} answer, so the mock gives none.`,
        { [STATEFUL_HEADERS.booking]: 'cancelled' },
      );
    if (op === ISSUE && booking.state === 'issued')
      return refuse('already-issued', 'this booking was issued already; a booking is issued once, and no capture shows a second Emitir.', {
        [STATEFUL_HEADERS.booking]: 'issued',
      });
    if (!operations.has(op))
      return { kind: 'annotate', headers: { [STATEFUL_HEADERS.kind]: 'checked', [STATEFUL_HEADERS.booking]: booking.state } };
    const template = templateFor(op, booking.search.criteria, booking.template.scenario);
    if (!template) return undefined;
    // This booking's tickets stand, in order, where the capture holds its own.
    const known = new Map(booking.fresh);
    planOf(index, template).tickets.forEach((captured, i) => {
      const ticket = booking.tickets[i];
      if (ticket !== undefined) known.set(captured, ticket);
    });
    const built = build(template, { ...booking.request, ...body }, state, known);
    const templates = [template];
    if (op === LOOKUP && booking.state === 'booked' && isRecord(built.body.Reserva)) {
      // Before Emitir no capture shows Consultar: the booking as Reservar's own answer showed it.
      const reservation = build(booking.template, booking.request, state, booking.fresh);
      const reservas = reservation.body.Reservas;
      const item = Array.isArray(reservas) ? reservas[0] : undefined;
      if (isRecord(item)) {
        built.body.Reserva = item;
        // The object now differs from the capture's cut: it is serialized whole.
        built.text = undefined;
        for (const set of [built.minted, built.filled]) for (const m of set) if (m.startsWith('Reserva.')) set.delete(m);
        for (const m of reservation.minted) built.minted.add(m.replace(/^Reservas\[\]/, 'Reserva'));
        for (const f of reservation.filled) built.filled.add(f.replace(/^Reservas\[\]/, 'Reserva'));
        templates.push(booking.template);
      }
    }
    // What this answer handed out is this booking's from now on (not the tickets of a Consultar made before Emitir).
    if (templates.length === 1) for (const [k, v] of built.fresh) if (!booking.fresh.has(k)) booking.fresh.set(k, v);
    if (op === ISSUE) {
      booking.tickets = built.mintedAt.filter((m) => m.generic.endsWith('Bilhetes[].Numero')).map((m) => String(m.value));
      for (const t of booking.tickets) state.tickets.set(t, booking);
      booking.state = 'issued';
    } else if (op === CANCEL) booking.state = 'cancelled';
    const trip = booking.search.trips.get(booking.request.IdentificacaoDaViagem as string)?.index;
    const members = membersOf(template, booking.search.criteria, trip);
    return decisionOf(built, headersOf(call, built, templates, members, booking));
  }

  function respond(call: MockCall): MockDecision | undefined {
    if (call.headers[RESET_HEADER] === 'all') memory.reset();
    // The MSW handlers name a flavour's document (`v2-pt-observed`); the mock names its family.
    const family = call.family.replace(/-observed$/, '');
    if (!FAMILIES.has(family) || !isRecord(call.body)) return undefined;
    const body = call.body;
    const op = call.operation;
    const carriesLocator = typeof body.Localizador === 'string';
    if (!operations.has(op) && !carriesLocator) return undefined;
    const state = memory.caller(callerKey(call.headers['developer-token'], body.Login));
    if (op === SEARCH) return search(call, state, body);
    if (!operations.has(op) || index.threaded.has(op)) {
      const refused = check(state, op, body);
      if (refused) return refused;
    }
    if (op === BOOK) return book(call, state, body);
    const booking = carriesLocator
      ? memory.booking(state, body.Localizador as string)
      : typeof body.Eticket === 'string'
        ? state.tickets.get(body.Eticket)
        : undefined;
    if (booking) return onBooking(call, state, body, booking);
    // A call of the flows with no booking (RecuperarSistemasPesquisa, Tarifar): the nearest capture, filled.
    const token = typeof body.IdentificacaoDaViagem === 'string' ? state.tokens.get(body.IdentificacaoDaViagem) : undefined;
    const template = token ? templateFor(op, token.criteria, token.template.scenario) : nearest(index, op, body);
    if (!template) return undefined;
    const built = build(template, body, state);
    const members = token ? membersOf(template, token.criteria, token.trips.get(body.IdentificacaoDaViagem as string)?.index) : [];
    return decisionOf(built, headersOf(call, built, [template], members));
  }

  /**
   * `mock --observed --flows` replays a legacy call matching a capture exactly: the trips, locator
   * and tickets the replay handed this caller are recorded as this caller's, so a trip of that
   * answer no capture priced is priced and booked here, and the replay's booking takes the calls
   * no capture holds (seats) and those the replay cannot place.
   */
  function adopt(call: MockCall, answer: unknown, scenario: string, step: string): void {
    const template = index.byScenario.get(scenario)?.find((c) => c.id === step);
    if (!template || !isRecord(call.body)) return;
    const body = call.body;
    const state = memory.caller(callerKey(call.headers['developer-token'], body.Login));
    const handed = planOf(index, template).ids.map((site) => ({ site, key: site.at[site.at.length - 1], value: getAt(answer, site.at) }));
    if (template.operation === SEARCH) {
      const criteria: Json = {};
      for (const f of [...PLACES, ...DATES, ...COUNTS]) if (body[f] !== undefined) criteria[f] = body[f];
      const record: Search = { template, criteria, trips: new Map(), ids: new Set() };
      for (const { site, key, value } of handed) {
        const leg = site.at[0];
        if (typeof leg !== 'string') continue;
        if (key === 'IdentificacaoDaViagem' && typeof value === 'string') record.trips.set(value, { leg, index: Number(site.at[1]) });
        else if (key === 'Id' && typeof value === 'number') record.ids.add(value);
      }
      if (record.trips.size > 0) memory.addSearch(state, record);
      return;
    }
    if (template.operation === BOOK) {
      const found = typeof body.IdentificacaoDaViagem === 'string' ? state.tokens.get(body.IdentificacaoDaViagem) : undefined;
      const locator = handed.find((h) => h.key === 'Localizador' && typeof h.value === 'string')?.value;
      if (!found || typeof locator !== 'string') return;
      const fresh = new Map<string | number, string | number>();
      for (const { site, value } of handed)
        if (site.whole !== undefined && (typeof value === 'string' || typeof value === 'number')) fresh.set(site.whole, value);
      memory.addBooking(state, { locator, search: found, template, request: held(body), state: 'booked', fresh, tickets: [] });
      return;
    }
    const booking = typeof body.Localizador === 'string' ? memory.booking(state, body.Localizador) : undefined;
    if (!booking) return;
    if (template.operation === ISSUE) {
      booking.tickets = handed.filter((h) => h.site.generic.endsWith('Bilhetes[].Numero')).map((h) => String(h.value));
      for (const t of booking.tickets) state.tickets.set(t, booking);
      booking.state = 'issued';
    } else if (template.operation === CANCEL) booking.state = 'cancelled';
  }

  return {
    respond,
    adopt,
    reset: () => memory.reset(),
    get size() {
      return memory.size;
    },
  };
}

/** A value a booking holds, cut to this many characters: a name longer than this is no name, and the state stays bounded. */
const HELD_CHARS = 256;

/** What a booking keeps of its Reservar: the trip and the passengers' scalar values, bounded (LIMITS.statefulPassengers). */
function held(body: Json): Json {
  const passengers = Array.isArray(body.Passageiros) ? body.Passageiros.filter(isRecord).slice(0, LIMITS.statefulPassengers) : [];
  return {
    IdentificacaoDaViagem: body.IdentificacaoDaViagem,
    Passageiros: passengers.map((p) =>
      Object.fromEntries(
        Object.entries(p)
          .filter(([, v]) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
          .map(([k, v]) => [k, typeof v === 'string' ? v.slice(0, HELD_CHARS) : v]),
      ),
    ),
  };
}

/** Passenger keys whose value in Reservar's captured answer equals the passenger sent at the same place, in every capture that has both. */
function passengerEchoes(captures: readonly Capture[]): Set<string> {
  const verdict = new Map<string, boolean>();
  for (const c of captures.filter(answered)) {
    const sent = Array.isArray(c.request.Passageiros) ? c.request.Passageiros : [];
    const reservas = Array.isArray(c.response.Reservas) ? c.response.Reservas : [];
    for (const r of reservas.filter(isRecord)) {
      const got = Array.isArray(r.Passageiros) ? r.Passageiros : [];
      got.forEach((p, i) => {
        const s = sent[i];
        if (!isRecord(p) || !isRecord(s)) return;
        for (const [k, v] of Object.entries(s)) {
          if (!(k in p) || (typeof v !== 'string' && typeof v !== 'number')) continue;
          verdict.set(k, (verdict.get(k) ?? true) && p[k] === v);
        }
      });
    }
  }
  return new Set([...verdict].filter(([, ok]) => ok).map(([k]) => k));
}
