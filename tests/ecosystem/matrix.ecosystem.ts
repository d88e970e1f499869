// Issue 61, item 1: the package as integrators install and run it, from one packed tarball,
// each in a fresh project: npm, pnpm 10 (default and hoist=false) and pnpm 9, 11, 12, Yarn 4
// (node-modules and Plug'n'Play) and Bun as installers; Node 20/22/24/26 (ESM, CommonJS,
// TypeScript of each kind), Bun and Deno (through node_modules and `npm:`: the mock, MSW and
// MCP too), Cloudflare's workerd run locally and Chromium through a bundler as runtimes; the
// collections' documented steps under pnpm, Yarn (both linkers) and Bun. What a cell cannot
// run is listed in CANNOT with the reason (docs/package-managers.md shows the same table).
// `npm run test:ecosystem`, run by .ci/run; not part of `npm test`.
import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, type ExpectStatic, test } from 'vitest';
import { CHROMIUM_ARGS, chromiumForTests } from '../support/chromium.ts';
import { docCommands } from '../support/doc-commands.ts';
import { brunoRequests, postmanRequests } from '../support/doc-runs.ts';
import { freePort } from '../support/ports.ts';
import { installNode, pack, rootDir } from '../support/package.ts';
import {
  bounded,
  installPnpm,
  installTools,
  mustRun,
  PNPM_MAJORS,
  type PnpmMajor,
  projectEnv,
  run,
  type Server,
  startServer,
} from './tools.ts';

const NODES = ['20.20.2', '22.23.3', '24.21.0', '26.10.0'] as const;
type NodeVersion = (typeof NODES)[number];
const PRISM = ['@stoplight/prism-http-server@5.16.0', '@stoplight/prism-http@5.16.0', '@stoplight/prism-core@5.16.0'];
const SDK = '@modelcontextprotocol/sdk@1';
/**
 * Prism 5.16's prism-core requires @stoplight/types without declaring it: where a package sees
 * only what it declares (pnpm's hoist=false, Yarn's Plug'n'Play) the integrator adds it, as
 * docs/mock-and-proxy.md says, in the manager's own packageExtensions.
 */
const PRISM_TYPES_PNPM = { packageExtensions: { '@stoplight/prism-core@5.16.0': { dependencies: { '@stoplight/types': '^14.1.0' } } } };
const PRISM_TYPES_YARN = `packageExtensions:\n  "@stoplight/prism-core@5.16.0":\n    dependencies:\n      "@stoplight/types": "^14.1.0"\n`;
const FIXTURES = path.join(rootDir, 'tests', 'ecosystem', 'fixtures');
const CHROMIUM = chromiumForTests();

type ManagerName = 'npm' | 'pnpm' | 'yarn' | 'bun';
interface Manager {
  /** Adds packages (the tarball's path among them). */
  add(packages: string[], tarball: string): string[];
  /** Runs a bin of the project's, as its docs say (`npx`, `pnpm exec`, `yarn <bin>`, `bunx`). */
  exec: string[];
  /** Runs a package.json script, which is how the manager sets its user agent for what runs. */
  script(name: string): string[];
}

const MANAGERS: Record<ManagerName, Manager> = {
  npm: {
    add: (p) => ['npm', 'install', '--no-audit', '--no-fund', ...p],
    exec: ['npx', '--no'],
    script: (s) => ['npm', 'run', '--silent', s],
  },
  pnpm: { add: (p) => ['pnpm', 'add', ...p], exec: ['pnpm', 'exec'], script: (s) => ['pnpm', 'run', '--silent', s] },
  yarn: {
    // Yarn names a tarball as a `file:` dependency of its own name.
    add: (p, tarball) => ['yarn', 'add', ...p.map((x) => (x === tarball ? `air-travel-api-contract@file:${tarball}` : x))],
    exec: ['yarn'],
    script: (s) => ['yarn', 'run', s],
  },
  bun: { add: (p) => ['bun', 'add', ...p], exec: ['bunx'], script: (s) => ['bun', 'run', s] },
};

interface ProjectSpec {
  manager: ManagerName;
  /** Extra packages beside the tarball. */
  packages: string[];
  /** Files of the manager's own configuration. */
  files?: Record<string, string>;
  /** package.json's `pnpm` settings. */
  pnpm?: object;
  /** Another pnpm major than TOOL_VERSIONS.pnpm, first on PATH for this project. */
  pnpmMajor?: PnpmMajor;
}

