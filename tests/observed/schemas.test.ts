// What the observed schemas say, checked path by path against the captured-traffic
// inventory: every observed field is there with the types seen, null allowed wherever it
// was seen (and nowhere in the request of an operation a source states refuses null),
// dates through the shared DataLegada pattern, required only where the key was
// in every capture and a second source agrees (claims.test.ts checks every claim's
// sources), an x-observed record everywhere, no enum, and the named Portuguese schemas.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadBehaviours } from '../../scripts/observed/behaviours.ts';
import { tokenize } from '../../scripts/observed/field-tree.ts';
import type { Body, FieldStats } from '../../scripts/observed/evidence.ts';
import { isObject, type Json, type JsonObject } from '../../src/lib/json.ts';
import {
  buildObserved,
  evidenceRoot,
  inventory,
  keysOf,
  mediaType,
  observedOperations,
  operationOf,
  readYaml,
  overlayPath,
  ownFields,
  refName,
  tempDir,
} from './support.ts';

const tmp = tempDir();
let doc: JsonObject;
let schemas: JsonObject;
beforeAll(async () => {
  doc = (await buildObserved(tmp.dir)).doc;
  schemas = (doc.components as JsonObject).schemas as JsonObject;
});
afterAll(tmp.cleanup);

const DATE_SCHEMAS: Record<Body, string> = { request: 'DataDeEntrada', response: 'DataObservada' };
/** Operations a source states refuse a null field (evidence/<source>/behaviours.json). */
const refusesNull = new Set(
  loadBehaviours(evidenceRoot)
    .filter((b) => b.kind === 'request-refuses-null')
    .flatMap((b) => b.operations),
);
/** Operations whose answer a behaviour states a shape of (typed in one more `allOf` member). */
const shaped = loadBehaviours(evidenceRoot)
  .filter((b) => b.shape !== undefined)
  .flatMap((b) => b.operations);
const SOURCE = 'facilita-corp';

/** This source's entry of an x-observed record. */
function ownEntry(record: Json | undefined): JsonObject | undefined {
  if (!isObject(record) || !Array.isArray(record.sources)) return undefined;
  return record.sources.find((s): s is JsonObject => isObject(s) && s.source === SOURCE);
}

function component(name: string): JsonObject {
  const found = schemas[name];
  if (!isObject(found)) throw new Error(`no component ${name}`);
  return found;
}

/** The schema a `$ref` (possibly wrapped in `anyOf [ref, null]`) stands for, and whether null is allowed there. */
function unwrap(schema: JsonObject): { target: JsonObject; name?: string; nullAllowed: boolean } {
  if (typeof schema.$ref === 'string') return { target: component(refName(schema)), name: refName(schema), nullAllowed: false };
  if (Array.isArray(schema.anyOf) && schema.anyOf.some((s) => isObject(s) && s.type === 'null')) {
    const other = schema.anyOf.find((s) => isObject(s) && s.type !== 'null') as JsonObject;
    return { ...unwrap(other), nullAllowed: true };
  }
  return { target: schema, nullAllowed: typesOf(schema).includes('null') };
}

function typesOf(schema: JsonObject): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  return Array.isArray(schema.type) ? schema.type.map(String) : [];
}

/** A property of an object schema, looking through `allOf` (published request schema, envelope). */
function property(schema: JsonObject, key: string): JsonObject | undefined {
  const own = isObject(schema.properties) ? schema.properties[key] : undefined;
  if (isObject(own)) return own;
  for (const part of Array.isArray(schema.allOf) ? schema.allOf : []) {
    if (!isObject(part)) continue;
    const found = property(unwrap(part).target, key);
    if (found) return found;
  }
  return undefined;
}

function requiredOf(schema: JsonObject, key: string): boolean {
  if (Array.isArray(schema.required) && schema.required.includes(key)) return true;
  return (Array.isArray(schema.allOf) ? schema.allOf : []).some((part) => isObject(part) && requiredOf(unwrap(part).target, key));
}

