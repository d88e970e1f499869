// The certification flows, replayed: a responder (../responder.ts) that answers a call
// matching a captured step with that step's answer, and keeps each flow consistent from
// search to cancel.
// - A step is matched by operation and by its identifying fields: the search criteria,
//   and every field the lineage threads (trip token and ids, locator, ticket).
// - Each flow gets its own identifiers: a captured trip token, locator or ticket number in
//   an answer is replaced by a fresh random one of its shape (ids.ts), remembered for that
//   flow; a later call carrying it is read back as the captured value and belongs to that
//   flow. Two flows of one scenario at once therefore never share state.
// - A flow belongs to its caller (developer token and Login): another caller's identifier
//   is unknown to this one, answered as any identifier no flow handed out.
// - A booking is issued once: a second Emitir of it is refused (no capture shows one).
// - A flow moves forward only as the capture did: a step is replayed when every booking
//   change captured before it (Reservar, Emitir, Cancelar) on the same booking (sharing a
//   trip token or locator with it) has been replayed in this flow and none captured after
//   it has (so no Consultar shows the booking after Cancelar, and none shows a ticket
//   before Emitir).
// - A call no flow can place (no capture matches it, it comes out of order, it carries the
//   capture's own identifier instead of one a flow handed out, or its flow was forgotten)
//   is refused with 409 and headers saying why: an answer that looked like a booking would
//   hold identifiers no flow handed out.
// - State is in memory, at most `maxFlows` flows (least recently used dropped first),
//   and `reset()` (or the header `x-mock-flows-reset: all`) forgets every flow.
// - A booking this flow already made, asked again, is answered with the captured answer
//   holding the repeated-booking message, when the observed flavour records that
//   behaviour (`repeatedBooking`; ../behaviours.ts) and a capture holds its message.
import type { Lineage } from '../../scenarios/lineage.ts';
import type { Scenario } from '../../scenarios/read.ts';
import type { MockCall, MockDecision, MockResponder } from '../responder.ts';
import { type FlowRole, operationWithRole } from '../../lib/contract-index.ts';
import { isRecord as isObject } from '../../lib/json.ts';
import type { ObservedBehaviour } from '../../lib/observed-behaviours.ts';
import { BEHAVIOUR_HEADER } from '../behaviours.ts';
import { genericPath, leaves } from '../stateful/paths.ts';
import { mintIdentifier } from './ids.ts';

/** The route family the captures were taken on (evidence/flows/README.md): `AereoNoSession.svc`. */
export const CAPTURED_FAMILY = 'legacy';
/** The captured route's operation with a flow role (`x-flow-role`, in the observed legacy flavour the captures type). */
function stepOf(role: FlowRole): string {
  return operationWithRole(`${CAPTURED_FAMILY}-observed`, role);
}
/** Operations whose captured answer means the booking changed. */
const BOOKING_CHANGES = new Set((['book', 'issue', 'cancel'] as const).map((role) => stepOf(role)));
/** Changes a booking takes once: a second one is refused, not replayed. */
const ISSUED_ONCE = new Set([stepOf('issue')]);
/** Search criteria: what identifies a search step. */
const CRITERIA = ['Origem', 'Destino', 'DataIda', 'DataVolta', 'QuantidadeAdultos', 'QuantidadeCriancas', 'QuantidadeBebes', 'Sistema'];
const SEARCHES = new Set([stepOf('search-systems'), stepOf('search')]);

export const HEADERS = {
  reset: 'x-mock-flows-reset',
  scenario: 'x-mock-flows-scenario',
  step: 'x-mock-flows-step',
  flow: 'x-mock-flows-flow',
  match: 'x-mock-flows',
  nearest: 'x-mock-flows-nearest',
  differs: 'x-mock-flows-differs',
  reason: 'x-mock-flows-reason',
  /** Other scenarios whose capture matches the call as well (send `x-mock-flows-scenario` to choose). */
  others: 'x-mock-flows-also',
} as const;

