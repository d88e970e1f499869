// Every convention rule rejects a small fixture (at the path asserted here) and the
// fixtures of all five families are accepted by every rule.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { isRecord } from '../../src/lib/json.ts';
import { conventionRules, traceRules } from '../../lint/ruleset.ts';
import { conventionFindings, fixture, repoFile } from './lint-fixtures.ts';

const v3 = '/api/V3/Voos/Disponibilidade';
const v3Body = ['paths', v3, 'post', 'requestBody'];
const credentials = ['components', 'schemas', 'RequisicaoComCredenciais'];

/** Fixture under rejected/ → the one rule it breaks and every path that rule must point at. */
const rejected: ReadonlyArray<{ file: string; rule: string; paths: string[][] }> = [
  // Redocly configurable rules (redocly.yaml)
  {
    file: 'post-only',
    rule: 'rule/post-only',
    paths: [
      ['paths', v3],
      ['paths', v3, 'put'],
    ],
  },
  { file: 'request-body-present', rule: 'rule/request-body-present', paths: [v3Body] },
  { file: 'request-body-required', rule: 'rule/request-body-required', paths: [[...v3Body, 'required']] },
  { file: 'json-media-type-only', rule: 'rule/json-media-type-only', paths: [[...v3Body, 'content', 'application/xml']] },
  { file: 'success-response-json', rule: 'rule/success-response-json', paths: [['paths', v3, 'post', 'responses', '200', 'content']] },
  { file: 'status-codes-unpublished', rule: 'rule/status-codes-unpublished', paths: [['paths', v3, 'post', 'responses', '401']] },
  { file: 'status-200-inferred', rule: 'rule/status-200-inferred', paths: [['paths', v3, 'post', 'responses', '200', 'x-inferred']] },
  {
    file: 'server-https-variable',
    rule: 'rule/server-https-variable',
    paths: [
      ['servers', '0', 'url'],
      ['servers', '1', 'url'],
    ],
  },
  { file: 'server-environment', rule: 'rule/server-environment', paths: [['servers', '0', 'description']] },
  { file: 'password-write-only', rule: 'rule/password-write-only', paths: [[...credentials, 'properties', 'Senha', 'writeOnly']] },
  { file: 'password-format', rule: 'rule/password-format', paths: [[...credentials, 'properties', 'Senha', 'format']] },
  // Spectral custom functions (lint/ruleset.ts)
  {
    file: 'operation-name-listed',
    rule: 'operation-name-listed',
    paths: [
      ['paths', v3, 'post', 'operationId'],
      ['paths', '/api/V3/Voos/Reservar'],
      ['paths', '/api/V3/Voos/{Operacao}'],
      ['paths', '/api/V4/Voos/Buscar'],
    ],
  },
  {
    file: 'operation-name-listed-v1',
    rule: 'operation-name-listed',
    paths: [
      ['paths', '/api/Voos/{Operation}', 'post', 'operationId'],
      ['paths', '/api/Voos/Disponibilidade', 'post'],
    ],
  },
  {
    file: 'operation-name-listed-legacy',
    rule: 'operation-name-listed',
    paths: [
      ['paths', '/Aereo.svc/Autenticar', 'post', 'operationId'],
      ['paths', '/Usuario.svc/ObterMapaDeAssentos'],
    ],
  },
  // The operation accepted/legacy-observed.yaml adds, in a published document without its x-observed marker.
  { file: 'operation-name-listed-observed', rule: 'operation-name-listed', paths: [['paths', '/AereoNoSession.svc/Disponibilidade']] },
  { file: 'family-operations-complete', rule: 'family-operations-complete', paths: [['paths']] },
  { file: 'developer-headers-required', rule: 'developer-headers-required', paths: [['security', '0']] },
  {
    file: 'developer-headers-required-operation',
    rule: 'developer-headers-required',
    paths: [
      ['paths', '/api/V2/Voos/Disponibilidade', 'post', 'security', '0'],
      ['paths', '/api/V2/Voos/ObterMapaDeAssentos', 'post', 'security'],
    ],
  },
  { file: 'credentials-in-body', rule: 'credentials-in-body', paths: [credentials] },
  {
    file: 'undocumented-marker-means-open',
    rule: 'undocumented-marker-means-open',
    paths: [
      ['components', 'schemas', 'ResultadoNaoPublicado'],
      ['components', 'schemas', 'Fechado', 'additionalProperties'],
      ['components', 'schemas', 'Implicito'],
      ['components', 'schemas', 'MarcadorFalso', 'x-undocumented'],
      ['components', 'schemas', 'SemDescricao'],
      ['paths', v3, 'post', 'x-undocumented'],
    ],
  },
  {
    file: 'deprecated-names-replacement',
    rule: 'deprecated-names-replacement',
    paths: [
      ['paths', '/AereoNoSession.svc/ObterMapaDeAssentos', 'post', 'x-replaced-by'],
      ['paths', '/AereoNoSession.svc/Autenticar', 'post', 'description'],
      ['paths', '/Usuario.svc/Autenticar', 'post'],
      ['paths', '/Aereo.svc/Autenticar', 'post'],
    ],
  },
  {
    file: 'deprecated-names-replacement-catalog',
    rule: 'deprecated-names-replacement',
    paths: [
      ['paths', '/AereoNoSession.svc/ObterMapaDeAssentos', 'post', 'description'],
      ['paths', '/AereoNoSession.svc/Autenticar', 'post', 'x-replaced-by'],
    ],
  },
  { file: 'deprecated-names-replacement-current', rule: 'deprecated-names-replacement', paths: [['paths', v3, 'post', 'x-replaced-by']] },
  {
    file: 'property-names-follow-language-en',
    rule: 'property-names-follow-language',
    paths: ['Origem', 'DataIda'].map((name) => [
      'paths',
      '/api/V2/Flights/Availability',
      'post',
      'requestBody',
      'content',
      'application/json',
      'schema',
      'properties',
      name,
    ]),
  },
  {
    file: 'property-names-follow-language-pt',
    rule: 'property-names-follow-language',
    paths: [
      [...credentials, 'properties', 'Origin'],
      [...credentials, 'properties', 'Adults'],
    ],
  },
  { file: 'property-names-published', rule: 'property-names-published', paths: [[...credentials, 'properties', 'Cidade']] },
  {
    file: 'facts-traced',
    rule: 'facts-traced',
    paths: [
      ['paths', v3, 'post', 'x-source'],
      ['components', 'examples', 'ResultadoVazio'],
      [...credentials, 'required'],
      [...credentials, 'properties', 'Login'],
      ['components', 'schemas', 'DataHora'],
      ['components', 'schemas', 'DataHora', 'pattern'],
    ],
  },
];