/** The fresh projects, one install each. */
const PROJECTS = {
  npm: { manager: 'npm', packages: ['msw@2', SDK] },
  'npm-msw3': { manager: 'npm', packages: ['msw@3'] },
  pnpm: { manager: 'pnpm', packages: ['msw@2'] },
  'pnpm-hoist-false': { manager: 'pnpm', packages: [...PRISM, SDK], files: { '.npmrc': 'hoist=false\n' }, pnpm: PRISM_TYPES_PNPM },
  'yarn-node-modules': { manager: 'yarn', packages: ['msw@2'], files: { '.yarnrc.yml': 'nodeLinker: node-modules\n' } },
  'yarn-pnp': { manager: 'yarn', packages: ['msw@2', ...PRISM, SDK], files: { '.yarnrc.yml': `nodeLinker: pnp\n${PRISM_TYPES_YARN}` } },
  bun: { manager: 'bun', packages: [] },
  pnpm9: { manager: 'pnpm', packages: [], pnpmMajor: 9 },
  pnpm11: { manager: 'pnpm', packages: [], pnpmMajor: 11 },
  pnpm12: { manager: 'pnpm', packages: [], pnpmMajor: 12 },
  // Its test adds msw itself, as the docs say; a project of its own, so no other cell runs while pnpm rewrites node_modules.
  'pnpm12-msw': { manager: 'pnpm', packages: [], pnpmMajor: 12 },
  // The collections' Plug'n'Play steps unplug the package: a project of its own, for the same reason.
  'yarn-pnp-collections': { manager: 'yarn', packages: [], files: { '.yarnrc.yml': 'nodeLinker: pnp\n' } },
} satisfies Record<string, ProjectSpec>;
type ProjectName = keyof typeof PROJECTS;

/** What a cell cannot run, and why: listed, not skipped in silence (docs/package-managers.md has the same table). */
const CANNOT: ReadonlyArray<{ cell: string; reason: string }> = [
  { cell: 'msw 3 on Node 20', reason: 'msw 3 needs Node 22.12 or later (it fails inside fetch: Promise.withResolvers); use msw 2 there' },
  {
    cell: 'Yarn Plug’n’Play, CommonJS require on Node 20',
    reason: "Node 20's require() of an ES module fails there with ERR_MODULE_NOT_FOUND for a file inside the zip cache; Node 24 runs it",
  },
  { cell: 'Prism (Prefer: dynamic=true, engine prism) on Node 20 and 22', reason: 'Prism 5.16 declares Node 24.18 or later' },
  {
    cell: 'Deno: a script using the MSW handlers ending by itself',
    reason:
      "msw 2.15 opens a BroadcastChannel when imported (lib/core/ws.mjs) and unrefs it only where unref() exists; Deno 2.9's has none, so the script printed its answers and never exited: end it with Deno.exit()",
  },
  {
    cell: "Cloudflare's workerd: startMock(), the mock command, MSW and MCP",
    reason: 'Node-only parts (a server, files); the client runs there',
  },
];

let work: string;
let tarball: string;
let toolsBin: string;
const nodes = new Map<NodeVersion, string>();
const pnpmBins = new Map<PnpmMajor, string>();
const dirs = new Map<ProjectName, string>();
let npmMock: Server | undefined;
const started = Date.now();

const nodeBinary = (v: NodeVersion): string => nodes.get(v) as string;
const dir = (p: ProjectName): string => dirs.get(p) as string;
const env = (v: NodeVersion = '24.21.0', extra: NodeJS.ProcessEnv = {}) => projectEnv(nodeBinary(v), toolsBin, extra);
/** A project's environment on Node 24: its pnpm major's bin first where it has one. */
function envFor(project: ProjectName, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const major = (PROJECTS[project] as ProjectSpec).pnpmMajor;
  return projectEnv(nodeBinary('24.21.0'), major ? [pnpmBins.get(major) as string, toolsBin] : toolsBin, extra);
}

/** `{"valid":{},"refused":422}`: the client's valid call answered, its bad date refused by the mock's 422. */
const CALLED = { valid: {}, refused: 422 };
function lastJson(stdout: string): unknown {
  const line = stdout.trim().split('\n').at(-1) ?? '';
  try {
    return JSON.parse(line);
  } catch {
    return line;
  }
}

