// Issue 59 from the packed package: the installed bin's `mock --observed --flows` as a real
// process, and a consumer script importing the installed `air-travel-api-contract/v2/observed`
// that books a trip of a search no capture holds, issues it once, and is refused another
// caller's locator: the stateful observed mock ships whole (dist, evidence/flows, the lineage).
// Then a TypeScript consumer, type-checked strict against the installed package's typed observed
// client with no cast, compiled and run: a V2 flow from a search no capture holds, two callers
// interleaved, and every refusal (an unknown identifier naming the field and the call that hands
// one out, a second Emitir, another caller's trip and locator).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { run, rootDir } from '../support/package.ts';
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

const CONSUMER = `// A booking flow an integrator writes against the typed observed client: no cast anywhere.
import { createV2ObservedClient, HttpStatusError } from 'air-travel-api-contract/v2/observed';

const baseUrl = process.argv[2] ?? '';

function caller(developerToken: string) {
  let last = new Headers();
  const client = createV2ObservedClient({
    baseUrl,
    developerToken,
    accessCode: 'QUJD',
    credentials: { Login: 'agencia', Senha: 's3gredo' },
    fetch: async (request: Request) => {
      const response = await fetch(request);
      last = response.headers;
      return response;
    },
  });
  return { client, header: (name: string): string | null => last.get(name) };
}

async function refusal(call: Promise<unknown>): Promise<{ status: number; detail: string }> {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof HttpStatusError)) throw error;
    const body = error.body;
    const detail = typeof body === 'object' && body !== null && 'detail' in body && typeof body.detail === 'string' ? body.detail : '';
    return { status: error.status, detail };
  }
  throw new Error('the call was answered, not refused');
}

// No capture searched GRU -> GIG for two adults on this day.
const SEARCH = { Origem: 'GRU', Destino: 'GIG', DataIda: '2026-09-14', QuantidadeAdultos: 2 };
const PASSENGERS = [
  { Nome: 'XAVIER', Sobrenome: 'YZ', FaixaEtaria: 'ADT', Sexo: 'F', Linha: '1' },
  { Nome: 'YARA', Sobrenome: 'YZ', FaixaEtaria: 'ADT', Sexo: 'M', Linha: '2' },
];
const a = caller('caller-a');
const b = caller('caller-b');
const searchA = await a.client.Disponibilidade(SEARCH);
const searchB = await b.client.Disponibilidade(SEARCH);
const tripA = searchA.ViagensTrecho1?.[1];
const tripB = searchB.ViagensTrecho1?.[0];
const tokenA = tripA?.IdentificacaoDaViagem ?? '';
const tokenB = tripB?.IdentificacaoDaViagem ?? '';
await a.client.Tarifar({ IdentificacaoDaViagem: tokenA, ViagemIda: tripA?.Id ?? 0 });
const bookedB = await b.client.Reservar({ IdentificacaoDaViagem: tokenB, Passageiros: PASSENGERS.slice(1) });
const bookedA = await a.client.Reservar({ IdentificacaoDaViagem: tokenA, Passageiros: PASSENGERS });
const locatorA = bookedA.Reservas?.[0]?.Localizador ?? '';
const locatorB = bookedB.Reservas?.[0]?.Localizador ?? '';
const issued = await a.client.Emitir({ Localizador: locatorA, Pagamento: { FormaDePagamento: 1 } });
const secondIssue = await refusal(a.client.Emitir({ Localizador: locatorA, Pagamento: { FormaDePagamento: 1 } }));
const secondIssueKind = a.header('x-mock-stateful');
const unknownTrip = await refusal(a.client.Tarifar({ IdentificacaoDaViagem: 'garbage', ViagemIda: 1 }));
const unknownTripHeaders = { field: a.header('x-mock-stateful-field'), from: a.header('x-mock-stateful-from') };
const otherTrip = await refusal(b.client.Reservar({ IdentificacaoDaViagem: tokenA, Passageiros: PASSENGERS }));
const otherTripField = b.header('x-mock-stateful-field');
const otherLocator = await refusal(b.client.Consultar({ Localizador: locatorA }));
const otherLocatorKind = b.header('x-mock-stateful');
const lookedA = await a.client.Consultar({ Localizador: locatorA });
const lookedB = await b.client.Consultar({ Localizador: locatorB });
console.log(
  JSON.stringify({
    origin: searchA.Origem?.CodigoIata,
    tokens: [tokenA, tokenB],
    locators: [locatorA, locatorB],
    tickets: (issued.Bilhetes ?? []).length,
    secondIssue: [secondIssue.status, secondIssueKind],
    unknownTrip: { ...unknownTrip, ...unknownTripHeaders },
    otherTrip: [otherTrip.status, otherTripField],
    otherLocator: [otherLocator.status, otherLocatorKind],
    statusA: lookedA.Reserva?.Status,
    namesA: (lookedA.Reserva?.Passageiros ?? []).map((p) => p?.Nome),
    statusB: lookedB.Reserva?.Status,
  }),
);
`;
const TSC = path.join(rootDir, 'node_modules', 'typescript', 'bin', 'tsc');

