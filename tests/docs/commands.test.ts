// Every shell command the docs give (README.md, CONTRIBUTING.md, docs/*.md, the examples'
// READMEs) runs as written, on the Node the README names for a fresh machine (20), in a
// throw-away copy of the repository, or, for `npx air-travel-api-contract …` and commands on
// `node_modules/air-travel-api-contract/…`, in a fresh project that installed the packed
// package. A command that starts a server (the mock, the proxy, the docs server) is
// started and waited for until it listens; the commands
// after it in the same file talk to it; it is stopped at the end of the file. A command
// that cannot run here carries `# not run here: <reason>`, visible where the reader sees it.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { rm, symlink } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Workspace } from '../../scripts/lib/workspace.ts';
import { builtCopy } from '../support/built-copy.ts';
import { docCommands, docFiles, nodeFiles, npmScripts, startsServer, type DocCommand } from '../support/doc-commands.ts';
import { installNode, rootDir } from '../support/package.ts';
import { packedInstall } from '../support/shared-fixtures.ts';

/** The Node of the README's set-up section ("a fresh machine: Node 20+"). */
const README_NODE = '20.20.2';
const CLI = 'air-travel-api-contract';
const commands = docCommands(rootDir);
/** Commands that run this repository's own suite: run from here they would run this test again. */
const RUNS_THE_SUITE = /\bnpm (?:test|run test(?::[\w-]+)?)\b|\bvitest\b/;
/** Set for the commands this test runs: a suite started by one of them skips this file. */
const NESTED = 'DOC_COMMANDS_RUNNING';
const scripts = (JSON.parse(readFileSync(path.join(rootDir, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

let ws: Workspace;
let consumer = '';
let env: NodeJS.ProcessEnv = {};

beforeAll(async () => {
  if (process.env[NESTED] === '1') return;
  const [node] = await Promise.all([
    installNode(README_NODE),
    (async () => {
      // Built already (the project's build reused): a build command there has little or nothing to do.
      ws = await builtCopy({
        prefix: 'doc-commands-',
        also: [
          'generated',
          'dist',
          'baseline',
          'bench',
          'examples',
          'tests',
          'README.md',
          'CONTRIBUTING.md',
          'CHANGELOG.md',
          'LICENSE',
          'biome.jsonc',
          '.gitignore',
          '.editorconfig',
          'vitest.config.ts',
          'vitest.fast.config.ts',
        ],
      });
    })(),
  ]);
  // The reader's shell: Node 20 first, none of this repository's node_modules/.bin, no npm_* of the running npm.
  const pathEntries = (process.env.PATH ?? '').split(path.delimiter).filter((p) => !p.includes(`node_modules${path.sep}.bin`));
  env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_|^NODE_OPTIONS$|^VITEST|^INIT_CWD$/i.test(k)));
  env.PATH = [path.dirname(node), ...pathEntries].join(path.delimiter);
  env[NESTED] = '1';
  // The run's one packed install (shared-fixtures.ts): `npx` run in a folder of it finds the installed bin.
  const install = await packedInstall();
  consumer = await install.workDir('doc-commands');
  // The docs name files as `node_modules/air-travel-api-contract/…` from the reader's project root.
  await symlink(path.join(install.project, 'node_modules'), path.join(consumer, 'node_modules'), 'dir');
}, 600_000);

afterAll(async () => {
  await ws?.dispose();
  if (consumer) await rm(consumer, { recursive: true, force: true });
});

interface Running {
  port: number;
  child: ChildProcess;
  output: () => string;
}

/** Signals the shell's process group (npm, its node and the server), ignoring a group already gone. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-(child.pid as number), signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

function stop(server: Running): Promise<void> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve();
    server.child.once('exit', () => resolve());
    signalGroup(server.child, 'SIGINT');
    setTimeout(() => signalGroup(server.child, 'SIGKILL'), 5_000).unref();
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The port a server command asks for: `--port N`, its environment variable, or its default. */
function intendedPort(command: string): number {
  const given = /--port[ =](\d+)/.exec(command)?.[1] ?? /\b(?:MOCK|PROXY|DOCS)_PORT=(\d+)/.exec(command)?.[1];
  if (given !== undefined) return Number(given);
  if (/docs:serve/.test(command)) return 8080;
  return /\bproxy\b/.test(command) ? 4011 : 4010;
}

function where(c: DocCommand): string {
  // The package's own command, and commands on the installed package's files, run where it is installed.
  if (c.command.startsWith(`npx ${CLI}`) || c.command.includes(`node_modules/${CLI}/`)) return consumer;
  const example = /^examples\/([^/]+)\/README\.md$/.exec(c.file);
  return example ? path.join(ws.dir, 'examples', example[1] as string) : ws.dir;
}

/** Starts a server command and resolves once the address it prints accepts connections. */
async function startServer(c: DocCommand): Promise<Running> {
  const child = spawn('bash', ['-c', c.command], { cwd: where(c), env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const started = Date.now();
  for (;;) {
    const url = /http:\/\/127\.0\.0\.1:(\d+)/.exec(output.slice(output.search(/listening on|serving|Serving|http:\/\/127/)));
    if (url && (await accepts(Number(url[1])))) return { port: Number(url[1]), child, output: () => output };
    if (child.exitCode !== null)
      throw new Error(`${c.file}:${c.line} \`${c.command}\` exited with ${child.exitCode} before listening:\n${output}`);
    if (Date.now() - started > 120_000) {
      await stop({ port: 0, child, output: () => output });
      throw new Error(`${c.file}:${c.line} \`${c.command}\` did not listen within 120 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function runCommand(c: DocCommand): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', `set -o pipefail; ${c.command}`], { cwd: where(c), env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 300_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('what every command names exists', () => {
  test('every `npm run` script a command names is in package.json, marked or not', () => {
    const missing = commands.flatMap((c) =>
      npmScripts(c.command)
        .filter((s) => !(s in scripts))
        .map((s) => `${c.file}:${c.line} npm run ${s}`),
    );
    expect(missing).toEqual([]);
  });

  test('no command runs a TypeScript file with `node` (Node 20 cannot), and every file named exists', () => {
    const wrong = commands.flatMap((c) =>
      nodeFiles(c.command)
        .filter((f) => f.endsWith('.ts') || !existsSync(path.join(rootDir, f)))
        .map((f) => `${c.file}:${c.line} node ${f}`),
    );
    expect(wrong).toEqual([]);
  });

  test('a command not run here says why, in words', () => {
    for (const c of commands.filter((c) => c.notRun !== undefined)) expect(c.notRun?.length, `${c.file}:${c.line}`).toBeGreaterThan(10);
    expect(commands.filter((c) => c.notRun === undefined).length).toBeGreaterThan(20);
  });
});

describe.skipIf(process.env[NESTED] === '1').each(docFiles(rootDir).filter((file) => commands.some((c) => c.file === file)))(
  '%s',
  (file) => {
    const servers: Running[] = [];
    afterAll(async () => {
      await Promise.all(servers.splice(0).map(stop));
    });

    for (const c of commands.filter((x) => x.file === file)) {
      const name = `line ${c.line}: ${c.command.length > 110 ? `${c.command.slice(0, 110)}…` : c.command}`;
      if (c.notRun !== undefined) {
        test.skip(`${name} (not run here: ${c.notRun})`, () => undefined);
        continue;
      }
      test(name, async () => {
        if (startsServer(c.command)) {
          // A later server on the same port replaces the earlier one (the docs list variants of one command).
          const port = intendedPort(c.command);
          for (const same of servers.filter((s) => s.port === port)) {
            await stop(same);
            servers.splice(servers.indexOf(same), 1);
          }
          servers.push(await startServer(c));
          return;
        }
        if (where(c) === ws.dir && RUNS_THE_SUITE.test(c.command))
          throw new Error(
            `${c.file}:${c.line} runs this repository's test suite, which holds this test: mark it \`# not run here: <reason>\``,
          );
        const result = await runCommand(c);
        expect(result.code, `${c.file}:${c.line} \`${c.command}\` on Node ${README_NODE}:\n${result.output.slice(-4000)}`).toBe(0);
      }, 600_000);
    }
  },
);