/** The rules a rejected fixture is linted with: facts-traced only on its own fixture (the others are not traced). */
const rulesFor = (rule: string): readonly string[] =>
  (traceRules as readonly string[]).includes(rule) ? [...conventionRules, ...traceRules] : conventionRules;

const sortedPaths = (paths: string[][]): string[] => paths.map((path) => JSON.stringify(path)).sort();

describe('each convention rule rejects its fixture, at the path of the fault, and nothing else fires', () => {
  test.each(rejected)('$file → $rule', async ({ file, rule, paths }) => {
    const findings = await conventionFindings(fixture(`rejected/${file}.yaml`), rulesFor(rule));
    expect([...new Set(findings.map((finding) => finding.rule))]).toEqual([rule]);
    expect(sortedPaths(findings.map((finding) => finding.path))).toEqual(sortedPaths(paths));
  });
});

describe('the fixture of every family is accepted by every convention rule', () => {
  const accepted = readdirSync(fixture('accepted'))
    .filter((name) => name.endsWith('.yaml'))
    .sort();
  test.each(accepted)('%s', async (file) => {
    expect(await conventionFindings(fixture(`accepted/${file}`))).toEqual([]);
  });
});

describe('coverage of the fixtures', () => {
  test('every convention rule, Spectral or Redocly, has a rejected fixture, and every rejected fixture is asserted', () => {
    const config: unknown = parse(readFileSync(repoFile('redocly.yaml'), 'utf8'));
    const redoclyRules =
      isRecord(config) && isRecord(config['rules']) ? Object.keys(config['rules']).filter((name) => name.startsWith('rule/')) : [];
    expect(redoclyRules.length).toBeGreaterThan(0);
    const tested = new Set(rejected.map((entry) => entry.rule));
    expect([...conventionRules, ...traceRules, ...redoclyRules].filter((rule) => !tested.has(rule))).toEqual([]);
    const files = readdirSync(fixture('rejected'))
      .map((name) => name.replace(/\.yaml$/, ''))
      .sort();
    expect(files).toEqual(rejected.map((entry) => entry.file).sort());
  });

  test('every message states the convention it enforces, citing the description or the repository file that holds it', async () => {
    const findings = (
      await Promise.all(rejected.map(({ file, rule }) => conventionFindings(fixture(`rejected/${file}.yaml`), rulesFor(rule))))
    ).flat();
    expect(findings.length).toBeGreaterThanOrEqual(rejected.length);
    const silent = findings.filter(
      ({ message }) => !/Parts? \d|spec\/catalog\.yaml|spec\/extensions\.md|lint\/property-names\.yaml/.test(message),
    );
    expect(silent).toEqual([]);
  });
});
