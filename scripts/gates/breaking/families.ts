// Where each family's inputs live in the repository, and which families exist:
// those in redocly.yaml (one `apis:` entry per family), those with a bundle and
// those with a released baseline.
import { access, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { isObject } from '../../../src/lib/json.ts';
import { OpenApiDocument } from './document.ts';
import type { FamilyInputs } from './gate.ts';

export function familyPaths(root: string, family: string): FamilyInputs['paths'] {
  return {
    baseline: join(root, 'baseline', family, 'openapi.yaml'),
    current: join(root, 'generated', family, 'openapi.yaml'),
    changelog: join(root, 'spec', family, 'CHANGELOG.md'),
  };
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

async function familiesWith(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const out: string[] = [];
  for (const e of entries) if (e.isDirectory() && (await exists(join(dir, e.name, 'openapi.yaml')))) out.push(e.name);
  return out;
}

export async function listFamilies(root: string): Promise<string[]> {
  const names = new Set<string>();
  const config = await readFile(join(root, 'redocly.yaml'), 'utf8').catch(() => undefined);
  if (config !== undefined) {
    const parsed: unknown = parse(config);
    if (isObject(parsed) && isObject(parsed.apis)) for (const name of Object.keys(parsed.apis)) names.add(name);
  }
  for (const name of await familiesWith(join(root, 'generated'))) names.add(name);
  for (const name of await familiesWith(join(root, 'baseline'))) names.add(name);
  return [...names].sort();
}

/** Reads a family's inputs; paths in messages are relative to the root. */
export async function loadFamily(root: string, family: string): Promise<FamilyInputs> {
  const abs = familyPaths(root, family);
  const paths = familyPaths('', family);
  const load = async (path: string, shown: string) =>
    (await exists(path)) ? OpenApiDocument.fromText(await readFile(path, 'utf8'), shown) : undefined;
  return {
    family,
    baseline: await load(abs.baseline, paths.baseline),
    current: await load(abs.current, paths.current),
    changelog: await readFile(abs.changelog, 'utf8').catch(() => undefined),
    paths,
  };
}
