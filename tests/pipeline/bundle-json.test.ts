// Each bundle ships as YAML and JSON (generated/<family>/openapi.{yaml,json}): the JSON
// file must be the YAML document itself, byte for byte as the pipeline serializes it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { expect, test } from 'vitest';
import { bundleJson } from '../../scripts/pipeline/bundle-json.ts';
import { rootDir } from '../support/bundle.ts';

const generated = path.join(rootDir, 'generated');
const bundles = readdirSync(generated).filter((dir) => readdirSync(path.join(generated, dir)).includes('openapi.yaml'));

test('every bundle has a JSON twin', () => {
  expect(bundles.length).toBeGreaterThanOrEqual(6);
  for (const dir of bundles) expect(readdirSync(path.join(generated, dir)), dir).toContain('openapi.json');
});

test.each(bundles)('%s/openapi.json is its openapi.yaml, serialized as the pipeline does', (dir) => {
  const yaml = parse(readFileSync(path.join(generated, dir, 'openapi.yaml'), 'utf8')) as unknown;
  const json = readFileSync(path.join(generated, dir, 'openapi.json'), 'utf8');
  expect(JSON.parse(json)).toStrictEqual(yaml);
  expect(json === bundleJson(yaml), 'same bytes as bundleJson(YAML document)').toBe(true);
});
