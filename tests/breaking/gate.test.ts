// The family gate: a breaking change passes only under a new major version whose
// CHANGELOG entry lists it by JSON pointer; a family without baseline is new.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { duplicateVersions, parseChangelog } from '../../scripts/gates/breaking/changelog.ts';
import { OpenApiDocument } from '../../scripts/gates/breaking/document.ts';
import type { JsonObject } from '../../src/lib/json.ts';
import { diffDocuments } from '../../scripts/gates/breaking/document-diff.ts';
import { evaluateFamily, lists, type FamilyInputs } from '../../scripts/gates/breaking/gate.ts';
import { formatFinding } from '../../scripts/gates/breaking/report.ts';
import { compareVersions, isMajorRaise, parseVersion } from '../../scripts/gates/breaking/semver.ts';
import { applyPatch, pair, type PatchOp } from './helpers.ts';

const paths = { baseline: 'baseline/fx/openapi.yaml', current: 'generated/fx/openapi.yaml', changelog: 'spec/fx/CHANGELOG.md' };
const removeField: PatchOp = { remove: '/components/schemas/ReservarRQ/properties/Valor' };
const removedPointer = '#/components/schemas/ReservarRQ/properties/Valor';
const addField: PatchOp = { set: '/components/schemas/ReservarRQ/properties/Moeda', value: { type: 'string' } };
const version = (v: string): PatchOp => ({ set: '/info/version', value: v });

function inputs(current: PatchOp[], changelog?: string, baseline: PatchOp[] = []): FamilyInputs {
  const docs = pair(baseline, current);
  return { family: 'fx', baseline: docs.baseline, current: docs.current, changelog, paths };
}

describe('evaluateFamily', () => {
  test('a family with no baseline is new and passes', () => {
    const r = evaluateFamily({ ...inputs([]), baseline: undefined });
    expect(r.status).toBe('new');
    expect(r.errors).toEqual([]);
  });

  test('no change: unchanged', () => {
    expect(evaluateFamily(inputs([])).status).toBe('unchanged');
  });

  test('a compatible change at the same version passes', () => {
    const r = evaluateFamily(inputs([addField]));
    expect(r.status).toBe('compatible');
    expect(r.findings.map((f) => f.rule)).toEqual(['request-property-added']);
  });

  test('a breaking change at the same version fails and names the major to release', () => {
    const r = evaluateFamily(inputs([removeField]));
    expect(r.status).toBe('failed');
    expect(r.errors.join('\n')).toContain('raise info.version to 2.0.0');
  });

  test('a breaking change under a minor raise fails', () => {
    const r = evaluateFamily(inputs([removeField, version('1.1.0')], `## 1.1.0\n- \`${removedPointer}\`\n`));
    expect(r.status).toBe('failed');
    expect(r.errors.join('\n')).toContain('a new major');
  });

  test('a breaking change under a new major but without a CHANGELOG fails', () => {
    const r = evaluateFamily(inputs([removeField, version('2.0.0')]));
    expect(r.status).toBe('failed');
    expect(r.errors.join('\n')).toContain('spec/fx/CHANGELOG.md does not exist');
  });

  test('a breaking change under a new major whose entry does not list it fails, with the unlisted finding', () => {
    const r = evaluateFamily(
      inputs(
        [removeField, version('2.0.0')],
        `# Changelog\n\n## 2.0.0\n\n- Tidied the booking request.\n\n## 1.0.0\n- \`${removedPointer}\`\n`,
      ),
    );
    expect(r.status).toBe('failed');
    expect(r.unlisted.map((f) => f.pointer)).toEqual([removedPointer]);
  });

  test('a breaking change under a new major listed by its pointer passes', () => {
    const changelog = `# Changelog\n\n## [2.0.0] - 2026-12-01\n\n### Breaking\n- Valor removed from the booking request: \`${removedPointer}\`\n\n## 1.0.0\n`;
    const r = evaluateFamily(inputs([removeField, version('2.0.0')], changelog));
    expect(r.errors).toEqual([]);
    expect(r.status).toBe('breaking-released');
  });

  test('a pointer is listed only whole: …/ValorTotal does not list …/Valor', () => {
    const r = evaluateFamily(inputs([removeField, version('2.0.0')], `## 2.0.0\n- \`${removedPointer}Total\` renamed\n`));
    expect(r.unlisted.map((f) => f.pointer)).toEqual([removedPointer]);
    expect(lists(`see ${removedPointer}.`, removedPointer)).toBe(true);
    expect(lists(`(${removedPointer})`, removedPointer)).toBe(true);
    expect(lists(`${removedPointer}/type`, removedPointer)).toBe(false);
  });

  test('before 1.0.0 a minor raise may carry a breaking change', () => {
    const r = evaluateFamily(inputs([removeField, version('0.3.0')], `## 0.3.0\n- \`${removedPointer}\`\n`, [version('0.2.1')]));
    expect(r.status).toBe('breaking-released');
  });

  test('a version raised without its CHANGELOG entry fails', () => {
    const r = evaluateFamily(inputs([addField, version('1.1.0')], '## 1.0.0\n'));
    expect(r.status).toBe('failed');
    expect(r.errors.join('\n')).toContain('has no "## 1.1.0" entry');
  });

  test('a version lowered fails', () => {
    const r = evaluateFamily(inputs([version('0.9.0')], '## 0.9.0\n'));
    expect(r.errors.join('\n')).toContain('went down');
  });

  test('a version that is not semver fails clearly', () => {
    const r = evaluateFamily(inputs([version('v2')]));
    expect(r.errors.join('\n')).toContain('"v2" is not a semantic version');
  });

  test('a released family whose bundle is gone fails as a removed family', () => {
    const r = evaluateFamily({ ...inputs([]), current: undefined });
    expect(r.status).toBe('failed');
    expect(r.findings.map((f) => f.rule)).toEqual(['family-removed']);
    expect(r.errors.join('\n')).toContain('generated/fx/openapi.yaml is missing');
  });
});

