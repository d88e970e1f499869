// The layout holds by itself: imports run from a part down to the ground below it, never
// up or sideways into a part that is not below (dependency-cruiser's rules, made from the
// table below), and a helper of the shared ground (src/lib/, scripts/lib/) is defined once.
// docs/architecture.md draws the same layers.
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import { expect, test } from 'vitest';
import { filesUnder } from '../../scripts/pipeline/cache.ts';
import { rootDir } from '../support/bundle.ts';

/**
 * Each part and its layer: a module imports only from its own part or from a part of a
 * lower layer. What ships (src/) is below every tool; the tools' own ground is
 * scripts/lib/; the pipeline drives the parts it builds with; the bench and the dev loop
 * sit on top.
 */
const LAYERS: ReadonlyArray<[part: string, layer: number]> = [
  ['src/lib', 0],
  ['src/client', 1],
  ['src/scenarios', 1],
  ['src/mock', 2],
  ['src/record', 2],
  ['src/proxy', 3],
  ['src/flows', 3],
  ['src/mcp', 4],
  ['src/cli', 5],
  ['src/mock.ts', 5],
  ['src/msw.ts', 5],
  ['src/mcp.ts', 5],
  ['generated', -1],
  ['scripts/lib', 6],
  ['lint', 7],
  ['scripts/observed', 7],
  ['scripts/gates', 7],
  ['scripts/postman', 7],
  ['scripts/docs-site', 8],
  ['scripts/pipeline', 9],
  ['scripts/bench', 10],
  ['scripts/dev', 10],
];

/** The files of a part, as a path regex of dependency-cruiser's (paths relative to the root). */
function partPath(part: string): string {
  if (part === 'src/client') return '^src/(?:families/|(?!(?:mock|msw|mcp)\\.ts$)[^/]+$)';
  if (part.endsWith('.ts')) return `^${part.replace(/\./g, '\\.')}$`;
  return `^${part}/`;
}

/**
 * The layers as dependency-cruiser rules: from each part, no import of a part of its own
 * layer or above, nor of a local module that belongs to no part (tests/, the root's files).
 */
function layerRules(): IForbiddenRuleType[] {
  const everyPart = LAYERS.map(([part]) => partPath(part));
  return [
    ...LAYERS.map(
      ([part, layer]): IForbiddenRuleType => ({
        name: `layer-${part}`,
        comment: `${part} (layer ${layer}) imports only its own part or a lower layer`,
        severity: 'error',
        from: { path: partPath(part) },
        to: { path: LAYERS.filter(([other, l]) => other !== part && l >= layer).map(([other]) => partPath(other)) },
      }),
    ),
    { name: 'no-part', severity: 'error', from: { path: everyPart }, to: { dependencyTypes: ['local'], pathNot: everyPart } },
  ];
}

/** What dependency-cruiser finds against `rules` in the given folders: `from -> to (rule)`. */
async function violations(dirs: string[], rules: IForbiddenRuleType[]): Promise<{ modules: number; found: string[] }> {
  const result = await cruise(
    dirs,
    {
      baseDir: rootDir,
      exclude: { path: '/fixtures/' },
      doNotFollow: { path: ['node_modules', '^generated/'] },
      tsPreCompilationDeps: true,
      validate: true,
      ruleSet: { forbidden: rules },
    },
    { extensions: ['.ts', '.js', '.d.ts', '.json'] },
  );
  const output = result.output as ICruiseResult;
  return {
    modules: output.modules.length,
    found: output.summary.violations.map((v) => `${v.from} -> ${v.to} (${v.rule.name})`),
  };
}

test('every import of src/, scripts/ and lint/ runs down the layers (dependency-cruiser)', async () => {
  const { modules, found } = await violations(['src', 'scripts', 'lint'], layerRules());
  expect(modules).toBeGreaterThan(100);
  expect(found).toEqual([]);
}, 120_000);

test('tests reach the tools through their libraries: nothing under scripts/bench or scripts/dev is imported by a test', async () => {
  const rule: IForbiddenRuleType = {
    name: 'tests-to-tools',
    severity: 'error',
    from: { path: '^tests/' },
    to: { path: ['^scripts/bench/', '^scripts/dev/'] },
  };
  const { modules, found } = await violations(['tests'], [rule]);
  expect(modules).toBeGreaterThan(100);
  expect(found).toEqual([]);
}, 120_000);

async function sourceFiles(dirs: string[]): Promise<string[]> {
  const files = (await Promise.all(dirs.map((dir) => filesUnder(path.join(rootDir, dir))))).flat();
  return files.filter((f) => f.endsWith('.ts') && !f.includes(`${path.sep}fixtures${path.sep}`));
}

