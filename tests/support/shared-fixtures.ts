// What several test files need and only one should make: the packed tarball and one fresh
// project that installed it. Made once per `vitest run`, by whichever file asks first, under
// a lock in the run's folder (shared-global-setup.ts provides it); the other files wait for it.
//
// A new test uses it like this (it may run beside the others, so it writes only in its own folder):
//   const install = await packedInstall();          // in beforeAll, with a generous hook timeout
//   const dir = await install.workDir('my-test');   // a folder inside the project: `import 'air-travel-api-contract'`
//                                                   // and `npx air-travel-api-contract` resolve to the installed package
//   install.tarball, install.files, install.project (its node_modules/.bin holds the installed bin)
import { existsSync, rmSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import { mustRun, pack, type PackedFile } from './package.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's folder for the shared fixtures; removed when the run ends. */
    sharedDir: string;
  }
}

export interface PackedInstall {
  /** Absolute path of the tarball `npm pack` made. */
  tarball: string;
  /** What the tarball holds, as `npm pack --json` lists it. */
  files: PackedFile[];
  /** The fresh project (`{ "type": "module" }`) whose node_modules holds the installed tarball; read it, write in workDir(). */
  project: string;
}

const WAIT_MS = 15 * 60_000;

let fallback: string | undefined;

/** The run's shared folder; a config without the global set-up gets one per process. */
function sharedRoot(): string {
  let provided: string | undefined;
  try {
    provided = inject('sharedDir');
  } catch {
    provided = undefined;
  }
  if (provided) return provided;
  if (!fallback) {
    fallback = path.join(os.tmpdir(), `suite-shared-${process.pid}`);
    const dir = fallback;
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  return fallback;
}

const made = new Map<string, Promise<unknown>>();

/**
 * `make` run once per test run for `name`, in its own folder: the first caller (of any
 * file, any worker) holds the lock (an exclusive mkdir) and writes the result; the others
 * wait for it. A failure is written too, so the waiting files fail with its reason.
 */
export function once<T>(name: string, make: (dir: string) => Promise<T>): Promise<T> {
  const known = made.get(name);
  if (known) return known as Promise<T>;
  const result = (async (): Promise<T> => {
    const root = sharedRoot();
    await mkdir(root, { recursive: true });
    const dir = path.join(root, name);
    const outcome = path.join(root, `${name}.outcome.json`);
    try {
      await mkdir(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      return waitFor<T>(outcome, name);
    }
    const write = async (value: { ok: true; value: T } | { ok: false; error: string }) => {
      await writeFile(`${outcome}.part`, JSON.stringify(value));
      await rename(`${outcome}.part`, outcome);
    };
    try {
      const value = await make(dir);
      await write({ ok: true, value });
      return value;
    } catch (error) {
      await write({ ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      throw error;
    }
  })();
  made.set(name, result);
  return result;
}

async function waitFor<T>(outcome: string, name: string): Promise<T> {
  const started = Date.now();
  while (!existsSync(outcome)) {
    if (Date.now() - started > WAIT_MS) throw new Error(`the shared fixture "${name}" was not ready within ${WAIT_MS / 60_000} minutes`);
    await sleep(200);
  }
  const read = JSON.parse(await readFile(outcome, 'utf8')) as { ok: true; value: T } | { ok: false; error: string };
  if (!read.ok) throw new Error(`the shared fixture "${name}" failed in another test file:\n${read.error}`);
  return read.value;
}

/** The packed tarball installed once into a fresh project (its dependencies from the registry). */
export async function packedInstall(): Promise<PackedInstall & { workDir(name: string): Promise<string> }> {
  const install = await once('packed-install', async (dir): Promise<PackedInstall> => {
    const packed = await pack(dir);
    const project = path.join(dir, 'consumer');
    await mkdir(project);
    await writeFile(
      path.join(project, 'package.json'),
      `${JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2)}\n`,
    );
    await mustRun('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--prefer-offline', packed.tarball], {
      cwd: project,
      timeoutMs: 400_000,
    });
    return { tarball: packed.tarball, files: packed.files, project };
  });
  return {
    ...install,
    /** A fresh folder inside the project for one test file (emptied if a previous attempt left it). */
    async workDir(name: string): Promise<string> {
      const dir = path.join(install.project, name);
      await rm(dir, { recursive: true, force: true });
      await mkdir(dir, { recursive: true });
      return dir;
    },
  };
}
