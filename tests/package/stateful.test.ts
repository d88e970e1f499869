// Issue 59 from the packed package: the installed bin's `mock --observed --flows` as a real
// process, and a consumer script importing the installed `air-travel-api-contract/v2/observed`
// that books a trip of a search no capture holds, issues it once, and is refused another
// caller's locator: the stateful observed mock ships whole (dist, evidence/flows, the lineage).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { run } from '../support/package.ts';
import { startServerProcess, type MockProcess } from '../support/mock-process.ts';
import { packedInstall } from '../support/shared-fixtures.ts';

const SCRIPT = `import { createV2ObservedClient } from 'air-travel-api-contract/v2/observed';
const [baseUrl] = process.argv.slice(2);
const client = (developerToken) =>
  createV2ObservedClient({ baseUrl, developerToken, accessCode: 'QUJD', credentials: { Login: 'agencia', Senha: 's3gredo' } });
const a = client('caller-a');
const search = await a.Disponibilidade({ Origem: 'GRU', Destino: 'GIG', DataIda: '2026-09-14', QuantidadeAdultos: 1 });
const trip = search.ViagensTrecho1[1];
const booked = await a.Reservar({ IdentificacaoDaViagem: trip.IdentificacaoDaViagem, Passageiros: [{ Nome: 'XAVIER', Sobrenome: 'YZ' }] });
const locator = booked.Reservas[0].Localizador;
await a.Emitir({ Localizador: locator, Pagamento: { FormaDePagamento: 1 } });
const status = async (call) => call.then(() => 200, (e) => e.status);
const again = await status(a.Emitir({ Localizador: locator, Pagamento: { FormaDePagamento: 1 } }));
const other = await status(client('caller-b').Consultar({ Localizador: locator }));
const looked = await a.Consultar({ Localizador: locator });
console.log(JSON.stringify({ origin: search.Origem.CodigoIata, locator, again, other, status: looked.Reserva.Status, name: looked.Reserva.Passageiros[0].Nome }));
`;

let mock: MockProcess;
let project: string;
let dir: string;
beforeAll(async () => {
  const install = await packedInstall();
  project = install.project;
  dir = await install.workDir('stateful');
  await writeFile(path.join(dir, 'flow.mjs'), SCRIPT);
  mock = await startServerProcess(
    path.join(project, 'node_modules', '.bin', 'air-travel-api-contract'),
    ['mock', '--observed', '--flows', '--port', '0'],
    {
      cwd: project,
    },
  );
}, 900_000);
afterAll(async () => {
  await mock?.stop();
});

test('the installed package books, issues once and scopes a booking to its caller, for a search no capture holds', async () => {
  const result = await run(process.execPath, [path.join(dir, 'flow.mjs'), mock.url], { cwd: dir });
  expect(result.code, result.stderr).toBe(0);
  const out = JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
  expect(out).toMatchObject({ origin: 'GRU', again: 409, other: 409, status: 'Emitida', name: 'XAVIER' });
  expect(String(out.locator)).toMatch(/^[A-Z]{3}\d{3}$/);
}, 120_000);
