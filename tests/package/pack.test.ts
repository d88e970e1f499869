// What `npm publish` would send: the files the exports and declarations need, the
// README, LICENSE and CHANGELOG, the docs and examples the README links to (every link of
// a packed page opens a packed file), the Postman collections, and nothing of the
// toolchain; `npm publish --dry-run` passes (it failed with EPRIVATE while private).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mustRun, pack, rootDir, type Packed } from '../support/package.ts';

interface PackageJson {
  name: string;
  version: string;
  private?: boolean;
  license?: string;
  description?: string;
  keywords?: string[];
  repository?: { type: string; url: string };
  engines?: Record<string, string>;
  devEngines?: { runtime?: { name: string; version: string; onFail?: string } };
  exports: Record<string, string | { types: string; default: string }>;
  files: string[];
  bin?: Record<string, string>;
}

const pkg = JSON.parse(readFileSync(path.join(rootDir, 'package.json'), 'utf8')) as PackageJson;
const TOP_LEVEL = new Set(['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md']);
const GENERATED =
  /^generated\/([a-z0-9-]+\/(openapi\.yaml|openapi\.json|schema\.d\.ts|calls\.d\.ts)|contract\/index\.(json|js|d\.ts)|postman\/[a-z0-9-]+\.postman_collection\.json|bruno\/[a-z0-9-]+\/.+\.bru|bruno\/[a-z0-9-]+\/bruno\.json)$/;
/** What other tools need beside a bundle: the overlay that keeps both developer headers for importers, the mock's refusals for Specmatic, Portman's config. */
const OVERLAYS = /^overlays\/[a-z0-9-]+(\.mock-refusals)?\.(yaml|json)$/;
/** The pages an integrator reads from the installed package, and the examples they link to. */
const DOCS =
  /^(CONTRIBUTING\.md|docs\/[a-z-]+\.md|docs\/mock-fixtures\/[a-z0-9-]+\.json|spec\/extensions\.md|bench\/results\.md|examples\/[a-z-]+\/.+)$/;
/** What the commands read at run time: the mock's start cache, the flows' lineage and captures; the MSW handlers' compiled contract. */
const RUNTIME_DATA =
  /^(generated\/mock\/start\.json|generated\/msw\/[a-z0-9-]+(\.first|\.all)?\.(js|d\.ts)|generated\/flows\/lineage\.json|evidence\/flows\/[^/]+\/\d+-[A-Za-z]+(-[a-z0-9]+)?\.(request|response)\.json)$/;

let tmp: string;
let packed: Packed;
let files: Set<string>;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'pack-test-'));
  packed = await pack(tmp, true);
  files = new Set(packed.files.map((f) => f.path));
}, 120_000);
afterAll(() => rm(tmp, { recursive: true, force: true }));

/** Every file an `exports` target names; a `*` target expands over the folders of generated/. */
function exportTargets(): string[] {
  const targets = Object.values(pkg.exports).flatMap((t) => (typeof t === 'string' ? [t] : [t.types, t.default]));
  const ids = readdirSync(path.join(rootDir, 'generated'));
  return targets.flatMap((t) => {
    const file = t.replace(/^\.\//, '');
    if (!file.includes('*')) return [file];
    return ids
      .map((id) => file.replace('*', id))
      .filter(
        (f) =>
          existsSync(path.join(rootDir, path.dirname(f))) &&
          readdirSync(path.join(rootDir, path.dirname(f)), { withFileTypes: true }).some((e) => e.name === path.basename(f)),
      );
  });
}

/** Relative imports of every packed declaration file, resolved against the package. */
function declarationImports(): string[] {
  const found: string[] = [];
  for (const file of files) {
    if (!file.endsWith('.d.ts') || !file.startsWith('dist/')) continue;
    const text = readFileSync(path.join(rootDir, file), 'utf8');
    for (const match of text.matchAll(/(?:from|import\()\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1] as string));
      found.push(target.endsWith('.d.ts') ? target : target.replace(/\.(ts|js)$/, '.d.ts'));
    }
  }
  return [...new Set(found)];
}

