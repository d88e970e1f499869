// The behaviours integrations stated (evidence/<source>/behaviours.json) are observed facts:
// each with a short quote, its file and line at the commit its source pins, a translation
// and a strength; on their operations in both observed bundles (`x-observed-behaviours`),
// never in a published one. Where a source states that an operation refuses null fields,
// its observed request allows null nowhere, and still accepts every captured request.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadBehaviours } from '../../scripts/observed/behaviours.ts';
import { isObject, type Json, type JsonObject } from '../../src/lib/json.ts';
import { BEHAVIOUR_STRENGTHS, behavioursOf } from '../../src/lib/observed-behaviours.ts';
import { readScenarios } from '../../src/scenarios/read.ts';
import { loadBundle } from '../support/bundle.ts';
import { evidenceDir, evidenceRoot, loadEvidenceExample, observedOperations, rootDir, schemaValidator } from './support.ts';

const behaviours = loadBehaviours(evidenceRoot);
const source = JSON.parse(readFileSync(path.join(evidenceDir, 'source.json'), 'utf8')) as { repository: string; commit: string };
const FLAVOURS = [
  { family: 'v2-pt-observed', prefix: '/api/V2/Voos', suffix: '' },
  { family: 'legacy-observed', prefix: '/AereoNoSession.svc', suffix: 'Legado' },
];
const PUBLISHED = ['v2-pt', 'v2-en', 'v3', 'v1', 'legacy'];

describe('evidence/facilita-corp/behaviours.json', () => {
  test('holds the behaviours the issue names, each with its kind', () => {
    expect(behaviours.map((b) => [b.id, b.kind])).toEqual(
      expect.arrayContaining([
        ['tarifar-refuses-null', 'request-refuses-null'],
        ['tarifar-renews-trip-identifier', 'trip-identifier-renewed'],
        ['reservar-refuses-booking-alike', 'repeated-booking-refused'],
        ['iniciar-emissao-security-key-when-required', 'note'],
        ['payment-options-from-iniciar-emissao', 'note'],
        ['consultar-eticket-gol-system-70', 'note'],
        ['disponibilidade-flex-with-return-empties-return', 'note'],
        ['disponibilidade-routine-refusals', 'note'],
      ]),
    );
  });

  test.each(behaviours.map((b) => [b.id, b] as const))('%s: its source, quotes, strength and operations', (_id, b) => {
    expect(b.repository).toBe(source.repository);
    expect(b.commit).toBe(source.commit);
    expect(BEHAVIOUR_STRENGTHS).toContain(b.strength);
    for (const op of b.operations) expect(observedOperations).toContain(op);
    for (const q of b.quotes) {
      // A short quote of one line, never a block of code.
      expect(q.quote).not.toContain('\n');
      expect(q.quote.length).toBeLessThanOrEqual(120);
      expect(['pt', 'en', 'json']).toContain(q.lang);
      expect(q.translation.length).toBeGreaterThan(0);
      expect(q.line).toBeGreaterThan(0);
      expect(q.url).toBe(`https://github.com/${source.repository}/blob/${source.commit}/${q.file}#L${q.line}`);
    }
    // "visible in a capture" names a captured file among its quotes.
    if (b.strength === 'stated and visible in a capture') expect(b.quotes.some((q) => q.file.endsWith('-response.json'))).toBe(true);
  });

  test.each(behaviours.map((b) => [b.id, b] as const))('%s: a behaviour a tool replays names the tests that check it', (id, b) => {
    if (b.kind !== 'note') expect(b.checkedBy.length).toBeGreaterThan(0);
    for (const file of b.checkedBy) {
      expect(existsSync(path.join(rootDir, file)), file).toBe(true);
      expect(readFileSync(path.join(rootDir, file), 'utf8'), file).toContain(id);
    }
  });

  test('the repeated-booking message is the one the captures hold', () => {
    const alike = behaviours.find((b) => b.kind === 'repeated-booking-refused');
    const captured = readScenarios(rootDir)
      .flatMap((s) => s.steps)
      .filter((s) => s.operation === 'Reservar' && (s.response.Exception as { Message?: string } | null)?.Message === alike?.message);
    // The two captures its quotes cite (cenario1 and the card scenario).
    expect(captured).toHaveLength(2);
    expect(alike?.quotes.filter((q) => q.file.endsWith('04-Reservar-response.json'))).toHaveLength(2);
  });

  // The captures can only agree with these two (none asked for a security key or paid by card with a card sent).
  test('iniciar-emissao-security-key-when-required: no captured IniciarEmissao answer that does not ask for the key holds one', () => {
    const keysIn = (value: unknown): string[] =>
      Array.isArray(value)
        ? value.flatMap(keysIn)
        : isObject(value as Json)
          ? Object.entries(value as JsonObject).flatMap(([k, v]) => [k, ...keysIn(v)])
          : [];
    const answers = readScenarios(rootDir)
      .flatMap((s) => s.steps)
      .filter((s) => s.operation === 'IniciarEmissao' && s.response.Exception === null);
    expect(answers.length).toBeGreaterThan(0);
    for (const step of answers) {
      const settings = step.response.ConfiguracoesDeEmissao as Record<string, unknown>;
      if (settings.ExigirChaveDeSeguranca === true) continue;
      expect(keysIn(step.response), step.id).not.toContain('ChaveDeSeguranca');
    }
  });

  test('payment-options-from-iniciar-emissao: every captured IniciarEmissao offers an invoiced option, and RecuperarFormasDeFinanciamento fails where invoiced', () => {
    const scenarios = readScenarios(rootDir);
    const steps = scenarios.flatMap((s) => s.steps.map((step) => ({ scenario: s.name, step })));
    const offers = steps.filter(({ step }) => step.operation === 'IniciarEmissao' && step.response.Exception === null);
    expect(offers.length).toBeGreaterThan(0);
    for (const { step } of offers) {
      const options = (step.response.ConfiguracoesDeEmissao as { OpcoesDePagamento?: Array<{ Faturado?: boolean }> }).OpcoesDePagamento;
      expect(
        options?.some((o) => o.Faturado === true),
        step.id,
      ).toBe(true);
    }
    const invoiced = steps.filter(
      ({ scenario, step }) => scenario.endsWith('-faturado') && step.operation === 'RecuperarFormasDeFinanciamento',
    );
    expect(invoiced.length).toBeGreaterThan(0);
    const message = behaviours.find((b) => b.id === 'payment-options-from-iniciar-emissao')?.quotes.find((q) => q.lang === 'en')?.quote;
    for (const { step } of invoiced) expect(message, step.id).toContain((step.response.Exception as { Message: string }).Message);
  });

  test('the trip identifier: every captured Tarifar answer holds null where the script looks for the renewed one', () => {
    const priced = readScenarios(rootDir)
      .flatMap((s) => s.steps)
      .filter((s) => s.operation === 'Tarifar' && s.response.Exception === null);
    expect(priced.length).toBeGreaterThan(0);
    for (const step of priced)
      expect((step.response.ViagensTrecho1 as Array<Record<string, unknown>>)[0]?.IdentificacaoDaViagem, step.id).toBeNull();
  });
});

