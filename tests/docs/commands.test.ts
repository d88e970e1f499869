// Every shell command the docs give (README.md, CONTRIBUTING.md, docs/*.md, the examples'
// READMEs) runs as written, on the Node the README names for a fresh machine (20). Where,
// by rule (tests/support/doc-commands.ts, CONTRIBUTING.md "Commands in the docs"): the
// commands of README.md and docs/*.md run in an integrator's project, a fresh `npm init -y`
// project per docs file (CommonJS, as npm makes it) whose node_modules is the run's one
// packed install (a docs file that installs the package installs the run's tarball
// itself), with the files the docs tell the reader to save (a block whose first line is
// `// <name>`) written in it; those that use this repository (its npm scripts, `npm ci`,
// `git`) and CONTRIBUTING.md's run in a throw-away copy of the repository; an example's in
// its folder. A command that starts a server (the mock, the proxy, the docs server) is
// started and waited for until it listens; the commands after it in the same file talk to
// it; it is stopped at the end of the file as Ctrl-C stops it, and must be gone then. A
// block that starts something in the background (`… &`) runs as one script on a free port,
// and nothing it started may outlive it. A runner must show it ran what it was given
// (tests/support/doc-runs.ts): 0 requests and exit 0 is a failure. A command that cannot
// run here carries `# not run here: <reason>`, visible where the reader sees it.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { freePort } from '../support/ports.ts';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Workspace } from '../../scripts/lib/workspace.ts';
import { builtCopy } from '../support/built-copy.ts';
import {
  backgroundBlocks,
  compiledName,
  docCommands,
  docFiles,
  docSnippets,
  nodeFiles,
  npmScripts,
  runsInProject,
  startsServer,
  type DocCommand,
} from '../support/doc-commands.ts';
import { ranShort } from '../support/doc-runs.ts';
import { installNode, rootDir } from '../support/package.ts';
import { packedInstall } from '../support/shared-fixtures.ts';

/** The Node of the README's set-up section ("a fresh machine: Node 20+"). */
const README_NODE = '20.20.2';
const commands = docCommands(rootDir);
const snippets = docSnippets(rootDir);
/** Files a reader saves from the docs, and what compiling them writes: a command may run them. */
const savedFiles = new Set(snippets.flatMap((s) => [s.name, compiledName(s.name)]));
const background = backgroundBlocks(commands);
/** Commands that run this repository's own suite: run from here they would run this test again. */
const RUNS_THE_SUITE = /\bnpm (?:test|run test(?::[\w-]+)?)\b|\bvitest\b/;
/** Set for the commands this test runs: a suite started by one of them skips this file. */
const NESTED = 'DOC_COMMANDS_RUNNING';
const scripts = (JSON.parse(readFileSync(path.join(rootDir, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

let ws: Workspace;
let install: Awaited<ReturnType<typeof packedInstall>> | undefined;
let env: NodeJS.ProcessEnv = {};
/** Each docs file's own fresh project, made when its first command needs it. */
const projects = new Map<string, Promise<string>>();

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
  env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^npm_|^NODE_OPTIONS$|^VITEST|^INIT_CWD$|^(?:MOCK|PROXY|DOCS)_PORT$/i.test(k)),
  );
  env.PATH = [path.dirname(node), ...pathEntries].join(path.delimiter);
  env[NESTED] = '1';
  // The run's one packed install (shared-fixtures.ts): each docs file's project links its node_modules.
  install = await packedInstall();
}, 600_000);

afterAll(async () => {
  await ws?.dispose();
  const made = await Promise.allSettled(projects.values());
  await Promise.all(made.map((p) => (p.status === 'fulfilled' ? rm(path.dirname(p.value), { recursive: true, force: true }) : undefined)));
});

/** A command that installs the packed package from a tarball, as the README's install does. */
const INSTALLS_PACKAGE = /\bnpm (?:install|i) (?:\S+\/)?air-travel-api-contract-[\w.-]+\.tgz\b/;
/** A command that installs something into the project (its node_modules must then be its own). */
const INSTALLS = /(?:^|&&\s*)npm (?:install|i|add)\b/;

