// The route families as the docs site sees them: `apis:` of redocly.yaml (which
// documents exist) joined with the catalog (title, status, prefix, operation names).

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { readCatalog as readProjectCatalog } from '../lib/catalog.ts';
import { isObject } from '../../src/lib/json.ts';

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

/** The catalog's families by id, in catalog order; the site needs a title and a status for each. */
export async function readCatalogFamilies(rootDir: string): Promise<Map<string, CatalogFamily>> {
  const catalog = await readProjectCatalog(rootDir);
  const families = new Map<string, CatalogFamily>();
  for (const family of catalog.families) {
    if (!family.title) throw new Error(`${catalog.source}: family "${family.name}" needs a \`title\` and a \`status\`.`);
    families.set(family.name, {
      id: family.name,
      title: family.title,
      status: family.status,
      statusNote: family.statusNote,
      prefix: family.prefixes[0],
      groups: family.groups.map((g) => ({ name: g.name, operations: [...g.operations] })),
      operationNames: [...family.operations],
    });
  }
  return families;
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
  const [ids, catalog] = await Promise.all([readApiIds(rootDir), readCatalogFamilies(rootDir)]);
  return ids.map((id) => {
    const entry = catalog.get(id);
    if (!entry) throw new Error(`Family "${id}" is in redocly.yaml but has no entry in spec/catalog.yaml.`);
    return { id, title: entry.title, status: entry.status, bundlePath: path.join(rootDir, 'generated', id, 'openapi.yaml') };
  });
}
