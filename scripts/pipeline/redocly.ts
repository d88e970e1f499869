// Redocly lint and bundle, in process, with one resolver per family so each file of
// a family is read and parsed once for both steps.
import path from 'node:path';
import {
  BaseResolver,
  bundle,
  getLineColLocation,
  lint,
  loadConfig,
  stringifyYaml,
  type Config,
  type NormalizedProblem,
} from '@redocly/openapi-core';
import type { Family } from '../lib/families.ts';

/** Top-level key order the Redocly CLI writes bundles in (its sortTopLevelKeysForOas). */
const OAS3_TOP_LEVEL_ORDER = [
  'openapi',
  'info',
  'jsonSchemaDialect',
  'servers',
  'security',
  'tags',
  'externalDocs',
  'paths',
  'webhooks',
  'x-webhooks',
  'components',
];

export interface RedoclyResult {
  problems: NormalizedProblem[];
  /** Bundled document serialized exactly as `redocly bundle -o file.yaml` writes it. */
  yaml: string;
  document: Record<string, unknown>;
  /** Every file the bundle was made from (absolute paths). */
  fileDependencies: string[];
}

export async function loadRedoclyConfig(rootDir: string): Promise<Config> {
  return loadConfig({ configPath: path.join(rootDir, 'redocly.yaml') });
}

export async function lintAndBundle(config: Config, family: Family): Promise<RedoclyResult> {
  const aliasConfig = config.forAlias(family.id);
  const externalRefResolver = new BaseResolver(aliasConfig.resolve);
  const problems = await lint({ ref: family.root, config: aliasConfig, externalRefResolver });
  const result = await bundle({ ref: family.root, config: aliasConfig, externalRefResolver });
  const parsed = result.bundle.parsed as Record<string, unknown>;
  const document = sortTopLevelKeys(parsed);
  return {
    problems: [...problems, ...result.problems],
    yaml: stringifyYaml(document, { noRefs: true, lineWidth: -1 }),
    document,
    fileDependencies: [...result.fileDependencies].sort(),
  };
}

function sortTopLevelKeys(doc: Record<string, unknown>): Record<string, unknown> {
  const sorted: Record<string, unknown> = {};
  for (const key of OAS3_TOP_LEVEL_ORDER) if (Object.hasOwn(doc, key)) sorted[key] = doc[key];
  return Object.assign(sorted, doc);
}

/** `file:line:col severity rule message`, the form editors and terminals turn into a link. */
export function formatProblem(p: NormalizedProblem, rootDir: string): string {
  const loc = p.location[0];
  let where = '';
  if (loc) {
    const { start } = getLineColLocation(loc);
    where = `${path.relative(rootDir, loc.source.absoluteRef)}:${start.line}:${start.col} `;
  }
  return `  ${where}${p.severity} ${p.ruleId}: ${p.message}`;
}