/**
 * A fresh `npm init -y` project for one docs file, with the files the docs tell the reader
 * to save. A docs file that installs the package (`npm install <path>/air-travel-api-contract-<version>.tgz`)
 * finds the run's tarball in `../air-travel-api-contract/`, a clone's place beside the
 * project, and installs it itself; one that installs something else (`npm i -D vitest@4`)
 * starts from its own install of that tarball, as the reader's project has the package;
 * the others link the run's one packed install.
 */
function projectFor(file: string): Promise<string> {
  let made = projects.get(file);
  if (!made) {
    made = (async () => {
      if (!install) throw new Error('the packed install is not ready');
      const base = await install.workDir(`doc-project-${docFiles(rootDir).indexOf(file)}`);
      const dir = path.join(base, 'project');
      await mkdir(dir);
      const init = await runIn(dir, 'npm init -y');
      if (init.code !== 0) throw new Error(`npm init -y failed:\n${init.output}`);
      const run = commands.filter((c) => c.file === file && c.notRun === undefined);
      if (run.some((c) => INSTALLS_PACKAGE.test(c.command))) {
        await mkdir(path.join(base, 'air-travel-api-contract'));
        await symlink(install.tarball, path.join(base, 'air-travel-api-contract', path.basename(install.tarball)));
      } else if (run.some((c) => runsInProject(c) && INSTALLS.test(c.command))) {
        const installed = await runIn(dir, `npm install --no-audit --no-fund --prefer-offline ${JSON.stringify(install.tarball)}`);
        if (installed.code !== 0) throw new Error(`installing the packed tarball failed:\n${installed.output}`);
      } else await symlink(path.join(install.project, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
      // A saved file talks to the servers of its docs file: its ports move with theirs (README's quickstart.ts calls 4010).
      for (const snippet of snippets.filter((s) => s.file === file)) {
        await mkdir(path.dirname(path.join(dir, snippet.name)), { recursive: true });
        await writeFile(path.join(dir, snippet.name), await portsOf(file).moveIn(snippet.text));
      }
      return dir;
    })();
    projects.set(file, made);
  }
  return made;
}

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

/** True while any process of the group is alive. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
}

/** Waits up to `ms` for a process group to be gone. */
async function groupGone(pid: number, ms: number): Promise<boolean> {
  const started = Date.now();
  while (groupAlive(pid)) {
    if (Date.now() - started > ms) return false;
    // real time: the interval of a poll for a real process group (gone, or listening).
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

/** Ctrl-C, as a terminal sends it to the whole foreground group; resolves with whether the group was gone within 10 s. */
async function stop(server: Running): Promise<boolean> {
  const pid = server.child.pid as number;
  if (!groupAlive(pid)) return true;
  signalGroup(server.child, 'SIGINT');
  const gone = await groupGone(pid, 10_000);
  if (!gone) signalGroup(server.child, 'SIGKILL');
  return gone;
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

/**
 * The ports the docs name (the commands' defaults and every `--port N` or `*_PORT=N`), each
 * moved to a free port of this run, per docs file: the test shares the machine with a
 * contributor's `npm run dev` (4010, 4020) or anything else, and a server started from the
 * docs must not meet one. The variables the servers read are set to the moved defaults, and
 * none is inherited from the caller's shell.
 */
const PORT_VARIABLES = { MOCK_PORT: 4010, PROXY_PORT: 4011, DOCS_PORT: 8080 } as const;
/** Ports a command starts on without saying so: the mock's, the proxy's, the docs server's, `npm run dev`'s docs. */
const DEFAULT_PORTS = [4010, 4011, 4020, 8080];

class PortMap {
  private readonly moved = new Map<number, number>();
  async of(port: number): Promise<number> {
    let free = this.moved.get(port);
    if (free === undefined) this.moved.set(port, (free = await freePort()));
    return free;
  }
  /** The text with every port it names (the defaults, `--port N`, `*_PORT=N`, `127.0.0.1:N`) moved. */
  async moveIn(text: string): Promise<string> {
    const named = new Set([
      ...DEFAULT_PORTS,
      ...[...text.matchAll(/(?:--(?:docs-)?port[ =]|_PORT=|(?:127\.0\.0\.1|localhost):)(\d+)/g)].map((m) => Number(m[1])),
    ]);
    let moved = text;
    for (const port of named) moved = moved.replace(new RegExp(`(?<![\\d.])${port}(?![\\d])`, 'g'), String(await this.of(port)));
    return moved;
  }
  /** The command with every documented port moved, and the environment its servers read. */
  async localize(command: string): Promise<{ command: string; env: NodeJS.ProcessEnv }> {
    const moved = await this.moveIn(command);
    const own: NodeJS.ProcessEnv = { ...env };
    for (const [name, port] of Object.entries(PORT_VARIABLES)) own[name] = String(await this.of(port));
    // `npm run dev` serves its docs on 4020 unless told: DOCS_PORT is the docs server's, so dev gets its own port named.
    if (/\bnpm run dev\b/.test(moved) && !/--docs-port/.test(moved)) own.DOCS_PORT = String(await this.of(4020));
    return { command: moved, env: own };
  }
}

/** Each docs file's port map, shared by its commands and the files it tells the reader to save. */
const filePorts = new Map<string, PortMap>();
function portsOf(file: string): PortMap {
  let ports = filePorts.get(file);
  if (!ports) filePorts.set(file, (ports = new PortMap()));
  return ports;
}

/** The port a (localized) server command listens on: `--port N`, its environment variable, or the moved default. */
function intendedPort(command: string, serverEnv: NodeJS.ProcessEnv): number {
  const given = /--port[ =](\d+)/.exec(command)?.[1] ?? /\b(?:MOCK|PROXY|DOCS)_PORT=(\d+)/.exec(command)?.[1];
  if (given !== undefined) return Number(given);
  if (/docs:serve/.test(command)) return Number(serverEnv.DOCS_PORT);
  return Number(/\bproxy\b/.test(command) ? serverEnv.PROXY_PORT : serverEnv.MOCK_PORT);
}

async function where(c: DocCommand): Promise<string> {
  if (runsInProject(c)) return projectFor(c.file);
  const example = /^examples\/([^/]+)\/README\.md$/.exec(c.file);
  return example ? path.join(ws.dir, 'examples', example[1] as string) : ws.dir;
}

/** Starts a server command and resolves once the address it prints accepts connections. */
async function startServer(c: DocCommand, command: string, serverEnv: NodeJS.ProcessEnv): Promise<Running> {
  const child = spawn('bash', ['-c', command], { cwd: await where(c), env: serverEnv, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
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
    // real time: the interval of a poll for a real process group (gone, or listening).
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface Ran {
  code: number | null;
  output: string;
  stdout: string;
  stderr: string;
}

/** Runs a shell script in `cwd`, in a process group of its own (`pid` is the group's). */
function runIn(cwd: string, script: string, scriptEnv: NodeJS.ProcessEnv = env): Promise<Ran & { pid: number }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', `set -o pipefail; ${script}`], {
      cwd,
      env: scriptEnv,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      stderr += chunk.toString();
    });
    // real time: a ceiling on a real command, never reached when all is well.
    const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), 300_000);
    const done = (code: number | null) => {
      clearTimeout(timer);
      resolve({ code, output, stdout, stderr, pid: child.pid as number });
    };
    // The output is whole at 'close'; a child left running in the background keeps the pipes open, so 'exit' and a moment bound the wait.
    child.once('close', done);
    // real time: a real child's background leftovers hold the pipes; 2 s after its exit bounds that wait.
    child.once('exit', (code) => setTimeout(() => done(code), 2_000).unref());
  });
}

const at = (c: DocCommand) => `${c.file}:${c.line} \`${c.command}\` on Node ${README_NODE}`;

/** A command's checks beyond its exit code: what it ran, and a saved file's run printing its answer and no error. */
function expectRan(c: DocCommand, cwd: string, result: Ran): void {
  expect(result.code, `${at(c)}:\n${result.output.slice(-4000)}`).toBe(0);
  if (runsInProject(c)) expect(ranShort(c.command, result.output, cwd), `${at(c)}:\n${result.output.slice(-4000)}`).toEqual([]);
  if (nodeFiles(c.command).some((f) => savedFiles.has(f))) {
    expect(result.stderr, at(c)).toBe('');
    expect(result.stdout.trim(), at(c)).not.toBe('');
  }
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
        .filter((f) => f.endsWith('.ts') || !(existsSync(path.join(rootDir, f)) || (runsInProject(c) && savedFiles.has(f))))
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
    /** Servers that Ctrl-C did not stop (a child left behind). */
    const lingering: string[] = [];
    const stopped = async (server: Running, c: DocCommand) => {
      if (!(await stop(server))) lingering.push(`${c.file}:${c.line} \`${c.command}\` still ran 10 s after Ctrl-C`);
    };
    const started = new Map<Running, DocCommand>();
    const ports = portsOf(file);
    afterAll(async () => {
      await Promise.all(servers.splice(0).map((s) => stopped(s, started.get(s) as DocCommand)));
      expect(lingering).toEqual([]);
    });

    for (const c of commands.filter((x) => x.file === file)) {
      const name = `line ${c.line}: ${c.command.length > 110 ? `${c.command.slice(0, 110)}…` : c.command}`;
      if (c.notRun !== undefined) {
        test.skip(`${name} (not run here: ${c.notRun})`, () => undefined);
        continue;
      }
      if (background.has(c.block)) {
        const block = commands.filter((x) => x.block === c.block);
        if (block[0] !== c) continue;
        test(`lines ${c.line}–${block.at(-1)?.line}, one script: ${block
          .map((x) => x.command)
          .join('; ')
          .slice(0, 100)}…`, async () => {
          // Ports of its own, so that it meets neither a server of the same file nor anything else on the machine.
          const { command: script, env: blockEnv } = await new PortMap().localize(block.map((x) => x.command).join('\n'));
          const cwd = await where(c);
          const result = await runIn(cwd, `set -e\n${script}`, blockEnv);
          expect(result.code, `${at(c)}:\n${script}\n${result.output.slice(-4000)}`).toBe(0);
          if (runsInProject(c)) expect(ranShort(script, result.output, cwd)).toEqual([]);
          // What the script started in the background is gone once it ends (killing `npx` leaves its child).
          const gone = await groupGone(result.pid, 10_000);
          if (!gone) process.kill(-result.pid, 'SIGKILL');
          expect(gone, `${at(c)}: a process it started still runs after the script ended`).toBe(true);
        }, 300_000);
        continue;
      }
      test(name, async () => {
        const local = await ports.localize(c.command);
        if (startsServer(c.command)) {
          // A later server on the same port replaces the earlier one (the docs list variants of one command).
          const port = intendedPort(local.command, local.env);
          for (const same of servers.filter((s) => s.port === port)) {
            await stopped(same, started.get(same) as DocCommand);
            servers.splice(servers.indexOf(same), 1);
          }
          const server = await startServer(c, local.command, local.env);
          servers.push(server);
          started.set(server, c);
          return;
        }
        const cwd = await where(c);
        if (cwd === ws.dir && RUNS_THE_SUITE.test(c.command))
          throw new Error(
            `${c.file}:${c.line} runs this repository's test suite, which holds this test: mark it \`# not run here: <reason>\``,
          );
        expectRan(c, cwd, await runIn(cwd, local.command, local.env));
      }, 600_000);
    }
  },
);