async function makeProject(name: ProjectName): Promise<void> {
  const spec: ProjectSpec = PROJECTS[name];
  const project = path.join(work, name);
  await mkdir(project, { recursive: true });
  // As `npm init -y` writes it (CommonJS), with the checks as scripts: each manager runs them with its user agent set.
  const scripts = {
    check: 'node check.mjs',
    'check-cjs': 'node check.cjs',
    msw: 'node check-msw.mjs',
    'msw-missing': 'node check-msw-missing.mjs',
    mcp: 'node check-mcp.mjs',
  };
  await writeFile(
    path.join(project, 'package.json'),
    `${JSON.stringify({ name, version: '1.0.0', private: true, scripts, ...(spec.pnpm ? { pnpm: spec.pnpm } : {}) }, null, 2)}\n`,
  );
  for (const [file, text] of Object.entries(spec.files ?? {})) await writeFile(path.join(project, file), text);
  await cp(FIXTURES, project, { recursive: true });
  const [command, ...args] = MANAGERS[spec.manager].add([tarball, ...spec.packages], tarball);
  await mustRun(command as string, args, { cwd: project, env: envFor(name), timeoutMs: 300_000 });
  dirs.set(name, project);
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'ecosystem-'));
  const majors = Object.keys(PNPM_MAJORS).map(Number) as PnpmMajor[];
  const [packed, bin, pnpms, ...binaries] = await Promise.all([
    pack(work),
    installTools(),
    Promise.all(majors.map(installPnpm)),
    ...NODES.map((v) => (process.version === `v${v}` ? Promise.resolve(process.execPath) : installNode(v))),
  ]);
  tarball = packed.tarball;
  toolsBin = bin;
  for (const [i, major] of majors.entries()) pnpmBins.set(major, pnpms[i] as string);
  for (const [i, v] of NODES.entries()) nodes.set(v, binaries[i] as string);
  // Installs share the managers' caches; three at a time fill two cores without starving them.
  await bounded(
    3,
    (Object.keys(PROJECTS) as ProjectName[]).map((name) => () => makeProject(name)),
  );
  // The mock command as the README gives it, for the compiled TypeScript consumers and the page.
  npmMock = await startServer('npx', ['--no', 'air-travel-api-contract', 'mock', '--port', '0'], { cwd: dir('npm'), env: env() });
  console.log(`ecosystem: ${Object.keys(PROJECTS).length} projects installed in ${Math.round((Date.now() - started) / 1000)} s`);
}, 600_000);

afterAll(async () => {
  await npmMock?.stop();
  console.log(`ecosystem: matrix done in ${Math.round((Date.now() - started) / 1000)} s`);
  if (work) await rm(work, { recursive: true, force: true });
});

describe.concurrent('Node 20, 22, 24, 26 in an npm project', () => {
  for (const v of NODES) {
    test(`Node ${v}, ESM: startMock() and the client's valid call and 422`, async ({ expect }) => {
      const result = await run(nodeBinary(v), ['check.mjs'], { cwd: dir('npm'), env: env(v) });
      expect(lastJson(result.stdout), result.stderr).toEqual(CALLED);
    });
    test(`Node ${v}, CommonJS require(): startMock() and the client's valid call and 422`, async ({ expect }) => {
      const result = await run(nodeBinary(v), ['check.cjs'], { cwd: dir('npm'), env: env(v) });
      expect(lastJson(result.stdout), result.stderr).toEqual(CALLED);
    });
  }
});

/** `tsc` of the strict consumer in a subfolder whose package.json makes it an ES module or a CommonJS file. */
async function tsc(kind: 'module' | 'commonjs', module: string, moduleResolution: string) {
  const folder = path.join(dir('npm'), `ts-${kind}-${module}-${moduleResolution}`);
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, 'package.json'), `${JSON.stringify({ type: kind })}\n`);
  await cp(path.join(FIXTURES, 'client.ts'), path.join(folder, 'client.ts'));
  // skipLibCheck: the declarations themselves are checked by the consumer test (tests/package/consumer.test.ts); here, what resolves.
  const compilerOptions = {
    module,
    moduleResolution,
    target: 'es2022',
    lib: ['es2022', 'dom'],
    types: [],
    strict: true,
    skipLibCheck: true,
    outDir: 'out',
  };
  await writeFile(path.join(folder, 'tsconfig.json'), `${JSON.stringify({ compilerOptions, files: ['client.ts'] })}\n`);
  const result = await run(process.execPath, [path.join(rootDir, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', folder], {
    cwd: folder,
    env: env(),
  });
  return { ...result, output: path.join(folder, 'out', 'client.js') };
}

