// The observed facts (operations called on the legacy route beyond the description, the
// session-token field of later legacy bodies, second-factor fields, the access-code
// plain text) are surfaced with their sources in the observed flavours only: never in a
// published bundle. Every legacy operation listed is a V2 operation name (migration rule
// 1 keeps the names) the description does not list on the legacy service.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { observedFacts, publishedLegacyOperations } from '../../scripts/observed/facts.ts';
import { loadSources } from '../../scripts/observed/sources.ts';
import { evidenceRoot, rootDir } from './support.ts';

const specDir = path.join(rootDir, 'spec');
const sources = loadSources(evidenceRoot);
const facts = observedFacts(sources, specDir);
const catalog = parse(readFileSync(path.join(specDir, 'catalog.yaml'), 'utf8')) as {
  families: { 'v2-pt': { groups: Record<string, string[]> } };
};
const v2Operations = new Set(Object.values(catalog.families['v2-pt'].groups).flat());

describe('observed facts', () => {
  test('operations seen on the legacy route beyond the description: V2 names, not listed on the legacy service, each with its sources', () => {
    const published = publishedLegacyOperations(specDir);
    expect(facts.legacyOperations.length).toBeGreaterThan(10);
    for (const op of facts.legacyOperations) {
      expect(published.has(op.subject), op.subject).toBe(false);
      expect(v2Operations.has(op.subject), op.subject).toBe(true);
      expect(op.sources.length).toBe(new Set(op.where.map((w) => w.split(' ')[0])).size);
    }
  });

  test('the session-token naming, the second-factor fields and the access-code forms each name a source and a place', () => {
    for (const list of [facts.sessionTokenFields, facts.secondFactorFields, facts.accessCodeForms]) {
      expect(list.length).toBeGreaterThan(0);
      for (const b of list) {
        expect(b.sources.length).toBeGreaterThan(0);
        for (const w of b.where) expect(b.sources).toContain(w.split(' ')[0]);
      }
    }
    expect(facts.sessionTokenFields.map((b) => b.subject)).toContain('Token');
  });

  test('they show in both observed flavours and in no published bundle', () => {
    const marker = '### Observed facts, with their sources';
    for (const flavour of ['v2-pt-observed', 'legacy-observed']) {
      expect(readFileSync(path.join(rootDir, 'generated', flavour, 'openapi.yaml'), 'utf8'), flavour).toContain(marker);
    }
    for (const family of ['legacy', 'v1', 'v2-pt', 'v2-en', 'v3']) {
      expect(readFileSync(path.join(rootDir, 'generated', family, 'openapi.yaml'), 'utf8'), family).not.toContain(marker);
    }
  });
});
