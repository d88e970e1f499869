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
import { chosen } from '../../src/mock/behaviours.ts';
import { BEHAVIOUR_ENVIRONMENTS, BEHAVIOUR_STRENGTHS, behavioursOf, replayable } from '../../src/lib/observed-behaviours.ts';
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
        ['tarifar-renews-trip-identifier', 'note'],
        ['reservar-refuses-booking-alike', 'repeated-booking-refused'],
        ['iniciar-emissao-security-key-when-required', 'note'],
        ['payment-options-from-iniciar-emissao', 'note'],
        ['recuperar-formas-asks-for-card', 'note'],
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
    expect(BEHAVIOUR_ENVIRONMENTS).toContain(b.environment);
    expect(b.environmentReason.length).toBeGreaterThan(20);
    expect(b.strengthReason.length).toBeGreaterThan(20);
    // What the captures are said to show is checked against them by a test.
    if (b.strength === 'shown by a capture' || b.strength === 'stated, contradicted by the captures')
      expect(b.checkedBy).toContain('tests/observed/behaviours.test.ts');
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

  test('payment-options-from-iniciar-emissao: every captured IniciarEmissao offers an invoiced option', () => {
    const offers = readScenarios(rootDir)
      .flatMap((s) => s.steps)
      .filter((step) => step.operation === 'IniciarEmissao' && step.response.Exception === null);
    expect(offers).toHaveLength(7);
    for (const step of offers) {
      const options = (step.response.ConfiguracoesDeEmissao as { OpcoesDePagamento?: Array<{ Faturado?: boolean }> }).OpcoesDePagamento;
      expect(
        options?.some((o) => o.Faturado === true),
        step.id,
      ).toBe(true);
    }
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

  test('IniciarEmissao: every captured answer is accepted; a ChaveDeSeguranca where none is asked for is refused (iniciar-emissao-security-key-when-required)', () => {
    const validate = schemaValidator(doc)(`IniciarEmissaoRSObservado${suffix}`);
    const captured = readScenarios(rootDir)
      .flatMap((s) => s.steps)
      .filter((s) => s.operation === 'IniciarEmissao')
      .map((s) => s.response);
    expect(captured).toHaveLength(7);
    for (const body of captured) expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    const answer = captured[0] as JsonObject;
    const settings = answer.ConfiguracoesDeEmissao as JsonObject;
    expect(validate({ ...answer, ChaveDeSeguranca: 'KEY' })).toBe(false);
    expect(validate({ ...answer, ConfiguracoesDeEmissao: { ...settings, ExigirChaveDeSeguranca: true }, ChaveDeSeguranca: 'KEY' })).toBe(
      true,
    );
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

// What the observed mock may replay: only a behaviour stated for the sandbox and not
// contradicted by the captures; every record carries every field, read raw from the file.
describe('what the mock replays, and every record whole', () => {
  const raw = (JSON.parse(readFileSync(path.join(evidenceDir, 'behaviours.json'), 'utf8')) as { behaviours: JsonObject[] }).behaviours;
  const FIELDS = [
    'id',
    'kind',
    'operations',
    'environment',
    'environmentReason',
    'strength',
    'strengthReason',
    'states',
    'quotes',
    'checkedBy',
  ];

  test.each(raw.map((r) => [String(r.id), r] as const))(
    '%s has every field, and each quote its file, line, language and translation',
    (_id, r) => {
      for (const field of FIELDS) expect(r[field], field).toBeDefined();
      for (const q of r.quotes as JsonObject[]) expect(Object.keys(q).sort()).toEqual(['file', 'lang', 'line', 'quote', 'translation']);
    },
  );

  test('no behaviour the mock replays is marked production, not stated, contradicted, or of unknown environment', () => {
    const replayed = behaviours.filter((b) => chosen(b));
    expect(replayed.map((b) => b.id).sort()).toEqual(['reservar-refuses-booking-alike', 'tarifar-refuses-null']);
    for (const b of replayed) {
      expect(b.environment, b.id).toBe('sandbox');
      expect(['stated, contradicted by the captures', 'stated, environment unknown'], b.id).not.toContain(b.strength);
    }
    // Every other record is documented only, whatever its kind.
    for (const b of behaviours.filter((x) => !replayed.includes(x))) expect(replayable(b), b.id).toBe(false);
  });

  test('the same records, moved out of the sandbox or contradicted, are no longer replayed; a selection keeps only its ids', () => {
    const nulls = behaviours.find((b) => b.id === 'tarifar-refuses-null');
    if (!nulls) throw new Error('no tarifar-refuses-null');
    expect(chosen(nulls)).toBe(true);
    expect(chosen({ ...nulls, environment: 'production' })).toBe(false);
    expect(chosen({ ...nulls, environment: 'not stated' })).toBe(false);
    expect(chosen({ ...nulls, strength: 'stated, contradicted by the captures' })).toBe(false);
    expect(chosen({ ...nulls, strength: 'stated, environment unknown' })).toBe(false);
    expect(chosen(nulls, ['reservar-refuses-booking-alike'])).toBe(false);
    expect(chosen(nulls, ['tarifar-refuses-null'])).toBe(true);
    expect(chosen(nulls, false)).toBe(false);
  });
});

// The counts each record gives about the captures, recomputed from evidence/flows.
describe('what the records say the captures show', () => {
  const steps = readScenarios(rootDir).flatMap((s) => s.steps.map((step) => ({ scenario: s.name, ...step })));
  const message = (r: Record<string, unknown>): string | undefined => (r.Exception as { Message?: string } | null)?.Message;
  const of = (operation: string) => steps.filter((s) => s.operation === operation);

  test('tarifar-renews-trip-identifier: 9 of 10 Tarifar answers succeed with a null identifier, and all 9 Reservar send the search one', () => {
    const priced = of('Tarifar');
    expect(priced).toHaveLength(10);
    const ok = priced.filter((s) => s.response.Exception === null);
    expect(ok).toHaveLength(9);
    for (const s of ok) expect((s.response.ViagensTrecho1 as JsonObject[])[0]?.IdentificacaoDaViagem, s.id).toBeNull();
    expect(
      priced
        .filter((s) => s.response.Exception !== null)
        .every((s) => ((s.response.ViagensTrecho1 as unknown[] | null) ?? []).length === 0),
    ).toBe(true);
    const searched = new Set(
      of('Disponibilidade').flatMap((s) => ((s.response.ViagensTrecho1 as JsonObject[] | null) ?? []).map((t) => t.IdentificacaoDaViagem)),
    );
    const booked = of('Reservar');
    expect(booked).toHaveLength(9);
    for (const s of booked) expect(searched.has(s.request.IdentificacaoDaViagem as string), s.id).toBe(true);
  });

  test('recuperar-formas-asks-for-card: 7 of 7 answers ask for a card, the two card scenarios included, and no request carried one', () => {
    const asked = of('RecuperarFormasDeFinanciamento');
    expect(asked).toHaveLength(7);
    for (const s of asked) {
      expect(message(s.response), s.id).toBe('Enter your credit card.');
      expect(Object.keys(s.request).sort(), s.id).toEqual(['ClienteId', 'Localizador', 'Login', 'Senha']);
    }
    expect(asked.filter((s) => s.scenario.includes('cartao')).map((s) => s.scenario)).toHaveLength(2);
  });

  test('consultar-eticket-gol-system-70 and consultar-eticket-not-on-amadeus-sandbox: 5 of 5 not available, none sent 70', () => {
    const asked = of('ConsultarEticket');
    expect(asked).toHaveLength(5);
    for (const s of asked) expect(message(s.response)).toBe('Function not available for this system');
    expect(asked.map((s) => s.request.Sistema).sort()).toEqual([28, 49, 49, 49, 49]);
  });

  test('disponibilidade-routine-refusals: 7 systems per answer in the raw count, and the one refusal matches no Portuguese pattern', () => {
    const systems = (JSON.parse(readFileSync(path.join(evidenceDir, 'inventory.json'), 'utf8')) as JsonObject).operations as JsonObject;
    expect(JSON.stringify(systems.RecuperarSistemasPesquisa)).toContain('Sistemas');
    const refusals = of('Disponibilidade').flatMap((s) => message(s.response) ?? []);
    expect(refusals).toEqual(['No availability found.']);
    for (const pattern of [/nenhum sistema encontrado/i, /nenhuma disponibilidade/i, /nenhum voo/i])
      expect(pattern.test(refusals[0] as string)).toBe(false);
    // Flex is never sent true: disponibilidade-flex-with-return-empties-return is not in the captures.
    expect(of('Disponibilidade').every((s) => s.request.Flex === false)).toBe(true);
  });

  test('emitir-gateway-refuses-test-card: the one card Emitir is refused with the gateway message', () => {
    const card = of('Emitir').filter((s) => (s.request.Pagamento as JsonObject).FormaDePagamento === 2);
    expect(card).toHaveLength(1);
    const gateway = behaviours.find((b) => b.id === 'emitir-gateway-refuses-test-card')?.quotes.find((q) => q.lang === 'en')?.quote;
    expect(message(card[0]?.response ?? {})?.endsWith(String(gateway))).toBe(true);
  });

  test('gol-child-forces-li-family: every GOL Tarifar selects LI, with a child and without one', () => {
    const gol = steps.filter(
      (s) =>
        s.operation === 'Tarifar' &&
        s.scenario !== 'cenario2-2adultos-idavolta-internacional-faturado' &&
        !s.scenario.includes('bebe-colo'),
    );
    const families = gol.map((s) => ({
      child: /crianca|^cenario-cartao/.test(s.scenario),
      families: (s.request.ClassesSelecionadas as JsonObject[]).map((c) => c.Familia),
    }));
    expect(families.filter((f) => !f.child).length).toBeGreaterThanOrEqual(2);
    for (const f of families) expect(f.families).toEqual(['LI']);
  });

  test('latam-infant-needs-passenger-phone: both lap-infant bookings are refused, though the adult carried a phone', () => {
    const lap = of('Reservar').filter((s) => (s.request.Passageiros as JsonObject[]).some((p) => p.PossuiBebe === true));
    expect(lap).toHaveLength(2);
    for (const s of lap) {
      expect(s.response.Exception).not.toBeNull();
      expect((s.request.Contatos as JsonObject[])[0]?.NumeroTelefone).toBeDefined();
    }
    expect(lap.filter((s) => (s.request.Passageiros as JsonObject[])[0]?.NumeroTelefone !== undefined)).toHaveLength(1);
  });

  test('base-tarifaria-array-of-objects: every Voos[].BaseTarifaria captured is an array of objects', () => {
    let seen = 0;
    const walk = (node: unknown, key: string, parent: string): void => {
      if (Array.isArray(node)) for (const item of node) walk(item, key, parent);
      else if (node !== null && typeof node === 'object')
        for (const [k, v] of Object.entries(node)) {
          if (k === 'BaseTarifaria' && key === 'Voos') {
            seen += 1;
            expect(Array.isArray(v)).toBe(true);
            for (const item of v as unknown[]) expect(typeof item).toBe('object');
          }
          walk(v, k, key);
        }
    };
    for (const s of steps) walk(s.response, '', '');
    expect(seen).toBeGreaterThan(20);
  });
});
