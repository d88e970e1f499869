// The stateful observed mock as an integrator meets it: `mock --observed --flows` as a real
// process on 127.0.0.1, driven by the typed observed clients (no casts on the answers). A V2
// booking flow from a search no capture holds to cancellation; the same on the legacy route,
// called by name; two callers interleaved; every refusal, each naming the field and the call
// that hands one out; the headers that say what was filled, minted and left as captured.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BRAZIL_OFFSET_MINUTES, formatLegacyDate } from '../../src/dates.ts';
import { startMockProcess, type MockProcess } from '../support/mock-process.ts';
import { rootDir } from '../support/bundle.ts';
import { CAPTURED_LEGACY_SEARCH, capturedText, legacyCaller, PASSWORD, refused, v2Caller } from './support.ts';

let mock: MockProcess;
beforeAll(async () => {
  mock = await startMockProcess(rootDir, ['--observed', '--flows']);
}, 120_000);
afterAll(async () => {
  await mock?.stop();
});

const TOKEN_A = '11111111-1111-1111-1111-111111111111';
const TOKEN_B = '22222222-2222-2222-2222-222222222222';
// No capture searched GRU -> GIG, nor on this day.
const SEARCH = { Origem: 'GRU', Destino: 'GIG', DataIda: '2026-09-14T00:00:00', QuantidadeAdultos: 2 } as const;
const PASSENGERS = [
  { Nome: 'XAVIER', Sobrenome: 'YZ', FaixaEtaria: 'ADT', Sexo: 'F', Linha: '1' },
  { Nome: 'YARA', Sobrenome: 'YZ', FaixaEtaria: 'ADT', Sexo: 'M', Linha: '2' },
];

describe('mock --observed --flows: the V2 booking flow for a search no capture holds', () => {
  test('search, price and book the second trip, issue once, look it up, mark seats, cancel once', async () => {
    const a = v2Caller(mock.url, TOKEN_A);
    const search = await a.client.Disponibilidade(SEARCH);
    // What this search asked is in the answer; what the capture's answer said of its own airports is named as captured.
    expect(search.Origem?.CodigoIata).toBe('GRU');
    expect(search.Destino?.CodigoIata).toBe('GIG');
    expect(search.QuantidadeAdultos).toBe(2);
    expect(a.header('x-mock-stateful')).toBe('answer');
    expect(a.header('x-mock-template')).toMatch(/^cenario[\w-]+\/\d\d-Disponibilidade/);
    expect(a.header('x-mock-filled')?.split(', ')).toEqual(
      expect.arrayContaining(['Origem.CodigoIata<-Origem', 'Destino.CodigoIata<-Destino', 'QuantidadeAdultos<-QuantidadeAdultos']),
    );
    expect(a.header('x-mock-minted')?.split(', ')).toEqual(
      expect.arrayContaining(['ViagensTrecho1[].IdentificacaoDaViagem', 'ViagensTrecho1[].Id']),
    );
    expect(a.header('x-mock-as-captured')?.split(', ')).toEqual(expect.arrayContaining(['Origem', 'Destino', 'DataIda', 'ViagensTrecho1']));
    expect(a.header('x-mock-inferred')).toMatch(/inferred from legacy captures/);

    const trips = search.ViagensTrecho1 ?? [];
    expect(trips.length).toBeGreaterThan(1);
    const second = trips[1];
    const token = second?.IdentificacaoDaViagem ?? '';
    const id = second?.Id ?? 0;
    // Minted: of the captured shape, never a captured value.
    expect(token).toMatch(/^H4sI[A-Za-z0-9]{12}$/);
    expect(capturedText).not.toContain(token);
    expect(new Set(trips.map((t) => t?.IdentificacaoDaViagem)).size).toBe(trips.length);

    await a.client.Tarifar({ IdentificacaoDaViagem: token, ViagemIda: id });
    expect(a.header('x-mock-template')).toMatch(/Tarifar$/);

    const booked = await a.client.Reservar({ IdentificacaoDaViagem: token, Passageiros: PASSENGERS });
    const reservation = booked.Reservas?.[0];
    const locator = reservation?.Localizador ?? '';
    expect(locator).toMatch(/^[A-Z]{3}\d{3}$/);
    expect(capturedText).not.toContain(`"${locator}"`);
    expect(reservation?.Passageiros?.map((p) => [p?.Nome, p?.Sobrenome])).toEqual(PASSENGERS.map((p) => [p.Nome, p.Sobrenome]));
    expect(a.header('x-mock-booking')).toBe('booked');
    expect(a.header('x-mock-minted')?.split(', ')).toContain('Reservas[].Localizador');

    const before = await a.client.Consultar({ Localizador: locator });
    expect(before.Reserva?.Localizador).toBe(locator);
    expect(before.Reserva?.Status).toBe('Ativa');
    expect(a.header('x-mock-template')?.split('; ')).toHaveLength(2);

    await a.client.IniciarEmissao({ Localizador: locator });
    const issued = await a.client.Emitir({ Localizador: locator, Pagamento: { FormaDePagamento: 1 } });
    const tickets = (issued.Bilhetes ?? []).map((b) => b?.Numero);
    expect(tickets.length).toBeGreaterThan(0);
    for (const t of tickets) expect(capturedText).not.toContain(`"${t}"`);
    expect(a.header('x-mock-booking')).toBe('issued');

    const again = await refused(a.client.Emitir({ Localizador: locator, Pagamento: { FormaDePagamento: 1 } }));
    expect(again.status).toBe(409);
    expect(a.header('x-mock-stateful')).toBe('already-issued');

    const after = await a.client.Consultar({ Localizador: locator });
    expect(after.Reserva?.Status).toBe('Emitida');
    expect(after.Reserva?.Bilhetes?.map((b) => b?.Numero)).toEqual(tickets);
    expect(after.Reserva?.Passageiros?.map((p) => p?.Nome)).toEqual(PASSENGERS.map((p) => p.Nome));

    await a.client.MarcarAssentos({ Localizador: locator, Assentos: [] });
    expect(a.header('x-mock-stateful')).toBe('checked');

    const cancelled = await a.client.Cancelar({ Localizador: locator });
    expect(cancelled.MensagemSucesso).toContain(locator);
    expect(a.header('x-mock-booking')).toBe('cancelled');
    const gone = await refused(a.client.Consultar({ Localizador: locator }));
    expect(gone.status).toBe(409);
    expect(a.header('x-mock-stateful')).toBe('cancelled');
    await refused(a.client.Cancelar({ Localizador: locator }));
    expect(a.header('x-mock-stateful')).toBe('already-cancelled');
  }, 60_000);

  test.each([
    ['date-only', '2026-09-14'],
    ['the legacy token at midnight', '/Date(1789354800000-0300)/'],
  ])('a search with a %s DataIda is answered', async (_form, date) => {
    const a = v2Caller(mock.url, TOKEN_A);
    const search = await a.client.Disponibilidade({ ...SEARCH, DataIda: date, QuantidadeAdultos: 1 });
    expect(search.QuantidadeAdultos).toBe(1);
    expect(a.header('x-mock-stateful')).toBe('answer');
  });
});