export interface FlowsResponderOptions {
  /** Flows remembered at once; the least recently used is forgotten first. Default 512. */
  maxFlows?: number;
}

export interface FlowsResponder {
  respond: MockResponder;
  /** Forgets every flow and every identifier handed out. */
  reset(): void;
  /** Flows remembered now. */
  readonly size: number;
}

interface Step {
  scenario: string;
  index: number;
  id: string;
  operation: string;
  request: Record<string, unknown>;
  response: Record<string, unknown>;
}

interface Flow {
  id: string;
  scenario: string;
  /** Index of the step that started it: booking changes captured before it are not asked for. */
  start: number;
  replayed: Set<number>;
  /** Captured value -> the fresh one this flow handed out. */
  fresh: Map<string, string>;
  /** The caller it belongs to (callerOf). */
  owner: string;
}

type Json = unknown;
type Container = Record<string, unknown> | unknown[];

/** Paths of every string in `value` that holds one of `originals`. */
function sitesOf(
  value: unknown,
  originals: readonly string[],
  at: Array<string | number> = [],
  out: Array<Array<string | number>> = [],
): Array<Array<string | number>> {
  if (originals.length === 0) return out;
  if (typeof value === 'string') {
    if (originals.some((o) => value.includes(o))) out.push(at);
  } else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) sitesOf(v, originals, [...at, i], out);
  } else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) sitesOf(v, originals, [...at, k], out);
  }
  return out;
}