describe.each(FLAVOURS)('the $family bundle', ({ family, prefix, suffix }) => {
  const doc = loadBundle(family);
  const paths = doc.paths as JsonObject;

  test('each observed operation carries exactly the behaviours about it', () => {
    for (const op of observedOperations) {
      const post = (paths[`${prefix}/${op}`] as JsonObject).post;
      expect(behavioursOf(post), op).toEqual(behaviours.filter((b) => b.operations.includes(op)));
    }
  });

  /** Every schema node of Tarifar's observed request, through the document's own refs (the published base excepted). */
  function tarifarRequestNodes(): JsonObject[] {
    const schemas = (doc.components as JsonObject).schemas as JsonObject;
    const out: JsonObject[] = [];
    const seen = new Set<string>();
    const walk = (node: Json | undefined): void => {
      if (Array.isArray(node)) {
        for (const item of node) walk(item);
        return;
      }
      if (!isObject(node)) return;
      out.push(node);
      if (typeof node.$ref === 'string') {
        const target = node.$ref.replace('#/components/schemas/', '');
        if (!seen.has(target)) {
          seen.add(target);
          walk(schemas[target]);
        }
      }
      for (const [key, value] of Object.entries(node)) if (key !== 'examples' && key !== 'x-observed-behaviours') walk(value);
    };
    const root = schemas[`TarifarRQObservado${suffix}`] as JsonObject;
    walk((root.allOf as Json[])[1]);
    return out;
  }

  test('Tarifar: no observed request field may be null, at any depth', () => {
    const nodes = tarifarRequestNodes();
    expect(nodes.length).toBeGreaterThan(20);
    const nullable = nodes.filter((n) => n.type === 'null' || (Array.isArray(n.type) && n.type.includes('null')));
    expect(nullable).toEqual([]);
  });

  test('Tarifar: the captured requests are accepted; the same with a null is refused', () => {
    const validate = schemaValidator(doc)(`TarifarRQObservado${suffix}`);
    const captured = readScenarios(rootDir)
      .flatMap((s) => s.steps)
      .filter((s) => s.operation === 'Tarifar')
      .map((s) => s.request);
    expect(captured.length).toBeGreaterThanOrEqual(10);
    for (const body of [loadEvidenceExample('Tarifar', 'request'), ...captured])
      expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    const example = loadEvidenceExample('Tarifar', 'request') as JsonObject;
    expect(validate({ ...example, ViagemIda: null })).toBe(false);
    const classes = example.ClassesSelecionadas as JsonObject[];
    expect(validate({ ...example, ClassesSelecionadas: [{ ...classes[0], Familia: null }] })).toBe(false);
  });

  test('Reservar keeps the one-source rule: a null class field stays allowed there', () => {
    const validate = schemaValidator(doc)(`ReservarRQObservado${suffix}`);
    const example = loadEvidenceExample('Reservar', 'request') as JsonObject;
    const classes = example.ClassesSelecionadas as JsonObject[];
    expect(validate({ ...example, ClassesSelecionadas: [{ ...classes[0], Familia: null }] }), JSON.stringify(validate.errors)).toBe(true);
  });
});

describe('the published bundles', () => {
  test.each(PUBLISHED)('%s carries no behaviour', (family) => {
    const dir = path.join(rootDir, 'generated', family);
    const files = readdirSync(dir);
    expect(files).toContain('openapi.yaml');
    for (const file of files) {
      const text = readFileSync(path.join(dir, file), 'utf8');
      expect(text, file).not.toContain('x-observed-behaviours');
      expect(text, file).not.toContain('SemNulo');
    }
  });
});
