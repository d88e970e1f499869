// `node scripts/bench/flows.ts`: what the flows responder costs, in this process.
// - memory of the flows state when full (maxFlows flows, each with its identifiers);
// - CPU per replay of the largest captured answer (rewritten with the flow's identifiers),
//   side by side with serializing that same answer, which any mock answering it must do;
// - CPU per call that matches no step (nearest scenario computed).
// Run with --expose-gc for the memory figure. No target: figures for docs/flows.md.
import { readScenarios } from '../../src/scenarios/read.ts';
import { readLineage } from '../../src/scenarios/lineage.ts';
import { createFlowsResponder } from '../../src/mock/flows/replay.ts';

const rootDir = process.cwd();
const scenarios = readScenarios(rootDir);
const lineage = readLineage(rootDir);
const steps = scenarios.flatMap((s) => s.steps.map((st) => ({ scenario: s.name, ...st })));
const largest = steps.reduce((a, b) => (JSON.stringify(b.response).length > JSON.stringify(a.response).length ? b : a));
const call = (operation: string, body: unknown, scenario?: string) => ({
  family: 'legacy',
  operation,
  method: 'post',
  path: `/AereoNoSession.svc/${operation}`,
  body,
  headers: scenario ? { 'x-mock-flows-scenario': scenario } : {},
});
const gc = (globalThis as { gc?: () => void }).gc;

function perCall(n: number, fn: (i: number) => unknown): number {
  for (let i = 0; i < Math.min(n, 50); i++) fn(i);
  const started = process.cpuUsage();
  for (let i = 0; i < n; i++) fn(i);
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000 / n;
}

const MAX = 512;
const full = createFlowsResponder(scenarios, lineage, { maxFlows: MAX });
gc?.();
const before = process.memoryUsage().heapUsed;
for (let i = 0; i < MAX * 2; i++) full.respond(call(largest.operation, largest.request, largest.scenario));
gc?.();
const after = process.memoryUsage().heapUsed;

const responder = createFlowsResponder(scenarios, lineage, { maxFlows: MAX });
const N = 400;
const replay = perCall(N, () =>
  JSON.stringify((responder.respond(call(largest.operation, largest.request, largest.scenario)) as { body: unknown }).body),
);
const serialize = perCall(N, () => JSON.stringify(largest.response));
const consultar = steps.find((s) => s.operation === 'Consultar');
const noMatch = perCall(N * 10, (i) => responder.respond(call('Consultar', { ...consultar?.request, Localizador: `NONE${i}` })));

const kb = (bytes: number) => `${Math.round(bytes / 1024)} KiB`;
console.log(`largest captured answer: ${largest.scenario}/${largest.id}, ${kb(JSON.stringify(largest.response).length)}`);
console.log(
  `flows state, ${full.size} flows (maxFlows ${MAX}, ${MAX * 2} started): ${gc ? kb(after - before) : 'run with --expose-gc'} of heap`,
);
console.log(
  `replay of that answer, serialized: ${replay.toFixed(3)} ms CPU/call | serializing the captured answer alone: ${serialize.toFixed(3)} ms | ratio ${(replay / serialize).toFixed(2)}`,
);
console.log(`a call matching no step (nearest computed): ${noMatch.toFixed(4)} ms CPU/call`);
