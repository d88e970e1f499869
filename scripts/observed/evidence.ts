// Reads the project's copy of the sandbox evidence (evidence/): the inventory of
// every observed field path and the example pairs. Checks the shape it relies on,
// so a changed inventory format fails here with a clear message, not deep inside.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isRecord } from '../../src/lib/json.ts';

export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'object' | 'array';
export type Sample = string | number | boolean;
export type Body = 'request' | 'response';

/** One field path of one operation and direction, as inventory.json records it. */
export interface FieldStats {
  types: JsonType[];
  /** Captures in which the path occurs (key present, even if null). */
  present: number;
  /** Captures of that operation and direction. */
  of: number;
  nullable: boolean;
  dateToken?: boolean | 'mixed';
  noDateToken?: boolean;
  emptyString?: boolean;
  maxItems?: number;
  samples?: Sample[];
}

export interface Captures {
  captures: number;
  sources: string[];
  /** Dot paths from the body root, `[]` marking array items, in capture order. */
  fields: Record<string, FieldStats>;
}

export interface ExamplePair {
  request: string;
  response: string;
  responseHasException: boolean;
}

export interface Provenance {
  repository: string;
  url: string;
  commit: string;
  commitDate: string;
  folder: string;
  service: string;
  captures: number;
  examples: Record<string, ExamplePair>;
}

export interface Inventory {
  provenance: Provenance;
  operations: Record<string, Record<Body, Captures>>;
}

export const BODIES: readonly Body[] = ['request', 'response'];
const JSON_TYPES = new Set<string>(['string', 'number', 'integer', 'boolean', 'null', 'object', 'array']);

export function loadInventory(evidenceDir: string): Inventory {
  const file = path.join(evidenceDir, 'inventory.json');
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read the evidence inventory ${file}: ${(error as Error).message}`);
  }
  return checkInventory(raw, file);
}

/** The sanitized example body of one operation and direction (evidence/<source>/examples/). */
export function loadExample(evidenceDir: string, operation: string, body: Body): unknown {
  const file = path.join(evidenceDir, 'examples', `${operation}.${body}.json`);
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read the example ${file}: ${(error as Error).message}`);
  }
}

function fail(file: string, where: string, what: string): never {
  throw new Error(`${file}: ${where}: ${what}`);
}

function str(file: string, where: string, value: unknown): string {
  if (typeof value !== 'string' || value === '') fail(file, where, 'expected a non-empty string');
  return value;
}

function count(file: string, where: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) fail(file, where, 'expected a count');
  return value;
}

function checkInventory(raw: unknown, file: string): Inventory {
  if (!isRecord(raw)) fail(file, '$', 'expected an object');
  const p = raw.provenance;
  if (!isRecord(p)) fail(file, 'provenance', 'expected an object');
  if (!isRecord(p.examples)) fail(file, 'provenance.examples', 'expected an object');
  const examples: Record<string, ExamplePair> = {};
  for (const [op, pair] of Object.entries(p.examples)) {
    const at = `provenance.examples.${op}`;
    if (!isRecord(pair) || typeof pair.responseHasException !== 'boolean')
      fail(file, at, 'expected {request, response, responseHasException}');
    examples[op] = {
      request: str(file, `${at}.request`, pair.request),
      response: str(file, `${at}.response`, pair.response),
      responseHasException: pair.responseHasException,
    };
  }
  const provenance: Provenance = {
    repository: str(file, 'provenance.repository', p.repository),
    url: str(file, 'provenance.url', p.url),
    commit: str(file, 'provenance.commit', p.commit),
    commitDate: str(file, 'provenance.commitDate', p.commitDate),
    folder: str(file, 'provenance.folder', p.folder),
    service: str(file, 'provenance.service', p.service),
    captures: count(file, 'provenance.captures', p.captures),
    examples,
  };
  if (!/^[0-9a-f]{40}$/.test(provenance.commit)) fail(file, 'provenance.commit', 'expected a 40-hex commit');

  if (!isRecord(raw.operations)) fail(file, 'operations', 'expected an object');
  const operations: Inventory['operations'] = {};
  for (const [op, bodies] of Object.entries(raw.operations)) {
    if (!isRecord(bodies)) fail(file, `operations.${op}`, 'expected an object');
    const checked: Partial<Record<Body, Captures>> = {};
    for (const body of BODIES) checked[body] = checkCaptures(file, `operations.${op}.${body}`, bodies[body]);
    operations[op] = checked as Record<Body, Captures>;
  }
  return { provenance, operations };
}

function checkCaptures(file: string, at: string, raw: unknown): Captures {
  if (!isRecord(raw)) fail(file, at, 'expected an object');
  const captures = count(file, `${at}.captures`, raw.captures);
  if (!Array.isArray(raw.sources) || raw.sources.some((s) => typeof s !== 'string'))
    fail(file, `${at}.sources`, 'expected a list of paths');
  if (!isRecord(raw.fields)) fail(file, `${at}.fields`, 'expected an object');
  const fields: Record<string, FieldStats> = {};
  for (const [fieldPath, f] of Object.entries(raw.fields)) {
    const where = `${at}.fields[${JSON.stringify(fieldPath)}]`;
    if (!isRecord(f)) fail(file, where, 'expected an object');
    if (!Array.isArray(f.types) || f.types.length === 0 || f.types.some((t) => typeof t !== 'string' || !JSON_TYPES.has(t))) {
      fail(file, `${where}.types`, 'expected a list of JSON types');
    }
    const stats: FieldStats = {
      types: f.types as JsonType[],
      present: count(file, `${where}.present`, f.present),
      of: count(file, `${where}.of`, f.of),
      nullable: f.nullable === true,
    };
    if (stats.of !== captures || stats.present > stats.of)
      fail(file, where, `present/of (${stats.present}/${stats.of}) disagree with ${captures} captures`);
    if (f.dateToken === true || f.dateToken === false || f.dateToken === 'mixed') stats.dateToken = f.dateToken;
    if (f.noDateToken === true) stats.noDateToken = true;
    if (f.emptyString === true) stats.emptyString = true;
    if (f.maxItems !== undefined) stats.maxItems = count(file, `${where}.maxItems`, f.maxItems);
    if (f.samples !== undefined) {
      if (!Array.isArray(f.samples) || f.samples.some((s) => !['string', 'number', 'boolean'].includes(typeof s))) {
        fail(file, `${where}.samples`, 'expected a list of scalars');
      }
      stats.samples = f.samples as Sample[];
    }
    fields[fieldPath] = stats;
  }
  return { captures, sources: raw.sources as string[], fields };
}
