// Issue 60, point 4: the reference page, the hover and the MCP tool show the same text, from
// one place in the contract. For every operation of every family and flavour:
// the operation's description and its read-or-write sentence (src/lib/operation-text.ts) are
// in the page's document (documentForDocs), in the hover's JSDoc (generated/<id>/calls.d.ts)
// and, the description, in the tool's description.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { computeCoverage } from '../../scripts/docs-site/coverage.ts';
import { listOperations } from '../../scripts/docs-site/openapi.ts';
import { observedDocumentForDocs } from '../../scripts/docs-site/observed-page.ts';
import { documentForDocs } from '../../scripts/docs-site/reference.ts';
import { sourcesFromCoverage } from '../../scripts/docs-site/sources.ts';
import { operationText } from '../../src/lib/operation-text.ts';
import type { JsonObject } from '../../src/lib/refs.ts';
import { toolsOf } from '../../src/mcp/tools.ts';
import { rootDir } from '../support/package.ts';

const read = (id: string, file: string) => readFileSync(path.join(rootDir, 'generated', id, file), 'utf8');
const flat = (text: string) => text.replace(/\s+/g, ' ').trim();
/** The JSDoc of calls.d.ts as text: its ` * ` prefixes gone, its lines joined. */
const jsdocText = (text: string) => flat(text.replace(/^\s*\/?\*+\/?/gm, ' ').replace(/\*\\\//g, '*/'));

describe.each(['v2-pt', 'v2-pt-observed', 'v2-en', 'v3', 'v1', 'legacy', 'legacy-observed'])('%s', (id) => {
  const doc = JSON.parse(read(id, 'openapi.json')) as JsonObject;
  const observed = id.endsWith('-observed');
  // Each page as the site makes it: the observed flavour's from its published family's bundle and its own.
  const published = JSON.parse(read(id.replace('-observed', ''), 'openapi.json')) as JsonObject;
  const family = { id, title: id, status: 'official', statusNote: undefined };
  const page = observed
    ? observedDocumentForDocs(doc, family, {
        // As the site counts them (site.ts): the legacy flavour adds the operations public integrations call.
        sources: sourcesFromCoverage(computeCoverage(published), doc, listOperations(doc).length > listOperations(published).length),
        published: { href: 'x.html', title: 'x' },
      })
    : documentForDocs(doc, family, { coverage: computeCoverage(doc), replacements: [], mirrors: [], familyTitle: (f) => f });
  const pageText = new Map(listOperations(page).map((op) => [op.operationId, flat(String(op.operation.description))]));
  const hover = jsdocText(read(id, 'calls.d.ts'));
  const named = (pathName: string) => !pathName.includes('{');
  const tools = new Map(toolsOf(id, doc).map((t) => [t.name, flat(t.description)]));

  test('every operation: its description and its read-or-write sentence on the page, at the hover and in the tool', () => {
    const operations = listOperations(doc);
    expect(operations.length).toBeGreaterThan(0);
    const differing = operations.flatMap((op) => {
      const text = operationText(doc, op.operation, observed);
      const description = flat(text.description);
      const effect = flat(text.effect ?? '');
      const where = [
        ...(pageText.get(op.operationId)?.includes(description) ? [] : ['page: description']),
        ...(pageText.get(op.operationId)?.includes(effect.slice(effect.indexOf(':') + 1).trim()) ? [] : ['page: effect']),
        // A template path (V1's `/api/Voos/{Operation}`) has no call by name, so no hover of its own.
        ...(named(op.path) && !hover.includes(description) ? ['hover: description'] : []),
        ...(named(op.path) && !hover.includes(effect) ? ['hover: effect'] : []),
        ...(tools.get(op.operationId)?.includes(description) ? [] : ['tool: description']),
      ];
      return where.length === 0 ? [] : [`${op.operationId}: ${where.join(', ')}`];
    });
    expect(differing).toEqual([]);
  });
});
