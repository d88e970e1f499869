// The stateful mock's memory is bounded as docs/flows.md states: callers, and per caller
// searches and bookings, each an LRU with its bound from src/lib/limits.ts (smaller here);
// what was forgotten is unknown again, refused like an identifier never handed out.
import { describe, expect, test } from 'vitest';
import { LIMITS } from '../../src/lib/limits.ts';
import { createStatefulResponder } from '../../src/mock/stateful/responder.ts';
import type { MockDecision } from '../../src/mock/responder.ts';
import { lineage, scenarios } from '../flows/support.ts';

const SEARCH = { Origem: 'GRU', Destino: 'GIG', DataIda: '2026-09-14', QuantidadeAdultos: 1 };

function caller(responder: ReturnType<typeof createStatefulResponder>, token: string) {
  const call = (operation: string, body: Record<string, unknown>): MockDecision | undefined =>
    responder.respond({
      family: 'v2-pt',
      operation,
      method: 'POST',
      path: `/api/V2/Voos/${operation}`,
      body: { Login: 'agencia', Senha: 's3gredo', ...body },
      headers: { 'developer-token': token },
    });
  const answer = (d: MockDecision | undefined): Record<string, unknown> => {
    if (d?.kind !== 'answer') throw new Error(`not answered: ${JSON.stringify(d)}`);
    return d.body as Record<string, unknown>;
  };
  return {
    call,
    book(): string {
      const trips = answer(call('Disponibilidade', SEARCH)).ViagensTrecho1 as Array<Record<string, unknown>>;
      const booked = answer(
        call('Reservar', { IdentificacaoDaViagem: trips[0]?.IdentificacaoDaViagem, Passageiros: [{ Nome: 'XAVIER' }] }),
      );
      return String((booked.Reservas as Array<Record<string, unknown>>)[0]?.Localizador);
    },
    known: (locator: string) => call('Consultar', { Localizador: locator })?.kind === 'answer',
  };
}

describe('the stateful mock forgets by its stated bounds', () => {
  test('callers: the least recently seen is forgotten whole, and its locator is unknown again', () => {
    const responder = createStatefulResponder(scenarios, lineage, { bounds: { callers: 3 } });
    const first = caller(responder, 'caller-0');
    const locator = first.book();
    expect(first.known(locator)).toBe(true);
    for (let i = 1; i <= 5; i++) caller(responder, `caller-${i}`).book();
    expect(responder.size.callers).toBe(3);
    expect(first.known(locator)).toBe(false);
  });

  test('bookings and searches per caller: the least recently used go first', () => {
    const responder = createStatefulResponder(scenarios, lineage, { bounds: { bookings: 3, searches: 2 } });
    const one = caller(responder, 'one');
    const locators = Array.from({ length: 6 }, () => one.book());
    expect(responder.size.bookings).toBe(3);
    expect(responder.size.searches).toBe(2);
    expect(locators.map((l) => one.known(l))).toEqual([false, false, false, true, true, true]);
  });

  test('memory stays flat over 2,000 bookings by 500 callers', () => {
    const responder = createStatefulResponder(scenarios, lineage, { bounds: { callers: 50, bookings: 4, searches: 2 } });
    for (let i = 0; i < 2_000; i++) caller(responder, `c${i % 500}`).book();
    expect(responder.size.callers).toBe(50);
    expect(responder.size.bookings).toBeLessThanOrEqual(50 * 4);
    expect(responder.size.searches).toBeLessThanOrEqual(50 * 2);
  }, 60_000);

  test('a booking holds at most LIMITS.statefulPassengers passengers, each value cut to 256 characters', () => {
    const responder = createStatefulResponder(scenarios, lineage);
    const one = caller(responder, 'big');
    const search = one.call('Disponibilidade', SEARCH);
    const trips = (search?.kind === 'answer' ? (search.body as Record<string, unknown>) : {}).ViagensTrecho1 as Array<
      Record<string, unknown>
    >;
    const passengers = Array.from({ length: 40 }, (_, i) => ({ Nome: `${'X'.repeat(1_000)}${i}`, Sobrenome: 'YZ' }));
    one.call('Reservar', { IdentificacaoDaViagem: trips[0]?.IdentificacaoDaViagem, Passageiros: passengers });
    const booked = one.call('Reservar', { IdentificacaoDaViagem: trips[0]?.IdentificacaoDaViagem, Passageiros: passengers });
    const reservation = (
      booked?.kind === 'answer' ? ((booked.body as Record<string, unknown>).Reservas as Array<Record<string, unknown>>) : []
    )[0];
    const looked = one.call('Consultar', { Localizador: reservation?.Localizador });
    const held = (looked?.kind === 'answer' ? ((looked.body as Record<string, unknown>).Reserva as Record<string, unknown>) : {})
      .Passageiros as Array<Record<string, unknown>>;
    expect(held).toHaveLength(LIMITS.statefulPassengers);
    expect(held.every((p) => String(p.Nome).length === 256)).toBe(true);
  });
});