/** Whether a top-level request field is declared by the published schema the observed one extends (its first `allOf` member). */
function publishedRequestField(root: string, fieldPath: string): boolean {
  const [base] = Array.isArray(component(root).allOf) ? (component(root).allOf as Json[]) : [];
  if (!isObject(base) || typeof base.$ref !== 'string' || refName(base).endsWith('Observado')) return false;
  return property(component(refName(base)), fieldPath) !== undefined;
}

interface Located {
  /** The schema standing at the path (before following a $ref). */
  schema: JsonObject;
  parent: JsonObject;
  key: string;
  /** A named schema was passed on the way: its counts and types merge several places. */
  merged: boolean;
}

function locate(rootName: string, fieldPath: string): Located {
  let current: JsonObject = component(rootName);
  let parent = current;
  let key = '';
  let merged = false;
  for (const token of tokenize(fieldPath)) {
    const { target, name } = unwrap(current);
    if (name && !name.endsWith('Observado')) merged = true;
    parent = target;
    key = token;
    const own = token === '[]' ? target.items : ownFields(target).properties[token];
    // Found through a referenced allOf member: the envelope, merged from every operation's answers.
    if (!isObject(own)) merged = true;
    const next = own ?? property(target, token);
    if (!isObject(next)) throw new Error(`${rootName}: no schema for ${fieldPath} (at ${token})`);
    current = next;
  }
  return { schema: current, parent, key, merged };
}

const cases = observedOperations.flatMap((op) =>
  (['request', 'response'] as const).flatMap((body) =>
    Object.entries(inventory.operations[op]?.[body].fields ?? {}).map(([fieldPath, stats]) => ({ op, body, fieldPath, stats })),
  ),
);

function parentStats(op: string, body: Body, fieldPath: string): FieldStats {
  const tokens = tokenize(fieldPath);
  const parentPath = tokens.slice(0, -1).join('.').replaceAll('.[]', '[]');
  const capture = inventory.operations[op]?.[body];
  if (!capture) throw new Error(op);
  if (parentPath === '') return { types: ['object'], present: capture.captures, of: capture.captures, nullable: false };
  return capture.fields[parentPath] as FieldStats;
}