describe.concurrent('TypeScript per module kind (the README’s advice)', () => {
  const compiles: Array<['module' | 'commonjs', string, string]> = [
    ['module', 'nodenext', 'nodenext'],
    ['module', 'node16', 'node16'],
    ['module', 'esnext', 'bundler'],
    ['commonjs', 'nodenext', 'nodenext'],
    ['commonjs', 'node20', 'node16'],
  ];
  test.for(compiles)(
    'a %s project, module %s, moduleResolution %s: compiles (nodenext: and runs on every Node)',
    async ([kind, module, resolution], { expect }) => {
      const result = await tsc(kind, module, resolution);
      expect(result.stdout + result.stderr).toBe('');
      // One compiled form of each kind runs on the four Nodes; the others' output is the same JavaScript.
      if (module !== 'nodenext') return;
      for (const v of NODES) {
        const ran = await run(nodeBinary(v), [result.output], {
          cwd: path.dirname(result.output),
          env: env(v, { MOCK_URL: npmMock?.url }),
        });
        expect(lastJson(ran.stdout), `Node ${v}: ${ran.stderr}`).toEqual(CALLED);
      }
    },
  );
  test('a CommonJS project with module node16: TS1479, as the README warns', async ({ expect }) => {
    const result = await tsc('commonjs', 'node16', 'node16');
    expect(result.stdout).toContain('TS1479');
  });
  test('moduleResolution node10: the subpaths do not resolve (TS2307), as the README warns', async ({ expect }) => {
    const result = await tsc('module', 'commonjs', 'node10');
    expect(result.stdout).toContain('TS2307');
  });
});

describe.concurrent('MSW 2 and 3 in Node', () => {
  test('./msw without msw on Node 20 names msw@2, which runs there (no manager ran it: npm’s words)', async ({ expect }) => {
    const result = await run(nodeBinary('20.20.2'), ['check-msw-missing.mjs'], { cwd: dir('bun'), env: env('20.20.2') });
    expect(result.stdout).toContain('needs msw, an optional peer that is not installed: npm install --save-dev msw@2 ');
  });
  test('msw 2 on Node 20 (npm)', async ({ expect }) => {
    const result = await run(nodeBinary('20.20.2'), ['check-msw.mjs'], { cwd: dir('npm'), env: env('20.20.2') });
    expect(lastJson(result.stdout), result.stderr).toEqual(CALLED);
  });
  for (const v of ['22.23.3', '24.21.0', '26.10.0'] as const) {
    test(`msw 3 on Node ${v} (npm installs it beside the tarball: the peer range takes it)`, async ({ expect }) => {
      const installed = JSON.parse(await readFile(path.join(dir('npm-msw3'), 'node_modules', 'msw', 'package.json'), 'utf8')) as {
        version: string;
      };
      expect(installed.version).toMatch(/^3\./);
      const result = await run(nodeBinary(v), ['check-msw.mjs'], { cwd: dir('npm-msw3'), env: env(v) });
      expect(lastJson(result.stdout), result.stderr).toEqual(CALLED);
    });
  }
});

/** Each manager's project: what it runs through its own scripts and bins, on Node 24. */
const MANAGED: ReadonlyArray<{ project: ProjectName; cjs: boolean; msw: 'installed' | 'missing'; mcp: boolean; prism: boolean }> = [
  { project: 'pnpm', cjs: true, msw: 'installed', mcp: false, prism: false },
  { project: 'pnpm-hoist-false', cjs: true, msw: 'missing', mcp: true, prism: true },
  { project: 'yarn-node-modules', cjs: true, msw: 'installed', mcp: false, prism: false },
  { project: 'yarn-pnp', cjs: true, msw: 'installed', mcp: true, prism: true },
  { project: 'bun', cjs: true, msw: 'missing', mcp: false, prism: false },
];

