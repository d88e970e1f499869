// How useful a flavour is on real bodies: the share of their keys (every object key at
// every depth, array items included, placeholder keys left out) that it types, i.e. that a property of the schema
// standing there declares with a type or a reference. Following $ref, allOf (merged
// properties) and anyOf with null (the non-null branch). Beside it, how many of the
// bodies the flavour accepts (JSON Schema 2020-12, as the tests validate).
//   node scripts/observed/typed-share.ts                 every source, committed flavours and every fold
//   node scripts/observed/typed-share.ts --overlay FILE  also an overlay of your own (e.g. an older one) on the v2-pt bundle
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { scriptArgs } from '../lib/args.ts';
// The ajv Redocly and Spectral depend on (hoisted), as tests/observed/support.ts uses it.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { isRecord as isObject } from '../../src/lib/json.ts';
import { objectAt } from '../../src/lib/refs.ts';
import { isPlaceholder } from '../../src/record/sanitize.ts';
import { buildObservedBundle } from './apply.ts';
import type { Body } from './evidence.ts';
import { observedOperations } from './observed-operations.ts';
import type { ObservedFamily } from './overlay.ts';
import { ROUTE_PREFIX } from './routes.ts';
import type { Source } from './sources.ts';

type JsonObject = Record<string, unknown>;

export interface Share {
  typed: number;
  total: number;
}

/** The object and array views of a schema: merged properties, items. */
function view(doc: JsonObject, schema: unknown): { properties: Map<string, unknown>; items: unknown } {
  const properties = new Map<string, unknown>();
  let items: unknown;
  const visit = (node: unknown, depth: number): void => {
    const s = objectAt(doc, node);
    if (!s || depth > 16) return;
    if (isObject(s.properties)) for (const [k, v] of Object.entries(s.properties)) if (!properties.has(k)) properties.set(k, v);
    if (s.items !== undefined && items === undefined) items = s.items;
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) if (Array.isArray(s[key])) for (const part of s[key]) visit(part, depth + 1);
  };
  visit(schema, 0);
  return { properties, items };
}

/** A property schema says what the value is: a type, a reference, or a combination of them. */
function typedSchema(schema: unknown): boolean {
  if (!isObject(schema)) return false;
  if (typeof schema.$ref === 'string' || schema.type !== undefined) return true;
  return (['allOf', 'anyOf', 'oneOf'] as const).some((key) => Array.isArray(schema[key]) && schema[key].some(typedSchema));
}

/** Typed keys of one body under one schema. */
export function typedShare(doc: JsonObject, schema: unknown, body: unknown): Share {
  const share: Share = { typed: 0, total: 0 };
  const walk = (value: unknown, at: unknown): void => {
    if (Array.isArray(value)) {
      const items = at === undefined ? undefined : view(doc, at).items;
      for (const item of value) walk(item, items);
      return;
    }
    if (!isObject(value)) return;
    const props = at === undefined ? new Map<string, unknown>() : view(doc, at).properties;
    for (const [key, child] of Object.entries(value)) {
      // A placeholder standing as a key (a replaced secret) is no field: nothing can type it.
      if (isPlaceholder(key)) continue;
      share.total += 1;
      const prop = props.get(key);
      if (prop !== undefined && typedSchema(prop)) share.typed += 1;
      walk(child, prop);
    }
  };
  walk(body, schema);
  return share;
}

/** The schema a document gives one operation's request or 200 answer, if it has the operation. */
export function mediaSchema(doc: JsonObject, route: string, body: Body): unknown {
  const item = objectAt(doc, isObject(doc.paths) ? doc.paths[route] : undefined);
  const op = isObject(item) ? objectAt(doc, item.post) : undefined;
  if (!op) return undefined;
  const holder =
    body === 'request' ? objectAt(doc, op.requestBody) : objectAt(doc, isObject(op.responses) ? op.responses['200'] : undefined);
  const content = isObject(holder) ? holder.content : undefined;
  const media = isObject(content) ? content['application/json'] : undefined;
  return isObject(media) ? media.schema : undefined;
}

