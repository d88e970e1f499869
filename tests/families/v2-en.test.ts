// Issue 3, items 3 and 6: the English route. The English→Portuguese mirror map is
// present, machine-readable, marked as an inference and covers the 11 operations;
// Availability takes exactly the search request of Part 2.4; the document uses
// English names only, and its date schemas are the Portuguese ones under English names.
import { readdirSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { arr, bundled, catalogFamily, closure, obj, objectOf, operations, requestSchema, root, shape, str } from './support.ts';
import type { JsonObject } from '../../src/lib/json.ts';

const en = bundled('v2-en');
const pt = bundled('v2-pt');
const schemasOf = (doc: JsonObject) => obj(obj(doc['components'], 'components')['schemas'], 'schemas');
const oneOfRefs = (doc: JsonObject, name: string) =>
  arr(obj(schemasOf(doc)[name], name)['oneOf'], `${name}.oneOf`).map((branch) => str(obj(branch, 'branch')['$ref'], '$ref'));

// Part 4.2, typed from the description.
const ENGLISH = [
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

describe('the English→Portuguese mirror map', () => {
  const map = obj(catalogFamily('v2-en')['mirrorOf'], 'mirrorOf');
  const ptOperations = new Map(operations(pt).map(({ path, operation }) => [str(operation['operationId'], path), path]));

  test('covers exactly the 11 English operations, each paired with a distinct Portuguese one', () => {
    expect(Object.keys(map).sort()).toEqual([...ENGLISH].sort());
    const targets = Object.values(map).map((target) => str(target, 'mirrorOf'));
    expect(new Set(targets).size).toBe(ENGLISH.length);
    for (const target of targets) expect(ptOperations.has(target), `${target} is a V2 Portuguese operation`).toBe(true);
  });

  test.each(operations(en).map(({ path, operation }) => ({ path, operation })))(
    '$path states its mirror, machine-readable and marked inferred',
    ({ path, operation }) => {
      const name = str(operation['operationId'], path);
      const mirror = obj(operation['x-mirror-of'], `x-mirror-of of ${path}`);
      const target = str(map[name], `mirrorOf.${name}`);
      expect(mirror).toEqual({ operationId: target, path: ptOperations.get(target) });
      expect(str(operation['x-inferred'], 'x-inferred')).toMatch(new RegExp(`${name} is taken to mirror ${target}\\b`));
    },
  );

  test('Price mirrors Tarifar (the example the issue gives)', () => {
    expect(map['Price']).toBe('Tarifar');
  });
});

describe('Availability takes exactly the search request of Part 2.4', () => {
  const body = requestSchema(en, '/api/V2/Flights/Availability');
  const date = shape(en, { $ref: '#/components/schemas/InputDate' });

  test('field by field, with the body open for the unpublished credential names', () => {
    expect(shape(en, body)).toEqual({
      properties: {
        Origin: 'string',
        Destination: 'string',
        DepartureDate: date,
        ReturnDate: date,
        Adults: 'integer',
        Children: 'integer',
        Infants: 'integer',
      },
      required: [],
      open: true,
    });
    expect(objectOf(en, body)['x-undocumented']).toBe(true);
  });

  test('dates are ISO 8601 YYYY-MM-DDTHH:mm:ss first, with the other V2 input forms', () => {
    expect(oneOfRefs(en, 'InputDate')).toEqual([
      '#/components/schemas/DateTime',
      '#/components/schemas/DateOnly',
      '#/components/schemas/LegacyDate',
    ]);
    expect(new RegExp(str(obj(schemasOf(en)['DateTime'], 'DateTime')['pattern'], 'pattern')).test('2026-05-20T13:45:00')).toBe(true);
  });

  test('the other ten operations take an open body, listing no guessed credential field', () => {
    for (const { path } of operations(en).filter(({ path }) => !path.endsWith('/Availability'))) {
      expect(shape(en, requestSchema(en, path)), path).toEqual({ properties: {}, required: [], open: true });
    }
  });
});

describe('English names only', () => {
  const sharedFiles = ['schemas', 'responses'].flatMap((dir) =>
    readdirSync(`${root}spec/shared/${dir}`).map((file) => file.replace(/\.yaml$/, '')),
  );
  const components = obj(en['components'], 'components');
  const names = ['schemas', 'responses'].flatMap((section) => Object.keys(obj(components[section] ?? {}, section)));

  test('no component of the English bundle bears a Portuguese (shared, V2 Portuguese or legacy) name', () => {
    const portuguese = new Set([
      ...sharedFiles,
      ...(['v2-pt', 'legacy'] as const).flatMap((family) => {
        const c = obj(bundled(family)['components'], 'components');
        return ['schemas', 'responses'].flatMap((section) => Object.keys(obj(c[section] ?? {}, section)));
      }),
    ]);
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name) => portuguese.has(name))).toEqual([]);
  });

  test('no property of the English bundle bears a Portuguese name', () => {
    const properties = [...closure(en, en['paths'] ?? null).values()].flatMap((schema) =>
      Object.keys(obj(schema['properties'] ?? {}, 'properties')),
    );
    expect(properties.filter((name) => /^(Login|Senha|ClienteId|Localizador|Sucesso)$|Data|Quantidade|Origem|Destino/.test(name))).toEqual(
      [],
    );
  });

  test('its date schemas carry exactly the patterns of the shared Portuguese ones', () => {
    const pairs: [string, string][] = [
      ['DateTime', 'DataHora'],
      ['DateOnly', 'DataSemHora'],
      ['LegacyDate', 'DataLegada'],
    ];
    for (const [english, portuguese] of pairs) {
      const enPattern = str(obj(schemasOf(en)[english], english)['pattern'], english);
      expect(enPattern, `${english} = ${portuguese}`).toBe(str(obj(schemasOf(pt)[portuguese], portuguese)['pattern'], portuguese));
      expect(obj(schemasOf(en)[english], english)['type']).toBe('string');
    }
    const patterns = (doc: JsonObject, name: string) => oneOfRefs(doc, name).map((ref) => objectOf(doc, { $ref: ref })['pattern']);
    expect(patterns(en, 'InputDate')).toEqual(patterns(pt, 'DataDeEntrada'));
  });
});
