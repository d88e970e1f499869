// What the stateful observed mock (`mock --observed --flows`) costs beside the stateless one
// (`mock --observed`), issue 59; `npm run bench -- --only stateful` prints its rows.
// - Server CPU per call: each mock in its own process, the same booking flow sent to both by
//   a fixed number of callers from this process (a V2 search no capture holds, then Tarifar
//   and Reservar of its first trip, the identifiers taken from each answer), the mock's CPU
//   read from /proc; the sides alternate round by round, each round starting with the other,
//   and the ratio is taken within each round. The stateless mock answers its pre-rendered
//   examples to the same calls (the identifiers it hands out are its example's).
// - Heap of the responder's state after 1,000 and after 10,000 bookings by 2,000 callers, and
//   with every bound of src/lib/limits.ts filled, in child processes started with
//   `--expose-gc` (stateful-state.ts): `npm run bench` itself runs without it.
import { gcChild } from './gc-child.ts';
import path from 'node:path';
import { LIMITS } from '../../src/lib/limits.ts';
import { summarise, type Figure } from '../lib/stats.ts';
import { cpuMs, shiftedRounds, startProcess, type Server } from './mock.ts';
import { BOOKINGS, CALLERS, type CeilingFigures, FIRST, type StateFigures } from './stateful-state.ts';

const SEARCH = { Origem: 'GRU', Destino: 'GIG', DataIda: '2026-09-14', QuantidadeAdultos: 1 };
const CREDENTIALS = { Login: 'agencia', Senha: 's3gredo' };
const PASSENGERS = [{ Nome: 'XAVIER', Sobrenome: 'YZ', FaixaEtaria: 'ADT', Sexo: 'F', Linha: '1' }];
/** Callers sending flows at once: with a two-core machine, more only queues them. */
const CONCURRENCY = 4;
/** Flows (three calls each) per side and round: 1,500 calls, some 30 to 90 of /proc's 10 ms ticks of the mock's CPU. */
const FLOWS = 500;
/** Distinct callers (developer tokens) the flows cycle through, fewer than LIMITS.statefulCallers so none is forgotten mid-flow. */
const TOKENS = 64;
/** As mock.ts: ten short rounds, so the machine's drift lands inside fewer ratios. */
const ROUNDS = 10;

interface FlowRound {
  calls: number;
  non200: number;
  /** The mock's CPU (user and system) per call, µs. */
  cpuPerCallUs: number;
  /** This process's CPU per call (the callers' fetches), µs: what the old in-process figure added to both sides. */
  clientCpuPerCallUs: number;
  /** Answer bytes per call. */
  bytesPerCall: number;
}

interface Answer {
  status: number;
  bytes: number;
  body: Record<string, unknown> | undefined;
}

