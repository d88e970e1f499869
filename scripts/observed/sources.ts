// The independent sources under evidence/<source>/: each one's provenance (source.json),
// its real bodies, its field inventory and the facts it shows (facts.json). Only
// captured traffic and provider templates shape types; code-derived sources and other
// projects' hand-written fixtures are listed and give facts, never a type.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isRecord } from '../../src/lib/json.ts';
import { loadInventory, type Body, type Captures, type Inventory } from './evidence.ts';
import { inventoryOfBodies } from './body-inventory.ts';
import { routeNamed, transferOf, type Route } from './routes.ts';

export const SOURCE_KINDS = ['captured traffic', 'provider template', 'code-derived', 'hand-written fixture'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];
const SHAPING: ReadonlySet<SourceKind> = new Set(['captured traffic', 'provider template']);

export interface SourceInfo {
  id: string;
  kind: SourceKind;
  /** A public repository's source: where and at which commit. */
  repository?: string;
  url?: string;
  commit?: string;
  commitDate?: string;
  paths?: string[];
  /** An integrator's recording (`proxy --record`, `flows --record`): its provenance file, and its hash. */
  recording?: Record<string, unknown> & { sha256: string; ended: string };
  /** Where it comes from, said in prose: `owner/repo at <commit>`, or the recording's tool and date. */
  origin: string;
  /** A short stamp of that origin (the commit's first 12 digits, or `recorded-<date>`). */
  stamp: string;
  route: string;
  what: string;
  sanitization: string;
}

/** One real body of a source: what it is, where it came from, its value. */
export interface SourceBody {
  operation: string;
  body: Body;
  /** Path from the evidence root (evidence/). */
  file: string;
  /** Where in the source repository (or recording) it was taken from. */
  from: string;
  /** The route it was taken on, when that route has an observed flavour. */
  route: Route | undefined;
  value: unknown;
}

export interface Fact {
  kind: string;
  where: string;
  note: string;
  operation?: string;
  field?: string;
  fields?: string[];
  alongside?: string[];
  form?: string;
}

export interface Source {
  info: SourceInfo;
  /** Whether its bodies may shape a type (captured traffic, provider template). */
  shapesTypes: boolean;
  bodies: SourceBody[];
  /** Per operation and direction, every field path seen (present of captures). */
  operations: Inventory['operations'];
  /** Captures behind `operations` (162 for the inventory of facilita-corp, else the bodies). */
  captures: number;
  facts: Fact[];
  /** Whether `operations` is computed from `bodies` (else it is an inventory, all on the source's route). */
  listed: boolean;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read ${file}: ${(error as Error).message}`);
  }
}

function text(file: string, raw: Record<string, unknown>, key: string): string {
  const value = raw[key];
  if (typeof value !== 'string' || value.trim() === '') throw new Error(`${file}: ${key}: expected a non-empty string`);
  return value;
}

function recordingOf(file: string, raw: Record<string, unknown>): SourceInfo['recording'] {
  const recording = raw.recording;
  if (!isRecord(recording)) throw new Error(`${file}: expected a repository and commit, or a recording`);
  if (typeof recording.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(recording.sha256))
    throw new Error(`${file}: recording.sha256: expected 64 hex digits`);
  if (typeof recording.ended !== 'string' || Number.isNaN(Date.parse(recording.ended)))
    throw new Error(`${file}: recording.ended: expected a date`);
  return { ...recording, sha256: recording.sha256, ended: recording.ended };
}

function sourceInfo(file: string, dirName: string): SourceInfo {
  const raw = readJson(file);
  if (!isRecord(raw)) throw new Error(`${file}: expected an object`);
  const kind = text(file, raw, 'kind');
  if (!(SOURCE_KINDS as readonly string[]).includes(kind)) throw new Error(`${file}: kind: expected one of ${SOURCE_KINDS.join(', ')}`);
  const id = text(file, raw, 'id');
  if (id !== dirName) throw new Error(`${file}: id ${JSON.stringify(id)} is not its folder's name`);
  const common = {
    id,
    kind: kind as SourceKind,
    route: text(file, raw, 'route'),
    what: text(file, raw, 'what'),
    sanitization: text(file, raw, 'sanitization'),
  };
  if (raw.repository === undefined) {
    const recording = recordingOf(file, raw);
    if (kind !== 'captured traffic') throw new Error(`${file}: kind: a recording is captured traffic`);
    const tool = isRecord(recording?.tool) ? `${String(recording.tool.name)} ${String(recording.tool.version)}` : 'a recorder';
    const day = recording?.ended.slice(0, 10) ?? '';
    return { ...common, recording, origin: `a recording by ${tool} ended ${day}`, stamp: `recorded-${day}` };
  }
  const commit = text(file, raw, 'commit');
  if (!/^[0-9a-f]{40}$/.test(commit)) throw new Error(`${file}: commit: expected 40 hex digits`);
  const paths = raw.paths;
  if (!Array.isArray(paths) || paths.length === 0 || paths.some((p) => typeof p !== 'string' || p === ''))
    throw new Error(`${file}: paths: expected a list of paths`);
  const repository = text(file, raw, 'repository');
  return {
    ...common,
    repository,
    url: text(file, raw, 'url'),
    commit,
    commitDate: text(file, raw, 'commitDate'),
    paths: paths as string[],
    origin: `${repository} at ${commit.slice(0, 12)}`,
    stamp: commit.slice(0, 12),
  };
}