const ADD_DEV: Record<ManagerName, string> = { npm: 'npm install --save-dev', pnpm: 'pnpm add -D', yarn: 'yarn add -D', bun: 'bun add -d' };
const ADD: Record<ManagerName, string> = { npm: 'npm install', pnpm: 'pnpm add', yarn: 'yarn add', bun: 'bun add' };

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}/api/V2/Voos/Disponibilidade`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'developer-token': 't', 'developer-access-code': 'c', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}
const VALID = { Login: 'agency', Senha: 'pw', Origem: 'GRU', Destino: 'GIG', DataIda: '2026-05-20T00:00:00', QuantidadeAdultos: 1 };

/** A mock command's answers: 200 to the valid call, 422 naming the field to its bad date. */
async function expectMockAnswers(expect: ExpectStatic, url: string): Promise<void> {
  expect((await post(url, VALID)).status).toBe(200);
  const refused = await post(url, { ...VALID, DataIda: 'amanhã' });
  expect(refused.status).toBe(422);
  expect(refused.text).toContain('DataIda');
}

describe.concurrent.each(MANAGED)('$project', ({ project, cjs, msw, mcp, prism }) => {
  const manager = () => MANAGERS[PROJECTS[project].manager];
  const script = async (name: string, extra: NodeJS.ProcessEnv = {}) => {
    const [command, ...args] = manager().script(name);
    return run(command as string, args, { cwd: dir(project), env: env('24.21.0', extra) });
  };

  test('ESM: startMock() and the client’s valid call and 422', async ({ expect }) => {
    const result = await script('check');
    expect(lastJson(result.stdout), result.stderr).toEqual(CALLED);
  });
  if (cjs)
    test('CommonJS require(): the same', async ({ expect }) => {
      const result = await script('check-cjs');
      expect(lastJson(result.stdout), result.stderr).toEqual(CALLED);
    });
  test(`the mock command through the manager's bin runner${prism ? ', with Prism found for Prefer: dynamic=true' : ''}`, async ({
    expect,
  }) => {
    const [command, ...args] = manager().exec;
    const server = await startServer(command as string, [...args, 'air-travel-api-contract', 'mock', '--port', '0'], {
      cwd: dir(project),
      env: env(),
    });
    try {
      await expectMockAnswers(expect, server.url);
      // Prism loads prism-http and prism-core itself: found only when they are declared peers.
      if (prism) expect(await post(server.url, VALID, { prefer: 'dynamic=true' })).toMatchObject({ status: 200 });
    } finally {
      await server.stop();
    }
  });
  if (msw === 'installed')
    test('the MSW handlers with msw installed by this manager', async ({ expect }) => {
      const result = await script('msw');
      expect(lastJson(result.stdout), result.stderr).toEqual(CALLED);
    });
  else
    test("./msw without msw says what to install, in this manager's words", async ({ expect }) => {
      const result = await script('msw-missing');
      expect(result.stdout).toContain(`needs msw, an optional peer that is not installed: ${ADD_DEV[PROJECTS[project].manager]} msw`);
    });
  if (mcp)
    test('the MCP server through the bin runner, listed by the SDK’s client', async ({ expect }) => {
      const result = await script('mcp', { MCP_COMMAND: JSON.stringify([...manager().exec, 'air-travel-api-contract']) });
      expect(lastJson(result.stdout), result.stderr).toMatchObject({ disponibilidade: true });
    });
  else
    test('the MCP server without the SDK says what to install, in this manager’s words', async ({ expect }) => {
      const [command, ...args] = manager().exec;
      const result = await run(command as string, [...args, 'air-travel-api-contract', 'mcp'], { cwd: dir(project), env: env() });
      expect(result.code).not.toBe(0);
      expect(result.stderr).toContain(
        `The MCP server needs @modelcontextprotocol/sdk: ${ADD[PROJECTS[project].manager]} @modelcontextprotocol/sdk`,
      );
    });
});

/** pnpm's other majors: each installs the tarball in a fresh project and runs the client and the mock command. */
const PNPM_OTHERS: ReadonlyArray<{ project: ProjectName; major: PnpmMajor }> = [
  { project: 'pnpm9', major: 9 },
  { project: 'pnpm11', major: 11 },
  { project: 'pnpm12', major: 12 },
];

describe.concurrent.each(PNPM_OTHERS)('pnpm $major', ({ project, major }) => {
  const pnpm = (args: string[]) => run('pnpm', args, { cwd: dir(project), env: envFor(project) });
  test(`pnpm ${PNPM_MAJORS[major]} installed the tarball; ESM through pnpm run: startMock() and the client’s valid call and 422`, async ({
    expect,
  }) => {
    expect((await pnpm(['--version'])).stdout.trim()).toBe(PNPM_MAJORS[major]);
    const result = await pnpm(['run', '--silent', 'check']);
    expect(lastJson(result.stdout), result.stderr).toEqual(CALLED);
  });
  test('the mock command through pnpm exec: the valid call and its 422', async ({ expect }) => {
    const server = await startServer('pnpm', ['exec', 'air-travel-api-contract', 'mock', '--port', '0'], {
      cwd: dir(project),
      env: envFor(project),
    });
    try {
      await expectMockAnswers(expect, server.url);
    } finally {
      await server.stop();
    }
  });
});