describe('messages', () => {
  test('a finding names the family, the operation, the JSON pointer and why it breaks a client', () => {
    const { baseline, current } = pair([], [removeField]);
    const [finding] = diffDocuments('fx', baseline, current);
    expect(finding).toBeDefined();
    const line = formatFinding(finding!);
    expect(line).toContain('[fx]');
    expect(line).toContain('Reservar (POST /Reservar)');
    expect(line).toContain(removedPointer);
    expect(line).toContain('request.Valor removed');
    expect(line).toContain('no longer compile against the generated types');
  });

  test('a nested field is named by its path from the body', () => {
    const { baseline, current } = pair([], [{ add: '/components/schemas/Passageiro/required/-', value: 'Idade' }]);
    expect(diffDocuments('fx', baseline, current).map((f) => f.detail)).toEqual(['request.Passageiros[].Idade is now required']);
  });

  test('a non-local $ref is refused with its place', () => {
    const root = applyPatch(pair().baseline.root, [{ set: '/components/schemas/Login', value: { $ref: 'shared/Login.yaml' } }]);
    const doc = new OpenApiDocument(root, 'not-bundled.yaml');
    expect(() => diffDocuments('fx', pair().baseline, doc)).toThrow(/non-local \$ref "shared\/Login.yaml"/);
  });

  test('a file that is not OpenAPI is refused', () => {
    expect(() => OpenApiDocument.fromText('just: text', 'x.yaml')).toThrow('x.yaml: not an OpenAPI document');
  });
});

describe('the released v2-pt baseline', () => {
  const root = join(import.meta.dirname, '../..');
  const released = OpenApiDocument.fromText(readFileSync(join(root, 'baseline/v2-pt/openapi.yaml'), 'utf8'), 'v2-pt');

  test('its CHANGELOG has the entry of the released version', () => {
    const entries = parseChangelog(readFileSync(join(root, 'spec/v2-pt/CHANGELOG.md'), 'utf8'));
    expect(entries.map((e) => e.version)).toContain(released.version);
  });

  test('closing the shared open request body is one finding per operation that sends it', () => {
    const closed = applyPatch(released.root, [{ set: '/components/schemas/RequisicaoComCredenciais/additionalProperties', value: false }]);
    const findings = diffDocuments('v2-pt', released, new OpenApiDocument(closed, 'closed'));
    const users = Object.values(released.root.paths as JsonObject).filter((item) =>
      JSON.stringify(item).includes('#/components/schemas/RequisicaoComCredenciais'),
    ).length;
    expect(users).toBeGreaterThan(1);
    expect(findings.length).toBe(users);
    expect(new Set(findings.map((f) => f.rule))).toEqual(new Set(['request-closed']));
    expect(new Set(findings.map((f) => f.operation)).size).toBe(users);
  });
});

describe('CHANGELOG and semver reading', () => {
  test('version headings in the usual forms, text up to the next heading', () => {
    const entries = parseChangelog('# T\n\n## [2.0.0] - 2026-12-01\nA\n### Breaking\nB\n## 1.1.0 — x\nC\n## Unreleased\nD\n## v1.0.0\nE\n');
    expect(entries.map((e) => [e.version, e.body.trim()])).toEqual([
      ['2.0.0', 'A\n### Breaking\nB'],
      ['1.1.0', 'C'],
      ['1.0.0', 'E'],
    ]);
    expect(duplicateVersions(parseChangelog('## 1.0.0\n## 1.0.0\n'))).toEqual(['1.0.0']);
  });

  test('semver order and what counts as a major raise', () => {
    const v = (s: string) => parseVersion(s)!;
    expect(parseVersion('1.0')).toBeUndefined();
    expect(compareVersions(v('2.0.0-rc.1'), v('2.0.0'))).toBeLessThan(0);
    expect(compareVersions(v('1.10.0'), v('1.9.9'))).toBeGreaterThan(0);
    expect(isMajorRaise(v('1.4.2'), v('2.0.0'))).toBe(true);
    expect(isMajorRaise(v('1.4.2'), v('1.5.0'))).toBe(false);
    expect(isMajorRaise(v('0.4.2'), v('0.5.0'))).toBe(true);
  });
});