describe('every observed field path has its schema', () => {
  test(`${cases.length} field paths of ${observedOperations.length} operations`, () => {
    const problems: string[] = [];
    for (const { op, body, fieldPath, stats } of cases) {
      const where = `${op} ${body} ${fieldPath}`;
      const root = `${op}${body === 'request' ? 'RQ' : 'RS'}Observado`;
      const { schema, parent, key, merged } = locate(root, fieldPath);
      const { target, name, nullAllowed } = unwrap(schema);

      // Credentials are published in every V2 body: typed by the published schema through
      // allOf, never re-declared (a plain re-declaration would lose writeOnly/password).
      // So is every other field the published request schema declares: re-declared beside it,
      // an observed `[T, null]` would mean T alone (allOf) while its text said null stays allowed.
      if (body === 'request' && (['Login', 'Senha', 'ClienteId'].includes(fieldPath) || publishedRequestField(root, fieldPath))) {
        if (!merged) problems.push(`${where}: re-declared by the observed schema instead of coming from the published one`);
        if (schema['x-observed'] !== undefined) problems.push(`${where}: a published field carries x-observed`);
        const text = String(component(root).description ?? '');
        if (!['Login', 'Senha', 'ClienteId'].includes(fieldPath) && !text.includes(`\`${fieldPath}\``))
          problems.push(`${where}: the description does not say the published schema types it`);
        continue;
      }
      const own = ownEntry(schema['x-observed']);
      if (!own) problems.push(`${where}: no x-observed record naming ${SOURCE}`);
      else if (!merged && (own.seen !== stats.present || own.of !== stats.of))
        problems.push(`${where}: x-observed says ${own.seen}/${own.of} for ${SOURCE}`);

      const seen = stats.types.filter((t) => t !== 'null');
      if (stats.dateToken === true) {
        if (name !== DATE_SCHEMAS[body]) problems.push(`${where}: a date token field is not ${DATE_SCHEMAS[body]}`);
      } else if (seen.length === 0) {
        if (!merged && ('type' in target || '$ref' in schema)) problems.push(`${where}: only null was seen, yet a type is given`);
      } else {
        const allowed = new Set(typesOf(target));
        if (allowed.has('number')) allowed.add('integer');
        for (const t of seen)
          if (!allowed.has(t)) problems.push(`${where}: ${t} was seen but the schema allows ${[...allowed].join(', ')}`);
      }
      if (stats.types.includes('null') && !nullAllowed && seen.length > 0) problems.push(`${where}: null was seen but is not allowed`);
      const sources =
        isObject(schema['x-observed']) && Array.isArray(schema['x-observed'].sources) ? schema['x-observed'].sources.length : 0;
      // The safe side of a request is narrower: where a source states the operation refuses null, none is allowed.
      const narrowed = body === 'request' && refusesNull.has(op);
      if (narrowed && nullAllowed) problems.push(`${where}: null allowed, yet a source states that ${op} refuses a null field`);
      if (!narrowed && !merged && !nullAllowed && sources < 2 && seen.length > 0 && stats.dateToken !== true)
        problems.push(`${where}: non-null on one source`);

      if (key !== '[]' && requiredOf(parent, key)) {
        if (body === 'request' && !['Login', 'Senha'].includes(key)) problems.push(`${where}: a request field is required`);
        if (body === 'response' && stats.present !== parentStats(op, body, fieldPath).present)
          problems.push(`${where}: required, yet missing from some captures`);
        if (body === 'response' && sources < 2) problems.push(`${where}: required on one source`);
      }
    }
    expect(problems).toEqual([]);
  });

  test('dates go through the shared DataLegada pattern', () => {
    const legacy = { $ref: '#/components/schemas/DataLegada' };
    expect(component('DataObservada').anyOf).toContainEqual(legacy);
    expect(component('DataDeEntrada').oneOf).toContainEqual(legacy);
  });
});

describe('the named schemas', () => {
  test('every observed answer is the envelope plus its own fields', () => {
    const envelope = component('EnvelopeDeResposta');
    // In every answer of both sources, but only one of them is captured traffic: typed, non-null, not required.
    expect(envelope.required).toBeUndefined();
    expect(Object.keys(envelope.properties as JsonObject)).toEqual(['Data', 'DataVersao', 'SessaoExpirada', 'Exception']);
    expect(unwrap((envelope.properties as JsonObject).Exception as JsonObject)).toMatchObject({
      name: 'ExcecaoDoServico',
      nullAllowed: true,
    });
    expect(Object.keys(component('ExcecaoDoServico').properties as JsonObject)).toEqual(['Message']);
    for (const op of observedOperations) {
      const rs = component(`${op}RSObservado`);
      // The envelope by reference, the operation's own fields in a member of their own.
      expect((rs.allOf as Json[])[0], op).toEqual({ $ref: '#/components/schemas/EnvelopeDeResposta' });
      // A third member only where a behaviour states a shape of the answer (behaviours.test.ts checks it).
      expect(rs.allOf, op).toHaveLength(shaped.includes(op) ? 3 : 2);
      expect(rs.properties, op).toBeUndefined();
      for (const key of ['Data', 'DataVersao', 'SessaoExpirada', 'Exception'])
        expect(ownFields(rs).properties[key], `${op}.${key}`).toBeUndefined();
    }
  });

  test.each([
    ['Reservar', 'Passageiros[]', 'Passageiro'],
    ['Reservar', 'InformacoesComplementaresPassageiro[]', 'InformacaoComplementarDePassageiro'],
    ['Reservar', 'Contatos[]', 'Contato'],
    ['Reservar', 'ClassesSelecionadas[]', 'ClasseSelecionada'],
    ['Reservar', 'ClassesSelecionadasVolta[]', 'ClasseSelecionada'],
    ['Tarifar', 'ClassesSelecionadas[]', 'ClasseSelecionadaSemNulo'],
    ['Tarifar', 'ClassesSelecionadasVolta[]', 'ClasseSelecionadaSemNulo'],
    ['Emitir', 'Pagamento', 'PagamentoDaEmissao'],
    ['Emitir', 'Pagamento.CartaoDeCredito', 'CartaoDeCredito'],
  ])('%s request %s is the named schema %s', (op, fieldPath, name) => {
    expect(unwrap(locate(`${op}RQObservado`, fieldPath).schema).name).toBe(name);
    const record = component(name)['x-observed'] as JsonObject;
    expect(record.in).toContainEqual(expect.objectContaining({ operation: op, body: 'request', path: fieldPath }));
  });

  test('each observed operation keeps the published request schema through allOf and marks the legacy-to-V2 transfer as an inference', () => {
    for (const op of observedOperations) {
      const rq = component(`${op}RQObservado`);
      const published = refName((rq.allOf as Json[])[0]);
      expect(component(published)['x-observed'], op).toBeUndefined();
      for (const root of [rq, component(`${op}RSObservado`)]) {
        expect(String(root['x-inferred']), op).toMatch(new RegExp(`AereoNoSession\\.svc/${op}.*/api/V2/Voos/${op}`));
      }
      expect(refName(mediaType(operationOf(doc, op), 'request').schema)).toBe(`${op}RQObservado`);
      expect(refName(mediaType(operationOf(doc, op), 'response').schema)).toBe(`${op}RSObservado`);
    }
  });
});