/** Names of the functions the shared ground exports. */
function sharedHelpers(files: string[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^export (?:async )?function (\w+)|^export const (\w+) = (?:async )?\(/gm))
      names.set((m[1] ?? m[2]) as string, path.relative(rootDir, file));
  }
  return names;
}

/** Top-level function definitions named like a shared helper, outside the file that owns it. */
function secondDefinitions(helpers: ReadonlyMap<string, string>, files: ReadonlyArray<[file: string, text: string]>): string[] {
  const found: string[] = [];
  for (const [file, text] of files) {
    for (const m of text.matchAll(
      /^(?:export )?(?:async )?function (\w+)\s*[<(]|^(?:export )?const (\w+)\s*(?::[^=]+)?=\s*(?:async\s*)?(?:\(|function\b|\w+\s*=>)/gm,
    )) {
      const name = (m[1] ?? m[2]) as string;
      const owner = helpers.get(name);
      if (owner !== undefined && owner !== file) found.push(`${file}: ${name} (the shared one is in ${owner})`);
    }
  }
  return found;
}

test('a helper of src/lib/ or scripts/lib/ is defined once: no module defines another of the same name', async () => {
  const helpers = sharedHelpers(await sourceFiles(['src/lib', 'scripts/lib']));
  expect(helpers.has('isRecord') && helpers.has('followRefs')).toBe(true);
  const files = await sourceFiles(['src', 'scripts', 'lint', 'tests']);
  const texts = files.map((f): [string, string] => [path.relative(rootDir, f), readFileSync(f, 'utf8')]);
  expect(secondDefinitions(helpers, texts)).toEqual([]);
});

/** A hand-written JavaScript twin: `x.js` or `x.d.ts` beside `x.ts`, which drift apart unseen. */
function twins(files: readonly string[]): string[] {
  const sources = new Set(files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts')));
  return files.filter((f) => {
    const stem = f.endsWith('.d.ts') ? f.slice(0, -5) : f.endsWith('.js') ? f.slice(0, -3) : undefined;
    return stem !== undefined && sources.has(`${stem}.ts`);
  });
}

test('no hand-written .js (or .d.ts) beside a .ts of the same name', async () => {
  const files = (await Promise.all(['src', 'scripts', 'lint', 'tests'].map((dir) => filesUnder(path.join(rootDir, dir))))).flat();
  expect(files.length).toBeGreaterThan(100);
  expect(twins(files.map((f) => path.relative(rootDir, f)))).toEqual([]);
});

test('the layer rules find an import that goes up, sideways or out of every part', async () => {
  // A small tree of its own: each file imports one other, some of them against the layers.
  const dir = await mkdtemp(path.join(tmpdir(), 'layers-'));
  try {
    const files: Record<string, string> = {
      'src/lib/json.ts': "import '../mock/front.ts';\n",
      'src/mock/front.ts': "import '../lib/json.ts';\n",
      'src/proxy/check.ts': "import '../flows/run.ts';\n",
      'src/flows/run.ts': "import '../lib/json.ts';\n",
      'src/mock/server.ts': "import '../../scripts/lib/families.ts';\n",
      'scripts/lib/families.ts': "import '../../tests/x.ts';\n",
      'tests/x.ts': 'export {};\n',
    };
    for (const [file, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), text);
    }
    const result = await cruise(
      ['src', 'scripts'],
      { baseDir: dir, tsPreCompilationDeps: true, validate: true, ruleSet: { forbidden: layerRules() } },
      { extensions: ['.ts'] },
    );
    const found = (result.output as ICruiseResult).summary.violations.map((v) => `${v.from} -> ${v.to}`).sort();
    expect(found).toEqual([
      'scripts/lib/families.ts -> tests/x.ts',
      'src/lib/json.ts -> src/mock/front.ts',
      'src/mock/server.ts -> scripts/lib/families.ts',
      'src/proxy/check.ts -> src/flows/run.ts',
    ]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}, 120_000);

test('the checks find what they look for', () => {
  expect(
    twins(['scripts/lib/catalog.ts', 'scripts/lib/catalog.js', 'scripts/lib/catalog.d.ts', 'src/a.js', 'src/b.ts', 'src/c.d.ts']),
  ).toEqual(['scripts/lib/catalog.js', 'scripts/lib/catalog.d.ts']);
  const helpers = new Map([['isRecord', 'src/lib/json.ts']]);
  expect(
    secondDefinitions(helpers, [
      ['scripts/observed/sources.ts', 'const isRecord = (v: unknown): v is object => true;\nfunction other() {}'],
      ['src/lib/json.ts', 'export function isRecord(value: unknown) {}'],
      ['src/mock/x.ts', 'function isRecord<T>(v: T) {}'],
    ]),
  ).toEqual([
    'scripts/observed/sources.ts: isRecord (the shared one is in src/lib/json.ts)',
    'src/mock/x.ts: isRecord (the shared one is in src/lib/json.ts)',
  ]);
});
