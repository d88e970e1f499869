import { describe, expect, test } from 'vitest';
import { computeCoverage } from '../../scripts/docs-site/coverage.ts';
import { migrationRows, mirrorTable, type SiteDocument } from '../../scripts/docs-site/crossrefs.ts';
import { isObject, listOperations } from '../../scripts/docs-site/openapi.ts';
import { documentForDocs, makeOffline } from '../../scripts/docs-site/reference.ts';
import { fixture } from './helpers.ts';

const documents: SiteDocument[] = [
  { familyId: 'fx-pt', doc: fixture('pt.yaml') },
  { familyId: 'fx-legacy', doc: fixture('legacy.yaml') },
  { familyId: 'fx-en', doc: fixture('en.yaml') },
];
const titles: Record<string, string> = { 'fx-pt': 'Fixture V2 Portuguese', 'fx-legacy': 'Fixture legacy', 'fx-en': 'Fixture V2 English' };

function prepare(familyId: string, status: string) {
  const doc = documents.find((d) => d.familyId === familyId)?.doc;
  const family = { id: familyId, title: titles[familyId] ?? familyId, status, statusNote: 'a note' };
  return documentForDocs(doc, family, {
    coverage: computeCoverage(doc),
    replacements: migrationRows(documents).filter((r) => r.legacy.familyId === familyId),
    mirrors: mirrorTable(documents).rows.filter((r) => r.english.familyId === familyId),
    familyTitle: (id) => titles[id] ?? id,
  });
}

function description(doc: unknown, operationId: string): string {
  const op = listOperations(doc).find((o) => o.operationId === operationId);
  return String(op?.operation.description);
}

describe('documentForDocs', () => {
  test('puts the status and the computed coverage before the description, and leaves the bundle alone', () => {
    const original = structuredClone(documents[1]?.doc);
    const doc = prepare('fx-legacy', 'deprecated');
    const info = isObject(doc.info) ? doc.info : {};
    expect(info.description).toMatch(/^> \*\*Status: Deprecated\*\* — a note\./);
    expect(info.description).toContain('[migration guide](index.html#migration)');
    expect(info.description).toContain('3 operations; requests: 2 documented, 1 no body; responses: 1 documented, 2 not published');
    expect(documents[1]?.doc).toEqual(original);
  });

  test('marks each deprecated operation with its replacement, or says there is none', () => {
    const doc = prepare('fx-legacy', 'deprecated');
    expect(description(doc, 'MarcarAssentos')).toMatch(
      /^> \*\*Deprecated\.\*\* Replaced by \[`MarcarAssentos`\]\(fx-pt\.html#\/seats\/marcarassentos\) on the Fixture V2 Portuguese \(`POST \/api\/V2\/Voos\/MarcarAssentos`\)/,
    );
    expect(description(doc, 'Autenticar')).toMatch(/^> \*\*Deprecated\.\*\* No V2 equivalent\./);
    expect(description(doc, 'Sumido')).toMatch(/^> \*\*Deprecated\.\*\* See the/);
    expect(description(doc, 'MarcarAssentos')).toContain('Assigns seats.');
  });

  test('names the Portuguese operation an English one mirrors, as an inference', () => {
    const doc = prepare('fx-en', 'mirror');
    expect(description(doc, 'Price')).toContain('> **Mirror of** [`Tarifar`](fx-pt.html#/search-and-pricing/tarifar)');
    expect(description(doc, 'Price')).toContain('*Inferred*: Paired by meaning');
    expect(description(doc, 'Availability')).toContain('*Inferred*.');
  });

  test('gives every operation its coverage line', () => {
    const doc = prepare('fx-pt', 'official');
    expect(description(doc, 'MarcarAssentos')).toContain('*Coverage:* request **documented**, response **not published**');
    expect(description(doc, 'Tarifar')).toContain('*Coverage:* request **not published**, response **not published**');
  });
});

describe('text from the catalog and the documents', () => {
  test('cannot become markup in the page', () => {
    const doc = fixture('pt.yaml');
    const family = { id: 'fx-pt', title: 'T', status: 'official', statusNote: 'note <img src=x onerror="alert(1)"> & more' };
    const prepared = documentForDocs(doc, family, {
      coverage: computeCoverage(doc),
      replacements: [],
      mirrors: [],
      familyTitle: (id) => id,
    });
    const info = isObject(prepared.info) ? prepared.info : {};
    expect(info.description).toContain('note &lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; more');
    expect(info.description).not.toContain('<img');
  });
});

describe('makeOffline', () => {
  test('points the Redoc logo at an inline image', () => {
    const page = makeOffline(
      '<img src="https://cdn.redoc.ly/redoc/logo-mini-full.svg"><img src=`https://cdn.redoc.ly/redoc/logo-mini.svg`>',
      'x',
    );
    expect(page).not.toContain('https://');
    expect(page).toContain('data:image/svg+xml,');
  });

  test('refuses a page that would still load from a Redocly CDN', () => {
    expect(() => makeOffline('<script src="https://cdn.redocly.com/redoc/v3/bundles/redoc.standalone.js">', 'v9')).toThrow(/"v9".*offline/);
  });
});