describe('the package as published', () => {
  test('package.json is publishable: not private, MIT, Node >= 20 for consumers, Node 24 for contributors', () => {
    expect(pkg.private).toBeUndefined();
    expect(pkg.license).toBe('MIT');
    expect(readFileSync(path.join(rootDir, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
    expect(pkg.engines).toEqual({ node: '>=20' });
    // npm on the CI machine's Node 20 must still install and run scripts: a warning, not an error.
    expect(pkg.devEngines?.runtime).toEqual({ name: 'node', version: '>=24', onFail: 'warn' });
    expect(pkg.description?.length).toBeGreaterThan(20);
    expect(pkg.keywords).toEqual(expect.arrayContaining(['openapi']));
    // No repository is published yet: no placeholder address stands in for one.
    expect(pkg.repository).toBeUndefined();
    expect(readFileSync(path.join(rootDir, 'package.json'), 'utf8')).not.toMatch(/\.invalid\b/);
    expect(readFileSync(path.join(rootDir, 'CHANGELOG.md'), 'utf8')).toContain(`## ${pkg.version}`);
  });

  test('the tarball holds every file the exports and declarations need', () => {
    const needed = [...exportTargets(), ...declarationImports(), ...TOP_LEVEL];
    expect(exportTargets()).toEqual(
      expect.arrayContaining(['generated/v2-pt/openapi.yaml', 'generated/v2-pt/openapi.json', 'dist/v2.js', 'dist/v2.d.ts']),
    );
    expect(declarationImports()).toEqual(expect.arrayContaining(['generated/v2-pt/schema.d.ts', 'dist/client.d.ts']));
    expect(needed.filter((f) => !files.has(f))).toEqual([]);
  });

  test('and what the commands read: the bin, the start cache, the lineage and every captured step', () => {
    expect(pkg.bin).toEqual({ 'air-travel-api-contract': 'dist/cli/main.js' });
    expect(files.has('dist/cli/main.js')).toBe(true);
    expect(files.has('generated/mock/start.json')).toBe(true);
    expect(files.has('generated/flows/lineage.json')).toBe(true);
    const captured = readdirSync(path.join(rootDir, 'evidence/flows'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.json'))
      .map((f) => `evidence/flows/${f.split(path.sep).join('/')}`);
    expect(captured.length).toBeGreaterThan(100);
    expect(captured.filter((f) => !files.has(f))).toEqual([]);
  });

  test('and nothing of the toolchain', () => {
    const stray = [...files].filter(
      (f) =>
        !TOP_LEVEL.has(f) && !f.startsWith('dist/') && !GENERATED.test(f) && !RUNTIME_DATA.test(f) && !DOCS.test(f) && !OVERLAYS.test(f),
    );
    expect(stray).toEqual([]);
    expect([...files].filter((f) => f.startsWith('generated/docs/'))).toEqual([]);
    console.log(`npm pack: ${files.size} files, ${(packed.files.reduce((n, f) => n + f.size, 0) / 1e6).toFixed(1)} MB unpacked`);
  });

  test('every relative link of a packed page opens a packed file: the README reads whole from node_modules', () => {
    const pages = [...files].filter((f) => f.endsWith('.md'));
    expect(pages).toEqual(expect.arrayContaining(['README.md', 'docs/contract-tests.md', 'docs/collections.md', 'CONTRIBUTING.md']));
    const broken: string[] = [];
    for (const page of pages) {
      for (const [, link] of readFileSync(path.join(rootDir, page), 'utf8').matchAll(/\]\(([^)\s]+)\)/g)) {
        if (!link || /^[a-z]+:/i.test(link) || link.startsWith('#')) continue;
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(page), link.split('#')[0] as string)).replace(/\/$/, '');
        if (!files.has(target) && ![...files].some((f) => f.startsWith(`${target}/`))) broken.push(`${page} -> ${link}`);
      }
    }
    expect(broken).toEqual([]);
  });

  test('the Postman collections ship, one per family the pipeline converts', () => {
    const collections = readdirSync(path.join(rootDir, 'generated', 'postman')).map((f) => `generated/postman/${f}`);
    expect(collections.length).toBeGreaterThanOrEqual(5);
    expect(collections.filter((f) => !files.has(f))).toEqual([]);
  });

  test("the Bruno collections ship whole, and the importers' overlay", () => {
    const dir = path.join(rootDir, 'generated', 'bruno');
    const bruno = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(rootDir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
    expect(bruno.filter((f) => f.endsWith('/bruno.json')).length).toBeGreaterThanOrEqual(5);
    expect(bruno.filter((f) => !files.has(f))).toEqual([]);
    expect(files.has('overlays/both-developer-headers.yaml')).toBe(true);
    expect(files.has('overlays/portman-config.json')).toBe(true);
    expect(files.has('overlays/v2-pt.mock-refusals.yaml')).toBe(true);
  });

  test('npm publish --dry-run passes', async () => {
    const { stdout, stderr } = await mustRun('npm', ['publish', '--dry-run'], { cwd: rootDir });
    expect(`${stdout}${stderr}`).toContain(`${pkg.name}@${pkg.version}`);
    expect(stderr).not.toMatch(/EPRIVATE/);
  }, 120_000);
});
