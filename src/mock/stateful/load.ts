// The stateful observed mock of the package at rootDir, for the doors that have no flows
// document of their own (the MSW handlers in Node): the captured flows and their lineage, read
// as `mock --flows` reads them.
import { PACKAGE_ROOT } from '../../lib/layout.ts';
import { readFlows } from '../flows/load.ts';
import { createStatefulResponder, type StatefulOptions, type StatefulResponder } from './responder.ts';

export function loadStateful(rootDir: string = PACKAGE_ROOT, options: StatefulOptions = {}): StatefulResponder {
  const { scenarios, lineage } = readFlows(rootDir);
  return createStatefulResponder(scenarios, lineage, options);
}
