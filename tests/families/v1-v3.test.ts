// Issue 3, items 2 and 4: V1 described honestly (the wrapper with `Sucesso` and the
// result, nothing invented) and V3's lean availability search with unpublished payloads.
import { expect, test } from 'vitest';
import { bundled, objectOf, operationNode, requestSchema, responseSchema, shape } from './support.ts';

const credentials = { Login: 'string', Senha: 'string', ClienteId: 'integer' };

test('V1 answers the open wrapper: a required Sucesso boolean beside a result whose property name is not published', () => {
  const v1 = bundled('v1');
  const wrapper = responseSchema(v1, '/api/Voos/{Operation}');
  expect(shape(v1, wrapper)).toEqual({ properties: { Sucesso: 'boolean' }, required: ['Sucesso'], open: true });
  expect(objectOf(v1, wrapper)['x-undocumented']).toBe(true);
});

test('V1 bodies carry the credentials, marked as an inference, and are otherwise open', () => {
  const v1 = bundled('v1');
  const body = requestSchema(v1, '/api/Voos/{Operation}');
  expect(shape(v1, body)).toEqual({ properties: credentials, required: ['Login', 'Senha'], open: true });
  expect(typeof objectOf(v1, body)['x-inferred']).toBe('string');
});

test('V3 Disponibilidade: payloads not published, credentials inferred, the answer open', () => {
  const v3 = bundled('v3');
  const path = '/api/V3/Voos/Disponibilidade';
  expect(operationNode(v3, path)['operationId']).toBe('Disponibilidade');
  expect(shape(v3, requestSchema(v3, path))).toEqual({ properties: credentials, required: ['Login', 'Senha'], open: true });
  expect(shape(v3, responseSchema(v3, path))).toEqual({ properties: {}, required: [], open: true });
  for (const schema of [requestSchema(v3, path), responseSchema(v3, path)]) {
    expect(objectOf(v3, schema)).toMatchObject({ 'x-undocumented': true });
    expect(typeof objectOf(v3, schema)['x-inferred']).toBe('string');
  }
});
