// What the mock serves with `flows`: the captured scenarios (evidence/flows), their
// lineage as the build computed it (generated/flows/lineage.json), the responder that
// replays them and the captured route's document.
import { operationWithRole } from '../../lib/contract-index.ts';
import { LINEAGE_FILE } from '../../lib/layout.ts';
import { readLineage, type Lineage } from '../../scenarios/lineage.ts';
import { readScenarios, type Scenario } from '../../scenarios/read.ts';
import { type BehaviourChoice, repeatedBookingOf } from '../behaviours.ts';
import { StartError } from '../start-error.ts';
import { capturedRouteDocument } from './route.ts';
import { createFlowsResponder, type FlowsResponder, type FlowsResponderOptions, HEADERS } from './replay.ts';
import { createStatefulResponder, type StatefulResponder } from '../stateful/responder.ts';

/** Document id of the captured route in the mock. */
export const FLOWS_DOCUMENT_ID = 'legacy-flows';

export interface LoadedFlows {
  scenarios: Scenario[];
  lineage: Lineage;
  responder: FlowsResponder;
  /** With the observed flavours (`--observed --flows`): the stateful mock, answering any search on V2 and legacy. */
  stateful?: StatefulResponder;
  /** The captured route, `AereoNoSession.svc/<Operation>`, served beside the families. */
  document: Record<string, unknown>;
}

/** The scenarios and lineage of the package at rootDir, or a StartError saying which is missing. */
export function readFlows(rootDir: string): { scenarios: Scenario[]; lineage: Lineage } {
  let scenarios: Scenario[];
  try {
    scenarios = readScenarios(rootDir);
  } catch (error) {
    throw new StartError('MISSING_FILE', `The flows need the captured scenarios under evidence/flows: ${(error as Error).message}`);
  }
  try {
    return { scenarios, lineage: readLineage(rootDir) };
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new StartError('MISSING_FILE', `The flows need ${LINEAGE_FILE} (${why}): in a clone, run \`npm run build\` first.`);
  }
}

/** The operations the captures call, sorted: the captured route serves exactly these. */
export function capturedOperations(scenarios: readonly Scenario[]): string[] {
  return [...new Set(scenarios.flatMap((s) => s.steps.map((step) => step.operation)))].sort();
}

/**
 * The replay first, the stateful mock for what it cannot place: a call matching a captured step
 * is replayed as before, and what that answer handed out becomes this caller's in the stateful
 * mock (so its other trips are priced and booked there); one no capture matches (`no-match`) or
 * off the captured route (V2) is the stateful mock's. Every door with `observed` and `flows` asks this.
 */
export function layered(replay: FlowsResponder, stateful: StatefulResponder): FlowsResponder {
  return {
    respond(call) {
      // The MSW handlers and the MCP server name the observed flavour's document (`legacy-observed`); the replay knows the family.
      const own = { ...call, family: call.family.replace(/-observed$/, '') };
      const decision = replay.respond(own);
      if (decision === undefined || (decision.kind === 'refuse' && decision.headers[HEADERS.match] === 'no-match'))
        return stateful.respond(call) ?? decision;
      const scenario = decision.kind === 'answer' ? decision.headers?.[HEADERS.scenario] : undefined;
      const step = decision.kind === 'answer' ? decision.headers?.[HEADERS.step] : undefined;
      if (decision.kind === 'answer' && decision.headers?.[HEADERS.match] === 'replay' && scenario && step)
        stateful.adopt(own, decision.body, scenario, step);
      return decision;
    },
    reset() {
      replay.reset();
      stateful.reset();
    },
    get size() {
      return replay.size;
    },
  };
}

/** The flows over the v2-pt observed flavour's document (its path items serve the captured route); `stateful` adds the stateful mock. */
export function loadFlows(
  rootDir: string,
  observedV2: Record<string, unknown>,
  options: FlowsResponderOptions = {},
  behaviours: BehaviourChoice = true,
  stateful = false,
): LoadedFlows {
  const { scenarios, lineage } = readFlows(rootDir);
  const repeatedBooking = repeatedBookingOf(observedV2, operationWithRole('v2-pt-observed', 'book'), behaviours);
  const replay = createFlowsResponder(scenarios, lineage, options, repeatedBooking);
  const simulated = stateful ? createStatefulResponder(scenarios, lineage) : undefined;
  return {
    scenarios,
    lineage,
    responder: simulated ? layered(replay, simulated) : replay,
    ...(simulated ? { stateful: simulated } : {}),
    document: capturedRouteDocument(observedV2, capturedOperations(scenarios)),
  };
}
