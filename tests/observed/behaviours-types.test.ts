// Type level: the observed Tarifar request allows no null, at any depth, since a source
// states the service refuses one (behaviour tarifar-refuses-null); Reservar keeps the
// one-source rule (null allowed); both observed flavours alike. A flight's BaseTarifaria is
// an array of objects, never a string nor a list of strings (base-tarifaria-array-of-objects:
// stated, and what every capture shows, so the overlay generated from them types it so).
// IniciarEmissao's answer holds a ChaveDeSeguranca only when its ConfiguracoesDeEmissao
// asks for one (iniciar-emissao-security-key-when-required: the overlay types its `shape`). tsc checks the file below;
// then the `@ts-expect-error` markers are stripped and exactly the marked lines must fail.
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkTypes, failingLines, unmarked } from '../support/marked-checks.ts';
import { rootDir } from './support.ts';

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

type Trip = NonNullable<NonNullable<V2ObservedSchemas['DisponibilidadeRSObservado']['ViagensTrecho1']>[number]>;
type Leg = NonNullable<NonNullable<Trip['Voos']>[number]>;
type Base = Leg['BaseTarifaria'];
export const fares: Base = [{ Codigo: 'QL0AA', Familia: 'LI', Classe: 'Q' }];
// @ts-expect-error base-tarifaria-array-of-objects: never a string
export const fareText: Base = 'QL0AA';
// @ts-expect-error nor a list of strings
export const fareCodes: Base = ['QL0AA'];

// iniciar-emissao-security-key-when-required: ChaveDeSeguranca only when ExigirChaveDeSeguranca is true.
type Issue = V2ObservedSchemas['IniciarEmissaoRSObservado'];
type IssueLegado = LegacyObservedSchemas['IniciarEmissaoRSObservadoLegado'];
declare const issue: Issue;
declare const issueLegado: IssueLegado;
export const asked: Issue = { ...issue, ConfiguracoesDeEmissao: { ExigirChaveDeSeguranca: true }, ChaveDeSeguranca: 'KEY' };
export const notAsked: Issue = { ...issue, ConfiguracoesDeEmissao: { ExigirChaveDeSeguranca: false } };
// @ts-expect-error a key where none is required
export const keyNotAsked: Issue = { ...issue, ConfiguracoesDeEmissao: { ExigirChaveDeSeguranca: false }, ChaveDeSeguranca: 'KEY' };
// @ts-expect-error a key without the settings that ask for it
export const keyBare: Issue = { ...issue, ConfiguracoesDeEmissao: null, ChaveDeSeguranca: 'KEY' };
// @ts-expect-error the legacy flavour alike
export const keyLegado: IssueLegado = { ...issueLegado, ConfiguracoesDeEmissao: { ExigirChaveDeSeguranca: false }, ChaveDeSeguranca: 'KEY' };
`;

describe.concurrent('observed types after tarifar-refuses-null, base-tarifaria-array-of-objects, iniciar-emissao-security-key-when-required', () => {
  test('the marked file compiles', () => {
    const { code, output } = checkTypes(DIR, 'marked', CHECKS);
    expect(output).toBe('');
    expect(code).toBe(0);
  }, 120_000);

  test('without the markers, exactly the marked lines fail', () => {
    const { source, marked } = unmarked(CHECKS);
    expect(marked).toHaveLength(9);
    const { code, output } = checkTypes(DIR, 'unmarked', source);
    expect(code).not.toBe(0);
    expect(failingLines(output)).toEqual(marked);
  }, 120_000);
});