describe('identifiers belong to their caller', () => {
  test('two callers interleaved: each books its own trip, and neither knows the other locator or trip', async () => {
    const a = v2Caller(mock.url, TOKEN_A);
    const b = v2Caller(mock.url, TOKEN_B);
    const [sa, sb] = [await a.client.Disponibilidade(SEARCH), await b.client.Disponibilidade(SEARCH)];
    const ta = sa.ViagensTrecho1?.[0]?.IdentificacaoDaViagem ?? '';
    const tb = sb.ViagensTrecho1?.[0]?.IdentificacaoDaViagem ?? '';
    expect(ta).not.toBe(tb);
    const ra = await a.client.Reservar({ IdentificacaoDaViagem: ta, Passageiros: PASSENGERS.slice(0, 1) });
    const rb = await b.client.Reservar({ IdentificacaoDaViagem: tb, Passageiros: PASSENGERS.slice(1) });
    const la = ra.Reservas?.[0]?.Localizador ?? '';
    const lb = rb.Reservas?.[0]?.Localizador ?? '';
    expect(la).not.toBe(lb);

    const stolenTrip = await refused(b.client.Reservar({ IdentificacaoDaViagem: ta, Passageiros: PASSENGERS }));
    expect(stolenTrip.status).toBe(409);
    expect(b.header('x-mock-stateful-field')).toBe('IdentificacaoDaViagem');
    for (const call of [
      () => b.client.Consultar({ Localizador: la }),
      () => b.client.Emitir({ Localizador: la, Pagamento: { FormaDePagamento: 1 } }),
      () => b.client.MarcarAssentos({ Localizador: la, Assentos: [] }),
      () => b.client.DisponibilidadeDeServicoAuxiliar({ Localizador: la, ServicoTipo: 1 }),
    ]) {
      expect((await refused(call())).status).toBe(409);
      expect(b.header('x-mock-stateful')).toBe('unknown-identifier');
      expect(b.header('x-mock-stateful-from')).toBe('Reservar: Reservas[].Localizador');
    }
    // Each goes on with its own.
    expect((await a.client.Emitir({ Localizador: la, Pagamento: { FormaDePagamento: 1 } })).Bilhetes?.length).toBeGreaterThan(0);
    expect((await b.client.Consultar({ Localizador: lb })).Reserva?.Localizador).toBe(lb);
    // The same developer token with another Login is another caller.
    const c = v2Caller(mock.url, TOKEN_A, 'outra-agencia');
    await refused(c.client.Consultar({ Localizador: la }));
    expect(c.header('x-mock-stateful')).toBe('unknown-identifier');
  }, 60_000);

  test('every identifier never handed out is refused with a problem naming the field and the call that hands one out', async () => {
    const a = v2Caller(mock.url, TOKEN_A);
    const search = await a.client.Disponibilidade(SEARCH);
    const token = search.ViagensTrecho1?.[0]?.IdentificacaoDaViagem ?? '';
    const cases: Array<[() => Promise<unknown>, string, string]> = [
      [
        () => a.client.Tarifar({ IdentificacaoDaViagem: 'garbage', ViagemIda: 1 }),
        'IdentificacaoDaViagem',
        'Disponibilidade: ViagensTrecho1[].IdentificacaoDaViagem',
      ],
      [() => a.client.Tarifar({ IdentificacaoDaViagem: token, ViagemIda: 1 }), 'ViagemIda', 'Disponibilidade: ViagensTrecho1[].Id'],
      [
        () => a.client.Reservar({ IdentificacaoDaViagem: 'garbage', Passageiros: PASSENGERS }),
        'IdentificacaoDaViagem',
        'Disponibilidade: ViagensTrecho1[].IdentificacaoDaViagem',
      ],
      [
        () => a.client.Reservar({ Passageiros: PASSENGERS }),
        'IdentificacaoDaViagem',
        'Disponibilidade: ViagensTrecho1[].IdentificacaoDaViagem',
      ],
      [() => a.client.IniciarEmissao({ Localizador: 'ABC123' }), 'Localizador', 'Reservar: Reservas[].Localizador'],
      [() => a.client.Cancelar({ Localizador: 'ABC123' }), 'Localizador', 'Reservar: Reservas[].Localizador'],
      [() => a.client.ConsultarEticket({ Eticket: '0000000000001' }), 'Eticket', 'Emitir: Bilhetes[].Numero'],
      [() => a.client.ObterMapaDeAssentos({ Localizador: 'ABC123' }), 'Localizador', 'Reservar: Reservas[].Localizador'],
    ];
    for (const [call, field, from] of cases) {
      const { status, body } = await refused(call());
      expect(status).toBe(409);
      expect(a.header('content-type')).toMatch(/^application\/problem\+json/);
      expect(a.header('x-mock-stateful-field')).toBe(field);
      expect(a.header('x-mock-stateful-from')).toBe(from);
      expect(String(body.detail)).toContain(field);
      expect(String(body.detail)).toContain(from);
      expect(JSON.stringify(body)).not.toContain(PASSWORD);
      expect(JSON.stringify(body)).not.toContain(TOKEN_A);
    }
  }, 60_000);
});

