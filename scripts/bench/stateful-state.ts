// Child of scripts/bench/stateful.ts, started with `--expose-gc` so the heap can be read
// collected, in a process of its own so nothing else the bench process holds lands in it.
// - `flat` (default): the heap the stateful responder's state holds after 1,000 and after
//   10,000 bookings (a search, then Reservar of its first trip) by 2,000 callers in turn;
// - `bounds`: the state filled to every bound of src/lib/limits.ts (each caller's bookings
//   made from searches of their own, each of the most passengers, every value of the most
//   characters a booking keeps): the most the state can hold.
// Prints one JSON line (StateFigures or CeilingFigures).
import { LIMITS } from '../../src/lib/limits.ts';
import type { MockDecision } from '../../src/mock/responder.ts';
import { createStatefulResponder } from '../../src/mock/stateful/responder.ts';
import { readLineage } from '../../src/scenarios/lineage.ts';
import { readScenarios } from '../../src/scenarios/read.ts';

type Size = { callers: number; bookings: number; searches: number };

export interface StateFigures {
  /** Heap used beyond the fresh responder's, gc'd (bytes). */
  at1k: number;
  at10k: number;
  size1k: Size;
  size10k: Size;
}

export interface CeilingFigures {
  /** Heap used beyond the fresh responder's, gc'd (bytes), with every bound filled. */
  bytes: number;
  size: Size;
  /** Characters of each passenger value sent (what a booking keeps at most). */
  chars: number;
}

export const BOOKINGS = 10_000;
export const FIRST = 1_000;
export const CALLERS = 2_000;
/** A value a booking keeps, cut to this many characters (HELD_CHARS of src/mock/stateful/responder.ts, not exported). */
const HELD_CHARS = 256;

const SEARCH = { Login: 'agencia', Senha: 's3gredo', Origem: 'GRU', Destino: 'GIG', DataIda: '2026-09-14', QuantidadeAdultos: 1 };

function responderUnderTest(rootDir: string) {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc');
  const collect = gc;
  const responder = createStatefulResponder(readScenarios(rootDir), readLineage(rootDir));
  const call = (operation: string, body: Record<string, unknown>, token: string): Record<string, unknown> => {
    const d: MockDecision | undefined = responder.respond({
      family: 'v2-pt',
      operation,
      method: 'POST',
      path: `/api/V2/Voos/${operation}`,
      body,
      headers: { 'developer-token': token },
    });
    if (d?.kind !== 'answer') throw new Error(`${operation} not answered: ${JSON.stringify(d).slice(0, 300)}`);
    return d.body as Record<string, unknown>;
  };
  const book = (token: string, passengers: Array<Record<string, unknown>>): void => {
    const trips = call('Disponibilidade', SEARCH, token).ViagensTrecho1 as Array<Record<string, unknown>>;
    call('Reservar', { ...SEARCH, IdentificacaoDaViagem: trips[0]?.IdentificacaoDaViagem, Passageiros: passengers }, token);
  };
  const heap = () => {
    // Twice: a first collection can leave what finalizers free for the next one.
    collect();
    collect();
    return process.memoryUsage().heapUsed;
  };
  return { responder, call, book, heap };
}

/** Bookings by CALLERS callers in turn, the heap of the state measured after FIRST and after BOOKINGS. */
function measureFlat(rootDir: string): StateFigures {
  const { responder, book, heap } = responderUnderTest(rootDir);
  const base = heap();
  for (let i = 0; i < FIRST; i++) book(`caller-${i % CALLERS}`, [{ Nome: 'XAVIER' }]);
  const at1k = heap() - base;
  const size1k = responder.size;
  for (let i = FIRST; i < BOOKINGS; i++) book(`caller-${i % CALLERS}`, [{ Nome: 'XAVIER' }]);
  return { at1k, at10k: heap() - base, size1k, size10k: responder.size };
}

/** Every caller the state keeps, each with as many bookings as it keeps, each from a search of its own; then searches to fill that bound. */
function measureCeiling(rootDir: string): CeilingFigures {
  const { responder, call, book, heap } = responderUnderTest(rootDir);
  const value = (k: string, p: number) => `${k}${p}`.padEnd(HELD_CHARS, 'X');
  const passengers = Array.from({ length: LIMITS.statefulPassengers }, (_, p) => ({
    Nome: value('N', p),
    Sobrenome: value('S', p),
    FaixaEtaria: 'ADT',
    Sexo: 'F',
    Linha: String(p + 1),
  }));
  const base = heap();
  for (let c = 0; c < LIMITS.statefulCallers; c++) {
    const token = `caller-${c}`;
    for (let b = 0; b < LIMITS.statefulBookings; b++) book(token, passengers);
    for (let s = 0; s < LIMITS.statefulSearches; s++) call('Disponibilidade', SEARCH, token);
  }
  return { bytes: heap() - base, size: responder.size, chars: HELD_CHARS };
}

if (import.meta.main) {
  const figures = process.argv[2] === 'bounds' ? measureCeiling(process.cwd()) : measureFlat(process.cwd());
  console.log(JSON.stringify(figures));
}
