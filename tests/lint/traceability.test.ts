// Issue 19, point 2: the rule facts-traced fails the build on any published fact
// without a source. It accepts the real bundles, and rejects one of them the moment
// a single property loses its `x-source`.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { parse, stringify } from 'yaml';
import { isSourceReference } from '../../lint/functions/facts-traced.ts';
import { isRecord } from '../../src/lib/json.ts';
import { lintWithSpectral } from '../../lint/spectral.ts';
import { tracedNodes } from '../../lint/traced-nodes.ts';
import { countTraces } from '../../scripts/docs-site/traceability.ts';
import { fixture, fixtureRuleset, repoFile } from './lint-fixtures.ts';

const FAMILIES = ['legacy', 'v1', 'v2-en', 'v2-pt', 'v3'] as const;
const bundlePath = (family: string): string => repoFile(`generated/${family}/openapi.yaml`);

test('x-source cites parts the description has', () => {
  for (const good of ['4.4', '2.1, 4.4', '5, 7', '1', '9']) expect(isSourceReference(good), good).toBe(true);
  for (const bad of ['4.7', '10', '2.6', '', 'Part 4.4', '4.4;5', 4.4, null]) expect(isSourceReference(bad), String(bad)).toBe(false);
});

test('the traced fixture counts, worked by hand: 4 stated, 4 inferred, 2 not published', () => {
  const doc: unknown = parse(readFileSync(fixture('accepted/v3-traced.yaml'), 'utf8'));
  // stated: the operation, DataHora, Login, the example ResultadoVazio;
  // inferred: Senha, DataIda, the 200 response, the ErroNaoPublicado response;
  // not published: RequisicaoComCredenciais, ResultadoNaoPublicado.
  expect(countTraces(doc)).toEqual({ facts: 10, stated: 4, inferred: 4, undocumented: 2, observed: 0, untraced: 0 });
});

test('the observed flavour: its observed schemas and their examples are traced by x-observed, the rest as published', async () => {
  const text = readFileSync(bundlePath('v2-pt-observed'), 'utf8');
  const counts = countTraces(parse(text));
  expect(counts.observed).toBeGreaterThan(0);
  expect(counts.untraced).toBe(0);
  const findings = await lintWithSpectral(bundlePath('v2-pt-observed'), { text });
  expect(findings.filter((f) => f.code === 'facts-traced')).toEqual([]);
});

describe.each(FAMILIES)('generated/%s/openapi.yaml', (family) => {
  test('every fact is traced, and facts-traced finds nothing', async () => {
    const text = readFileSync(bundlePath(family), 'utf8');
    expect(countTraces(parse(text)).untraced).toBe(0);
    const findings = await lintWithSpectral(bundlePath(family), { text });
    expect(findings.filter((f) => f.code === 'facts-traced')).toEqual([]);
  });

  test('one property without its x-source fails the rule at that property', async () => {
    const doc: unknown = parse(readFileSync(bundlePath(family), 'utf8'));
    const victim = tracedNodes(doc).find(
      (n) =>
        n.kind === 'property' &&
        n.node['x-source'] !== undefined &&
        n.node['x-inferred'] === undefined &&
        n.node['x-undocumented'] === undefined,
    );
    expect(victim).toBeDefined();
    if (!victim || !isRecord(victim.node)) return;
    delete victim.node['x-source'];
    const findings = await lintWithSpectral(bundlePath(family), { text: stringify(doc) });
    const traced = findings.filter((f) => f.code === 'facts-traced');
    expect(traced.map((f) => f.path)).toEqual([victim.path.map(String)]);
    expect(traced[0]?.severity).toBe(0);
    expect(traced[0]?.message).toMatch(/A property says where it comes from/);
  });
});

