// Each family card of the landing page says what its bundles say: the operation count of
// the published bundle, and, for a family with an observed flavour, how many operations
// that flavour types (those of the published document, and those it adds on the route) and
// from how many sources. Counted here from the bundles themselves, not by the site's code.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { isRecord } from '../../src/lib/json.ts';
import { objectAt } from '../../src/lib/refs.ts';
import { rootDir } from '../support/bundle.ts';

const page = readFileSync(path.join(rootDir, 'generated/docs/index.html'), 'utf8');
const bundle = (id: string) =>
  JSON.parse(readFileSync(path.join(rootDir, 'generated', id, 'openapi.json'), 'utf8')) as Record<string, unknown>;
const OBSERVED: Record<string, string> = { 'v2-pt': 'v2-pt-observed', legacy: 'legacy-observed' };

/** Every operation of a bundle: `METHOD path` and its operation object. */
function operations(doc: Record<string, unknown>): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  for (const [route, item] of Object.entries(isRecord(doc.paths) ? doc.paths : {})) {
    const resolved = objectAt(doc, item);
    for (const [method, op] of Object.entries(resolved ?? {})) if (isRecord(op) && op.operationId) out.set(`${method} ${route}`, op);
  }
  return out;
}

/** The `x-observed` records of an operation's request body and 200 answer. */
function observedRecords(doc: Record<string, unknown>, op: Record<string, unknown>): Record<string, unknown>[] {
  const body = objectAt(doc, op.requestBody);
  const ok = objectAt(doc, isRecord(op.responses) ? op.responses['200'] : undefined);
  return [body, ok]
    .map((holder) => objectAt(doc, objectAt(doc, objectAt(doc, holder?.content)?.['application/json'])?.schema))
    .flatMap((schema) => (schema && isRecord(schema['x-observed']) ? [schema['x-observed']] : []));
}

/** The text of the family's card, tags removed and blanks folded. */
function card(id: string): string {
  const start = page.indexOf(`<article class="card" data-family="${id}"`);
  expect(start, `${id}: a card`).toBeGreaterThan(-1);
  return page
    .slice(start, page.indexOf('</article>', start))
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

describe.each(['v2-pt', 'v2-en', 'v3', 'v1', 'legacy'])('the %s card', (id) => {
  const published = operations(bundle(id));

  test('counts the operations of its bundle', () => {
    expect(card(id)).toContain(`Operations ${published.size} `);
  });

  test.runIf(OBSERVED[id] !== undefined)('says how many operations its observed flavour types, and from how many sources', () => {
    const doc = bundle(OBSERVED[id] as string);
    const typed = [...operations(doc)].filter(([, op]) => observedRecords(doc, op).length > 0);
    const own = typed.filter(([key]) => published.has(key)).length;
    const added = typed.length - own;
    const sources = new Set(
      typed.flatMap(([, op]) =>
        observedRecords(doc, op).flatMap((r) =>
          Array.isArray(r.sources) ? r.sources.flatMap((s) => (isRecord(s) ? [String(s.source)] : [])) : [String(r.repository)],
        ),
      ),
    );
    const text = card(id);
    expect(text).toContain(`types the payloads of ${own} of ${published.size} operations`);
    if (added > 0) expect(text).toContain(`and of ${added} operation${added === 1 ? '' : 's'} seen on this route`);
    expect(text).toContain(`from sanitized bodies of ${sources.size} independent public integration${sources.size === 1 ? '' : 's'}`);
  });
});
