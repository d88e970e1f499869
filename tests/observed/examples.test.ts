// Every example the observed bundle carries validates against the observed schemas
// (draft 2020-12, as OpenAPI 3.1 defines them), the answers that report an error in
// the body included; and a broken example is caught, so the check is not vacuous.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { isObject, type Json, type JsonObject } from '../../src/lib/json.ts';
import { buildObserved, inventory, mediaType, observedOperations, operationOf, refName, schemaValidator, tempDir } from './support.ts';

const tmp = tempDir();
let doc: JsonObject;
let validator: (name: string) => ValidateFunction;
beforeAll(async () => {
  doc = (await buildObserved(tmp.dir)).doc;
  validator = schemaValidator(doc);
});
afterAll(tmp.cleanup);

interface Example {
  op: string;
  body: 'request' | 'response';
  schema: string;
  value: Json;
}

function examplesOf(op: string, body: 'request' | 'response'): Example[] {
  const media = mediaType(operationOf(doc, op), body);
  return Object.values(media.examples as JsonObject).map((e) => ({
    op,
    body,
    schema: refName(media.schema),
    value: (e as JsonObject).value as Json,
  }));
}

function errorsOf(example: Example): string {
  const validate = validator(example.schema);
  return validate(example.value) ? '' : JSON.stringify(validate.errors?.slice(0, 5));
}

function broken(example: Example, mutate: (value: JsonObject) => void): Example {
  const value = structuredClone(example.value);
  if (!isObject(value)) throw new Error('example is not an object');
  mutate(value);
  return { ...example, value };
}

const ops = observedOperations.map((op) => [op]);

describe('the observed examples validate against the observed schemas', () => {
  test.each(ops)('%s request', (op) => {
    const examples = examplesOf(op, 'request');
    expect(examples.length).toBeGreaterThan(0);
    for (const example of examples) expect(errorsOf(example), op).toBe('');
  });

  test.each(ops)('%s response', (op) => {
    const examples = examplesOf(op, 'response');
    expect(examples.length).toBeGreaterThan(0);
    for (const example of examples) expect(errorsOf(example), op).toBe('');
  });

  test('the error examples are among them: answers whose Exception carries a message', () => {
    const withError = Object.entries(inventory.provenance.examples)
      .filter(([, pair]) => pair.responseHasException)
      .map(([op]) => op);
    expect(withError.length).toBeGreaterThan(0);
    for (const op of withError) {
      const [example] = examplesOf(op, 'response');
      const exception = isObject(example?.value) ? example.value.Exception : undefined;
      expect(isObject(exception) && typeof exception.Message === 'string', op).toBe(true);
      expect(errorsOf(example as Example), op).toBe('');
    }
  });
});

describe('a broken example is caught', () => {
  test.each(ops)('%s answer with a wrong envelope (SessaoExpirada as text, Data not a date, Exception.Message a number)', (op) => {
    const [example] = examplesOf(op, 'response');
    if (!example) throw new Error(op);
    expect(errorsOf(broken(example, (v) => void (v.SessaoExpirada = 'false')))).toMatch(/SessaoExpirada/);
    expect(errorsOf(broken(example, (v) => void (v.Data = '14/05/2026')))).toMatch(/\/Data/);
    expect(errorsOf(broken(example, (v) => void (v.Exception = { Message: 42 })))).toMatch(/Exception\/Message/);
    // Not required (only one source is captured traffic), yet typed: a number is refused.
    expect(errorsOf(broken(example, (v) => void (v.DataVersao = 14052026)))).toMatch(/DataVersao/);
  });

  test.each(ops)('%s request without the published credentials', (op) => {
    const [example] = examplesOf(op, 'request');
    if (!example) throw new Error(op);
    expect(errorsOf(broken(example, (v) => void delete v.Senha))).toMatch(/Senha/);
  });

  test('a flight with a wrong field type, a request passenger with a numeric name, a card number as a number', () => {
    const [availability] = examplesOf('Disponibilidade', 'response');
    const [booking] = examplesOf('Reservar', 'request');
    if (!availability || !booking) throw new Error('missing examples');
    const firstFlight = (v: JsonObject): JsonObject => (((v.ViagensTrecho1 as Json[])[0] as JsonObject).Voos as Json[])[0] as JsonObject;
    expect(errorsOf(broken(availability, (v) => void (firstFlight(v).BagagemInclusa = 'sim')))).toMatch(
      /ViagensTrecho1\/0\/Voos\/0\/BagagemInclusa/,
    );
    expect(errorsOf(broken(availability, (v) => void (firstFlight(v).DataSaida = '2026-06-25 10:00')))).toMatch(/DataSaida/);
    expect(errorsOf(broken(booking, (v) => void (((v.Passageiros as Json[])[0] as JsonObject).Nome = 1)))).toMatch(/Passageiros\/0\/Nome/);

    const [issue] = examplesOf('Emitir', 'request');
    if (!issue) throw new Error('missing Emitir example');
    const card = broken(issue, (v) => void ((v.Pagamento as JsonObject).CartaoDeCredito = { Numero: 4111111111111111 }));
    expect(errorsOf(card)).toMatch(/CartaoDeCredito\/Numero/);
  });

  test('what the observed flavour tolerates: unseen fields, ISO 8601 dates in answers, the "no date" token', () => {
    const [availability] = examplesOf('Disponibilidade', 'response');
    if (!availability) throw new Error('missing example');
    expect(errorsOf(broken(availability, (v) => void (v.CampoNuncaVisto = { a: 1 })))).toBe('');
    expect(errorsOf(broken(availability, (v) => void (v.Data = '2026-05-14T16:50:04')))).toBe('');
    expect(errorsOf(broken(availability, (v) => void (v.DataIda = '/Date(-62135589600000-0300)/')))).toBe('');
  });
});
