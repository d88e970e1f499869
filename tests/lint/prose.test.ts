// Prose says no more than the description: the published bundles add no gloss to a name
// Parts 4.1 and 4.2 give bare, write the legacy date token only in the description's own
// words (its grammar is an inference, marked where a pattern states it), and say that
// calls are stateless (Part 1) on every Web API family.
import { describe, expect, test } from 'vitest';
import { isRecord } from '../../src/lib/json.ts';
import { loadBundle } from '../support/bundle.ts';

const PUBLISHED = ['v2-pt', 'v2-en', 'v3', 'v1', 'legacy'];

function operations(doc: Record<string, unknown>): Array<{ operationId: string; summary: string }> {
  const paths = isRecord(doc.paths) ? doc.paths : {};
  return Object.values(paths).flatMap((item) =>
    isRecord(item) && isRecord(item.post) ? [{ operationId: String(item.post.operationId), summary: String(item.post.summary ?? '') }] : [],
  );
}

/** Every description, summary and title in a document, with the path to it, outside nodes marked `x-inferred`. */
function texts(node: unknown, at: string[] = [], out: Array<[string, string]> = []): Array<[string, string]> {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) texts(item, [...at, String(i)], out);
  } else if (isRecord(node)) {
    if (node['x-inferred'] !== undefined) return out;
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'string' && ['description', 'summary', 'title'].includes(key)) out.push([[...at, key].join('.'), value]);
      else texts(value, [...at, key], out);
    }
  }
  return out;
}

describe('prose adds nothing the description does not say', () => {
  test.each(['v2-pt', 'v2-en'])('%s: every operation summary is the operation name the description lists, with no gloss', (family) => {
    const ops = operations(loadBundle(family));
    expect(ops.length).toBeGreaterThan(5);
    expect(ops.filter((op) => op.summary !== op.operationId)).toEqual([]);
  });

  test.each(PUBLISHED)('%s: the legacy date token is never given a grammar outside a node marked inferred', (family) => {
    const found = texts(loadBundle(family)).filter(([, text]) => /\/Date\((?:\.\.\.|<)/.test(text));
    expect(found).toEqual([]);
  });

  // Not legacy: its Aereo.svc keeps a session (Part 4.5).
  test.each(['v2-pt', 'v2-en', 'v3', 'v1'])('%s: the document says every call is independent (stateless), Part 1', (family) => {
    const info = loadBundle(family).info;
    expect(isRecord(info) ? String(info.description) : '').toMatch(/stateless/);
  });
});