function listedBodies(evidenceRoot: string, dir: string, file: string, raw: unknown, sourceRoute: string): SourceBody[] {
  if (!Array.isArray(raw)) throw new Error(`${file}: bodies: expected a list (or a folder name for an inventory source)`);
  return raw.map((entry, i) => {
    const at = `${file}: bodies[${i}]`;
    if (!isRecord(entry)) throw new Error(`${at}: expected an object`);
    const body = entry.body;
    if (body !== 'request' && body !== 'response') throw new Error(`${at}: body: expected request or response`);
    const rel = text(at, entry, 'file');
    const abs = path.join(dir, rel);
    if (path.relative(dir, abs).startsWith('..')) throw new Error(`${at}: file: outside the source's folder`);
    // A recorded answer file is `{ status, body }`: `member` names the body in it.
    const whole = readJson(abs);
    const member = typeof entry.member === 'string' ? entry.member : undefined;
    if (member !== undefined && !(isRecord(whole) && member in whole)) throw new Error(`${at}: no ${member} in ${rel}`);
    return {
      operation: text(at, entry, 'operation'),
      body,
      file: path.relative(evidenceRoot, abs),
      from: text(at, entry, 'from'),
      route: routeNamed(typeof entry.route === 'string' ? entry.route : sourceRoute),
      value: member === undefined ? whole : (whole as Record<string, unknown>)[member],
    };
  });
}

/** The inventory source (facilita-corp): its example pairs are its bodies. */
function inventoryBodies(evidenceRoot: string, dir: string, folder: string, inventory: Inventory, route: Route | undefined): SourceBody[] {
  const out: SourceBody[] = [];
  for (const [operation, pair] of Object.entries(inventory.provenance.examples)) {
    for (const body of ['request', 'response'] as const) {
      const abs = path.join(dir, folder, `${operation}.${body}.json`);
      out.push({ operation, body, file: path.relative(evidenceRoot, abs), from: pair[body], route, value: readJson(abs) });
    }
  }
  return out;
}

function facts(file: string, id: string): Fact[] {
  if (!existsSync(file)) return [];
  const raw = readJson(file);
  if (!isRecord(raw) || raw.source !== id || !Array.isArray(raw.facts))
    throw new Error(`${file}: expected { source: ${JSON.stringify(id)}, facts: [...] }`);
  return raw.facts.map((f, i) => {
    const at = `${file}: facts[${i}]`;
    if (!isRecord(f)) throw new Error(`${at}: expected an object`);
    const fact: Fact = { kind: text(at, f, 'kind'), where: text(at, f, 'where'), note: text(at, f, 'note') };
    for (const key of ['operation', 'field', 'form'] as const) if (typeof f[key] === 'string') fact[key] = f[key];
    for (const key of ['fields', 'alongside'] as const) if (Array.isArray(f[key])) fact[key] = (f[key] as unknown[]).map(String);
    return fact;
  });
}

