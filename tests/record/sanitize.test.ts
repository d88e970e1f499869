// The sanitizer on the field names real captures use (evidence/facilita-corp/inventory.json):
// a person's field with the person in its name, airline locators, card data, loyalty and
// redress numbers, phone parts, a passenger given as text. Every such value is replaced,
// the import's check finds every one of them in the raw body and none after sanitizing,
// and codes, figures and flags stay.
import { describe, expect, test } from 'vitest';
import { placeOf } from '../../src/record/recorder.ts';
import { parseLossless, stringifyLossless } from '../../src/record/json-text.ts';
import { Sanitizer, unsanitizedPaths } from '../../src/record/sanitize.ts';

const RAW = {
  Reserva: {
    Localizador: 'QWE987',
    LocalizadorCia: 'KJH654',
    Passageiros: [
      {
        Tipo: 'ADT',
        NomePax: 'MARIANA',
        SobrenomePax: 'QUEIROZ',
        NomeDoMeio: 'LUCIA',
        InfantilNome: 'PEDRINHO',
        InfantilSobrenome: 'QUEIROZ',
        InfantilNascimento: '2025-02-11',
        InfDocumento: '98765432100',
        FidelidadeAzul: '7788990011',
        Redress: 'R4455667',
        Telefone: { DDD: '11', NumeroTelefone: '987654321' },
      },
    ],
    Pagamento: { CartaoDeCredito: { Numero: '4111111111111111', CodigoDeSeguranca: '737', Validade: '12/29', Bandeira: 'VI' } },
    CodigoDeAutorizacao: 'AUTH9921',
    Bilhetes: [{ Numero: '9571234567890', Passageiro: 'QUEIROZ/MARIANA MRS', Valor: 812.4 }],
    Passageiro: { Tipo: 'CHD', Quantidade: 1 },
    Origem: 'GRU',
    Destino: 'GIG',
    DataIda: '2026-05-20T10:00:00',
    Faturado: true,
  },
};
const REAL = [
  'QWE987',
  'KJH654',
  'MARIANA',
  'QUEIROZ',
  'LUCIA',
  'PEDRINHO',
  '98765432100',
  '7788990011',
  'R4455667',
  '987654321',
  '4111111111111111',
  'AUTH9921',
  '9571234567890',
];

describe('the sanitizer on the captures’ field names', () => {
  const clean = new Sanitizer().sanitize(RAW) as typeof RAW;
  const text = JSON.stringify(clean);

  test('no real value is left', () => {
    expect(REAL.filter((value) => text.includes(value))).toEqual([]);
    expect(clean.Reserva.Pagamento.CartaoDeCredito.CodigoDeSeguranca).not.toBe('737');
    expect(clean.Reserva.Passageiros[0]?.InfantilNascimento).toBe('1980-01-01');
  });

  test('codes, figures, flags and a passenger object’s structure stay', () => {
    expect(clean.Reserva).toMatchObject({ Origem: 'GRU', Destino: 'GIG', DataIda: '2026-05-20T10:00:00', Faturado: true });
    expect(clean.Reserva.Passageiros[0]?.Tipo).toBe('ADT');
    expect(clean.Reserva.Passageiro).toEqual({ Tipo: 'CHD', Quantidade: 1 });
    expect(clean.Reserva.Bilhetes[0]?.Valor).toBe(812.4);
  });

  test("the import's check finds every replaced field in the raw body, and none after", () => {
    const raw = unsanitizedPaths(RAW);
    for (const field of [
      '$.Reserva.LocalizadorCia',
      '$.Reserva.Passageiros[0].NomePax',
      '$.Reserva.Passageiros[0].InfDocumento',
      '$.Reserva.Pagamento.CartaoDeCredito.Numero',
      '$.Reserva.Bilhetes[0].Passageiro',
      '$.Reserva.CodigoDeAutorizacao',
    ])
      expect(raw).toContain(field);
    expect(unsanitizedPaths(clean)).toEqual([]);
  });
});

describe('where an exchange is filed', () => {
  test('a published route and an operation name make the folders; nothing else of a path does', () => {
    expect(placeOf('/api/V2/Voos/Reservar?x=1')).toEqual({ family: 'v2-pt', route: 'api-V2-Voos', operation: 'Reservar' });
    expect(placeOf('/AereoNoSession.svc/ObterMapaDeAssentos')).toEqual({
      family: 'legacy',
      route: 'AereoNoSession.svc',
      operation: 'ObterMapaDeAssentos',
    });
    // A token or a locator in a path never becomes a file name.
    expect(placeOf('/api/V2/Voos/QWE987')).toMatchObject({ operation: 'unknown' });
    expect(placeOf('/api/V2/Voos/QWERTY')).toMatchObject({ operation: 'unknown' });
    expect(placeOf('/session/8d3f2c1a-7b6e/Reservar')).toEqual({ family: 'unknown', route: 'other', operation: 'unknown' });
  });
});

describe('what is kept: only what the documents say is harmless, with its shape', () => {
  const sanitizer = new Sanitizer();

  test('a code, a date, a closed-set value stay only in their own field and with their shape', () => {
    const clean = sanitizer.sanitize({
      Origem: 'GRU',
      Destino: 'GRUA',
      CabineTipo: 'Economica',
      Classe: 'Primeira classe da MARIA',
      DataIda: '2026-05-20',
      Observacao: 'GRU',
    }) as Record<string, string>;
    expect(clean.Origem).toBe('GRU');
    expect(clean.CabineTipo).toBe('Economica');
    expect(clean.DataIda).toBe('2026-05-20');
    // Wrong shape for an airport, free text in a code field, a field no document names: its
    // key stays (a field name), its value does not.
    expect(clean.Destino).toMatch(/^[XYZ]{4}$/);
    expect(clean.Classe).toMatch(/^[XYZ][xyz]+ [xyz]+ [xyz]+ [XYZ]+$/);
    expect(clean.Observacao).toMatch(/^[XYZ]{3}$/);
    expect(unsanitizedPaths(clean)).toEqual([]);
  });

  test('a key shaped like a field name stays; a key that is data (locator, token, date, e-mail, secret) does not', () => {
    const keys = ['ValorTotalNovo', 'ViagensTrecho9', 'AB12CD', 'H4sIAAAAAAAA', '2026-05-20', 'pax@mail.test', 's3gr3d0x'];
    const clean = sanitizer.sanitize(Object.fromEntries(keys.map((k) => [k, 1]))) as Record<string, unknown>;
    const kept = Object.keys(clean);
    expect(kept.filter((k) => keys.includes(k))).toEqual(['ValorTotalNovo', 'ViagensTrecho9']);
    expect(kept).toHaveLength(keys.length);
    expect(unsanitizedPaths(clean)).toEqual([]);
  });

  test('a number is written as sent, numbers and booleans stay, a document given as a number does not', () => {
    const text = '{"Valor": 12345678901234567890, "Bandeira": 3, "Faturado": true, "CPF": 12345678909}';
    const out = stringifyLossless(sanitizer.sanitize(parseLossless(text)), 0);
    expect(out).toContain('"Valor":12345678901234567890');
    expect(out).toContain('"Bandeira":3');
    expect(out).not.toContain('12345678909');
  });

  test('the same word is the same placeholder everywhere, keys and values alike', () => {
    const a = sanitizer.sanitize({ Localizador: 'ZQK123' }) as Record<string, string>;
    const b = sanitizer.sanitize({ Message: 'Reserva ZQK123 emitida' }) as Record<string, string>;
    expect(b.Message).toContain(String(a.Localizador));
  });
});