describe('the legacy route alike, called by name', () => {
  test('a search no capture holds, booked and issued on AereoNoSession.svc', async () => {
    const legacy = legacyCaller(mock.url, TOKEN_A);
    const search = await legacy.client.Disponibilidade({ ...SEARCH, DataIda: '/Date(1789354800000-0300)/' });
    expect(search.Origem?.CodigoIata).toBe('GRU');
    expect(legacy.header('x-mock-stateful')).toBe('answer');
    expect(legacy.header('x-mock-inferred')).toBeNull();
    const token = search.ViagensTrecho1?.[0]?.IdentificacaoDaViagem ?? '';
    const booked = await legacy.client.Reservar({ IdentificacaoDaViagem: token, Passageiros: PASSENGERS });
    const locator = booked.Reservas?.[0]?.Localizador ?? '';
    expect(locator).toMatch(/^[A-Z]{3}\d{3}$/);
    await legacy.client.Emitir({ Localizador: locator, Pagamento: { FormaDePagamento: 1 } });
    expect(legacy.header('x-mock-booking')).toBe('issued');
    // The V2 caller with the same token and Login is the same caller: the booking is known there too.
    const v2 = v2Caller(mock.url, TOKEN_A);
    expect((await v2.client.Consultar({ Localizador: locator })).Reserva?.Status).toBe('Emitida');
  }, 60_000);
});