export interface LoadOptions {
  /** Source ids to leave out (leave-one-source-out folds). */
  exclude?: readonly string[];
}

/**
 * Folders of evidence/ that are not type sources: `flows` holds the certification
 * scenarios, replayed whole by the flows mock and runner (docs/flows.md).
 */
export const NOT_SOURCES: readonly string[] = ['flows'];

/** Every source under the evidence root, in folder-name order. */
export function loadSources(evidenceRoot: string, options: LoadOptions = {}): Source[] {
  const exclude = new Set([...NOT_SOURCES, ...(options.exclude ?? [])]);
  const dirs = readdirSync(evidenceRoot, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  const out: Source[] = [];
  for (const name of dirs) {
    if (exclude.has(name)) continue;
    const dir = path.join(evidenceRoot, name);
    const file = path.join(dir, 'source.json');
    if (!existsSync(file)) throw new Error(`${dir}: a source folder needs a source.json`);
    const info = sourceInfo(file, name);
    const raw = readJson(file) as Record<string, unknown>;
    let bodies: SourceBody[];
    let operations: Inventory['operations'];
    let captures: number;
    if (typeof raw.inventory === 'string') {
      const inventory = loadInventory(dir);
      if (inventory.provenance.repository !== info.repository || inventory.provenance.commit !== info.commit) {
        throw new Error(`${file}: repository and commit disagree with ${raw.inventory}`);
      }
      bodies = inventoryBodies(evidenceRoot, dir, text(file, raw, 'bodies'), inventory, routeNamed(info.route));
      operations = inventory.operations;
      captures = inventory.provenance.captures;
    } else {
      bodies = listedBodies(evidenceRoot, dir, file, raw.bodies, info.route);
      operations = inventoryOfBodies(bodies);
      captures = bodies.length;
    }
    out.push({
      info,
      shapesTypes: SHAPING.has(info.kind),
      bodies,
      operations,
      captures,
      facts: facts(path.join(dir, 'facts.json'), info.id),
      listed: typeof raw.inventory !== 'string',
    });
  }
  return out;
}

/**
 * What a source shows of one flavour's route: the bodies that may type it (routes.ts), and
 * the inventory of those bodies alone.
 */
export function viewOf(source: Source, flavour: Route, compatible: ReadonlySet<string>): Source {
  const applies = (route: Route | undefined, operation: string): boolean =>
    route !== undefined && transferOf(route, flavour, operation, compatible) !== undefined;
  if (!source.listed) {
    const route = routeNamed(source.info.route);
    const keep = (op: string): boolean => applies(route, op);
    return {
      ...source,
      bodies: source.bodies.filter((b) => keep(b.operation)),
      operations: Object.fromEntries(Object.entries(source.operations).filter(([op]) => keep(op))),
    };
  }
  const bodies = source.bodies.filter((b) => applies(b.route, b.operation));
  return { ...source, bodies, operations: inventoryOfBodies(bodies), captures: bodies.length };
}

/** The routes the bodies of one operation came from, in a source. */
export function routesOf(source: Source, operation: string): Set<Route> {
  if (!source.listed) {
    const route = routeNamed(source.info.route);
    return new Set(route && source.operations[operation] ? [route] : []);
  }
  return new Set(source.bodies.flatMap((b) => (b.operation === operation && b.route ? [b.route] : [])));
}

/** The captures of one operation and direction in a source, if it has any. */
export function capturesOf(source: Source, operation: string, body: Body): Captures | undefined {
  const found = source.operations[operation]?.[body];
  return found && found.captures > 0 ? found : undefined;
}
