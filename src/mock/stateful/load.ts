// The stateful observed mock of the package at rootDir, for the doors that have no flows
// document of their own (the MSW handlers in Node, the MCP server): the captured flows and their
// lineage, read as `mock --flows` reads them, answered as `mock --observed --flows` answers.
import { readFileSync } from 'node:fs';
import { bundleFile, PACKAGE_ROOT } from '../../lib/layout.ts';
import type { BehaviourChoice } from '../behaviours.ts';
import { loadFlows, readFlows } from '../flows/load.ts';
import type { FlowsResponder } from '../flows/replay.ts';
import { createStatefulResponder, type StatefulOptions, type StatefulResponder } from './responder.ts';

const OBSERVED_V2 = 'v2-pt-observed';

export function loadStateful(rootDir: string = PACKAGE_ROOT, options: StatefulOptions = {}): StatefulResponder {
  const { scenarios, lineage } = readFlows(rootDir);
  return createStatefulResponder(scenarios, lineage, options);
}

/** The replay of exact captures layered over the stateful mock, as `mock --observed --flows` serves them: every door answers alike. */
export function loadObservedFlows(rootDir: string = PACKAGE_ROOT, behaviours: BehaviourChoice = true): FlowsResponder {
  const observedV2 = JSON.parse(readFileSync(bundleFile(rootDir, OBSERVED_V2), 'utf8')) as Record<string, unknown>;
  return loadFlows(rootDir, observedV2, {}, behaviours, true).responder;
}
