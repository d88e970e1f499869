// What `npm run dev` watches: spec/ (the families, their overlays, the catalog), evidence/
// and redocly.yaml, through chokidar (it follows saves by rename, editors' safe-write, and
// folders that appear or go). Events settle for a moment before a rebuild (an editor's
// save is several events), and editors' scratch files are not changes.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';

export const WATCHED_DIRS = ['spec', 'evidence'];
export const WATCHED_FILES = ['redocly.yaml'];

/** Swap files, backups and the probe file some editors write beside the one saved. */
function isScratch(name: string): boolean {
  const base = path.basename(name);
  return base.endsWith('~') || /\.(swp|swx|swo|tmp)$/.test(base) || base.startsWith('.#') || base === '4913';
}

export interface Watcher {
  /** Resolves once every watch is in place: a change from then on is seen. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** chokidar on `targets`, each event's path (relative to `rootDir`) told to `note`. */
function watching(rootDir: string, targets: string[], note: (file: string) => void): Watcher {
  const watcher: FSWatcher = watch(targets, { cwd: rootDir, ignoreInitial: true, ignored: (file) => isScratch(file) });
  for (const event of ['add', 'change', 'unlink', 'addDir', 'unlinkDir'] as const) watcher.on(event, (file: string) => note(file));
  // A folder that goes while it is being read is not a failure of the loop.
  watcher.on('error', () => undefined);
  return {
    ready: new Promise((resolve) => watcher.once('ready', () => resolve())),
    close: () => watcher.close(),
  };
}

/** Calls `onChange` with the files changed (relative to rootDir) once events have settled for `settleMs`. */
export function watchInputs(rootDir: string, onChange: (files: string[]) => void, settleMs = 40): Watcher {
  const changed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const watcher = watching(rootDir, [...WATCHED_DIRS, ...WATCHED_FILES], (file) => {
    changed.add(file);
    clearTimeout(timer);
    timer = setTimeout(() => {
      // A tool that saves through a temporary file reports that file too, gone by now.
      const all = [...changed].sort();
      changed.clear();
      const present = all.filter((f) => existsSync(path.join(rootDir, f)));
      onChange(present.length > 0 ? present : all);
    }, settleMs);
  });
  return {
    ready: watcher.ready,
    async close() {
      clearTimeout(timer);
      await watcher.close();
    },
  };
}

/** A fixture folder (`--examples`): `changed` once its JSON files settle after a save (a refused one is reported by the reload). */
export function watchFixtures(dir: string, changed: () => void): Watcher {
  let timer: NodeJS.Timeout | undefined;
  const watcher = watching(path.resolve(dir), ['.'], (file) => {
    if (!file.endsWith('.json')) return;
    clearTimeout(timer);
    timer = setTimeout(changed, 100);
  });
  return {
    ready: watcher.ready,
    async close() {
      clearTimeout(timer);
      await watcher.close();
    },
  };
}