/** Who calls: the developer token and the Login, so one integrator's flows are not another's. */
function callerOf(call: MockCall): string {
  const login = isObject(call.body) && typeof call.body.Login === 'string' ? call.body.Login : '';
  return JSON.stringify([call.headers['developer-token'] ?? '', login]);
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A header value of visible ASCII only (names of scenarios, steps and fields are). */
function headerSafe(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?').slice(0, 512);
}

export function createFlowsResponder(
  scenarios: Scenario[],
  lineage: Lineage,
  options: FlowsResponderOptions = {},
  repeatedBooking?: ObservedBehaviour,
): FlowsResponder {
  const maxFlows = Math.max(1, options.maxFlows ?? 512);
  const steps: Step[] = scenarios.flatMap((s) =>
    s.steps.map((st, index) => ({
      scenario: s.name,
      index,
      id: st.id,
      operation: st.operation,
      request: st.request,
      response: st.response,
    })),
  );
  const byScenario = new Map(scenarios.map((s) => [s.name, steps.filter((st) => st.scenario === s.name)]));
  // Fields that identify a step of each operation: the criteria of searches, the threaded fields of the rest.
  const identifying = new Map<string, string[]>();
  for (const step of steps) identifying.set(step.operation, SEARCHES.has(step.operation) ? [...CRITERIA] : []);
  for (const { steps: ls } of lineage.scenarios) {
    for (const st of ls) {
      const fields = identifying.get(st.operation) ?? [];
      for (const f of [...st.threads.map((t) => t.field), ...st.gaps]) if (!fields.includes(f)) fields.push(f);
      identifying.set(st.operation, fields);
    }
  }
  // Captured values that are handed out: every value a later request threads.
  const handedOut = new Set<string>();
  for (const { name, steps: ls } of lineage.scenarios) {
    const scenario = byScenario.get(name) ?? [];
    ls.forEach((st, i) => {
      for (const f of [...st.threads.map((t) => t.field), ...st.gaps]) {
        const value = scenario[i]?.request[f];
        if (typeof value === 'string') handedOut.add(value);
      }
    });
  }
  // Every other value at a path the lineage hands out from (each trip of a search, not only the
  // one a capture priced): the replay mints it too, so no answer hands a caller a captured trip.
  const sourcePaths = new Map<string, Set<string>>();
  for (const t of lineage.scenarios.flatMap((s) => s.steps.flatMap((st) => st.threads)))
    sourcePaths.set(t.fromOperation, (sourcePaths.get(t.fromOperation) ?? new Set<string>()).add(t.fromField));
  for (const step of steps) {
    const paths = sourcePaths.get(step.operation);
    if (paths)
      for (const [at, value] of leaves(step.response)) if (typeof value === 'string' && paths.has(genericPath(at))) handedOut.add(value);
  }
  const handedOutList = [...handedOut];
  // The fields each step takes from an earlier captured answer of its scenario (gaps excluded: no captured step hands those out).
  const threadedFields = new Map<Step, string[]>();
  for (const { name, steps: ls } of lineage.scenarios) {
    const scenario = byScenario.get(name) ?? [];
    ls.forEach((st, i) => {
      const step = scenario[i];
      if (step)
        threadedFields.set(
          step,
          st.threads.map((t) => t.field),
        );
    });
  }
  // The handed-out values each captured answer holds: replaying a step with any starts a flow.
  const originalsIn = new Map(steps.map((s) => [s, handedOutList.filter((v) => JSON.stringify(s.response).includes(v))] as const));
  // Where in each answer they stand, so a replay copies only the objects on the way to them.
  const sitesIn = new Map(steps.map((s) => [s, sitesOf(s.response, originalsIn.get(s) ?? [])] as const));
  // What ties steps of one booking together: the identifiers a step sends and those its answer hands out.
  const keys = new Map(
    steps.map((s) => {
      const sent = (identifying.get(s.operation) ?? [])
        .filter((f) => !CRITERIA.includes(f) && s.request[f] !== undefined)
        .map((f) => String(s.request[f]));
      return [s, new Set([...sent, ...(originalsIn.get(s) ?? [])])] as const;
    }),
  );
  const related = (a: Step, b: Step) => [...(keys.get(a) ?? [])].some((k) => keys.get(b)?.has(k));
  // The captured answer that holds the repeated-booking message: what a repeated booking gets.
  const alike = repeatedBooking?.message
    ? steps.find((s) => {
        const exception = s.response.Exception;
        return repeatedBooking.operations.includes(s.operation) && isObject(exception) && exception.Message === repeatedBooking.message;
      })
    : undefined;

  let flows = new Map<string, Flow>();
  let freshIndex = new Map<string, { flow: string; original: string }>();
  // Identifiers of flows dropped by the bound and their callers, so a late call is told its flow was forgotten (bounded in turn).
  let evicted = new Map<string, string>();
  const maxEvicted = 16 * maxFlows;
  let flowCount = 0;

  function forget(flow: Flow): void {
    flows.delete(flow.id);
    for (const value of flow.fresh.values()) freshIndex.delete(value);
  }

  function newFlow(scenario: string, start: number, owner: string): Flow {
    while (flows.size >= maxFlows) {
      const oldest = flows.values().next().value as Flow;
      for (const value of oldest.fresh.values()) evicted.set(value, oldest.owner);
      for (const value of evicted.keys()) {
        if (evicted.size <= maxEvicted) break;
        evicted.delete(value);
      }
      forget(oldest);
    }
    const flow: Flow = { id: `f${(++flowCount).toString(36)}`, scenario, start, replayed: new Set(), fresh: new Map(), owner };
    flows.set(flow.id, flow);
    return flow;
  }

  function touch(flow: Flow): void {
    flows.delete(flow.id);
    flows.set(flow.id, flow);
  }

  function freshFor(flow: Flow, original: string): string {
    let value = flow.fresh.get(original);
    if (value === undefined) {
      value = mintIdentifier(original, (v) => freshIndex.has(v) || evicted.has(v) || handedOut.has(v));
      flow.fresh.set(original, value);
      freshIndex.set(value, { flow: flow.id, original });
    }
    return value;
  }

  /** The captured answer with this flow's identifiers in place of the captured ones; the capture itself is never changed. */
  function rewrite(step: Step, flow: Flow): Json {
    const originals = originalsIn.get(step) ?? [];
    const replace = (text: string) =>
      originals.reduce((t, original) => (t.includes(original) ? t.split(original).join(freshFor(flow, original)) : t), text);
    const copies = new Map<Container, Container>();
    const copyOf = (node: Container): Container => {
      let copy = copies.get(node);
      if (!copy) copies.set(node, (copy = Array.isArray(node) ? [...node] : { ...node }));
      return copy;
    };
    const root = copyOf(step.response);
    for (const site of sitesIn.get(step) ?? []) {
      let source: Container = step.response;
      let target = root;
      for (const key of site.slice(0, -1)) {
        const child = (source as Record<string | number, unknown>)[key] as Container;
        const copy = copyOf(child);
        (target as Record<string | number, unknown>)[key] = copy;
        source = child;
        target = copy;
      }
      const last = site[site.length - 1] as string | number;
      (target as Record<string | number, unknown>)[last] = replace(String((source as Record<string | number, unknown>)[last]));
    }
    return root;
  }

  function differences(step: Step, body: Record<string, unknown>): string[] {
    return (identifying.get(step.operation) ?? []).filter((f) => !same(step.request[f], body[f]));
  }

  /** Why this flow cannot replay `step` now, or undefined when it can. */
  function blocked(flow: Flow, step: Step): string | undefined {
    const scenario = byScenario.get(flow.scenario) ?? [];
    const later = scenario.find(
      (s) => s.index > step.index && BOOKING_CHANGES.has(s.operation) && flow.replayed.has(s.index) && related(s, step),
    );
    if (later) return `this flow already ran ${later.id}; ${flow.scenario} has no capture of ${step.operation} after it`;
    const missing = scenario.find(
      (s) =>
        s.index < step.index &&
        s.index >= flow.start &&
        BOOKING_CHANGES.has(s.operation) &&
        !flow.replayed.has(s.index) &&
        related(s, step),
    );
    if (missing) return `${flow.scenario} captured ${step.id} after ${missing.id}, which this flow has not run`;
    return undefined;
  }

  function respond(call: MockCall): MockDecision | undefined {
    if (call.headers[HEADERS.reset] === 'all') reset();
    if (call.family !== CAPTURED_FAMILY || !identifying.has(call.operation) || !isObject(call.body)) return undefined;
    // Read this caller's identifiers back as the captured values; another caller's stay unknown.
    const caller = callerOf(call);
    let flow: Flow | undefined;
    const body: Record<string, unknown> = { ...call.body };
    for (const [key, value] of Object.entries(body)) {
      const known = typeof value === 'string' ? freshIndex.get(value) : undefined;
      const owned = known && flows.get(known.flow);
      if (!known || !owned || owned.owner !== caller) continue;
      body[key] = known.original;
      flow ??= owned;
    }
    if (!flow) {
      const stale = Object.entries(body).find(([, value]) => typeof value === 'string' && evicted.get(value) === caller);
      if (stale) {
        return refusal(
          'evicted',
          `the flow that handed out this ${stale[0]} was forgotten: the mock keeps the ${maxFlows} most recently used flows and drops the oldest; start the flow again from its first step`,
          {},
        );
      }
    }
    const pinned = call.headers[HEADERS.scenario];
    const pool = (flow ? byScenario.get(flow.scenario) : pinned ? byScenario.get(pinned) : undefined) ?? steps;
    const candidates = pool.filter((s) => s.operation === call.operation);
    const matches = candidates.filter((s) => differences(s, body).length === 0);
    if (matches.length === 0) {
      const all = steps.filter((s) => s.operation === call.operation);
      const ranked = (candidates.length > 0 ? candidates : all)
        .map((s) => ({ s, d: differences(s, body) }))
        .sort((a, b) => a.d.length - b.d.length);
      const nearest = ranked[0];
      if (!nearest) return undefined;
      return refusal(
        'no-match',
        `no captured ${call.operation} has these ${nearest.d.join(', ')}; the nearest capture is step ${nearest.s.id} of ${nearest.s.scenario}`,
        {
          [HEADERS.nearest]: headerSafe(`${nearest.s.scenario}/${nearest.s.id}`),
          [HEADERS.differs]: headerSafe(nearest.d.join(', ')),
        },
      );
    }
    // Within a flow, the first step not replayed yet (a scenario may search or price twice).
    const current = flow;
    const step = (current && matches.find((s) => !current.replayed.has(s.index))) ?? (matches[0] as Step);
    if (flow && ISSUED_ONCE.has(step.operation) && flow.replayed.has(step.index)) {
      return refusal(
        'already-issued',
        `this flow already ran ${step.id} for this booking; ${flow.scenario} captured one ${step.operation} of it, and a booking is issued once`,
        { [HEADERS.nearest]: headerSafe(`${step.scenario}/${step.id}`), [HEADERS.flow]: flow.id },
      );
    }
    if (flow) {
      const why = blocked(flow, step);
      if (why)
        return refusal('out-of-order', why, { [HEADERS.nearest]: headerSafe(`${step.scenario}/${step.id}`), [HEADERS.flow]: flow.id });
      touch(flow);
      if (alike && repeatedBooking && flow.replayed.has(step.index) && repeatedBooking.operations.includes(step.operation)) {
        return {
          kind: 'answer',
          status: 200,
          body: alike.response,
          headers: {
            [HEADERS.match]: 'behaviour',
            [HEADERS.scenario]: alike.scenario,
            [HEADERS.step]: alike.id,
            [HEADERS.flow]: flow.id,
            [BEHAVIOUR_HEADER]: repeatedBooking.id,
          },
        };
      }
    } else {
      // The capture's own identifier, not one a flow handed out: replaying would start a flow mid-way.
      const captured = (threadedFields.get(step) ?? []).filter((f) => body[f] !== undefined);
      if (captured.length > 0) {
        const first = byScenario.get(step.scenario)?.[0];
        return refusal(
          'out-of-order',
          `this ${step.operation} carries the capture's own ${captured.join(', ')}, which no flow of this mock handed out; a flow gets its identifiers from its own earlier answers: start from ${first?.id ?? 'the first step'} of ${step.scenario}`,
          { [HEADERS.nearest]: headerSafe(`${step.scenario}/${step.id}`) },
        );
      }
    }
    if (!flow && (originalsIn.get(step) ?? []).length > 0) {
      flow = newFlow(step.scenario, step.index, caller);
    }
    flow?.replayed.add(step.index);
    const headers: Record<string, string> = { [HEADERS.match]: 'replay', [HEADERS.scenario]: step.scenario, [HEADERS.step]: step.id };
    // Two scenarios may have captured the same call with different answers: say which others match.
    const others = [...new Set(matches.map((s) => s.scenario).filter((name) => name !== step.scenario))];
    if (others.length > 0) headers[HEADERS.others] = headerSafe(others.join(', '));
    if (flow) headers[HEADERS.flow] = flow.id;
    return { kind: 'answer', status: 200, body: flow ? rewrite(step, flow) : step.response, headers };
  }

  function reset(): void {
    flows = new Map();
    freshIndex = new Map();
    evicted = new Map();
  }

  /** The mock's own 409: this call has no place in any flow; the headers and the detail say why. */
  function refusal(match: string, reason: string, headers: Record<string, string>): MockDecision {
    return {
      kind: 'refuse',
      status: 409,
      detail: `The flows mock cannot place this call in a flow (${match}): ${headerSafe(reason)}. It answers only what a capture shows.`,
      headers: { [HEADERS.match]: match, ...headers, [HEADERS.reason]: headerSafe(reason) },
    };
  }

  return {
    respond,
    reset,
    get size() {
      return flows.size;
    },
  };
}
