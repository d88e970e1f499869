// The examples an integrator copies, each run by its test runner from the packed tarball:
// the Vitest example with Vitest 4 on Node 20 (Vitest 5 needs Node 22.12 or later) and
// Vitest 5 on Node 22, 24 and 26; the Jest and Playwright examples on each. One install
// per runner, reused by every Node (the installs are most of the cost here); on each Node,
// one test runs every example. The MSW example runs with Vitest 4.1.12 and MSW 2.15.0 on every Node.
import { createServer } from 'node:net';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PACKAGE } from './consumer-sources.ts';
import { installNode, mustRun, rootDir, run } from '../support/package.ts';
import { packedInstall } from '../support/shared-fixtures.ts';

/** Node majors the package promises, as in on-node.ts. */
const NODES = { 20: '20.20.2', 22: '22.23.3', 24: '24.21.0', 26: '26.10.0' } as const;
type Major = keyof typeof NODES;
/** The newest Vitest; the example itself pins 4.1.12, which runs on every supported Node. */
const VITEST_LATEST = '5.1.1';

let tmp: string;
const nodes = new Map<Major, string>();
const projects = new Map<string, string>();

/** Copies an example, points it at the tarball (and overrides dev dependencies), installs it. */
async function install(example: string, name: string, tarball: string, overrides: Record<string, string> = {}): Promise<void> {
  const dir = path.join(tmp, name);
  await cp(path.join(rootDir, 'examples', example), dir, { recursive: true });
  const manifest = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
  Object.assign(manifest.devDependencies, { [PACKAGE]: `file:${tarball}` }, overrides);
  await writeFile(path.join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await mustRun('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--prefer-offline'], { cwd: dir, timeoutMs: 400_000 });
  projects.set(name, dir);
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'runners-test-'));
  const majors = Object.keys(NODES).map(Number) as Major[];
  // The run's one packed tarball (shared-fixtures.ts); each example is its own install.
  const [packed, ...binaries] = await Promise.all([
    packedInstall(),
    ...majors.map((m) => (process.version === `v${NODES[m]}` ? Promise.resolve(process.execPath) : installNode(NODES[m]))),
  ]);
  for (const [i, m] of majors.entries()) nodes.set(m, binaries[i] as string);
  await Promise.all([
    install('vitest-contract-tests', 'vitest-4', packed.tarball),
    install('vitest-contract-tests', 'vitest-latest', packed.tarball, { vitest: VITEST_LATEST }),
    install('jest-contract-tests', 'jest', packed.tarball),
    install('playwright-contract-tests', 'playwright', packed.tarball),
    install('vitest-msw', 'vitest-msw', packed.tarball),
  ]);
}, 900_000);

afterAll(() => (tmp ? rm(tmp, { recursive: true, force: true }) : undefined));

/** Runs a project's runner on one Node, that Node first on PATH (a runner may start `node` itself). */
function runOn(major: Major, project: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const node = nodes.get(major) as string;
  return run(node, args, {
    cwd: projects.get(project) as string,
    env: { ...process.env, PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ''}`, CI: 'true', NO_COLOR: '1', ...env },
  });
}

async function installedVersion(project: string, name: string): Promise<string> {
  const manifest = path.join(projects.get(project) as string, 'node_modules', name, 'package.json');
  return (JSON.parse(await readFile(manifest, 'utf8')) as { version: string }).version;
}

/**
 * A free port for Playwright's webServer, below the usual ephemeral range (32768 up): a port
 * the system hands out for port 0 could be taken by another server (a mock of a test beside
 * this one) before the webServer binds it, and Playwright then refuses to start.
 */
async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await listenable(port)) return port;
  }
}

/** The Vitest example's project on each Node: Vitest 4 on Node 20 (its pin), the newest elsewhere. */
const VITEST_ON: Record<Major, readonly [project: string, version: string]> = {
  20: ['vitest-4', '4.1.12'],
  22: ['vitest-latest', VITEST_LATEST],
  24: ['vitest-latest', VITEST_LATEST],
  26: ['vitest-latest', VITEST_LATEST],
};

/**
 * Each example run by its runner on one Node, with what it must show. A new example adds an
 * entry here (and its install in beforeAll): the matrix runs every entry once per Node.
 */
const EXAMPLES: Record<string, (major: Major) => Promise<void>> = {
  async vitest(major) {
    const [project, expected] = VITEST_ON[major];
    const version = await installedVersion(project, 'vitest');
    expect(version).toBe(expected);
    const result = await runOn(major, project, [path.join('node_modules', 'vitest', 'vitest.mjs'), 'run']);
    expect(result.code, `${result.stdout}${result.stderr}`).toBe(0);
    expect(result.stdout).toMatch(/Tests\s+2 passed/);
    expect(result.stdout).toContain(`v${version}`);
  },
  async msw(major) {
    // The handlers answer the typed client with no mock process.
    expect(await installedVersion('vitest-msw', 'msw')).toBe('2.15.0');
    const result = await runOn(major, 'vitest-msw', [path.join('node_modules', 'vitest', 'vitest.mjs'), 'run']);
    expect(result.code, `${result.stdout}${result.stderr}`).toBe(0);
    expect(result.stdout).toMatch(/Tests\s+2 passed/);
  },
  async jest(major) {
    const result = await runOn(major, 'jest', ['--experimental-vm-modules', path.join('node_modules', 'jest', 'bin', 'jest.js')]);
    expect(result.code, `${result.stdout}${result.stderr}`).toBe(0);
    expect(result.stderr).toMatch(/Tests:\s+2 passed, 2 total/);
  },
  async playwright(major) {
    const port = await freePort();
    const result = await runOn(
      major,
      'playwright',
      [path.join('node_modules', '@playwright', 'test', 'cli.js'), 'test', '--reporter', 'line'],
      {
        MOCK_PORT: String(port),
      },
    );
    expect(result.code, `${result.stdout}${result.stderr}`).toBe(0);
    expect(result.stdout).toMatch(/2 passed/);
    // The webServer is the bin itself: once Playwright is done, the port is free again.
    await expect.poll(() => listenable(port), { timeout: 10_000 }).toBe(true);
  },
};

describe.each([20, 22, 24, 26] as const)('Node %s', (major) => {
  test(`every example passes with its runner (${Object.keys(EXAMPLES).join(', ')}; Vitest ${VITEST_ON[major][1]})`, async () => {
    // One after another: the examples keep their runners' own time limits (Vitest's 5 s a
    // test), which runners side by side on two busy cores overran. Every example runs, whatever failed before it.
    const failed: string[] = [];
    for (const [name, example] of Object.entries(EXAMPLES))
      await example(major).catch((error: unknown) => failed.push(`${name}: ${String(error)}`));
    expect(failed).toEqual([]);
  }, 300_000);
});

test('Vitest 5 refuses Node 20: its engines say so', async () => {
  const manifest = path.join(projects.get('vitest-latest') as string, 'node_modules', 'vitest', 'package.json');
  const engines = (JSON.parse(await readFile(manifest, 'utf8')) as { engines: { node: string } }).engines.node;
  expect(engines).toMatch(/^\^22\.12/);
});

/** Whether a port can be listened on (nothing holds it). */
function listenable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
