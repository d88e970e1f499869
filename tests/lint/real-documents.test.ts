// The real documents pass every rule: Spectral (conventions, spectral:oas, OWASP)
// on each bundle under generated/, Redocly (recommended + conventions) on each
// API of redocly.yaml.
import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { lintWithSpectral } from '../../lint/spectral.ts';
import { loadRedoclyConfig, redoclyFindings, repoFile } from './lint-fixtures.ts';

const bundles = existsSync(repoFile('generated'))
  ? readdirSync(repoFile('generated'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(repoFile(`generated/${entry.name}/openapi.yaml`)))
      .map((entry) => entry.name)
      .sort()
  : [];

test('bundles exist to lint (npm run build, or `npx redocly bundle <family> -o generated/<family>/openapi.yaml`)', () => {
  expect(bundles.length).toBeGreaterThan(0);
});

describe.each(bundles)('generated/%s/openapi.yaml', (family) => {
  test('Spectral: no finding from any rule', async () => {
    expect(await lintWithSpectral(repoFile(`generated/${family}/openapi.yaml`))).toEqual([]);
  });
});

describe('Redocly, every API of redocly.yaml', async () => {
  const config = await loadRedoclyConfig();
  const apis = Object.entries(config.resolvedConfig.apis ?? {});
  test('redocly.yaml lists APIs', () => expect(apis.length).toBeGreaterThan(0));
  test.each(apis.map(([alias, api]) => ({ alias, root: api.root })))('$alias: no problem from any rule', async ({ alias, root }) => {
    expect(await redoclyFindings(repoFile(root), config.forAlias(alias))).toEqual([]);
  });
});