// The routes' prefixes (overlay.ts's LEGACY_PREFIX is the same), from routes.ts: overlay.ts is loaded only when a fold is built.
export const PREFIXES: Record<ObservedFamily, string> = { 'v2-pt': ROUTE_PREFIX['v2-pt'], legacy: ROUTE_PREFIX.legacy };

/** The share over every body of some sources. */
export function shareOfBodies(doc: JsonObject, family: ObservedFamily, sources: readonly Source[]): Share {
  const total: Share = { typed: 0, total: 0 };
  for (const s of sources) {
    for (const b of s.bodies) {
      const one = typedShare(doc, mediaSchema(doc, `${PREFIXES[family]}/${b.operation}`, b.body), b.value);
      total.typed += one.typed;
      total.total += one.total;
    }
  }
  return total;
}

type Validate = (value: unknown) => boolean;

/** One validator per document and schema: a fold's bodies and every source's meet the same bundle again and again. */
const validators = new WeakMap<JsonObject, (schema: JsonObject) => Validate>();

/** The document's validator of a schema of it, compiled once (its components once per document). */
function validatorOf(doc: JsonObject): (schema: JsonObject) => Validate {
  const known = validators.get(doc);
  if (known) return known;
  const vendor = new Set<string>();
  const collect = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(collect);
    else if (isObject(node)) {
      for (const [k, v] of Object.entries(node)) {
        if (k.startsWith('x-')) vendor.add(k);
        collect(v);
      }
    }
  };
  collect(doc);
  const ajv = new Ajv2020({ strict: false, allErrors: false, formats: { password: true } });
  ajv.addVocabulary([...vendor]);
  const components = isObject(doc.components) ? doc.components : {};
  ajv.addSchema({ $id: 'https://observed.invalid/doc.json', components: { schemas: components.schemas ?? {} } });
  const compiled = new Map<JsonObject, Validate>();
  const of = (schema: JsonObject): Validate => {
    let validate = compiled.get(schema);
    if (!validate) {
      const rebased = JSON.parse(
        JSON.stringify(schema).replaceAll('"#/components/', '"https://observed.invalid/doc.json#/components/'),
      ) as JsonObject;
      const check = ajv.compile(rebased);
      validate = (value) => check(value) === true;
      compiled.set(schema, validate);
    }
    return validate;
  };
  validators.set(doc, of);
  return of;
}

/** How many bodies of some sources the document's schema for their operation accepts (bodies of operations it lacks are left out). */
export function acceptedBodies(doc: JsonObject, family: ObservedFamily, sources: readonly Source[]): { accepted: number; checked: number } {
  const validate = validatorOf(doc);
  let accepted = 0;
  let checked = 0;
  for (const s of sources) {
    for (const b of s.bodies) {
      const schema = mediaSchema(doc, `${PREFIXES[family]}/${b.operation}`, b.body);
      if (!isObject(schema)) continue;
      checked += 1;
      if (validate(schema)(b.value)) accepted += 1;
    }
  }
  return { accepted, checked };
}

export function percent(share: Share): string {
  return share.total === 0 ? 'n/a' : `${((100 * share.typed) / share.total).toFixed(1)} %`;
}