test("pnpm 12: `pnpm add -D msw@2` exits 1 on msw's ignored build script; the command ./msw's message gives installs it and the handlers run", async ({
  expect,
}) => {
  const pnpm = (args: string[]) => run('pnpm', args, { cwd: dir('pnpm12-msw'), env: envFor('pnpm12-msw') });
  // The message, printed under pnpm 12 (its user agent), gives the command that works there: run as given, through a shell.
  const missing = await pnpm(['run', '--silent', 'msw-missing']);
  const command = /not installed: (pnpm add [^(]+?) \(/.exec(missing.stdout)?.[1];
  expect(command, missing.stdout + missing.stderr).toContain("--allow-build='!msw'");
  // What the flag is for: the plain command is refused (it leaves msw linked, so it runs after the message).
  const refused = await pnpm(['add', '-D', 'msw@2']);
  expect(refused.code).toBe(1);
  expect(refused.stdout + refused.stderr).toContain('ERR_PNPM_IGNORED_BUILDS');
  const added = await run('bash', ['-c', command as string], { cwd: dir('pnpm12-msw'), env: envFor('pnpm12-msw') });
  expect(added.code, added.stdout + added.stderr).toBe(0);
  const result = await pnpm(['run', '--silent', 'msw']);
  expect(lastJson(result.stdout), result.stderr).toEqual(CALLED);
});

/** The npm project's checks rewritten to `npm:` specifiers, in a Deno folder that reads the project's node_modules; made once. */
let denoNpmFolder: Promise<string> | undefined;
function denoNpm(): Promise<string> {
  denoNpmFolder ??= (async () => {
    const folder = path.join(dir('npm'), 'deno-npm');
    await mkdir(folder, { recursive: true });
    for (const file of ['check.mjs', 'check-msw.mjs', 'check-mcp.mjs']) {
      const source = await readFile(path.join(FIXTURES, file), 'utf8');
      await writeFile(
        path.join(folder, file),
        source.replace(/from '(air-travel-api-contract|msw|@modelcontextprotocol\/sdk)\//g, "from 'npm:$1/"),
      );
    }
    await writeFile(path.join(folder, 'deno.json'), `${JSON.stringify({ nodeModulesDir: 'manual' })}\n`);
    return folder;
  })();
  return denoNpmFolder;
}

/** Bun and Deno as runtimes of the npm project (msw 2 and the SDK installed): how each runs a file, the bin among them. */
const RUNTIMES: ReadonlyArray<{ name: string; folder: () => Promise<string>; runner: () => string[]; bin: string; deno: boolean }> = [
  {
    name: 'Bun',
    folder: async () => dir('npm'),
    runner: () => [path.join(toolsBin, 'bun')],
    bin: 'node_modules/.bin/air-travel-api-contract',
    deno: false,
  },
  {
    name: 'Deno through node_modules',
    folder: async () => dir('npm'),
    runner: () => [path.join(toolsBin, 'deno'), 'run', '-A'],
    bin: 'node_modules/.bin/air-travel-api-contract',
    deno: true,
  },
  {
    name: 'Deno with npm: specifiers',
    folder: denoNpm,
    runner: () => [path.join(toolsBin, 'deno'), 'run', '-A'],
    bin: 'npm:air-travel-api-contract',
    deno: true,
  },
];

describe.concurrent.each(RUNTIMES)('$name', ({ folder, runner, bin, deno }) => {
  const runFile = async (file: string, extra: NodeJS.ProcessEnv = {}) => {
    const [command, ...args] = runner();
    // Shorter than the test's time-out, so a script that does not end shows what it printed.
    return run(command as string, [...args, file], { cwd: await folder(), env: env('24.21.0', extra), timeoutMs: 120_000 });
  };
  test('the mock command (the bin run by this runtime): the valid call and its 422', async ({ expect }) => {
    const [command, ...args] = runner();
    const server = await startServer(command as string, [...args, bin, 'mock', '--port', '0'], { cwd: await folder(), env: env() });
    try {
      await expectMockAnswers(expect, server.url);
    } finally {
      await server.stop();
    }
  });
  test(`the MSW handlers (msw 2, msw/node) answering the client: the valid call and its 422${deno ? ' (the script ends with Deno.exit())' : ''}`, async ({
    expect,
  }) => {
    let file = 'check-msw.mjs';
    if (deno) {
      // msw 2's BroadcastChannel has no unref() in Deno and keeps the process alive (CANNOT): the script ends it, as docs/package-managers.md says.
      file = 'check-msw-deno.mjs';
      await writeFile(path.join(await folder(), file), "await import('./check-msw.mjs');\nDeno.exit();\n");
    }
    const result = await runFile(file);
    expect(lastJson(result.stdout), result.stderr).toEqual(CALLED);
  });
  test('the MCP server run by this runtime, listed by the SDK’s client run by it too', async ({ expect }) => {
    const result = await runFile('check-mcp.mjs', { MCP_COMMAND: JSON.stringify([...runner(), bin]) });
    expect(lastJson(result.stdout), result.stderr).toMatchObject({ disponibilidade: true });
  });
});

describe.concurrent('other runtimes', () => {
  test("Cloudflare's workerd, run locally: a Worker bundled from the npm project calls the mock command", async ({ expect }) => {
    const folder = path.join(dir('npm'), 'workerd');
    await mkdir(folder, { recursive: true });
    await build({
      entryPoints: [path.join(dir('npm'), 'worker.mjs')],
      absWorkingDir: dir('npm'),
      outfile: path.join(folder, 'worker.js'),
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      mainFields: ['module', 'main'],
      conditions: ['worker', 'browser'],
      logLevel: 'silent',
    });
    const port = await freePort();
    // The Worker reaches the mock on 127.0.0.1 through a network service that allows local addresses.
    const config = [
      'using Workerd = import "/workerd/workerd.capnp";',
      'const config :Workerd.Config = (',
      '  services = [(name = "main", worker = .worker), (name = "internet", network = (allow = ["public", "private", "local"]))],',
      `  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],`,
      ');',
      'const worker :Workerd.Worker = (',
      '  modules = [(name = "worker", esModule = embed "worker.js")],',
      '  compatibilityDate = "2026-11-01",',
      `  bindings = [(name = "MOCK_URL", text = "${npmMock?.url ?? ''}")],`,
      '  globalOutbound = "internet",',
      ');',
    ].join('\n');
    await writeFile(path.join(folder, 'config.capnp'), `${config}\n`);
    const child = spawn(path.join(toolsBin, 'workerd'), ['serve', 'config.capnp'], { cwd: folder, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      // workerd prints no line when it listens: the state waited for is its port answering.
      const answer = async () => {
        try {
          return await (await fetch(`http://127.0.0.1:${port}/`)).text();
        } catch {
          return `not answering yet ${stderr}`;
        }
      };
      await expect.poll(answer, { timeout: 60_000, interval: 250 }).toBe(JSON.stringify(CALLED));
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });

  test(`Bun ${'1'} runs startMock() and the client in the project Bun installed`, async ({ expect }) => {
    const result = await run(path.join(toolsBin, 'bun'), ['check.mjs'], { cwd: dir('bun'), env: env() });
    expect(lastJson(result.stdout), result.stderr).toEqual(CALLED);
  });
  test('Deno through node_modules (an npm project)', async ({ expect }) => {
    const result = await run(path.join(toolsBin, 'deno'), ['run', '-A', 'check.mjs'], { cwd: dir('npm'), env: env() });
    expect(lastJson(result.stdout), result.stderr).toEqual(CALLED);
  });
  test('Deno with npm: specifiers (read from node_modules: the package is not on the registry yet)', async ({ expect }) => {
    const result = await run(path.join(toolsBin, 'deno'), ['run', '-A', 'check.mjs'], { cwd: await denoNpm(), env: env() });
    expect(lastJson(result.stdout), result.stderr).toEqual(CALLED);
  });
  test.skipIf(!CHROMIUM)(
    'Chromium: a page bundled by esbuild from the npm project calls the mock command (CORS on)',
    async ({ expect }) => {
      const bundled = await build({
        entryPoints: [path.join(dir('npm'), 'page.mjs')],
        absWorkingDir: dir('npm'),
        bundle: true,
        platform: 'browser',
        format: 'esm',
        target: 'es2022',
        write: false,
        logLevel: 'silent',
      });
      const script = bundled.outputFiles[0]?.text ?? '';
      const page = http.createServer((req, res) => {
        if (req.url?.startsWith('/app.js')) res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
        else
          res
            .writeHead(200, { 'content-type': 'text/html' })
            .end('<!doctype html><title>loading</title><script type="module" src="/app.js"></script>');
      });
      await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
      const browser = await chromium.launch({ executablePath: CHROMIUM as string, args: CHROMIUM_ARGS });
      try {
        const tab = await browser.newPage();
        const errors: string[] = [];
        tab.on('pageerror', (e) => errors.push(e.message));
        await tab.goto(`http://127.0.0.1:${(page.address() as AddressInfo).port}/?mock=${encodeURIComponent(npmMock?.url ?? '')}`);
        await expect.poll(async () => [await tab.title(), ...errors].join(' | '), { timeout: 60_000 }).toBe(JSON.stringify(CALLED));
      } finally {
        await browser.close();
        await new Promise((resolve) => page.close(resolve));
      }
    },
  );
});

/** The collections' steps as docs/package-managers.md gives them: one block for pnpm, Yarn node-modules and Bun, one for Plug'n'Play. */
function collectionSteps(pnp: boolean): string[] {
  const commands = docCommands(rootDir).filter((c) => c.file === 'docs/package-managers.md');
  const blocks = [...new Set(commands.map((c) => c.block))].map((b) => commands.filter((c) => c.block === b).map((c) => c.command));
  const steps = blocks.find((b) => b.some((c) => c.includes(' newman@')) && b.some((c) => c.startsWith('yarn unplug ')) === pnp);
  if (!steps) throw new Error(`docs/package-managers.md has no block of the collections' steps${pnp ? ' for Plug’n’Play' : ''}`);
  return steps;
}

const NEWMAN = /\bnewman@[\w.-]+ run\b/;
const BRU = /@usebruno\/cli@[\w.-]+ run\b/;
const COLLECTIONS: ReadonlyArray<{ project: ProjectName; pnp: boolean }> = [
  { project: 'pnpm', pnp: false },
  { project: 'yarn-node-modules', pnp: false },
  { project: 'yarn-pnp-collections', pnp: true },
  { project: 'bun', pnp: false },
];

describe.concurrent('the collections’ documented steps, against the mock started by the manager’s bin runner', () => {
  test.for(COLLECTIONS)(
    '$project: newman runs every request of v2-pt’s Postman file, bru every one of its Bruno copy, each checked',
    async ({ project, pnp }, { expect }) => {
      const steps = collectionSteps(pnp);
      expect(steps.filter((s) => NEWMAN.test(s) || BRU.test(s))).toHaveLength(2);
      const postman = postmanRequests(path.join(rootDir, 'generated', 'postman', 'v2-pt.postman_collection.json'));
      const bruno = brunoRequests(path.join(rootDir, 'generated', 'bruno', 'v2-pt'));
      const [command, ...args] = MANAGERS[PROJECTS[project].manager].exec;
      const server = await startServer(command as string, [...args, 'air-travel-api-contract', 'mock', '--port', '0'], {
        cwd: dir(project),
        env: envFor(project),
      });
      try {
        for (const step of steps) {
          // The docs' port is the mock's: this one listens on a free port.
          const line = step.replaceAll('http://127.0.0.1:4010', server.url);
          const result = await run('sh', ['-c', line], { cwd: dir(project), env: envFor(project) });
          const output = `${result.stdout}\n${result.stderr}`;
          expect(result.code, `${line}\n${output}`).toBe(0);
          expect(output, line).not.toMatch(/EBADDEVENGINES|EBADENGINE/);
          if (NEWMAN.test(line)) {
            const ran = /requests\s*│\s*(\d+)\s*│\s*(\d+)\s*│/.exec(output);
            expect({ requests: Number(ran?.[1]), failed: Number(ran?.[2]) }, output).toEqual({ requests: postman, failed: 0 });
          }
          if (BRU.test(line)) {
            const ran = /Requests\s*│\s*(\d+) \((\d+) Passed\)/.exec(output);
            const tests = /Tests\s*│\s*(\d+)\/(\d+)/.exec(output);
            expect(
              { requests: Number(ran?.[1]), passed: Number(ran?.[2]), tests: Number(tests?.[1]), of: Number(tests?.[2]) },
              output,
            ).toEqual({
              requests: bruno,
              passed: bruno,
              tests: bruno,
              of: bruno,
            });
          }
        }
      } finally {
        await server.stop();
      }
    },
  );
});

test('what a cell cannot run is listed with its reason, here and in docs/package-managers.md', async ({ expect }) => {
  const docs = await readFile(path.join(rootDir, 'docs', 'package-managers.md'), 'utf8');
  const table = docs.slice(docs.indexOf('## What is not run, and why'));
  const rows = [...table.matchAll(/^\| (?!cell |---)(.+?) \| (.+?) \|$/gm)].map((m) => ({ cell: m[1], reason: m[2] }));
  expect(rows).toEqual(CANNOT);
  console.log(`ecosystem: not run, with the reason:\n${CANNOT.map((c) => `- ${c.cell}: ${c.reason}`).join('\n')}`);
});
