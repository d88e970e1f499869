// What `npm run mock -- --flows` serves: the captured scenarios (evidence/flows), their
// lineage as the build computed it (generated/flows/lineage.json), the responder that
// replays them and the captured route's document.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { Lineage } from '../../flows/lineage.ts';
import { readScenarios, type Scenario } from '../../flows/scenarios.ts';
import { capturedRouteDocument } from './route.ts';
import { createFlowsResponder, type FlowsResponder, type FlowsResponderOptions } from './replay.ts';

export const LINEAGE_PATH = 'generated/flows/lineage.json';
export const OBSERVED_BUNDLE = 'generated/v2-pt-observed/openapi.yaml';
/** Family id of the captured route's document in the mock. */
export const FLOWS_DOCUMENT_ID = 'legacy-flows';

export interface LoadedFlows {
  scenarios: Scenario[];
  lineage: Lineage;
  responder: FlowsResponder;
  /** The captured route, `AereoNoSession.svc/<Operation>`, for startMock's `documents`. */
  document: Record<string, unknown>;
}

export function readLineage(rootDir: string): Lineage {
  try {
    return JSON.parse(readFileSync(path.join(rootDir, LINEAGE_PATH), 'utf8')) as Lineage;
  } catch (error) {
    throw new Error(
      `The flows need ${LINEAGE_PATH}: run \`npm run build\` first (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`,
    );
  }
}

export function loadFlows(rootDir: string, options: FlowsResponderOptions = {}): LoadedFlows {
  const scenarios = readScenarios(rootDir);
  const lineage = readLineage(rootDir);
  const observed = parse(readFileSync(path.join(rootDir, OBSERVED_BUNDLE), 'utf8')) as Record<string, unknown>;
  const operations = [...new Set(scenarios.flatMap((s) => s.steps.map((st) => st.operation)))].sort();
  return {
    scenarios,
    lineage,
    responder: createFlowsResponder(scenarios, lineage, options),
    document: capturedRouteDocument(observed, operations),
  };
}