/** The observed bundle an overlay gives on a published bundle, built in a temporary folder. */
export async function bundleOf(rootDir: string, family: ObservedFamily, overlay: unknown): Promise<JsonObject> {
  const dir = await mkdtemp(path.join(tmpdir(), 'typed-share-'));
  try {
    return await buildObservedBundle({
      publishedBundlePath: path.join(rootDir, 'generated', family, 'openapi.yaml'),
      overlayPath: '(in memory)',
      overlay,
      outPath: path.join(dir, 'openapi.yaml'),
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** One source's bodies under one flavour: built without it (its fold) and with every source. */
export interface FoldShare {
  family: ObservedFamily;
  source: string;
  without: Share;
  all: Share;
  acceptedWithout: { accepted: number; checked: number };
  acceptedAll: { accepted: number; checked: number };
}

/**
 * Per flavour, the observed operations it types and, per source with bodies that may type it
 * (routes.ts), the typed share and accepted bodies before the source (its fold) and with it.
 * `evidenceDir`: another copy of evidence/ (an import's dry run).
 */
export async function foldShares(
  rootDir: string,
  evidenceDir = path.join(rootDir, 'evidence'),
): Promise<{ operations: Record<ObservedFamily, number>; rows: FoldShare[] }> {
  // The overlay's builder and the evidence readers, loaded here rather than with the module: `--help` answers without them.
  const { buildOverlay, catalogueOperations, OBSERVED_FAMILIES } = await import('./overlay.ts');
  const { loadSources, viewOf } = await import('./sources.ts');
  const specDir = path.join(rootDir, 'spec');
  const { compatible } = catalogueOperations(specDir);
  const all = loadSources(evidenceDir);
  const operations = {} as Record<ObservedFamily, number>;
  const rows: FoldShare[] = [];
  for (const family of OBSERVED_FAMILIES) {
    const every = await bundleOf(rootDir, family, buildOverlay({ evidenceDir, specDir, family }));
    operations[family] = observedOperations(every).length;
    for (const view of all.map((s) => viewOf(s, family, compatible)).filter((s) => s.bodies.length > 0)) {
      const fold = await bundleOf(rootDir, family, buildOverlay({ evidenceDir, specDir, family, exclude: [view.info.id] }));
      rows.push({
        family,
        source: view.info.id,
        without: shareOfBodies(fold, family, [view]),
        all: shareOfBodies(every, family, [view]),
        acceptedWithout: acceptedBodies(fold, family, [view]),
        acceptedAll: acceptedBodies(every, family, [view]),
      });
    }
  }
  return { operations, rows };
}

async function main(): Promise<void> {
  const { values } = scriptArgs({
    command: 'npm run observed:typed-share',
    usage: `Usage: npm run observed:typed-share [-- --overlay FILE]

Prints the share of recorded body keys each observed flavour types, with and without each source.

  --overlay FILE   also the v2-pt flavour with this overlay instead of the committed one
  --help           this text`,
    options: { overlay: { type: 'string' } },
  });
  // The flavours and the evidence reader, loaded once the command line is read: `--help` answers without them.
  const { OBSERVED_FAMILIES } = await import('./overlay.ts');
  const { loadSources } = await import('./sources.ts');
  const rootDir = path.resolve(import.meta.dirname, '../..');
  const rows: string[][] = [['flavour', 'bodies of', 'keys', 'typed', 'share', 'bodies accepted']];
  const row = (flavour: string, of: string, share: Share, valid: { accepted: number; checked: number }): void => {
    rows.push([flavour, of, String(share.total), String(share.typed), percent(share), `${valid.accepted} of ${valid.checked}`]);
  };
  if (values.overlay) {
    const { parseYaml } = await import('@redocly/openapi-core');
    const doc = await bundleOf(rootDir, 'v2-pt', parseYaml(readFileSync(path.resolve(values.overlay), 'utf8')));
    for (const s of loadSources(path.join(rootDir, 'evidence')).filter((source) => source.bodies.length > 0))
      row(`v2-pt, ${path.basename(values.overlay)}`, s.info.id, shareOfBodies(doc, 'v2-pt', [s]), acceptedBodies(doc, 'v2-pt', [s]));
  }
  const folds = (await foldShares(rootDir)).rows;
  for (const family of OBSERVED_FAMILIES) {
    const mine = folds.filter((f) => f.family === family);
    for (const f of mine) row(`${family}, all sources`, f.source, f.all, f.acceptedAll);
    for (const f of mine) row(`${family}, all but ${f.source}`, f.source, f.without, f.acceptedWithout);
  }
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  for (const r of rows) console.log(`| ${r.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`);
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(`typed share: ${(error as Error).message}`);
    process.exitCode = 1;
  });
}
