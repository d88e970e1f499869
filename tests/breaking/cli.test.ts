// check:breaking and release:baseline as processes, on a throwaway repository
// layout: the release flow from a breaking change to its new baseline.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { stringify } from 'yaml';
import { applyPatch, baseRoot, type PatchOp } from './helpers.ts';

const run = promisify(execFile);
const scripts = join(import.meta.dirname, '../../scripts/gates/breaking');
let root = '';

async function put(path: string, text: string): Promise<void> {
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), text);
}
const bundle = (ops: PatchOp[] = []) => stringify(applyPatch(baseRoot(), ops));

async function cli(script: 'check.ts' | 'release-baseline.ts', ...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [join(scripts, script), '--root', root, ...args]);
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'breaking-cli-'));
  await put('redocly.yaml', 'apis:\n  fx:\n    root: spec/fx/openapi.yaml\n  fresh:\n    root: spec/fresh/openapi.yaml\n');
  await put('generated/fx/openapi.yaml', bundle());
  await put('generated/fresh/openapi.yaml', bundle());
  await put('baseline/fx/openapi.yaml', bundle());
  await put('spec/fx/CHANGELOG.md', '# Changelog: fx\n\n## 1.0.0 — 2026-11-22\n\nFirst release.\n');
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const removed = '#/components/schemas/ReservarRQ/properties/Valor';

test('release flow: a breaking change fails until it is released under a new major and listed', async () => {
  let r = await cli('check.ts');
  expect(r.code).toBe(0);
  expect(r.out).toContain('fresh: new family, no released baseline yet');
  expect(r.out).toContain('fx 1.0.0 → 1.0.0: no contract change');

  await put('generated/fx/openapi.yaml', bundle([{ remove: removed.slice(1) }]));
  r = await cli('check.ts');
  expect(r.code).toBe(1);
  expect(r.out).toContain(`BREAKING [fx] Reservar (POST /Reservar): request.Valor removed`);
  expect(r.out).toContain(removed);
  expect(r.out).toContain('raise info.version to 2.0.0');
  expect(r.out).toContain(`- request.Valor removed (Reservar): \`${removed}\``); // the line to paste

  r = await cli('release-baseline.ts', 'fx');
  expect(r.code).toBe(1);
  expect(r.out).toContain('NOT released');
  expect(await readFile(join(root, 'baseline/fx/openapi.yaml'), 'utf8')).toBe(bundle());

  await put('generated/fx/openapi.yaml', bundle([{ remove: removed.slice(1) }, { set: '/info/version', value: '2.0.0' }]));
  await put(
    'spec/fx/CHANGELOG.md',
    `# Changelog: fx\n\n## 2.0.0 — 2026-12-01\n\n### Breaking\n\n- Valor removed from the booking request: \`${removed}\`\n\n## 1.0.0 — 2026-11-22\n`,
  );
  r = await cli('check.ts');
  expect(r.code).toBe(0);
  expect(r.out).toContain('fx 1.0.0 → 2.0.0: breaking changes, released under a new major');

  r = await cli('release-baseline.ts', 'fx');
  expect(r.code).toBe(0);
  expect(r.out).toContain('released 1.0.0 → 2.0.0');
  expect(await readFile(join(root, 'baseline/fx/openapi.yaml'), 'utf8')).toBe(
    await readFile(join(root, 'generated/fx/openapi.yaml'), 'utf8'),
  );
  r = await cli('check.ts', 'fx');
  expect(r.out).toContain('fx 2.0.0 → 2.0.0: no contract change');
});

test('a compatible change at the released version is refused by release:baseline unless amended', async () => {
  await put('generated/fresh/openapi.yaml', bundle([{ set: '/info/version', value: '1.0.0' }]));
  let r = await cli('release-baseline.ts', 'fresh');
  expect(r.code).toBe(1);
  expect(r.out).toContain('spec/fresh/CHANGELOG.md has no "## 1.0.0" entry');

  await put('spec/fresh/CHANGELOG.md', '## 1.0.0\n');
  r = await cli('release-baseline.ts', 'fresh');
  expect(r.code).toBe(0);
  expect(r.out).toContain('released first release, 1.0.0');

  await put(
    'generated/fresh/openapi.yaml',
    bundle([{ set: '/components/schemas/ReservarRQ/properties/Moeda', value: { type: 'string' } }]),
  );
  expect((await cli('check.ts', 'fresh')).code).toBe(0);
  r = await cli('release-baseline.ts', 'fresh');
  expect(r.code).toBe(1);
  expect(r.out).toContain('info.version was not raised');
  r = await cli('release-baseline.ts', '--amend', 'fresh');
  expect(r.code).toBe(0);
  expect(r.out).toContain('released 1.0.0 amended');

  // Amending may absorb a breaking change too, and says so.
  await put('generated/fresh/openapi.yaml', bundle([{ remove: '/paths/~1Consultar' }]));
  expect((await cli('release-baseline.ts', 'fresh')).code).toBe(1);
  r = await cli('release-baseline.ts', '--amend', 'fresh');
  expect(r.code).toBe(0);
  expect(r.out).toContain('BREAKING [fresh] Consultar (POST /Consultar): /Consultar removed');
  expect((await cli('check.ts', 'fresh')).out).toContain('fresh 1.0.0 → 1.0.0: no contract change');
});

test('an unknown family is a usage error', async () => {
  const r = await cli('check.ts', 'nope');
  expect(r.code).toBe(2);
  expect(r.out).toContain('unknown family: nope (known: fresh, fx)');
});
