// Part 5, item 6 and Part 7: on the legacy no-session service a body without `Login`
// (and no valid session: the mock keeps none) is answered with `SessaoExpirada: true`,
// the 200 example `sessaoExpirada` the contract declares. Everywhere else the body is
// held to the contract as before.
import { describe, expect, inject, test } from 'vitest';
import { isObject, type JsonObject } from '../../src/lib/json.ts';
import { loadBundle, objectOf, operations } from '../support/bundle.ts';

const url = inject('mockUrl');
const HEADERS = {
  'content-type': 'application/json',
  'developer-token': '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
  'developer-access-code': 'QUNDRVNTLUNPREU=',
};

async function post(route: string, body: unknown) {
  const response = await fetch(`${url}${route}`, { method: 'POST', headers: HEADERS, body: JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, type: response.headers.get('content-type'), json: JSON.parse(text) as JsonObject };
}

const legacy = loadBundle('legacy');
/** The operations whose 200 answer declares the `sessaoExpirada` example, with its value. */
const declaring = operations(legacy).flatMap(({ path, operation }) => {
  const ok = objectOf(legacy, objectOf(legacy, operation.responses)['200']);
  const media = isObject(ok.content) ? objectOf(legacy, ok.content['application/json']) : undefined;
  const examples = media && isObject(media.examples) ? media.examples : {};
  const example = examples.sessaoExpirada === undefined ? undefined : objectOf(legacy, examples.sessaoExpirada);
  return example && path.startsWith('/AereoNoSession.svc/') ? [{ path, value: example.value }] : [];
});

test('the rule covers the seat and ancillary operations and ValidarTokenSeguranca of AereoNoSession.svc', () => {
  expect(declaring.map((d) => d.path.split('/').pop()).sort()).toEqual(
    [
      'CancelarServicoAuxiliar',
      'DisponibilidadeDeServicoAuxiliar',
      'GravarServicoAuxiliar',
      'MarcarAssentos',
      'ObterMapaDeAssentos',
      'RemoverAssentos',
      'TarifarServicoAuxiliar',
      'ValidarTokenSeguranca',
    ].sort(),
  );
});

describe.each(declaring)('$path', ({ path, value }) => {
  test('a body without Login gets the declared answer, 200 {"SessaoExpirada": true}', async () => {
    for (const body of [{ Senha: 's3gredo' }, {}, { Senha: 's3gredo', Localizador: 'ABC123', token: 't' }]) {
      const r = await post(path, body);
      expect(r.status, JSON.stringify(body)).toBe(200);
      expect(r.type).toMatch(/^application\/json/);
      expect(r.json).toEqual(value);
      expect(r.json).toEqual({ SessaoExpirada: true });
    }
  });

  test('a body with Login is held to the operation body as before', async () => {
    const r = await post(path, { Login: 'agencia' });
    expect(r.status).toBe(422);
    expect(r.type).toMatch(/^application\/problem\+json/);
    expect(String(r.json.detail)).toContain("required property 'Senha'");
  });
});

test('the V2 route of the same name keeps requiring Login: the rule is the legacy service only', async () => {
  const r = await post('/api/V2/Voos/MarcarAssentos', { Senha: 's3gredo' });
  expect(r.status).toBe(422);
  expect(String(r.json.detail)).toContain("required property 'Login'");
});

test('Autenticar, whose credentials are lower case, is not touched by the rule', async () => {
  const r = await post('/AereoNoSession.svc/Autenticar', { senha: 's3gredo' });
  expect(r.status).toBe(422);
  expect(String(r.json.detail)).toContain("required property 'login'");
});
