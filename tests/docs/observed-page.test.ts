import { describe, expect, test } from 'vitest';
import { observedDocumentForDocs, observedReferenceFamily } from '../../scripts/docs-site/observed-page.ts';
import { isObject, listOperations } from '../../scripts/docs-site/openapi.ts';
import { computeSources } from '../../scripts/docs-site/sources.ts';
import { statusLabel } from '../../scripts/docs-site/status.ts';
import { fixture } from './helpers.ts';

const published = fixture('pt.yaml');
const observed = fixture('pt-observed.yaml');
const family = observedReferenceFamily('fx-pt-observed', { id: 'fx-pt', title: 'Fixture V2 Portuguese', href: 'fx-pt.html' });

function prepare(bundle: unknown = observed) {
  return observedDocumentForDocs(bundle, family, {
    sources: computeSources(published, observed),
    published: { href: 'fx-pt.html', title: 'Fixture V2 Portuguese' },
  });
}

function description(doc: unknown, operationId: string): string {
  return String(listOperations(doc).find((o) => o.operationId === operationId)?.operation.description);
}

describe('the observed page', () => {
  test('is labelled observed, not published, and links back to the published page', () => {
    expect(statusLabel(family.status)).toBe('Observed — not published by the provider');
    expect(family.flavourOf).toEqual({ href: 'fx-pt.html', title: 'Fixture V2 Portuguese' });
    expect(family.coverageHref).toBe('index.html#coverage-sources');
  });

  test('opens with the observed callout: source, and the counts computed from both bundles', () => {
    const original = structuredClone(observed);
    const doc = prepare();
    const info = isObject(doc.info) ? doc.info : {};
    expect(info.description).toMatch(
      /^> \*\*Observed — not published by the provider\.\*\* This page is the observed flavour of the \[Fixture V2 Portuguese\]\(fx-pt\.html\)/,
    );
    expect(info.description).toContain(
      '> Observed payloads: 3 of 3 operations, from `example/fixture-captures` at commit `0123456789abcdef0123456789abcdef01234567`.',
    );
    expect(info.description).toContain('requests: 1 published, 1 observed only, 1 unknown; responses: 2 observed only, 1 unknown.');
    expect(info.description).toContain('Observed payloads of the fixture.'); // the document's own text follows
    expect(observed).toEqual(original);
  });

  test('notes on every observed operation where its types come from, from x-observed', () => {
    const doc = prepare();
    expect(description(doc, 'Tarifar')).toMatch(
      /^> \*\*Observed — not published by the provider\.\*\* The types of this operation's request and response come from sanitized bodies of public integrations: request seen in 4 of 4 captures; response seen in 4 of 4 captures\.\n>\n> Sources \(`x-observed`\): 1 source: `example\/fixture-captures`\./,
    );
    expect(description(doc, 'Tarifar')).toContain('*Coverage:* request **observed only**, response **observed only**');
    expect(description(doc, 'Disponibilidade')).toContain(
      "The types of this operation's response come from sanitized bodies of public integrations: response seen in 6 of 6 captures.",
    );
    expect(description(doc, 'Disponibilidade')).toContain('*Coverage:* request **unknown**, response **observed only**');
    expect(description(doc, 'MarcarAssentos')).toContain('request seen in 2 of 2 captures');
    expect(description(doc, 'MarcarAssentos')).toContain('*Coverage:* request **published** (observed fields added), response **unknown**');
  });

  test('names each source when the parts come from different captures, and says when nothing was observed', () => {
    const mixed = structuredClone(observed) as { components: { schemas: Record<string, Record<string, unknown>> } };
    (mixed.components.schemas.TarifarRSObservado as Record<string, unknown>)['x-observed'] = {
      repository: 'other/captures',
      commit: 'abc',
      seen: 1,
      of: 3,
    };
    const doc = observedDocumentForDocs(mixed, family, {
      sources: computeSources(published, mixed),
      published: { href: 'fx-pt.html', title: 'Fixture V2 Portuguese' },
    });
    expect(description(doc, 'Tarifar')).toContain(
      'request seen in 4 of 4 captures (1 source: `example/fixture-captures`); response seen in 1 of 3 captures (1 source: `other/captures`).',
    );
    const none = observedDocumentForDocs(published, family, {
      sources: computeSources(published, published),
      published: { href: 'fx-pt.html', title: 'Fixture V2 Portuguese' },
    });
    expect(description(none, 'Tarifar')).toMatch(/^> \*\*Not observed\.\*\* No capture of this operation/);
  });

  test('every observed schema says how often it was seen; examples are left alone', () => {
    const doc = prepare() as {
      components: { schemas: Record<string, { description?: string; properties?: Record<string, { description?: string }> }> };
    };
    expect(doc.components.schemas.TarifarRSObservado?.description).toBe(
      '*Observed:* seen in 4 of 4 captures, in 1 source (`example/fixture-captures`).',
    );
    expect(doc.components.schemas.DisponibilidadeRSObservado?.properties?.Voos?.description).toBe(
      '*Observed:* seen in 5 of 6 captures, in 1 source (`example/fixture-captures`).',
    );
    expect(doc.components.schemas.Open?.description).toBe('Not published.');
    const withExample = structuredClone(observed) as { paths: Record<string, { post: Record<string, unknown> }> };
    const op = withExample.paths['/api/V2/Voos/Tarifar']?.post as { requestBody: { content: Record<string, Record<string, unknown>> } };
    const example = { 'x-observed': { repository: 'r', commit: 'c', seen: 1, of: 1 }, description: 'data' };
    (op.requestBody.content['application/json'] as Record<string, unknown>).example = example;
    const out = observedDocumentForDocs(withExample, family, {
      sources: computeSources(published, observed),
      published: { href: 'fx-pt.html', title: 'Fixture V2 Portuguese' },
    }) as typeof withExample;
    const kept = (out.paths['/api/V2/Voos/Tarifar']!.post as typeof op).requestBody.content['application/json']?.example;
    expect(kept).toEqual(example);
  });

  test('refuses an operation the published document does not have, unless observed records type it (then noted as observed only)', () => {
    const extra = structuredClone(observed) as { paths: Record<string, unknown> };
    extra.paths['/api/V2/Voos/Inventada'] = { post: { operationId: 'Inventada', responses: {} } };
    expect(() => prepare(extra)).toThrow(/Inventada is not an operation of the published document/);
    const typed = structuredClone(observed) as { paths: Record<string, unknown> };
    typed.paths['/api/V2/Voos/Inventada'] = {
      post: {
        operationId: 'Inventada',
        responses: {
          '200': { description: 'x', content: { 'application/json': { schema: { $ref: '#/components/schemas/TarifarRSObservado' } } } },
        },
      },
    };
    const description = String(
      (
        (prepare(typed).paths as Record<string, { post: { description?: string } }>)['/api/V2/Voos/Inventada'] as {
          post: { description?: string };
        }
      ).post.description,
    );
    expect(description).toMatch(
      /^> \*\*Observed — not published by the provider\.\*\* The provider does not list this operation on this route/,
    );
    expect(description).toContain('response seen in 4 of 4 captures');
  });
});
