// spec/catalog.yaml as typed data: the operation names of every route family, kept
// once. The one reader of it: lint rules, the pipeline, the docs site, the observed
// flavour and the tests read it here; they never copy names out of it.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { entriesOf, isRecord, isStringArray } from '../../src/lib/json.ts';

export type Language = 'pt' | 'en';

/** One service of a family that spans several (legacy: AereoNoSession.svc, Aereo.svc, Usuario.svc). */
export interface Service {
  readonly prefix: string;
  /** Put before the operation name in operationIds, so names shared by services stay unique. */
  readonly operationIdPrefix: string;
  readonly operations: readonly string[];
}

export interface Family {
  readonly name: string;
  /** Shown on the docs site and in the pipeline's log. */
  readonly title: string | undefined;
  readonly statusNote: string | undefined;
  /** Path prefixes without a trailing slash: `prefix` and those of its services. */
  readonly prefixes: readonly string[];
  readonly status: string;
  readonly language: Language;
  /** `known`: the description names the credential fields of this family's bodies. */
  readonly credentials: 'known' | 'unknown';
  /** Every operation name listed for the family; empty when none is published (V1). */
  readonly operations: readonly string[];
  /** The named groups of operation names, as the description lists them (may be empty). */
  readonly groups: ReadonlyArray<{ readonly name: string; readonly operations: readonly string[] }>;
  /** Which service offers which operation, where the family spans several. */
  readonly services: readonly Service[];
  /** The one templated route standing for a family's unlisted operations (V1). */
  readonly unlisted?: { readonly path: string; readonly operationId: string };
  /** Migration (Part 9): operation name → name of the operation replacing it, or null. */
  readonly replacedBy: ReadonlyMap<string, string | null>;
}

export interface Catalog {
  readonly source: string;
  readonly families: readonly Family[];
}

export const defaultCatalogUrl = new URL('../../spec/catalog.yaml', import.meta.url);

export class CatalogError extends Error {
  override name = 'CatalogError';
}

export function loadCatalog(url: URL = defaultCatalogUrl): Catalog {
  const path = fileURLToPath(url);
  return parseCatalog(readFileSync(path, 'utf8'), path);
}

/** The catalog of the project at `rootDir` (a workspace copy reads its own). */
export async function readCatalog(rootDir: string): Promise<Catalog> {
  const file = path.join(rootDir, 'spec', 'catalog.yaml');
  return parseCatalog(await readFile(file, 'utf8'), file);
}

export function parseCatalog(text: string, source: string): Catalog {
  const data: unknown = parse(text);
  if (!isRecord(data) || !isRecord(data['families'])) {
    throw new CatalogError(`${source}: expected a mapping \`families:\` of route families`);
  }
  const families = entriesOf(data['families']).map(([name, raw]) => parseFamily(name, raw, source));
  return { source, families };
}

const optionalString = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

const isPath = (value: unknown): value is string => typeof value === 'string' && /^\/\S*[^/]$/.test(value);

function names(where: string, field: string, value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!isStringArray(value)) throw new CatalogError(`${where}: \`${field}\` must be a list of operation names`);
  return value;
}

