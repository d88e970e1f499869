// Type level, through the clients themselves: on the observed client
// (`src/v2-observed.ts`, typed by generated/v2-pt-observed/schema.d.ts) a read of
// `ViagensTrecho1[0].Voos[0]` compiles, answer dates are `string | null`, a field seen in
// one source only may be null, and the published client (`src/v2.ts`) rejects the same read. tsc checks the file below; then
// the `@ts-expect-error` markers are stripped and exactly the marked lines must fail.
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { rootDir } from './support.ts';

const run = promisify(execFile);
const TSC = path.join(rootDir, 'node_modules/typescript/bin/tsc');
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

async function tsc(project: string): Promise<{ code: number; output: string }> {
  return run(process.execPath, [TSC, '--noEmit', '--pretty', 'false', '-p', project], { cwd: rootDir }).then(
    ({ stdout }) => ({ code: 0, output: stdout }),
    (error: { code?: number; stdout?: string }) => ({ code: error.code ?? 1, output: error.stdout ?? '' }),
  );
}

function writeProject(name: string, source: string): string {
  const dir = path.join(DIR, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'checks.ts'), source);
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ extends: '../../../tsconfig.json', include: ['checks.ts'] }));
  return path.join(dir, 'tsconfig.json');
}

describe.concurrent('observed client types', () => {
  test('a typed read of ViagensTrecho1[0].Voos[0] compiles on the observed client and not on the published one', async () => {
    const { code, output } = await tsc(writeProject('marked', CHECKS));
    expect(output).toBe('');
    expect(code).toBe(0);
  }, 120_000);

  test('without the markers, exactly the marked lines fail', async () => {
    const kept: string[] = [];
    const expected: number[] = [];
    for (const line of CHECKS.split('\n')) {
      if (line.trim().startsWith('// @ts-expect-error')) expected.push(kept.length + 1);
      else kept.push(line);
    }
    expect(expected).toHaveLength(7);
    const { code, output } = await tsc(writeProject('unmarked', kept.join('\n')));
    expect(code).not.toBe(0);
    const failing = new Set([...output.matchAll(/checks\.ts\((\d+),\d+\): error/g)].map((m) => Number(m[1])));
    expect([...failing].sort((a, b) => a - b)).toEqual(expected);
  }, 120_000);
});
