// Type level, through the clients themselves: on the observed client
// (`src/v2-observed.ts`, typed by generated/v2-pt-observed/schema.d.ts) a read of
// `ViagensTrecho1[0].Voos[0]` compiles, answer dates are `string | null`, a field seen in
// one source only may be null, and the published client (`src/v2.ts`) rejects the same read. tsc checks the file below; then
// the `@ts-expect-error` markers are stripped and exactly the marked lines must fail.
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkTypes, failingLines, unmarked } from '../support/marked-checks.ts';
import { rootDir } from './support.ts';

// Inside the repository, so `types: ["node"]` and the packages of src/ resolve.
const DIR = path.join(rootDir, '.cache/observed-client-types');

const CHECKS = `
import { createV2ObservedClient, ServiceError, type V2ObservedSchemas } from '../../../src/v2-observed.ts';
import { createV2Client } from '../../../src/v2.ts';

const options = { baseUrl: 'http://127.0.0.1:4010', developerToken: 't', accessCode: 'QUJD', credentials: { Login: 'agencia', Senha: 's3gredo' } };
const observed = createV2ObservedClient(options);
const published = createV2Client(options);
const search = { Origem: 'SAO', Destino: 'RIO', DataIda: '2026-06-25', QuantidadeAdultos: 1 };

export async function observedReads(): Promise<void> {
  const answer = await observed.call('/api/V2/Voos/Disponibilidade', search);
  const flight = answer.ViagensTrecho1?.[0]?.Voos?.[0];
  const airline: string | null | undefined = flight?.CiaMandatoria?.CodigoIata;
  // @ts-expect-error seen in one source only, the flight list is not promised: it may be null
  const unchecked = answer.ViagensTrecho1?.[0]?.Voos[0];
  const departure: string | null | undefined = flight?.DataSaida;
  const serverTime: string | null | undefined = answer.Data;
  const failure: string | null | undefined = answer.Exception?.Message;
  const named: V2ObservedSchemas['DisponibilidadeRSObservado'] = answer;
  // @ts-expect-error an answer date may be null (the no-date token), so it is not a plain string
  const notNull: string | undefined = flight?.DataSaida;
  // @ts-expect-error the airline code is typed: a string, not a number
  const wrong: number | null | undefined = flight?.CiaMandatoria?.CodigoIata;
  void [airline, unchecked, departure, serverTime, failure, named, notNull, wrong];
}

export async function publishedReads(): Promise<void> {
  const answer = await published.call('/api/V2/Voos/Disponibilidade', search);
  // @ts-expect-error the published answer is an open object: no typed flight in it
  const flight = answer.ViagensTrecho1?.[0]?.Voos[0];
  void flight;
}

export async function observedCalls(): Promise<void> {
  // Request bodies keep the published checks: an unknown operation, a wrong type.
  // @ts-expect-error no such operation
  await observed.call('/api/V2/Voos/Disponibilidad', search);
  // @ts-expect-error QuantidadeAdultos is a number
  await observed.call('/api/V2/Voos/Disponibilidade', { ...search, QuantidadeAdultos: '1' });
  await observed.call('/api/V2/Voos/Reservar', { Passageiros: [{ Nome: 'FULANO', Sobrenome: 'SILVA' }] });
  // @ts-expect-error a passenger's name is a string
  await observed.call('/api/V2/Voos/Reservar', { Passageiros: [{ Nome: 1 }] });
}

export function messageOf(error: unknown): string | undefined {
  return error instanceof ServiceError ? error.serviceMessage : undefined;
}
`;

describe.concurrent('observed client types', () => {
  test('a typed read of ViagensTrecho1[0].Voos[0] compiles on the observed client and not on the published one', () => {
    const { code, output } = checkTypes(DIR, 'marked', CHECKS);
    expect(output).toBe('');
    expect(code).toBe(0);
  }, 120_000);

  test('without the markers, exactly the marked lines fail', () => {
    const { source, marked } = unmarked(CHECKS);
    expect(marked).toHaveLength(7);
    const { code, output } = checkTypes(DIR, 'unmarked', source);
    expect(code).not.toBe(0);
    expect(failingLines(output)).toEqual(marked);
  }, 120_000);
});
