// `node --expose-gc scripts/bench/stateful.ts`: what the stateful observed mock costs.
// - CPU per call over HTTP, client and mock in this process: a V2 search no capture holds
//   against `startMock({ observed, flows })` (stateful) and the same call against
//   `startMock({ observed })` (stateless: its pre-rendered example), and their ratio;
// - heap of the responder's state after 1,000 and after 10,000 bookings by 2,000 callers
//   (flat: the bounds of src/lib/limits.ts evict the least recently used).
// No target: figures for docs/flows.md and the report.
import { startMock } from '../../src/mock/server.ts';
import { createStatefulResponder } from '../../src/mock/stateful/responder.ts';
import { readLineage } from '../../src/scenarios/lineage.ts';
import { readScenarios } from '../../src/scenarios/read.ts';

const rootDir = process.cwd();
const SEARCH = { Login: 'agencia', Senha: 's3gredo', Origem: 'GRU', Destino: 'GIG', DataIda: '2026-09-14', QuantidadeAdultos: 1 };
const headers = { 'content-type': 'application/json', 'developer-token': 'bench', 'developer-access-code': 'QUJD' };
const gc = (globalThis as { gc?: () => void }).gc;

async function cpuPerCall(url: string, n: number): Promise<number> {
  const send = async () => {
    const r = await fetch(`${url}/api/V2/Voos/Disponibilidade`, { method: 'POST', headers, body: JSON.stringify(SEARCH) });
    await r.arrayBuffer();
  };
  for (let i = 0; i < 50; i++) await send();
  const started = process.cpuUsage();
  for (let i = 0; i < n; i++) await send();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000 / n;
}

const N = 400;
const stateless = await startMock({ port: 0, observed: true, logLevel: 'silent' });
const stateful = await startMock({ port: 0, observed: true, flows: true, logLevel: 'silent' });
const plain = await cpuPerCall(stateless.url, N);
const withState = await cpuPerCall(stateful.url, N);
await Promise.all([stateless.close(), stateful.close()]);
console.log(
  `V2 search no capture holds, CPU/call (client and mock in one process): stateless observed ${plain.toFixed(3)} ms | stateful ${withState.toFixed(3)} ms | ratio ${(withState / plain).toFixed(2)}`,
);

const responder = createStatefulResponder(readScenarios(rootDir), readLineage(rootDir));
const call = (operation: string, body: Record<string, unknown>, caller: string) =>
  responder.respond({
    family: 'v2-pt',
    operation,
    method: 'POST',
    path: `/api/V2/Voos/${operation}`,
    body,
    headers: { 'developer-token': caller },
  });
function book(i: number): void {
  const caller = `c${i % 2_000}`;
  const search = call('Disponibilidade', SEARCH, caller) as { body: { ViagensTrecho1: Array<{ IdentificacaoDaViagem: string }> } };
  call(
    'Reservar',
    { ...SEARCH, IdentificacaoDaViagem: search.body.ViagensTrecho1[0]?.IdentificacaoDaViagem, Passageiros: [{ Nome: 'XAVIER' }] },
    caller,
  );
}
const heap = () => {
  gc?.();
  return process.memoryUsage().heapUsed;
};
const base = heap();
for (let i = 0; i < 1_000; i++) book(i);
const at1k = heap() - base;
for (let i = 1_000; i < 10_000; i++) book(i);
const at10k = heap() - base;
const mib = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MiB`;
console.log(
  `state after 1,000 bookings: ${gc ? mib(at1k) : 'run with --expose-gc'} | after 10,000 by 2,000 callers: ${gc ? mib(at10k) : '-'} | ${JSON.stringify(responder.size)}`,
);
