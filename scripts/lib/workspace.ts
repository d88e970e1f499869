// A throw-away copy of the project's inputs (node_modules linked, not copied), so
// benchmarks and the pipeline tests never touch the real generated/ or dist/.
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const INPUTS = [
  'spec',
  'scripts',
  'lint',
  'src',
  // The committed contract index: src/ reads it as it loads, before a build in the copy writes it anew.
  'generated/contract',
  'evidence',
  'docs',
  'redocly.yaml',
  '.spectral.mjs',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
];

export interface Workspace {
  dir: string;
  dispose(): Promise<void>;
}

export interface WorkspaceOptions {
  /** Start of the temporary folder's name. */
  prefix?: string;
  /** Entries copied beyond the inputs (e.g. `generated`). */
  also?: readonly string[];
}

export async function makeWorkspace(rootDir: string, options: WorkspaceOptions = {}): Promise<Workspace> {
  const dir = await mkdtemp(path.join(tmpdir(), options.prefix ?? 'bench-'));
  for (const entry of [...INPUTS, ...(options.also ?? [])]) {
    await cp(path.join(rootDir, entry), path.join(dir, entry), { recursive: true }).catch(() => undefined);
  }
  await symlink(path.join(rootDir, 'node_modules'), path.join(dir, 'node_modules'));
  return { dir, dispose: () => rm(dir, { recursive: true, force: true }) };
}
