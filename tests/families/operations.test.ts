// Issue 3, item 6: for every family, the exact set of operations and paths, nothing
// missing and nothing extra, checked twice: against spec/catalog.yaml (the data every
// tool reads) and against name lists typed here from the interface description
// (the independent check that the catalog itself is right).
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { arr, bundled, catalogFamily, FAMILIES, obj, objectOf, operations, str, type Family } from './support.ts';
import { type Json, type JsonObject, isObject } from '../../src/lib/json.ts';

// Part 4.1, in the description's order (36 names in 8 groups).
const V2_PT = [
  'RecuperarSistemasPesquisa',
  'RecuperarSistemas',
  'Disponibilidade',
  'DisponibilidadeMultipla',
  'Tarifar',
  'ObterRegraDaTarifa',
  'DetalhesdeFamilia',
  'Reservar',
  'Consultar',
  'Cancelar',
  'GravarReserva',
  'GravarVenda',
  'AlterarReservaTarifar',
  'AlterarReservaConfirmar',
  'IniciarEmissao',
  'RecuperarFormasDeFinanciamento',
  'Emitir',
  'ConsultarEticket',
  'CancelarEticket',
  'ListarReservas',
  'ListarEtickets',
  'BuscarReserva',
  'BuscarEtickets',
  'Buscar',
  'BuscarFila',
  'ObterMapaDeAssentos',
  'MarcarAssentos',
  'RemoverAssentos',
  'DisponibilidadeDeServicoAuxiliar',
  'TarifarServicoAuxiliar',
  'GravarServicoAuxiliar',
  'CancelarServicoAuxiliar',
  'EnviarPlanoDeViagem',
  'BuscarNotificacao',
  'ListarNotificacoes',
  'ExcluirNotificacao',
];
// Part 4.2.
const V2_EN = [
  'RetrieveSystemsSearch',
  'Availability',
  'MultipleAvailability',
  'Price',
  'Book',
  'Retrieve',
  'StartIssuance',
  'Issue',
  'RetrieveEticket',
  'CancelEticket',
  'Cancel',
];
// Parts 4.4 and 4.5.
const SEATS_AND_ANCILLARIES = [
  'ObterMapaDeAssentos',
  'MarcarAssentos',
  'RemoverAssentos',
  'DisponibilidadeDeServicoAuxiliar',
  'TarifarServicoAuxiliar',
  'GravarServicoAuxiliar',
  'CancelarServicoAuxiliar',
];
const AUTHENTICATION = ['Autenticar', 'AutenticarComUsuario', 'ValidarTokenSeguranca'];

/** Paths typed from the description, per family. */
const DESCRIBED_PATHS: Record<Family, string[]> = {
  'v2-pt': V2_PT.map((name) => `/api/V2/Voos/${name}`),
  'v2-en': V2_EN.map((name) => `/api/V2/Flights/${name}`),
  legacy: [
    ...[...SEATS_AND_ANCILLARIES, ...AUTHENTICATION].map((name) => `/AereoNoSession.svc/${name}`),
    ...AUTHENTICATION.map((name) => `/Aereo.svc/${name}`),
    '/Usuario.svc/Autenticar',
  ],
  // No V1 operation is listed: one templated route, the name as a path parameter.
  v1: ['/api/Voos/{Operation}'],
  v3: ['/api/V3/Voos/Disponibilidade'],
};

function names(value: Json | undefined, what: string): string[] {
  return arr(value, what).map((name) => str(name, what));
}

/** `path → operationId` as spec/catalog.yaml defines it for a family. */
function catalogOperations(family: Family): Map<string, string> {
  const entry = catalogFamily(family);
  const expected = new Map<string, string>();
  if (Array.isArray(entry['services'])) {
    for (const service of entry['services']) {
      const s = obj(service, 'service');
      for (const name of names(s['operations'], 'operations')) {
        expected.set(`${str(s['prefix'], 'prefix')}/${name}`, `${str(s['operationIdPrefix'], 'operationIdPrefix')}${name}`);
      }
    }
    return expected;
  }
  const listed = isObject(entry['groups'])
    ? Object.values(entry['groups']).flatMap((group) => names(group, 'group'))
    : names(entry['operations'], 'operations');
  for (const name of listed) expected.set(`${str(entry['prefix'], 'prefix')}/${name}`, name);
  if (isObject(entry['unlisted'])) {
    expected.set(str(entry['unlisted']['path'], 'unlisted.path'), str(entry['unlisted']['operationId'], 'unlisted.operationId'));
  }
  return expected;
}

function documentOperations(doc: JsonObject): Map<string, string> {
  return new Map(operations(doc).map(({ path, operation }) => [path, str(operation['operationId'], `operationId of ${path}`)]));
}