describe('what the overlay adds', () => {
  const overlay = readYaml(overlayPath);
  const added = (overlay.actions as JsonObject[])
    .filter((a) => a.target === '$.components.schemas')
    .flatMap((a) => Object.entries(a.update as JsonObject));

  test('no enum anywhere: seen values are examples, not a value set', () => {
    expect([...keysOf(overlay as Json)].filter(([key]) => key === 'enum')).toEqual([]);
  });

  test('an x-observed record on every schema it adds (components, properties, items)', () => {
    const missing: string[] = [];
    const visit = (schema: Json, at: string): void => {
      if (!isObject(schema)) return;
      const record = schema['x-observed'];
      const sources = isObject(record) && Array.isArray(record.sources) ? record.sources : [];
      const countsAddUp =
        isObject(record) &&
        typeof record.seen === 'number' &&
        typeof record.of === 'number' &&
        record.seen <= record.of &&
        sources.length > 0 &&
        sources.reduce((n: number, s) => n + (isObject(s) && typeof s.seen === 'number' ? s.seen : NaN), 0) === record.seen;
      if (!countsAddUp) missing.push(at);
      for (const [key, prop] of Object.entries(ownFields(schema).properties)) visit(prop, `${at}.${key}`);
      if (isObject(schema.items) && Object.keys(schema.items).some((k) => k !== 'description')) visit(schema.items, `${at}[]`);
    };
    for (const [name, schema] of added) visit(schema, name);
    expect(added.length).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });

  test('every object it adds is open and marked as not published; with properties, open by default (the shape every generator reads)', () => {
    const objects: JsonObject[] = [];
    const walk = (node: Json): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (isObject(node)) {
        const type = node.type;
        // A nullable reference carries its target's type beside `anyOf` (NSwag): the target is checked.
        const reference = node.$ref !== undefined || node.anyOf !== undefined;
        if (!reference && (type === 'object' || (Array.isArray(type) && type.includes('object')))) objects.push(node);
        Object.values(node).forEach(walk);
      }
    };
    walk(Object.fromEntries(added) as Json);
    expect(objects.length).toBeGreaterThan(100);
    for (const node of objects) {
      expect(node['x-undocumented']).toBe(true);
      expect(String(node.description)).toMatch(/not published/);
      // additionalProperties beside properties would make openapi-typescript-codegen drop them.
      if (isObject(node.properties) && Object.keys(node.properties).length > 0) expect(node.additionalProperties).toBeUndefined();
      else expect(node.additionalProperties).toBe(true);
    }
  });
});
