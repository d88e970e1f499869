// The typed client's JavaScript and declarations (dist/), compiled by tsc from src/ and
// the generated types, so a consumer needs no TypeScript build of ours. dist/ is not
// committed; it is rebuilt when src/, the types or the compiler settings change.
import { execFile } from 'node:child_process';
import { readdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';

export const CLIENT_ID = 'client';
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)).sort();
}

export async function clientInputs(rootDir: string): Promise<string[]> {
  const types = (await filesUnder(path.join(rootDir, 'generated'))).filter((f) => f.endsWith('schema.d.ts'));
  return [...(await filesUnder(path.join(rootDir, 'src'))), ...types, path.join(rootDir, 'tsconfig.json'), path.join(rootDir, 'tsconfig.build.json')];
}

/** Compiles src/ into dist/ and returns the files written. */
export async function buildClient(rootDir: string): Promise<string[]> {
  const dist = path.join(rootDir, 'dist');
  await rm(dist, { recursive: true, force: true });
  try {
    await promisify(execFile)(process.execPath, [tsc, '-p', path.join(rootDir, 'tsconfig.build.json')], { cwd: rootDir });
  } catch (error) {
    const { stdout } = error as { stdout?: string };
    throw new Error(stdout?.trim() || String(error));
  }
  return filesUnder(dist);
}