describe.each(FAMILIES)('%s: operations and paths', (family) => {
  const doc = bundled(family);

  test('paths and operationIds are exactly those of spec/catalog.yaml', () => {
    expect(documentOperations(doc)).toEqual(catalogOperations(family));
  });

  test('paths are exactly those typed from the interface description', () => {
    expect(Object.keys(obj(doc['paths'], 'paths')).sort()).toEqual([...DESCRIBED_PATHS[family]].sort());
  });

  test('every operation is a POST with a required JSON body, an assumed 200 and a default', () => {
    for (const { path, method, operation } of operations(doc)) {
      expect(method, path).toBe('post');
      const body = obj(operation['requestBody'], `requestBody of ${path}`);
      expect(body['required'], path).toBe(true);
      expect(Object.keys(obj(body['content'], 'content')), path).toEqual(['application/json']);
      const responses = obj(operation['responses'], `responses of ${path}`);
      expect(Object.keys(responses).sort(), path).toEqual(['200', 'default']);
      const ok = objectOf(doc, obj(responses['200'], '200'));
      expect(typeof ok['x-inferred'], `${path}: the 200 is an inference`).toBe('string');
      expect(Object.keys(obj(ok['content'], 'content')), path).toEqual(['application/json']);
      // The error body is not published (Part 7): declared, but open and marked, nothing invented.
      const error = obj(objectOf(doc, obj(responses['default'], 'default'))['content'], `${path}: default content`);
      expect(Object.keys(error), path).toEqual(['application/json']);
      const errorSchema = objectOf(doc, obj(obj(error['application/json'], 'media')['schema'], 'schema'));
      expect(errorSchema, `${path}: the error body is open and not published`).toMatchObject({
        type: 'object',
        additionalProperties: true,
        'x-undocumented': true,
      });
      expect(errorSchema['properties'], `${path}: no error field is invented`).toBeUndefined();
    }
  });

  test('both developer headers are required on every call, over https servers with unpublished hosts', () => {
    expect(doc['security']).toEqual([{ developerToken: [], developerAccessCode: [] }]);
    const schemes = obj(obj(doc['components'], 'components')['securitySchemes'], 'securitySchemes');
    expect(obj(schemes['developerToken'], 'developerToken')).toMatchObject({ type: 'apiKey', in: 'header', name: 'developer-token' });
    expect(obj(schemes['developerAccessCode'], 'developerAccessCode')).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'developer-access-code',
    });
    for (const { operation } of operations(doc)) expect(operation['security']).toBeUndefined();
    const servers = arr(doc['servers'], 'servers');
    expect(servers.length).toBeGreaterThan(0);
    for (const server of servers) {
      const s = obj(server, 'server');
      const variable = /^https:\/\/\{(\w+)\}$/.exec(str(s['url'], 'url'))?.[1];
      expect(variable, str(s['url'], 'url')).toBeDefined();
      expect(str(obj(obj(s['variables'], 'variables')[variable ?? ''], 'variable')['default'], 'default')).toMatch(/\.invalid$/);
    }
  });

  test("info names this contract document, at its CHANGELOG's newest version", () => {
    // The newest `## x.y.z` heading: the version being released (a breaking change raises it, CONTRIBUTING).
    const newest = /^##\s+(\d+\.\d+\.\d+)/m.exec(readFileSync(`spec/${family}/CHANGELOG.md`, 'utf8'))?.[1];
    expect(obj(doc['info'], 'info')['version']).toBe(newest);
    expect(doc['openapi']).toBe('3.1.0');
  });
});

test('each family has its own servers: legacy on {legacy_base_url}, the Web API on sandbox and production', () => {
  const urls = (family: Family) => arr(bundled(family)['servers'], 'servers').map((s) => str(obj(s, 'server')['url'], 'url'));
  expect(urls('legacy')).toEqual(['https://{legacy_base_url}']);
  for (const family of ['v1', 'v2-pt', 'v2-en', 'v3'] as const) {
    expect(urls(family)).toEqual(['https://{sandbox_base_url}', 'https://{base_url}']);
  }
});

test('the catalog agrees with the description on names: 36 Portuguese, 11 English, 1 V3, no V1 name', () => {
  expect(Object.values(obj(catalogFamily('v2-pt')['groups'], 'groups')).flatMap((g) => names(g, 'group'))).toEqual(V2_PT);
  expect(names(catalogFamily('v2-en')['operations'], 'operations')).toEqual(V2_EN);
  expect(names(catalogFamily('v3')['operations'], 'operations')).toEqual(['Disponibilidade']);
  expect(names(catalogFamily('v1')['operations'], 'operations')).toEqual([]);
  expect(arr(catalogFamily('legacy')['services'], 'services').map((s) => str(obj(s, 'service')['prefix'], 'prefix'))).toEqual([
    '/AereoNoSession.svc',
    '/Aereo.svc',
    '/Usuario.svc',
  ]);
});

test('V1 names no operation: its one route takes the operation name as a string path parameter', () => {
  const doc = bundled('v1');
  const [only, ...rest] = operations(doc);
  expect(rest).toEqual([]);
  const parameters = arr(only?.operation['parameters'], 'parameters').map((p) => obj(p, 'parameter'));
  expect(parameters).toHaveLength(1);
  expect(parameters[0]).toMatchObject({ name: 'Operation', in: 'path', required: true, schema: { type: 'string' } });
  expect(obj(parameters[0]?.['schema'], 'schema')['enum'], 'no operation name is invented').toBeUndefined();
  expect(typeof parameters[0]?.['x-inferred']).toBe('string');
});
