// Lint a fixture with both linters and keep only this service's convention rules:
// the Spectral custom rules (run with the fixture catalog) and Redocly's `rule/...`.
import { fileURLToPath } from 'node:url';
import { lint, loadConfig, type Config } from '@redocly/openapi-core';
import { loadCatalog } from '../../scripts/lib/catalog.ts';
import { conventionRules, createRuleset } from '../../lint/ruleset.ts';
import { lintWithSpectral } from '../../lint/spectral.ts';

export interface Finding {
  readonly rule: string;
  readonly path: string[];
  readonly message: string;
}

export const fixture = (name: string): string => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
export const repoFile = (name: string): string => fileURLToPath(new URL(`../../${name}`, import.meta.url));

export const fixtureRuleset = createRuleset(loadCatalog(new URL('./fixtures/catalog.yaml', import.meta.url)));

let redoclyConfig: Promise<Config> | undefined;
export function loadRedoclyConfig(): Promise<Config> {
  redoclyConfig ??= loadConfig({ configPath: repoFile('redocly.yaml') });
  return redoclyConfig;
}

/** `#/paths/~1api~1V3/post` → ['paths', '/api/V3', 'post'] */
export function pointerToPath(pointer: string): string[] {
  return pointer
    .replace(/^#\/?/, '')
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => decodeURIComponent(segment).replaceAll('~1', '/').replaceAll('~0', '~'));
}

export async function redoclyFindings(file: string, config?: Config): Promise<Finding[]> {
  const problems = await lint({ ref: file, config: config ?? (await loadRedoclyConfig()) });
  return problems.map((problem) => ({
    rule: problem.ruleId,
    path: pointerToPath(problem.location[0]?.pointer ?? '#/'),
    message: problem.message,
  }));
}

/**
 * Findings of this service's own rules. `facts-traced` is left out unless asked for
 * (`rules`): the small fixtures of the other rules are not traced.
 */
export async function conventionFindings(file: string, rules: readonly string[] = conventionRules): Promise<Finding[]> {
  const spectral = (await lintWithSpectral(file, { ruleset: fixtureRuleset }))
    .filter((finding) => rules.includes(finding.code))
    .map((finding) => ({ rule: finding.code, path: finding.path, message: finding.message }));
  const redocly = (await redoclyFindings(file)).filter((finding) => finding.rule.startsWith('rule/'));
  return [...spectral, ...redocly];
}
