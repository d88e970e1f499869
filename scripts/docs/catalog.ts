// The route families as data: `apis:` of redocly.yaml (which documents exist) and
// spec/catalog.yaml (title, status, prefix and operation names of each family).

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { isObject } from './openapi.ts';

export interface CatalogFamily {
  id: string;
  title: string;
  status: string;
  statusNote: string | undefined;
  prefix: string | undefined;
  /** Operation names by group, as the interface description lists them (may be empty). */
  groups: Array<{ name: string; operations: string[] }>;
  /** Every operation name the catalog lists for the family: its groups, then its flat `operations:` list. */
  operationNames: string[];
}

export interface SiteFamily {
  id: string;
  title: string;
  status: string;
  bundlePath: string;
}

async function readYaml(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new Error(`Cannot read ${file}: ${(error as Error).message}`);
  }
  try {
    return parse(text);
  } catch (error) {
    throw new Error(`${file} is not valid YAML: ${(error as Error).message}`);
  }
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

export function parseCatalog(data: unknown, source = 'spec/catalog.yaml'): Map<string, CatalogFamily> {
  if (!isObject(data) || !isObject(data.families)) throw new Error(`${source}: expected a \`families:\` map.`);
  const families = new Map<string, CatalogFamily>();
  for (const [id, entry] of Object.entries(data.families)) {
    if (!isObject(entry)) throw new Error(`${source}: family "${id}" is not a map.`);
    const title = optionalString(entry.title);
    const status = optionalString(entry.status);
    if (!title || !status) throw new Error(`${source}: family "${id}" needs a \`title\` and a \`status\`.`);
    const groups: CatalogFamily['groups'] = [];
    if (isObject(entry.groups)) {
      for (const [name, list] of Object.entries(entry.groups)) {
        if (!Array.isArray(list) || !list.every((n) => typeof n === 'string')) {
          throw new Error(`${source}: group "${name}" of family "${id}" must be a list of operation names.`);
        }
        groups.push({ name, operations: list });
      }
    }
    if (entry.operations !== undefined && (!Array.isArray(entry.operations) || !entry.operations.every((n) => typeof n === 'string'))) {
      throw new Error(`${source}: \`operations\` of family "${id}" must be a list of operation names.`);
    }
    const flat = (entry.operations ?? []) as string[];
    const operationNames = [...new Set([...groups.flatMap((g) => g.operations), ...flat])];
    families.set(id, {
      id,
      title,
      status,
      statusNote: optionalString(entry.statusNote),
      prefix: optionalString(entry.prefix),
      groups,
      operationNames,
    });
  }
  return families;
}

export async function readCatalog(rootDir: string): Promise<Map<string, CatalogFamily>> {
  const file = path.join(rootDir, 'spec', 'catalog.yaml');
  return parseCatalog(await readYaml(file), file);
}

/** Family ids in the order of `apis:` in redocly.yaml. */
export async function readApiIds(rootDir: string): Promise<string[]> {
  const file = path.join(rootDir, 'redocly.yaml');
  const config = await readYaml(file);
  if (!isObject(config) || !isObject(config.apis)) throw new Error(`${file}: expected an \`apis:\` map.`);
  return Object.keys(config.apis);
}

/**
 * The families of the site: every `apis:` entry, described by its catalog entry,
 * with its bundle at generated/<id>/openapi.yaml (where the pipeline writes it).
 */
export async function siteFamilies(rootDir: string): Promise<SiteFamily[]> {
  const [ids, catalog] = await Promise.all([readApiIds(rootDir), readCatalog(rootDir)]);
  return ids.map((id) => {
    const entry = catalog.get(id);
    if (!entry) throw new Error(`Family "${id}" is in redocly.yaml but has no entry in spec/catalog.yaml.`);
    return { id, title: entry.title, status: entry.status, bundlePath: path.join(rootDir, 'generated', id, 'openapi.yaml') };
  });
}