describe('an operation an observed flavour adds is traced by its x-observed record, and only there', () => {
  const observedOp = ['paths', '/AereoNoSession.svc/Disponibilidade', 'post'];
  const lintVariant = async (
    change: (doc: Record<string, unknown>) => void,
    pathKey = observedOp[1],
  ): Promise<Array<{ code: string; path: string[] }>> => {
    const doc: unknown = parse(readFileSync(fixture('accepted/legacy-observed.yaml'), 'utf8'));
    if (!isRecord(doc)) throw new Error('fixture shape');
    change(doc);
    const findings = await lintWithSpectral(fixture('accepted/legacy-observed.yaml'), { text: stringify(doc), ruleset: fixtureRuleset });
    // The rest of the legacy fixture is not traced: only the added operation is asked about.
    return findings
      .filter((f) => ['facts-traced', 'operation-name-listed'].includes(f.code) && f.path[1] === pathKey)
      .map((f) => ({ code: f.code, path: f.path.map(String) }));
  };
  const operationOf = (doc: Record<string, unknown>): Record<string, unknown> => {
    const paths = doc['paths'];
    const item = isRecord(paths) ? paths['/AereoNoSession.svc/Disponibilidade'] : undefined;
    const operation = isRecord(item) ? item['post'] : undefined;
    if (!isRecord(operation)) throw new Error('fixture shape');
    return operation;
  };

  test('marked, with its source declared by the document: neither rule fires', async () => {
    expect(await lintVariant(() => undefined)).toEqual([]);
  });

  test('the marker without the document declaring its source (a published bundle): both rules fire', async () => {
    const findings = await lintVariant((doc) => {
      if (isRecord(doc['info'])) delete doc['info']['x-observed-sources'];
    });
    expect(findings).toEqual([
      { code: 'operation-name-listed', path: observedOp.slice(0, 2) },
      { code: 'facts-traced', path: observedOp },
    ]);
  });

  test('a source the document does not declare: the operation is not observed', async () => {
    const findings = await lintVariant((doc) => {
      const record = operationOf(doc)['x-observed'];
      if (isRecord(record)) record['sources'] = [{ source: 'elsewhere', seen: 2, of: 2 }];
    });
    expect(findings.map((f) => f.code).sort()).toEqual(['facts-traced', 'operation-name-listed']);
  });

  test('observed, but under a name no family lists: still rejected', async () => {
    const findings = await lintVariant((doc) => {
      const paths = doc['paths'];
      if (!isRecord(paths)) return;
      const operation = operationOf(doc);
      operation['operationId'] = 'Inventada';
      delete paths['/AereoNoSession.svc/Disponibilidade'];
      paths['/AereoNoSession.svc/Inventada'] = { post: operation };
    }, '/AereoNoSession.svc/Inventada');
    expect(findings).toEqual([{ code: 'operation-name-listed', path: ['paths', '/AereoNoSession.svc/Inventada'] }]);
  });
});

describe('x-unplaced: a named fact without a place in any payload is no unused component', () => {
  const withComponent = (extra: Record<string, unknown>): string => {
    const doc: unknown = parse(readFileSync(fixture('accepted/v3-traced.yaml'), 'utf8'));
    if (!isRecord(doc) || !isRecord(doc['components']) || !isRecord(doc['components']['schemas'])) throw new Error('fixture shape');
    doc['components']['schemas']['DataVolta'] = { $ref: '#/components/schemas/DataHora', 'x-source': '2.4, 9', ...extra };
    return stringify(doc);
  };
  const unused = async (text: string) =>
    (await lintWithSpectral(fixture('accepted/v3-traced.yaml'), { text }))
      .filter((f) => f.code === 'oas3-unused-component')
      .map((f) => f.path);

  test('unmarked, an unreferenced schema is still reported', async () => {
    expect(await unused(withComponent({}))).toEqual([['components', 'schemas', 'DataVolta']]);
  });

  test('marked x-unplaced, it is not', async () => {
    expect(await unused(withComponent({ 'x-unplaced': true }))).toEqual([]);
  });
});