describe('the legacy route: date forms', () => {
  test("an ISO or date-only DataIda is the contract's 422 (the legacy flavour types the token only); the token of the same day is answered", async () => {
    const legacy = legacyCaller(mock.url, TOKEN_A, 'agencia-datas');
    for (const date of ['2026-09-14T00:00:00', '2026-09-14']) {
      const { status, body } = await refused(legacy.client.Disponibilidade({ ...SEARCH, DataIda: date }));
      expect(status).toBe(422);
      expect(String(body.detail)).toMatch(/^body\.DataIda: .*must match pattern/);
      expect(legacy.header('x-mock-stateful')).toBeNull();
    }
    await legacy.client.Disponibilidade({
      ...SEARCH,
      DataIda: formatLegacyDate(new Date(Date.UTC(2026, 8, 14, 3)), BRAZIL_OFFSET_MINUTES),
    });
    expect(legacy.header('x-mock-stateful')).toBe('answer');
  });
});

describe('the legacy route: a search equal to a captured one', () => {
  test('the replay answers it, and its second trip is priced, booked, issued once and seated by the stateful mock', async () => {
    const legacy = legacyCaller(mock.url, TOKEN_B, 'agencia-replay');
    const search = await legacy.client.Disponibilidade(CAPTURED_LEGACY_SEARCH);
    expect(legacy.header('x-mock-flows')).toBe('replay');
    const second = search.ViagensTrecho1?.[1];
    const token = second?.IdentificacaoDaViagem ?? '';
    expect(capturedText).not.toContain(token);
    await legacy.client.Tarifar({ IdentificacaoDaViagem: token, ViagemIda: second?.Id ?? 0 });
    expect(legacy.header('x-mock-stateful')).toBe('answer');
    const booked = await legacy.client.Reservar({ IdentificacaoDaViagem: token, Passageiros: PASSENGERS.slice(0, 1) });
    const locator = booked.Reservas?.[0]?.Localizador ?? '';
    expect(locator).toMatch(/^[A-Z]{3}\d{3}$/);
    await legacy.client.Emitir({ Localizador: locator, Pagamento: { FormaDePagamento: 1 } });
    expect(legacy.header('x-mock-booking')).toBe('issued');
    await refused(legacy.client.Emitir({ Localizador: locator, Pagamento: { FormaDePagamento: 1 } }));
    expect(legacy.header('x-mock-stateful')).toBe('already-issued');
    // Another caller was handed none of it.
    const other = legacyCaller(mock.url, TOKEN_A, 'agencia-replay');
    await refused(other.client.Tarifar({ IdentificacaoDaViagem: token, ViagemIda: second?.Id ?? 0 }));
    expect(other.header('x-mock-stateful')).toBe('unknown-identifier');
  }, 60_000);

  test("a booking the replay made is this caller's for the calls no capture holds: seats on its locator are accepted", async () => {
    const legacy = legacyCaller(mock.url, TOKEN_B, 'agencia-replay-2');
    // cenario4's captured search (cenario1's captured Reservar is the "another booking alike" refusal).
    const search = await legacy.client.Disponibilidade({
      ...CAPTURED_LEGACY_SEARCH,
      Destino: 'GIG',
      Origem: 'GRU',
      DataVolta: '/Date(1783004400000-0300)/',
    });
    expect(legacy.header('x-mock-flows')).toBe('replay');
    const token = search.ViagensTrecho1?.[0]?.IdentificacaoDaViagem ?? '';
    const booked = await legacy.client.Reservar({ IdentificacaoDaViagem: token, Passageiros: PASSENGERS.slice(0, 1) });
    expect(legacy.header('x-mock-flows')).toBe('replay');
    const locator = booked.Reservas?.[0]?.Localizador ?? '';
    expect(locator).toMatch(/^[A-Z]{3}\d{3}$/);
    await legacy.client.MarcarAssentos({ Localizador: locator, Assentos: [] });
    expect(legacy.header('x-mock-stateful')).toBe('checked');
    await refused(legacyCaller(mock.url, TOKEN_A, 'agencia-replay-2').client.MarcarAssentos({ Localizador: locator, Assentos: [] }));
  }, 60_000);
});
