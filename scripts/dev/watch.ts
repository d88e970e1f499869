// What `npm run dev` watches: spec/ (the families, their overlays, the catalog), evidence/
// and redocly.yaml. Events settle for a moment before a rebuild (an editor's save is
// several events), and editors' scratch files are not changes.
import { existsSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';

export const WATCHED_DIRS = ['spec', 'evidence'];
export const WATCHED_FILES = ['redocly.yaml'];

/** Swap files, backups and the probe file some editors write beside the one saved. */
function isScratch(name: string): boolean {
  const base = path.basename(name);
  return base.endsWith('~') || /\.(swp|swx|swo|tmp)$/.test(base) || base.startsWith('.#') || base === '4913';
}

export interface Watcher {
  close(): void;
}

/** Calls `onChange` with the files changed (relative to rootDir) once events have settled for `settleMs`. */
export function watchInputs(rootDir: string, onChange: (files: string[]) => void, settleMs = 40): Watcher {
  const changed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const note = (file: string) => {
    if (isScratch(file)) return;
    changed.add(file);
    clearTimeout(timer);
    timer = setTimeout(() => {
      // A tool that saves through a temporary file reports that file too, gone by now.
      const all = [...changed].sort();
      changed.clear();
      const present = all.filter((f) => existsSync(path.join(rootDir, f)));
      onChange(present.length > 0 ? present : all);
    }, settleMs);
  };
  const watchers: FSWatcher[] = [
    ...WATCHED_DIRS.map((dir) =>
      watch(path.join(rootDir, dir), { recursive: true }, (_event, name) => name && note(path.join(dir, name.toString()))),
    ),
    // The root folder, not the file: an editor that saves by renaming replaces the file a watch would hold.
    watch(rootDir, (_event, name) => name && WATCHED_FILES.includes(name.toString()) && note(name.toString())),
  ];
  return {
    close() {
      clearTimeout(timer);
      for (const w of watchers) w.close();
    },
  };
}
