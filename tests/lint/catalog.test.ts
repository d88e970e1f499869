// spec/catalog.yaml is read as typed data, with a clear error on a malformed entry,
// and the fixture catalog stays true to it for every family both describe.
import { describe, expect, test } from 'vitest';
import { CatalogError, loadCatalog, locatePath, parseCatalog, type Family } from '../../scripts/lib/catalog.ts';

// CATALOG lets the drift check run against another branch's catalog before a merge.
const real = process.env['CATALOG'] === undefined ? loadCatalog() : loadCatalog(new URL(`file://${process.env['CATALOG']}`));
const fixtures = loadCatalog(new URL('./fixtures/catalog.yaml', import.meta.url));

describe('parseCatalog', () => {
  const family = (fields: string): string => `families:\n  v9:\n${fields}`;
  const valid = '    prefix: /api/V9/Voos\n    status: lean\n    language: pt\n    credentials: known\n';

  test('adds the prefixes of its services to the family and keeps their operationId prefixes', () => {
    const catalog = parseCatalog(
      family(
        `${valid}    operations: [Um]\n    services:\n      - prefix: /S.svc\n        operationIdPrefix: S_\n        operations: [Um]\n`,
      ),
      'x.yaml',
    );
    expect(catalog.families[0]?.prefixes).toEqual(['/api/V9/Voos', '/S.svc']);
    expect(locatePath(catalog, '/S.svc/Um')?.service).toEqual({ prefix: '/S.svc', operationIdPrefix: 'S_', operations: ['Um'] });
  });

  test('reads groups and operations into one list of names, without repeats', () => {
    const catalog = parseCatalog(family(`${valid}    groups:\n      A: [Um, Dois]\n      B: [Dois]\n    operations: [Tres]\n`), 'x.yaml');
    expect(catalog.families[0]?.operations).toEqual(['Um', 'Dois', 'Tres']);
  });

  test.each([
    ['a language other than pt or en', valid.replace('language: pt', 'language: es'), /v9.*`language` must be pt or en/],
    ['a prefix with a trailing slash', valid.replace('/api/V9/Voos', '/api/V9/Voos/'), /v9.*`prefix`/],
    ['credentials that are neither known nor unknown', valid.replace('known', 'yes'), /v9.*`credentials`/],
    ['a group that is not a list', `${valid}    groups:\n      A: Um\n`, /v9.*`groups\.A`/],
    [
      'a service offering an operation the family does not list',
      `${valid}    operations: [Um]\n    services:\n      - prefix: /S.svc\n        operations: [Dois]\n`,
      /v9.*\/S\.svc offers Dois/,
    ],
    ['an unlisted route without its operationId', `${valid}    unlisted:\n      path: /api/V9/Voos/{Op}\n`, /v9.*`unlisted`/],
    ['a replacement that is neither a name nor null', `${valid}    replacedBy:\n      Um: 3\n`, /v9.*`replacedBy\.Um`/],
  ])('refuses %s, naming the family and the field', (_case, fields, message) => {
    expect(() => parseCatalog(family(fields), 'x.yaml')).toThrow(CatalogError);
    expect(() => parseCatalog(family(fields), 'x.yaml')).toThrow(message);
  });

  test('refuses a document without `families`', () => {
    expect(() => parseCatalog('apis: {}\n', 'x.yaml')).toThrow(/x\.yaml: expected a mapping `families:`/);
  });
});

describe('locatePath', () => {
  test('places a path in the family whose prefix it starts with, segment-wise', () => {
    expect(locatePath(fixtures, '/api/V2/Voos/Reservar')?.family.name).toBe('v2-pt');
    expect(locatePath(fixtures, '/api/Voos/Reservar')?.family.name).toBe('v1');
    expect(locatePath(fixtures, '/Usuario.svc/Autenticar')).toMatchObject({ prefix: '/Usuario.svc', rest: 'Autenticar' });
    expect(locatePath(fixtures, '/api/V2/VoosX/Reservar')).toBeUndefined();
    expect(locatePath(fixtures, '/api/V2/Voos')).toBeUndefined();
  });
});

describe('spec/catalog.yaml', () => {
  test('parses, and no two families share a prefix', () => {
    const prefixes = real.families.flatMap((family) => family.prefixes);
    expect(real.families.length).toBeGreaterThan(0);
    expect(new Set(prefixes).size).toBe(prefixes.length);
  });

  test('the fixture catalog agrees with it on every family both describe (its lists may be shorter)', () => {
    for (const fixture of fixtures.families) {
      const family = real.families.find((candidate) => candidate.name === fixture.name);
      if (family === undefined) continue; // not in spec/catalog.yaml on this branch yet
      const { name } = fixture;
      const shape = (f: Family) => ({
        prefixes: f.prefixes,
        status: f.status,
        language: f.language,
        credentials: f.credentials,
        unlisted: f.unlisted,
      });
      expect(shape(fixture), name).toEqual(shape(family));
      expect(
        fixture.operations.filter((op) => !family.operations.includes(op)),
        name,
      ).toEqual([]);
      for (const service of fixture.services) {
        const real = family.services.find((candidate) => candidate.prefix === service.prefix);
        expect(real?.operationIdPrefix, `${name} ${service.prefix}`).toBe(service.operationIdPrefix);
        expect(
          service.operations.filter((op) => !real?.operations.includes(op)),
          `${name} ${service.prefix}`,
        ).toEqual([]);
      }
      expect(fixture.services.length === 0, name).toBe(family.services.length === 0);
      for (const [operation, replacement] of fixture.replacedBy) {
        expect(family.replacedBy.get(operation), `${name} replacedBy.${operation}`).toBe(replacement);
      }
    }
  });
});
