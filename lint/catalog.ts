// spec/catalog.yaml as typed data: the operation names of every route family,
// kept once. The lint rules read it; they never copy names out of it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { entriesOf, isRecord, isStringArray } from './json.ts';

export type Language = 'pt' | 'en';

export interface Family {
  readonly name: string;
  /** Path prefixes without a trailing slash; legacy has several services. */
  readonly prefixes: readonly string[];
  readonly status: string;
  readonly language: Language;
  /** `known`: the description names the credential fields of this family's bodies. */
  readonly credentials: 'known' | 'unknown';
  /** Every operation name listed for the family; empty when none is published (V1). */
  readonly operations: readonly string[];
}

export interface Catalog {
  readonly source: string;
  readonly families: readonly Family[];
}

export const defaultCatalogUrl = new URL('../spec/catalog.yaml', import.meta.url);

export class CatalogError extends Error {
  override name = 'CatalogError';
}

export function loadCatalog(url: URL = defaultCatalogUrl): Catalog {
  const path = fileURLToPath(url);
  return parseCatalog(readFileSync(path, 'utf8'), path);
}

export function parseCatalog(text: string, source: string): Catalog {
  const data: unknown = parse(text);
  if (!isRecord(data) || !isRecord(data['families'])) {
    throw new CatalogError(`${source}: expected a mapping \`families:\` of route families`);
  }
  const families = entriesOf(data['families']).map(([name, raw]) => parseFamily(name, raw, source));
  return { source, families };
}

function parseFamily(name: string, raw: unknown, source: string): Family {
  const where = `${source}: family \`${name}\``;
  if (!isRecord(raw)) throw new CatalogError(`${where} must be a mapping`);
  const prefix = raw['prefix'] ?? raw['prefixes'];
  const prefixes = typeof prefix === 'string' ? [prefix] : prefix;
  if (!isStringArray(prefixes) || prefixes.length === 0 || !prefixes.every((p) => /^\/\S*[^/]$/.test(p))) {
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

  const names: string[] = [];
  if (raw['groups'] !== undefined && raw['groups'] !== null) {
    if (!isRecord(raw['groups'])) throw new CatalogError(`${where}: \`groups\` must map group names to lists of operation names`);
    for (const [group, list] of entriesOf(raw['groups'])) {
      if (!isStringArray(list)) throw new CatalogError(`${where}: group \`${group}\` must be a list of operation names`);
      names.push(...list);
    }
  }
  if (raw['operations'] !== undefined && raw['operations'] !== null) {
    if (!isStringArray(raw['operations'])) throw new CatalogError(`${where}: \`operations\` must be a list of operation names`);
    names.push(...raw['operations']);
  }
  return { name, prefixes, status, language, credentials, operations: [...new Set(names)] };
}

export interface Location {
  readonly family: Family;
  /** The prefix of the family the path starts with. */
  readonly prefix: string;
  /** What follows `prefix/`: for a well-formed path, the operation name. */
  readonly rest: string;
}

/** The family whose prefix the path starts with (the longest, should two match). */
export function locatePath(catalog: Catalog, path: string): Location | undefined {
  let best: Location | undefined;
  for (const family of catalog.families) {
    for (const prefix of family.prefixes) {
      if (path.startsWith(`${prefix}/`) && (best === undefined || prefix.length > best.prefix.length)) {
        best = { family, prefix, rest: path.slice(prefix.length + 1) };
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
