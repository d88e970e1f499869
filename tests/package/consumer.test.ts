// An integrator's first hour, outside this repository: `npm pack`, install the tarball
// into a fresh project (its dependencies come from the registry), type-check strict
// consumers with moduleResolution nodenext and bundler, bundle every Node-free entry for
// the browser, run the Node consumer against the real mock and the installed commands (mock,
// proxy, flows) on Node 20 and 24 (on-node.ts; Node 22 and 26 in consumer-nodes.test.ts, run by
// `npm run test:package`), and lint the package with publint and @arethetypeswrong/cli
// (esm-only profile). The examples' test runners: runners.test.ts.
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { createServer } from 'node:net';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { PACKAGE, browserConsumer } from './consumer-sources.ts';
import { FLOOR_AND_TOOLCHAIN, type NodeVersion, nodeBinaries, STRICT, TSC, testsOnNodes, writeNodeConsumer } from './on-node.ts';
import { startServerProcess } from '../support/mock-process.ts';
import { mustRun, rootDir, run, type Packed } from '../support/package.ts';
import { packedInstall } from '../support/shared-fixtures.ts';

/** The optional peer an entry's declarations import. */
const OPTIONAL_PEER_OF: Readonly<Record<string, string>> = { './msw': 'msw', './mcp': '@modelcontextprotocol/sdk' };
/** Entries that must bundle for a browser; `./access-code` is Node-only by design. */
const BROWSER_REQUIRED = ['.', './v2', './v2-en', './v3', './v1', './legacy', './v2/observed', './legacy/observed'];
const BIN = path.join(rootDir, 'node_modules', '.bin');
const mockUrl = inject('mockUrl');

let project: string;
let installed: string;
let packed: Packed;
let nodes = new Map<NodeVersion, string>();

beforeAll(async () => {
  // The run's one packed install (shared-fixtures.ts); this file writes only in its own folder of it.
  const [install, binaries] = await Promise.all([packedInstall(), nodeBinaries(FLOOR_AND_TOOLCHAIN)]);
  nodes = binaries;
  packed = install;
  installed = install.project;
  project = await install.workDir('consumer-test');
  await writeNodeConsumer(project);
}, 600_000);

afterAll(() => (project ? rm(project, { recursive: true, force: true }) : undefined));

/** Package entries from its package.json `exports`, without patterns and package.json. */
async function entries(): Promise<string[]> {
  const pkg = JSON.parse(await readFile(path.join(installed, 'node_modules', PACKAGE, 'package.json'), 'utf8')) as {
    exports: Record<string, unknown>;
  };
  return Object.keys(pkg.exports).filter((k) => !k.includes('*') && k !== './package.json');
}

function specifier(entry: string): string {
  return entry === '.' ? PACKAGE : `${PACKAGE}/${entry.slice(2)}`;
}

async function tsc(config: string): Promise<string> {
  const result = await run(process.execPath, [TSC, '-p', config, '--pretty', 'false'], { cwd: project });
  expect(`${result.stdout}${result.stderr}`, config).toBe('');
  expect(result.code).toBe(0);
  const { stdout } = await mustRun(process.execPath, [TSC, '-p', config, '--showConfig'], { cwd: project });
  const options = (JSON.parse(stdout) as { compilerOptions: { moduleResolution: string; module: string } }).compilerOptions;
  return `module ${options.module}, moduleResolution ${options.moduleResolution}`;
}

const browserSafe: string[] = [];