async function post(url: string, operation: string, token: string, body: Record<string, unknown>): Promise<Answer> {
  const r = await fetch(`${url}/api/V2/Voos/${operation}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'developer-token': token, 'developer-access-code': 'QUJD' },
    body: JSON.stringify({ ...CREDENTIALS, ...body }),
  });
  const text = await r.text();
  return {
    status: r.status,
    bytes: Buffer.byteLength(text),
    body: r.status === 200 ? (JSON.parse(text) as Record<string, unknown>) : undefined,
  };
}

/** `flows` booking flows from CONCURRENCY callers at a time; each flow's calls thread the identifiers its answers hand out. */
async function flowRound(server: Server, flows: number, round: number): Promise<FlowRound> {
  let calls = 0;
  let non200 = 0;
  let bytes = 0;
  const counted = (answer: Answer) => {
    calls++;
    bytes += answer.bytes;
    if (answer.status !== 200) non200++;
    return answer.body;
  };
  let next = 0;
  const worker = async () => {
    while (next < flows) {
      const i = next++;
      // The same callers on both sides, round by round: the stateful side keeps them all (TOKENS < LIMITS.statefulCallers).
      const token = `00000000-0000-4000-8000-${String((round * flows + i) % TOKENS).padStart(12, '0')}`;
      const search = counted(await post(server.url, 'Disponibilidade', token, SEARCH));
      const trip = (search?.ViagensTrecho1 as Array<Record<string, unknown>> | undefined)?.[0];
      counted(await post(server.url, 'Tarifar', token, { IdentificacaoDaViagem: trip?.IdentificacaoDaViagem, ViagemIda: trip?.Id }));
      counted(await post(server.url, 'Reservar', token, { IdentificacaoDaViagem: trip?.IdentificacaoDaViagem, Passageiros: PASSENGERS }));
    }
  };
  const before = await cpuMs(server.pid);
  const client = process.cpuUsage();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const used = process.cpuUsage(client);
  return {
    calls,
    non200,
    cpuPerCallUs: (((await cpuMs(server.pid)) - before) * 1000) / calls,
    clientCpuPerCallUs: (used.user + used.system) / calls,
    bytesPerCall: bytes / calls,
  };
}

/** stateful-state.ts in a process of its own with `--expose-gc`: only the responder's state on its heap. */
const child = <T>(rootDir: string, mode: 'flat' | 'bounds'): Promise<T> => gcChild<T>(rootDir, 'scripts/bench/stateful-state.ts', [mode]);

type Side = 'stateless' | 'stateful';

export interface StatefulFigures {
  /** Mock CPU per call (µs): stateless observed, stateful, and stateful / stateless round by round. */
  cpu: { stateless: Figure; stateful: Figure; ratio: Figure };
  /** Mock and callers' CPU together per call (µs), stateful / stateless round by round: the old in-process measure. */
  withClientRatio: Figure;
  /** Answer bytes per call, per side (the median round). */
  bytesPerCall: Record<Side, number>;
  /** Calls per side and round; calls answered other than 200 over all rounds, per side. */
  callsPerRound: number;
  non200: Record<Side, number>;
  rounds: number;
  flows: number;
  concurrency: number;
  tokens: number;
  /** Heap of the state (bytes), one child process per run; after-10k / after-1k per run. */
  state: { at1k: Figure; at10k: Figure; ratio: Figure; size1k: StateFigures['size1k']; size10k: StateFigures['size10k'] };
  /** The state filled to every bound, one run. */
  ceiling: CeilingFigures;
  bookings: { first: number; all: number; callers: number };
  /** The bounds the state keeps (src/lib/limits.ts). */
  bounds: { callers: number; searches: number; bookings: number; passengers: number };
}

export async function benchStateful(rootDir: string, runs: number): Promise<StatefulFigures> {
  const cli = path.join(rootDir, 'src/cli/main.ts');
  const stateless = await startProcess([cli, 'mock', '--port', '0', '--log', 'silent', '--observed'], rootDir);
  let stateful: Server | undefined;
  try {
    stateful = await startProcess([cli, 'mock', '--port', '0', '--log', 'silent', '--observed', '--flows'], rootDir);
    // One round each, unmeasured: the first calls (JIT, the validators' first use) would land on whichever side starts.
    for (const server of [stateless, stateful]) await flowRound(server, FLOWS, 0);
    const measured: Record<Side, FlowRound[]> = { stateless: [], stateful: [] };
    const measure = (server: Server, side: Side) => async () => {
      const r = await flowRound(server, FLOWS, measured[side].length + 1);
      measured[side].push(r);
      return r.cpuPerCallUs;
    };
    const rounds = Math.max(runs, ROUNDS);
    // Each round starts with the other side: a drift of the shared machine, or a side's place in the round, lands on both.
    const sides = await shiftedRounds(rounds, [measure(stateless, 'stateless'), measure(stateful, 'stateful')]);
    const withClient = measured.stateful.map(
      (r, i) => (r.cpuPerCallUs + r.clientCpuPerCallUs) / (measured.stateless[i]!.cpuPerCallUs + measured.stateless[i]!.clientCpuPerCallUs),
    );
    const flat: StateFigures[] = [];
    for (let i = 0; i < runs; i++) flat.push(await child<StateFigures>(rootDir, 'flat'));
    const ceiling = await child<CeilingFigures>(rootDir, 'bounds');
    return {
      cpu: { stateless: sides.figures[0]!, stateful: sides.figures[1]!, ratio: sides.ratioOf(1, 0) },
      withClientRatio: summarise(withClient),
      bytesPerCall: {
        stateless: summarise(measured.stateless.map((r) => r.bytesPerCall)).median,
        stateful: summarise(measured.stateful.map((r) => r.bytesPerCall)).median,
      },
      callsPerRound: measured.stateless[0]!.calls,
      non200: {
        stateless: measured.stateless.reduce((n, r) => n + r.non200, 0),
        stateful: measured.stateful.reduce((n, r) => n + r.non200, 0),
      },
      rounds,
      flows: FLOWS,
      concurrency: CONCURRENCY,
      tokens: TOKENS,
      state: {
        at1k: summarise(flat.map((s) => s.at1k)),
        at10k: summarise(flat.map((s) => s.at10k)),
        ratio: summarise(flat.map((s) => s.at10k / s.at1k)),
        size1k: flat[0]!.size1k,
        size10k: flat[0]!.size10k,
      },
      ceiling,
      bookings: { first: FIRST, all: BOOKINGS, callers: CALLERS },
      bounds: {
        callers: LIMITS.statefulCallers,
        searches: LIMITS.statefulSearches,
        bookings: LIMITS.statefulBookings,
        passengers: LIMITS.statefulPassengers,
      },
    };
  } finally {
    await stateless.stop();
    await stateful?.stop();
  }
}

if (import.meta.main) console.log(JSON.stringify(await benchStateful(process.cwd(), Number(process.env.BENCH_RUNS ?? 3)), null, 2));
