// The same booking flow through the MCP server with `flows` (the SDK's client, in memory): the
// in-process mock is the stateful observed mock, so a tool call books the trip a search handed
// out and refuses a locator never handed out; without `flows` the tools answer from no state.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, test } from 'vitest';
import { connectedInMemory } from '../../scripts/lib/mcp-in-memory.ts';
import { CAPTURED_LEGACY_SEARCH } from './support.ts';

type Structured = { status?: number; body: Record<string, unknown> };

async function flowClient(flows: boolean, family = 'v2-pt') {
  const client = await connectedInMemory({ family, observed: true, flows }, 'stateful-test');
  const call = async (name: string, args: Record<string, unknown>): Promise<Structured> => ({
    body: {},
    ...(((await client.callTool({ name, arguments: args })) as CallToolResult).structuredContent as Partial<Structured>),
  });
  return { client, call };
}

describe('mcp --observed --flows', () => {
  test('a tool field the captured flows feed from an earlier answer says from where (the lineage, in the observed bundle)', async () => {
    const { client } = await flowClient(true);
    const tools = (await client.listTools()).tools;
    const schemaOf = (tool: string) => JSON.stringify(tools.find((t) => t.name === tool)?.inputSchema ?? {});
    expect(schemaOf('Reservar')).toContain('From Disponibilidade: ViagensTrecho1[].IdentificacaoDaViagem');
    expect(schemaOf('Emitir')).toContain('From Reservar: Reservas[].Localizador');
    expect(schemaOf('ConsultarEticket')).toContain('From Emitir: Bilhetes[].Numero');
    await client.close();
  }, 60_000);

  test("the certification_scenario prompt follows the captures: Reservar takes the search's trip, through Emitir", async () => {
    const { client } = await flowClient(true);
    const prompt = await client.getPrompt({ name: 'certification_scenario', arguments: {} });
    const text = (prompt.messages[0]?.content as { text?: string } | undefined)?.text ?? '';
    const order = ['Call Disponibilidade', 'Call Tarifar', 'Call Reservar', 'Call IniciarEmissao', 'Call Emitir', 'Call Consultar'].map(
      (s) => text.indexOf(s),
    );
    expect(order.every((at, i) => at >= 0 && (i === 0 || at > (order[i - 1] ?? 0)))).toBe(true);
    expect(text).toContain("Call Reservar with IdentificacaoDaViagem from Disponibilidade's ViagensTrecho1[].IdentificacaoDaViagem");
    expect(text).toContain("Call Emitir with Localizador from Reservar's Reservas[].Localizador");
    expect(text).not.toContain('start it with --family v2-pt');
    await client.close();
  }, 60_000);

  test('search, book and look up through the tools; a locator never handed out is refused', async () => {
    const { client, call } = await flowClient(true);
    const search = await call('Disponibilidade', { Origem: 'GRU', Destino: 'GIG', DataIda: '2026-09-14', QuantidadeAdultos: 1 });
    expect(search.status).toBe(200);
    expect((search.body.Origem as Record<string, unknown> | undefined)?.CodigoIata).toBe('GRU');
    const trip = (search.body.ViagensTrecho1 as Array<Record<string, unknown>> | undefined)?.[0];
    const booked = await call('Reservar', { IdentificacaoDaViagem: trip?.IdentificacaoDaViagem, Passageiros: [{ Nome: 'XAVIER' }] });
    expect(booked.status).toBe(200);
    const locator = (booked.body.Reservas as Array<Record<string, unknown>> | undefined)?.[0]?.Localizador;
    const found = await call('Consultar', { Localizador: locator });
    expect((found.body.Reserva as Record<string, unknown> | undefined)?.Localizador).toBe(locator);
    const unknown = await call('Consultar', { Localizador: 'ABC123' });
    expect(unknown.status).toBe(409);
    await client.close();
  }, 60_000);

  test('the legacy family answers as `mock --observed --flows` does: a captured search replayed, its second trip priced and booked, a replayed booking asked again refused as alike', async () => {
    const { client, call } = await flowClient(true, 'legacy');
    // cenario1's captured search, field for field: the replay answers it, and the stateful mock knows its trips.
    const search = await call('Disponibilidade', CAPTURED_LEGACY_SEARCH);
    expect(search.status).toBe(200);
    const second = (search.body.ViagensTrecho1 as Array<Record<string, unknown>> | undefined)?.[1];
    const priced = await call('Tarifar', { IdentificacaoDaViagem: second?.IdentificacaoDaViagem, ViagemIda: second?.Id });
    expect(priced.status).toBe(200);
    const booked = await call('Reservar', { IdentificacaoDaViagem: second?.IdentificacaoDaViagem, Passageiros: [{ Nome: 'XAVIER' }] });
    expect(booked.status).toBe(200);
    expect((booked.body.Reservas as Array<Record<string, unknown>> | undefined)?.[0]?.Localizador).toMatch(/^[A-Z]{3}\d{3}$/);
    // A replayed booking asked again gets the captured "another booking alike" answer, as from `mock --observed --flows`.
    const round = await call('Disponibilidade', {
      Origem: 'GRU',
      Destino: 'GIG',
      DataIda: '/Date(1782399600000-0300)/',
      DataVolta: '/Date(1783004400000-0300)/',
      QuantidadeAdultos: 1,
      QuantidadeCriancas: 0,
      QuantidadeBebes: 0,
      Sistema: 49,
    });
    const first = (round.body.ViagensTrecho1 as Array<Record<string, unknown>> | undefined)?.[0];
    const once = await call('Reservar', { IdentificacaoDaViagem: first?.IdentificacaoDaViagem, Passageiros: [{ Nome: 'XAVIER' }] });
    expect(once.body.Exception).toBeNull();
    const twice = await call('Reservar', { IdentificacaoDaViagem: first?.IdentificacaoDaViagem, Passageiros: [{ Nome: 'XAVIER' }] });
    expect((twice.body.Exception as Record<string, unknown> | null)?.Message).toMatch(/another booking alike/);
    await client.close();
  }, 60_000);

  test('without flows a Reservar of any trip gets the captured example, not a booking of this caller', async () => {
    const { client, call } = await flowClient(false);
    const booked = await call('Reservar', { IdentificacaoDaViagem: 'garbage', Passageiros: [{ Nome: 'XAVIER' }] });
    expect(booked.status).toBe(200);
    await client.close();
  }, 60_000);
});
