// What the packed-install tests share: the tarball `npm pack` makes, a fresh project that
// installs it, and Node binaries of other majors from the npm registry's `node` packages,
// kept under .cache/consumer-node/ so a second run installs nothing.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { rootDir } from './bundle.ts';

export { rootDir };

const exec = promisify(execFile);

export interface RunResult {
  stdout: string;
  stderr: string;
  code: number;
}

/** Runs a command to its end; a non-zero exit is a result, not a throw, so tests can print it. */
export async function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<RunResult> {
  try {
    const { stdout, stderr } = await exec(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      timeout: options.timeoutMs ?? 240_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; code?: number | string };
    return { stdout: failed.stdout ?? '', stderr: failed.stderr ?? String(error), code: typeof failed.code === 'number' ? failed.code : 1 };
  }
}

export async function mustRun(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<RunResult> {
  const result = await run(command, args, options);
  if (result.code !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.code}\n${result.stdout}\n${result.stderr}`);
  return result;
}

export interface PackedFile {
  path: string;
  size: number;
}

export interface Packed {
  /** Absolute path of the tarball. */
  tarball: string;
  files: PackedFile[];
}

/** `npm pack` of this repository into `destination` (`dryRun`: only the list). */
export async function pack(destination: string, dryRun = false): Promise<Packed> {
  const args = ['pack', '--json', '--pack-destination', destination, ...(dryRun ? ['--dry-run'] : [])];
  const { stdout } = await mustRun('npm', args, { cwd: rootDir });
  const [entry] = JSON.parse(stdout) as Array<{ filename: string; files: PackedFile[] }>;
  if (!entry) throw new Error(`npm pack printed no entry:\n${stdout}`);
  return { tarball: path.join(destination, entry.filename), files: entry.files };
}

/** The `node` package of the npm registry at `version`, installed once under .cache/consumer-node/. */
export async function installNode(version: string): Promise<string> {
  const dir = path.join(rootDir, '.cache', 'consumer-node', version);
  const binary = path.join(dir, 'node_modules', 'node', 'bin', 'node');
  const installed = async () => existsSync(binary) && (await run(binary, ['--version'], { cwd: dir })).stdout.trim() === `v${version}`;
  if (await installed()) return binary;
  // Several files may ask at once: one installs (an exclusive mkdir is the lock), the others wait for it.
  const lock = `${dir}.lock`;
  await mkdir(path.dirname(dir), { recursive: true });
  const started = Date.now();
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A lock older than the install's own time limit was left by a run that died.
      const age =
        Date.now() -
        (await stat(lock).then(
          (s) => s.mtimeMs,
          () => Date.now(),
        ));
      if (age > 360_000) await rm(lock, { recursive: true, force: true });
      else if (Date.now() - started > 600_000) throw new Error(`node@${version}: another install held ${lock} for 10 minutes`);
      else await sleep(250);
    }
  }
  try {
    if (await installed()) return binary;
    await mkdir(dir, { recursive: true });
    // The `node` package places its binary from a preinstall script: allowed here, and only here.
    await writeFile(path.join(dir, 'package.json'), `${JSON.stringify({ private: true, allowScripts: { node: true } }, null, 2)}\n`);
    await mustRun('npm', ['install', '--no-audit', '--no-fund', '--save-exact', `node@${version}`], { cwd: dir, timeoutMs: 300_000 });
    const { stdout } = await mustRun(binary, ['--version'], { cwd: dir });
    if (stdout.trim() !== `v${version}`) throw new Error(`node@${version} installed ${stdout.trim()}`);
    return binary;
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}