let mock: MockProcess;
let project: string;
let dir: string;
beforeAll(async () => {
  const install = await packedInstall();
  project = install.project;
  dir = await install.workDir('stateful');
  await writeFile(path.join(dir, 'flow.mjs'), SCRIPT);
  await writeFile(path.join(dir, 'consumer.ts'), CONSUMER);
  await writeFile(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noUncheckedIndexedAccess: true,
        exactOptionalPropertyTypes: true,
        skipLibCheck: false,
        target: 'ES2022',
        module: 'nodenext',
        moduleResolution: 'nodenext',
        lib: ['ES2023', 'DOM'],
        types: ['node'],
        typeRoots: [path.join(rootDir, 'node_modules', '@types')],
        outDir: 'out',
      },
      files: ['consumer.ts'],
    }),
  );
  // The compiled consumer is an ES module, as the installed project is.
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
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

test('a TypeScript consumer type-checks against the installed typed observed client with no cast, and runs the flow and every refusal', async () => {
  expect(CONSUMER).not.toMatch(/\bas (?!const\b)[A-Za-z{[(]|<[A-Z]\w*>\s*[\w(]|@ts-|: any\b/);
  const checked = await run(process.execPath, [TSC, '-p', 'tsconfig.json', '--pretty', 'false'], { cwd: dir });
  expect(`${checked.stdout}${checked.stderr}`).toBe('');
  expect(checked.code).toBe(0);
  const result = await run(process.execPath, [path.join(dir, 'out', 'consumer.js'), mock.url], { cwd: dir });
  expect(result.code, result.stderr).toBe(0);
  const out = JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
  expect(out).toMatchObject({
    origin: 'GRU',
    secondIssue: [409, 'already-issued'],
    unknownTrip: { status: 409, field: 'IdentificacaoDaViagem', from: 'Disponibilidade: ViagensTrecho1[].IdentificacaoDaViagem' },
    otherTrip: [409, 'IdentificacaoDaViagem'],
    otherLocator: [409, 'unknown-identifier'],
    statusA: 'Emitida',
    namesA: ['XAVIER', 'YARA'],
    statusB: 'Ativa',
  });
  const detail = String((out.unknownTrip as Record<string, unknown>).detail);
  expect(detail).toContain('IdentificacaoDaViagem');
  expect(detail).toContain('Disponibilidade: ViagensTrecho1[].IdentificacaoDaViagem');
  const [tokenA, tokenB] = out.tokens as string[];
  const [locatorA, locatorB] = out.locators as string[];
  expect(tokenA).not.toBe(tokenB);
  expect(locatorA).toMatch(/^[A-Z]{3}\d{3}$/);
  expect(locatorB).toMatch(/^[A-Z]{3}\d{3}$/);
  expect(locatorA).not.toBe(locatorB);
  expect(out.tickets).toBeGreaterThan(0);
  // The compiled file is what the consumer's source says, not a leftover of another run.
  expect(await readFile(path.join(dir, 'out', 'consumer.js'), 'utf8')).toContain('createV2ObservedClient');
}, 180_000);
