import { describe, expect, test } from 'vitest';
import { migrationRows, mirrorTable, operationHref, tagSlug, type SiteDocument } from '../../scripts/docs-site/crossrefs.ts';
import { fixture } from './helpers.ts';

const documents: SiteDocument[] = [
  { familyId: 'fx-pt', doc: fixture('pt.yaml') },
  { familyId: 'fx-legacy', doc: fixture('legacy.yaml') },
  { familyId: 'fx-en', doc: fixture('en.yaml') },
];

describe('deep links', () => {
  test('follow Redoc 3 routes: tag slug, then the operationId in lower case', () => {
    expect(tagSlug('Search and pricing')).toBe('search-and-pricing');
    expect(tagSlug('  Listing  and search ')).toBe('listing-and-search');
    expect(operationHref('v2-pt', { tags: ['Seats'], operationId: 'MarcarAssentos' })).toBe('v2-pt.html#/seats/marcarassentos');
    expect(operationHref('v3', { tags: [], operationId: 'Disponibilidade' })).toBe('v3.html#/other/disponibilidade');
  });
});

describe('migrationRows', () => {
  const rows = migrationRows(documents);

  test('one row per deprecated operation, with what x-replaced-by states', () => {
    expect(rows.map((r) => [r.legacy.operationId, r.kind])).toEqual([
      ['MarcarAssentos', 'replaced'],
      ['Autenticar', 'none'],
      ['Sumido', 'unstated'],
    ]);
  });

  test('resolves the replacement in the document that holds it', () => {
    const [marcar] = rows;
    expect(marcar?.replacement).toEqual({
      familyId: 'fx-pt',
      operationId: 'MarcarAssentos',
      method: 'post',
      path: '/api/V2/Voos/MarcarAssentos',
      href: 'fx-pt.html#/seats/marcarassentos',
    });
    expect(marcar?.legacy.href).toBe('fx-legacy.html#/seats/marcarassentos');
  });

  test('a replacement outside the site stays unresolved instead of linking nowhere', () => {
    const alone = migrationRows(documents.filter((d) => d.familyId === 'fx-legacy'));
    expect(alone[0]?.target).toEqual({ operationId: 'MarcarAssentos', path: '/api/V2/Voos/MarcarAssentos' });
    expect(alone[0]?.replacement).toBeNull();
  });

  test('no legacy document, no rows', () => {
    expect(migrationRows(documents.filter((d) => d.familyId !== 'fx-legacy'))).toEqual([]);
  });
});

describe('mirrorTable', () => {
  const table = mirrorTable(documents);

  test('pairs each English operation with its Portuguese one, marked inferred', () => {
    expect(table.rows.map((r) => [r.english.operationId, r.portuguese?.operationId, r.inferred])).toEqual([
      ['Price', 'Tarifar', 'Paired by meaning; the description lists `Price` without its Portuguese name.'],
      ['Availability', 'Disponibilidade', true],
    ]);
  });

  test('lists the Portuguese operations no English one names', () => {
    expect(table.unmirrored.map((u) => [u.familyId, u.operations.map((o) => o.operationId)])).toEqual([['fx-pt', ['MarcarAssentos']]]);
  });
});
