// A copy of the repository that is already built, for the tests that need a built clone
// (observed:add, npm run dev, the docs' commands): the project's own build (CI's
// `npm run build`, or yours) is reused. The copy gets generated/ and dist/ and the build
// caches re-keyed to its folder, so its first build has nothing to do instead of rebuilding
// everything; where the project is not built, that first build does the work, as in a clone.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sha256 } from '../../scripts/pipeline/cache.ts';
import { makeWorkspace, type Workspace, type WorkspaceOptions } from '../../scripts/lib/workspace.ts';
import { rootDir } from './bundle.ts';

/** The pipeline's cache files of a project: its build manifest and its pages' cache, each keyed by the output folder. */
function caches(dir: string): string[] {
  const generated = path.join(dir, 'generated');
  return [
    path.join(dir, '.cache', 'build', `${sha256(generated).slice(0, 16)}.json`),
    path.join(dir, '.cache', 'docs', `${sha256(path.join(generated, 'docs')).slice(0, 16)}.json`),
  ];
}

export async function builtCopy(options: WorkspaceOptions = {}): Promise<Workspace> {
  const ws = await makeWorkspace(rootDir, { ...options, also: [...new Set(['generated', 'dist', ...(options.also ?? [])])] });
  const to = caches(ws.dir);
  await Promise.all(
    caches(rootDir).map(async (from, i) => {
      const text = await readFile(from, 'utf8').catch(() => undefined);
      if (text === undefined) return;
      const target = to[i] as string;
      await mkdir(path.dirname(target), { recursive: true });
      // The caches name inputs by absolute path: the project's become the copy's.
      await writeFile(target, text.replaceAll(`"${rootDir}${path.sep}`, `"${ws.dir}${path.sep}`));
    }),
  );
  return ws;
}
