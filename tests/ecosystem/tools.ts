// What the ecosystem matrix runs with: the package managers and runtimes as npm packages
// (pnpm, Yarn's CLI, Bun, Deno), installed once under .cache/ecosystem-tools/ so a second run
// installs nothing, and a server started as an integrator starts it, awaited by its line.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { mustRun, rootDir, run } from '../support/package.ts';

/** The versions the matrix checks: each manager's current major, the runtimes' too. */
export const TOOL_VERSIONS = { pnpm: '10.34.8', yarn: '4.18.1', bun: '1.4.5', deno: '2.9.6', workerd: '1.20261117.1' } as const;

const TOOL_PACKAGES = [
  `pnpm@${TOOL_VERSIONS.pnpm}`,
  `@yarnpkg/cli-dist@${TOOL_VERSIONS.yarn}`,
  `bun@${TOOL_VERSIONS.bun}`,
  `deno@${TOOL_VERSIONS.deno}`,
  `workerd@${TOOL_VERSIONS.workerd}`,
];

/** The other pnpm majors the issue names (9 to 12), each the latest of its major on the npm registry; 10 is TOOL_VERSIONS.pnpm. */
export const PNPM_MAJORS = { 9: '9.15.9', 11: '11.28.11', 12: '12.23.0' } as const;
export type PnpmMajor = keyof typeof PNPM_MAJORS;

/** The folder of the tools' bins: pnpm, yarn, bun, deno, workerd (Cloudflare's Workers runtime). */
export async function installTools(): Promise<string> {
  const dir = path.join(rootDir, '.cache', 'ecosystem-tools', Object.values(TOOL_VERSIONS).join('-'));
  const bin = path.join(dir, 'node_modules', '.bin');
  if (['pnpm', 'yarn', 'bun', 'deno', 'workerd'].every((name) => existsSync(path.join(bin, name)))) return bin;
  await mkdir(dir, { recursive: true });
  // Bun, Deno and workerd place their binaries from an install script: allowed here, and only here.
  await writeFile(
    path.join(dir, 'package.json'),
    `${JSON.stringify({ private: true, allowScripts: { bun: true, deno: true, workerd: true } }, null, 2)}\n`,
  );
  await mustRun('npm', ['install', '--no-audit', '--no-fund', '--save-exact', ...TOOL_PACKAGES], { cwd: dir, timeoutMs: 300_000 });
  return bin;
}

/** The folder holding `pnpm` of one more major, installed once under .cache/ecosystem-tools/pnpm-<version>/ (its bin is `pnpm` too, so a folder each). */
export async function installPnpm(major: PnpmMajor): Promise<string> {
  const version = PNPM_MAJORS[major];
  const dir = path.join(rootDir, '.cache', 'ecosystem-tools', `pnpm-${version}`);
  const bin = path.join(dir, 'node_modules', '.bin');
  if (existsSync(path.join(bin, 'pnpm'))) return bin;
  await mkdir(dir, { recursive: true });
  // pnpm 12 swaps its bins for its native binary from an install script: allowed here, and only here.
  await writeFile(path.join(dir, 'package.json'), `${JSON.stringify({ private: true, allowScripts: { pnpm: true } }, null, 2)}\n`);
  await mustRun('npm', ['install', '--no-audit', '--no-fund', '--save-exact', `pnpm@${version}`], { cwd: dir, timeoutMs: 300_000 });
  return bin;
}

/**
 * The environment of a command in an integrator's project: PATH with the chosen Node and the
 * tools first, and none of the npm_* variables of the `npm run` that started the tests (a
 * manager sets its own user agent; an inherited one would name npm everywhere).
 */
export function projectEnv(nodeBinary: string, toolsBin: string | readonly string[], extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!/^npm_/i.test(key)) env[key] = value;
  return {
    ...env,
    PATH: [path.dirname(nodeBinary), ...(typeof toolsBin === 'string' ? [toolsBin] : toolsBin), process.env.PATH ?? ''].join(
      path.delimiter,
    ),
    // CI=true makes Yarn's installs immutable; a fresh project has no lockfile to keep.
    YARN_ENABLE_IMMUTABLE_INSTALLS: 'false',
    YARN_ENABLE_TELEMETRY: '0',
    ...extra,
  };
}

export { mustRun, run };

export interface Server {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** A command that starts a server, in its own process group (a manager's child included), resolved on its `listening on` line. */
export function startServer(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<Server> {
  const timeoutMs = options.timeoutMs ?? 90_000;
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, name);
    } catch {
      // the group is gone already
    }
  };
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    signal('SIGINT');
    // real time: a real child that ignores SIGINT is killed after 5 s.
    const killer = setTimeout(() => signal('SIGKILL'), 5_000);
    await exited;
    clearTimeout(killer);
  };
  return new Promise((resolve, reject) => {
    // real time: a ceiling on a real tool starting, never reached when all is well.
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${command} ${args.join(' ')} did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ url: match[1], output: () => output, stop });
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} ${args.join(' ')} exited with ${code} before listening:\n${output}`));
    });
  });
}

/** Runs `jobs` at most `limit` at a time, in order of start; the first failure is thrown after all settle. */
export async function bounded<T>(limit: number, jobs: Array<() => Promise<T>>): Promise<T[]> {
  const results: Array<PromiseSettledResult<T>> = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const index = next++;
      const job = jobs[index] as () => Promise<T>;
      results[index] = await job().then(
        (value): PromiseFulfilledResult<T> => ({ status: 'fulfilled', value }),
        (reason: unknown): PromiseRejectedResult => ({ status: 'rejected', reason }),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((r) => (r as PromiseFulfilledResult<T>).value);
}
