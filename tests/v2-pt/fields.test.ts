// Tables 2.1–2.3 of the description, field by field, in every V2 operation that uses them.
import { describe, expect, test } from 'vitest';
import { objectOf, loadBundle, operations, requestSchema } from '../support/bundle.ts';
import type { JsonObject } from '../../src/lib/json.ts';

const doc = loadBundle('v2-pt');
const bodies = new Map(operations(doc).map((o) => [o.operation.operationId as string, requestSchema(doc, o.operation)]));

const SEATS = ['ObterMapaDeAssentos', 'MarcarAssentos', 'RemoverAssentos'];
const ANCILLARIES = ['DisponibilidadeDeServicoAuxiliar', 'TarifarServicoAuxiliar', 'GravarServicoAuxiliar', 'CancelarServicoAuxiliar'];

interface FieldRule {
  field: string;
  type: string;
  required: boolean;
  items?: string;
  operations: string[];
}

// Part 4.4 lists each operation's body; only ClienteId (2.1) and Pagamento ("optional
// immediate payment") are stated as optional.
const TABLE: FieldRule[] = [
  { field: 'Login', type: 'string', required: true, operations: [...bodies.keys()] },
  { field: 'Senha', type: 'string', required: true, operations: [...bodies.keys()] },
  { field: 'ClienteId', type: 'integer', required: false, operations: [...bodies.keys()] },
  { field: 'Localizador', type: 'string', required: true, operations: [...SEATS, ...ANCILLARIES] },
  { field: 'Assentos', type: 'array', items: 'object', required: true, operations: ['MarcarAssentos'] },
  { field: 'PaxID', type: 'string', required: true, operations: ['RemoverAssentos'] },
  { field: 'TrechoID', type: 'string', required: true, operations: ['RemoverAssentos'] },
  { field: 'ServicoTipo', type: 'integer', required: true, operations: ['DisponibilidadeDeServicoAuxiliar'] },
  { field: 'DisponibilidadeId', type: 'string', required: true, operations: ['TarifarServicoAuxiliar', 'GravarServicoAuxiliar'] },
  {
    field: 'ServiceIds',
    type: 'array',
    items: 'string',
    required: true,
    operations: ['TarifarServicoAuxiliar', 'GravarServicoAuxiliar', 'CancelarServicoAuxiliar'],
  },
  { field: 'Pagamento', type: 'object', required: false, operations: ['GravarServicoAuxiliar'] },
];

function property(schema: JsonObject, name: string): JsonObject {
  return objectOf(doc, objectOf(doc, schema.properties)[name]);
}

function checkField(schema: JsonObject, rule: Omit<FieldRule, 'operations'>): void {
  const prop = property(schema, rule.field);
  expect(prop.type, rule.field).toBe(rule.type);
  if (rule.items) expect(objectOf(doc, prop.items).type, `${rule.field}[]`).toBe(rule.items);
  expect(((schema.required as string[] | undefined) ?? []).includes(rule.field), `${rule.field} required`).toBe(rule.required);
}

describe('tables 2.1 to 2.3 in the V2 Portuguese bodies', () => {
  test.each(TABLE.flatMap((rule) => rule.operations.map((op) => [op, rule.field, rule] as const)))(
    '%s carries %s as published',
    (op, _field, rule) => checkField(bodies.get(op) as JsonObject, rule),
  );

  test('Senha is a write-only password everywhere', () => {
    for (const [, schema] of bodies) {
      const senha = property(schema, 'Senha');
      expect(senha.writeOnly).toBe(true);
      expect(senha.format).toBe('password');
    }
  });

  test('a seat of Assentos[] has PaxID, TrechoID, AssentoLinha, AssentoColuna as strings', () => {
    const seat = objectOf(doc, property(bodies.get('MarcarAssentos') as JsonObject, 'Assentos').items);
    for (const field of ['PaxID', 'TrechoID', 'AssentoLinha', 'AssentoColuna']) {
      checkField(seat, { field, type: 'string', required: true });
    }
    expect(Object.keys(objectOf(doc, seat.properties)).sort()).toEqual(['AssentoColuna', 'AssentoLinha', 'PaxID', 'TrechoID']);
  });

  test('Pagamento has FormaDePagamento (integer) and ValorFaturado (number), no enumeration', () => {
    const pagamento = property(bodies.get('GravarServicoAuxiliar') as JsonObject, 'Pagamento');
    checkField(pagamento, { field: 'FormaDePagamento', type: 'integer', required: true });
    checkField(pagamento, { field: 'ValorFaturado', type: 'number', required: true });
    expect(property(pagamento, 'FormaDePagamento').enum).toBeUndefined();
    expect(property(bodies.get('DisponibilidadeDeServicoAuxiliar') as JsonObject, 'ServicoTipo').enum).toBeUndefined();
  });

  test('the seat and ancillary bodies hold exactly the fields of Part 4.4 and nothing else', () => {
    const expected: Record<string, string[]> = {
      ObterMapaDeAssentos: ['Localizador'],
      MarcarAssentos: ['Localizador', 'Assentos'],
      RemoverAssentos: ['Localizador', 'PaxID', 'TrechoID'],
      DisponibilidadeDeServicoAuxiliar: ['Localizador', 'ServicoTipo'],
      TarifarServicoAuxiliar: ['DisponibilidadeId', 'Localizador', 'ServiceIds'],
      GravarServicoAuxiliar: ['DisponibilidadeId', 'Localizador', 'ServiceIds', 'Pagamento'],
      CancelarServicoAuxiliar: ['Localizador', 'ServiceIds'],
    };
    for (const [op, fields] of Object.entries(expected)) {
      const schema = bodies.get(op) as JsonObject;
      expect(Object.keys(objectOf(doc, schema.properties)).sort(), op).toEqual(['ClienteId', 'Login', 'Senha', ...fields].sort());
      expect(schema.additionalProperties, op).toBe(false);
    }
  });

  test('Disponibilidade names Origem, Destino, DataIda and QuantidadeAdultos inside an open body', () => {
    const schema = bodies.get('Disponibilidade') as JsonObject;
    expect(property(schema, 'Origem').type).toBe('string');
    expect(property(schema, 'Destino').type).toBe('string');
    expect(property(schema, 'QuantidadeAdultos').type).toBe('integer');
    expect(schema.additionalProperties).toBe(true);
    expect(schema['x-undocumented']).toBe(true);
  });

  test('DataIda takes exactly one of ISO 8601 without zone, date-only, or the legacy token', () => {
    const dataIda = property(bodies.get('Disponibilidade') as JsonObject, 'DataIda');
    const patterns = (dataIda.oneOf as JsonObject[]).map((s) => new RegExp(String(objectOf(doc, s).pattern), 'u'));
    const matches = (value: string) => patterns.filter((p) => p.test(value)).length;
    for (const valid of ['2026-05-20T10:30:00', '2026-05-20', '/Date(1779246000000-0300)/', '/Date(-62135589600000-0300)/', '/Date(0)/']) {
      expect(matches(valid), valid).toBe(1);
    }
    for (const invalid of ['2026-05-20T10:30:00Z', '2026-05-20 10:30:00', '20/05/2026', '/Date(abc)/', 'Date(0)', '']) {
      expect(matches(invalid), invalid).toBe(0);
    }
  });
});
