// A throw-away copy of the project's inputs (node_modules linked, not copied) for tests
// that run the pipeline on an edited contract or client without touching the real one.
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rootDir } from './bundle.ts';

/** What a build reads: the contract, the configs, the pipeline, the evidence, the client. */
export const PROJECT_INPUTS = [
  'spec', 'redocly.yaml', '.spectral.mjs', 'package.json', 'package-lock.json', 'lint', 'scripts', 'evidence', 'docs',
  'src', 'tsconfig.json', 'tsconfig.build.json',
];

export interface ProjectCopy {
  dir: string;
  dispose(): Promise<void>;
}

export async function copyProject(prefix: string, entries: readonly string[] = PROJECT_INPUTS): Promise<ProjectCopy> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  for (const entry of entries) {
    await cp(path.join(rootDir, entry), path.join(dir, entry), { recursive: true }).catch(() => undefined);
  }
  await symlink(path.join(rootDir, 'node_modules'), path.join(dir, 'node_modules'));
  return { dir, dispose: () => rm(dir, { recursive: true, force: true }) };
}