function parseFamily(name: string, raw: unknown, source: string): Family {
  const where = `${source}: family \`${name}\``;
  if (!isRecord(raw)) throw new CatalogError(`${where} must be a mapping`);
  const prefix = raw['prefix'] ?? raw['prefixes'];
  const prefixes = typeof prefix === 'string' ? [prefix] : prefix;
  if (!isStringArray(prefixes) || prefixes.length === 0 || !prefixes.every(isPath)) {
    throw new CatalogError(`${where}: \`prefix\` must be a path such as /api/V2/Voos (or a list of them), without a trailing slash`);
  }
  const language = raw['language'];
  if (language !== 'pt' && language !== 'en') {
    throw new CatalogError(`${where}: \`language\` must be pt or en`);
  }
  const credentials = raw['credentials'];
  if (credentials !== 'known' && credentials !== 'unknown') {
    throw new CatalogError(`${where}: \`credentials\` must be known or unknown`);
  }
  const status = raw['status'];
  if (typeof status !== 'string') throw new CatalogError(`${where}: \`status\` must be a string`);

  const operations: string[] = [];
  const groups: Array<{ name: string; operations: string[] }> = [];
  if (raw['groups'] !== undefined && raw['groups'] !== null) {
    if (!isRecord(raw['groups'])) throw new CatalogError(`${where}: \`groups\` must map group names to lists of operation names`);
    for (const [group, list] of entriesOf(raw['groups'])) {
      groups.push({ name: group, operations: names(where, `groups.${group}`, list) });
      operations.push(...names(where, `groups.${group}`, list));
    }
  }
  operations.push(...names(where, 'operations', raw['operations']));

  const services = parseServices(where, raw['services']);
  for (const service of services) {
    const unknown = service.operations.filter((operation) => !operations.includes(operation));
    if (unknown.length > 0)
      throw new CatalogError(`${where}: service ${service.prefix} offers ${unknown.join(', ')}, which the family does not list`);
  }

  let unlisted: Family['unlisted'];
  if (raw['unlisted'] !== undefined && raw['unlisted'] !== null) {
    const value = raw['unlisted'];
    if (!isRecord(value) || !isPath(value['path']) || typeof value['operationId'] !== 'string') {
      throw new CatalogError(`${where}: \`unlisted\` must be { path, operationId } of the templated route`);
    }
    unlisted = { path: value['path'], operationId: value['operationId'] };
  }

  const replacedBy = new Map<string, string | null>();
  for (const [operation, replacement] of entriesOf(raw['replacedBy'])) {
    if (replacement !== null && typeof replacement !== 'string') {
      throw new CatalogError(`${where}: \`replacedBy.${operation}\` must be an operation name or null`);
    }
    replacedBy.set(operation, replacement);
  }

  return {
    name,
    title: optionalString(raw['title']),
    statusNote: optionalString(raw['statusNote']),
    prefixes: [...new Set([...prefixes, ...services.map((service) => service.prefix)])],
    status,
    language,
    credentials,
    operations: [...new Set(operations)],
    groups,
    services,
    ...(unlisted === undefined ? {} : { unlisted }),
    replacedBy,
  };
}

function parseServices(where: string, value: unknown): Service[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new CatalogError(`${where}: \`services\` must be a list of { prefix, operationIdPrefix, operations }`);
  return value.map((raw, i) => {
    if (!isRecord(raw) || !isPath(raw['prefix']))
      throw new CatalogError(`${where}: services[${i}].prefix must be a path without a trailing slash`);
    const operationIdPrefix = raw['operationIdPrefix'] ?? '';
    if (typeof operationIdPrefix !== 'string') throw new CatalogError(`${where}: services[${i}].operationIdPrefix must be a string`);
    return { prefix: raw['prefix'], operationIdPrefix, operations: names(where, `services[${i}].operations`, raw['operations']) };
  });
}

export interface Location {
  readonly family: Family;
  /** The prefix of the family the path starts with. */
  readonly prefix: string;
  /** The family's service with that prefix, if the family lists services. */
  readonly service: Service | undefined;
  /** What follows `prefix/`: for a well-formed path, the operation name. */
  readonly rest: string;
}

/** The family whose prefix the path starts with (the longest, should two match). */
export function locatePath(catalog: Catalog, path: string): Location | undefined {
  let best: Location | undefined;
  for (const family of catalog.families) {
    for (const prefix of family.prefixes) {
      if (path.startsWith(`${prefix}/`) && (best === undefined || prefix.length > best.prefix.length)) {
        const service = family.services.find((candidate) => candidate.prefix === prefix);
        best = { family, prefix, service, rest: path.slice(prefix.length + 1) };
      }
    }
  }
  return best;
}

export function familyOfPath(catalog: Catalog, path: string): Family | undefined {
  return locatePath(catalog, path)?.family;
}

/** The one family all paths of a document belong to, if they agree. */
export function familyOfDocument(catalog: Catalog, paths: readonly string[]): Family | undefined {
  const found = new Set(paths.map((path) => familyOfPath(catalog, path)));
  if (found.size !== 1) return undefined;
  return [...found][0];
}

export function isDeprecatedFamily(family: Family): boolean {
  return family.status === 'deprecated';
}
