// The MSW handlers with `observed` and `flows` (in Node) answer the booking flow from the
// stateful observed mock, as `mock --observed --flows` does; without `flows` they stay the
// stateless observed mock. Run through real MSW (`getResponse`) with the typed observed client.
import { getResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { createHandlers } from '../../src/msw.ts';
import { createLegacyObservedClient } from '../../src/legacy-observed.ts';
import { createV2ObservedClient } from '../../src/v2-observed.ts';
import { ACCESS_CODE, CAPTURED_LEGACY_SEARCH, PASSWORD, refused } from './support.ts';

const BASE = 'https://sandbox.example';
const SEARCH = { Origem: 'GRU', Destino: 'GIG', DataIda: '2026-09-14', QuantidadeAdultos: 1 };

/** A client's options that send through the handlers (real MSW), keeping the last answer's headers. */
function throughHandlers(handlers: Awaited<ReturnType<typeof createHandlers>>, developerToken: string) {
  let last = new Headers();
  const options = {
    baseUrl: BASE,
    developerToken,
    accessCode: ACCESS_CODE,
    credentials: { Login: 'agencia', Senha: PASSWORD },
    fetch: async (request: Request) => {
      const response = (await getResponse(handlers, request)) ?? new Response(null, { status: 599 });
      last = response.headers;
      return response;
    },
  };
  return { options, header: (name: string) => last.get(name) };
}

async function clientOf(flows: boolean, developerToken: string) {
  const { options, header } = throughHandlers(
    await createHandlers({ observed: true, flows, baseUrl: BASE, families: ['v2-pt'] }),
    developerToken,
  );
  return { client: createV2ObservedClient(options), header };
}

describe('createHandlers({ observed, flows })', () => {
  test('a search no capture holds, booked, and refused to another caller', async () => {
    const a = await clientOf(true, 'caller-a');
    const search = await a.client.Disponibilidade(SEARCH);
    expect(search.Origem?.CodigoIata).toBe('GRU');
    expect(a.header('x-mock-stateful')).toBe('answer');
    expect(a.header('x-mock-inferred')).toMatch(/inferred from legacy captures/);
    const token = search.ViagensTrecho1?.[0]?.IdentificacaoDaViagem ?? '';
    const booked = await a.client.Reservar({ IdentificacaoDaViagem: token, Passageiros: [{ Nome: 'XAVIER', Sobrenome: 'YZ' }] });
    const locator = booked.Reservas?.[0]?.Localizador ?? '';
    expect((await a.client.Consultar({ Localizador: locator })).Reserva?.Localizador).toBe(locator);
    const b = await clientOf(true, 'caller-b');
    expect((await refused(b.client.Consultar({ Localizador: locator }))).status).toBe(409);
  }, 60_000);

  test('the legacy route answers as `mock --observed --flows` does: a captured search replayed, its second trip priced and booked', async () => {
    const handlers = await createHandlers({ observed: true, flows: true, baseUrl: BASE, families: ['legacy'] });
    const { options, header } = throughHandlers(handlers, 'caller-legacy');
    const client = createLegacyObservedClient(options);
    // cenario1's captured search, field for field.
    const search = await client.Disponibilidade(CAPTURED_LEGACY_SEARCH);
    expect(header('x-mock-flows')).toBe('replay');
    const second = search.ViagensTrecho1?.[1];
    await client.Tarifar({ IdentificacaoDaViagem: second?.IdentificacaoDaViagem ?? '', ViagemIda: second?.Id ?? 0 });
    expect(header('x-mock-stateful')).toBe('answer');
    const booked = await client.Reservar({ IdentificacaoDaViagem: second?.IdentificacaoDaViagem ?? '', Passageiros: [{ Nome: 'XAVIER' }] });
    expect(booked.Reservas?.[0]?.Localizador).toMatch(/^[A-Z]{3}\d{3}$/);
  }, 60_000);

  test('a Tarifar that carries no ViagemIda is told it carries none, not that it was never handed one', async () => {
    const a = await clientOf(true, 'caller-missing');
    const search = await a.client.Disponibilidade(SEARCH);
    const token = search.ViagensTrecho1?.[0]?.IdentificacaoDaViagem ?? '';
    const refusal = await refused(a.client.Tarifar({ IdentificacaoDaViagem: token }));
    expect(refusal.status).toBe(409);
    expect(String(refusal.body.detail)).toContain('this Tarifar carries no ViagemIda; take one from the answer of Disponibilidade');
    expect(a.header('x-mock-stateful-field')).toBe('ViagemIda');
  }, 60_000);

  test('without flows the observed handlers answer as before, from no state', async () => {
    const a = await clientOf(false, 'caller-a');
    await a.client.Disponibilidade(SEARCH);
    expect(a.header('x-mock-stateful')).toBeNull();
  }, 60_000);
});