describe('a fresh project that installs the packed tarball', () => {
  test('type-checks a strict consumer with moduleResolution nodenext', async () => {
    const resolution = await tsc('tsconfig.nodenext.json');
    console.log(`tsc ${resolution}, strict, skipLibCheck false: 0 errors (consumer.ts, compiled to out/)`);
    expect(resolution).toMatch(/moduleResolution nodenext/);
  }, 120_000);

  test('bundles for the browser every entry free of Node-only modules', async () => {
    const lines: string[] = [];
    for (const entry of await entries()) {
      const result = await build({
        stdin: { contents: `export * from '${specifier(entry)}';`, resolveDir: project, loader: 'js' },
        bundle: true,
        platform: 'browser',
        format: 'esm',
        minify: true,
        write: false,
        logLevel: 'silent',
      }).then(
        (r) => ({ ok: true as const, bytes: r.outputFiles[0]?.contents ?? new Uint8Array() }),
        (error: { errors?: Array<{ text: string }> }) => ({ ok: false as const, reason: error.errors?.[0]?.text ?? String(error) }),
      );
      if (result.ok) browserSafe.push(entry);
      lines.push(
        result.ok
          ? `  ${entry}: bundles, ${(gzipSync(result.bytes, { level: 9 }).length / 1024).toFixed(1)} kB gzip`
          : `  ${entry}: Node only (${result.reason})`,
      );
    }
    console.log(`browser bundles (esbuild, platform browser, minified):\n${lines.join('\n')}`);
    expect(browserSafe).toEqual(expect.arrayContaining(BROWSER_REQUIRED));
    expect(browserSafe).not.toContain('./access-code');
  }, 120_000);

  test('type-checks a strict browser consumer of those entries with moduleResolution bundler', async () => {
    expect(browserSafe.length).toBeGreaterThan(0);
    // An entry over an optional peer (./msw loads msw only when handlers are made, so it bundles without it) has that
    // peer's types in its declarations: checked where the peer is installed, not in this project without it.
    const typed = browserSafe.filter((entry) => {
      const peer = OPTIONAL_PEER_OF[entry];
      return peer === undefined || existsSync(path.join(project, 'node_modules', peer));
    });
    await writeFile(path.join(project, 'browser.ts'), browserConsumer(typed.map(specifier)));
    await writeFile(
      path.join(project, 'tsconfig.bundler.json'),
      JSON.stringify({
        compilerOptions: { ...STRICT, module: 'esnext', moduleResolution: 'bundler', lib: ['ES2023', 'DOM'], types: [], noEmit: true },
        files: ['browser.ts'],
      }),
    );
    const resolution = await tsc('tsconfig.bundler.json');
    console.log(`tsc ${resolution}, strict, DOM lib, no Node types: 0 errors (browser.ts imports ${typed.join(', ')})`);
    expect(resolution).toMatch(/moduleResolution bundler/);
  }, 120_000);

  test('publint finds nothing', async () => {
    const result = await run(
      path.join(BIN, 'publint'),
      ['run', path.join(installed, 'node_modules', PACKAGE), '--pack', 'false', '--strict'],
      { cwd: project },
    );
    console.log(`publint 0.3.25:\n${result.stdout}${result.stderr}`);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/All good/i);
  }, 120_000);

  test('@arethetypeswrong/cli --profile esm-only finds nothing', async () => {
    const result = await run(
      path.join(BIN, 'attw'),
      [packed.tarball, '--profile', 'esm-only', '--format', 'table-flipped', '--no-color', '--no-emoji'],
      { cwd: project },
    );
    console.log(`attw 0.18.5 --profile esm-only:\n${result.stdout}${result.stderr}`);
    expect(result.code).toBe(0);
    // The profile ignores node10 and CommonJS (node16-cjs): an ESM-only package fails both by design.
    expect(result.stdout).toContain("ignoring resolutions: 'node10', 'node16-cjs'");
    const problems = result.stdout.split('\n').filter((line) => /https:\/\/github\.com\/arethetypeswrong\/.*\/problems\//.test(line));
    expect(problems.filter((line) => !line.startsWith('(ignored per resolution)'))).toEqual([]);
  }, 120_000);
});

describe("on the oldest Node the package promises and on the toolchain's", () => {
  testsOnNodes(FLOOR_AND_TOOLCHAIN, () => ({ project, installed, nodes, mockUrl }));
});

describe('the installed commands', () => {
  const cli = () => path.join(installed, 'node_modules', PACKAGE, 'dist', 'cli', 'main.js');

  test('the installed bin started in the background: SIGTERM to its pid (`kill $!`) stops the mock and frees its port', async () => {
    const bin = path.join(installed, 'node_modules', '.bin', PACKAGE);
    const mock = await startServerProcess(bin, ['mock', '--port', '0'], { cwd: project });
    const port = Number(new URL(mock.url).port);
    expect(await listenable(port)).toBe(false);
    await mock.stop();
    await expect.poll(() => listenable(port), { timeout: 10_000 }).toBe(true);
  }, 60_000);

  test('no command: the usage on stderr; an unknown option or command: one line naming it; exit code 2', async () => {
    const option = await run(process.execPath, [cli(), 'mock', '--prot', '4010'], { cwd: project });
    expect(option.code).toBe(2);
    expect(option.stderr.trim().split('\n')).toEqual([expect.stringContaining('Unknown option --prot')]);
    const bare = await run(process.execPath, [cli()], { cwd: project });
    expect(bare.code).toBe(2);
    expect(bare.stderr).toMatch(/^Usage: air-travel-api-contract <command>/);
    const unknown = await run(process.execPath, [cli(), 'serve'], { cwd: project });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.trim().split('\n')).toHaveLength(1);
    for (const sub of ['mock', 'proxy', 'flows']) {
      const help = await run(process.execPath, [cli(), sub, '--help'], { cwd: project });
      expect(help.code, sub).toBe(0);
      expect(help.stdout, sub).toMatch(new RegExp(`^Usage: air-travel-api-contract ${sub}`));
    }
  }, 60_000);
});

/** Whether a port can be listened on (nothing holds it). */
function listenable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
