// The contributor's loop swaps the mock's contract in place (`reload()`, which `npm run dev`
// calls after each rebuild): a flow under way keeps its state across the swap.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startMock, type RunningMock } from '../../src/mock/server.ts';
import { rootDir } from '../support/bundle.ts';
import { flow, scenarios } from './support.ts';

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ rootDir, flows: true, port: 0, logLevel: 'silent' });
}, 60_000);
afterAll(async () => {
  await mock?.close();
});

test('a flow under way keeps its booking across a swap of the contract', async () => {
  const name = 'cenario4-adulto-bebe-idavolta-nacional-cartao';
  const ids = scenarios.find((s) => s.name === name)?.steps.map((s) => s.id) ?? [];
  const f = flow(mock.url, name);
  for (const id of ids.slice(0, ids.indexOf('04-Reservar') + 1)) expect((await f.step(id)).headers.get('x-mock-flows'), id).toBe('replay');
  await mock.reload();
  // The next step needs this flow's Reservar: it is replayed, so the flow's state survived.
  const next = await f.step('05-IniciarEmissao');
  expect(next.headers.get('x-mock-flows')).toBe('replay');
  expect(next.headers.get('x-mock-flows-flow')).toBeTruthy();
});
