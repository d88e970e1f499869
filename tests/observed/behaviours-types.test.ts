// Type level: the observed Tarifar request allows no null, at any depth, since a source
// states the service refuses one (behaviour tarifar-refuses-null); Reservar keeps the
// one-source rule (null allowed); both observed flavours alike. tsc checks the file below;
// then the `@ts-expect-error` markers are stripped and exactly the marked lines must fail.
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { rootDir } from './support.ts';

const run = promisify(execFile);
const TSC = path.join(rootDir, 'node_modules/typescript/bin/tsc');
const DIR = path.join(rootDir, '.cache/observed-behaviour-types');

const CHECKS = `
import type { V2ObservedSchemas } from '../../../src/v2-observed.ts';
import type { LegacyObservedSchemas } from '../../../src/legacy-observed.ts';

type Tarifar = V2ObservedSchemas['TarifarRQObservado'];
type TarifarLegado = LegacyObservedSchemas['TarifarRQObservadoLegado'];
type Reservar = V2ObservedSchemas['ReservarRQObservado'];
const credentials = { Login: 'agencia', Senha: 's3gredo' };

export const priced: Tarifar = { ...credentials, ViagemIda: 1, ClassesSelecionadas: [{ Familia: 'LI', Classe: 'O' }] };
export const omitted: Tarifar = { ...credentials };
// @ts-expect-error a source states Tarifar refuses a null field
export const topLevel: Tarifar = { ...credentials, ViagemIda: null };
// @ts-expect-error nested too: a class field
export const nested: Tarifar = { ...credentials, ClassesSelecionadas: [{ Familia: null }] };
// @ts-expect-error an item of the list
export const item: Tarifar = { ...credentials, ClassesSelecionadasVolta: [null] };
// @ts-expect-error the legacy flavour alike
export const legacy: TarifarLegado = { ...credentials, IdentificacaoDaViagem: null };
// Reservar: seen in one source only, null stays allowed until a second source agrees.
export const booked: Reservar = { ...credentials, ClassesSelecionadas: [{ Familia: null }], IdentificacaoDaViagem: null };
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

describe.concurrent('observed request types after tarifar-refuses-null', () => {
  test('the marked file compiles', async () => {
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
    expect(expected).toHaveLength(4);
    const { code, output } = await tsc(writeProject('unmarked', kept.join('\n')));
    expect(code).not.toBe(0);
    const failing = new Set([...output.matchAll(/checks\.ts\((\d+),\d+\): error/g)].map((m) => Number(m[1])));
    expect([...failing].sort((a, b) => a - b)).toEqual(expected);
  }, 120_000);
});
