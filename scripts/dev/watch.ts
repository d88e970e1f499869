// What `npm run dev` watches: spec/ (the families, their overlays, the catalog), evidence/
// and redocly.yaml. Events settle for a moment before a rebuild (an editor's save is
// several events), and editors' scratch files are not changes.
//
// Folders are watched, never files: a save by rename (`sed -i`, editors' safe-write) puts a
// new file in the old one's place, and a watch held on the old file hears nothing more.
// Node's recursive fs.watch on Linux holds one watch per file, so each folder gets its own.
import { existsSync, readdirSync, statSync, watch, type FSWatcher } from 'node:fs';
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

/**
 * Watches `top` (relative to rootDir) and every folder under it, one watch per folder, and
 * tells `note` the path of each entry an event names. A folder that appears is watched
 * from then on (its files are changes), one that goes is let go.
 */
function watchTree(rootDir: string, top: string, note: (file: string) => void): Watcher {
  const watchers = new Map<string, FSWatcher>();
  const add = (dir: string, announce: boolean) => {
    if (watchers.has(dir)) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(path.join(rootDir, dir), (_event, name) => name && seen(path.join(dir, name.toString())));
    } catch {
      return; // gone already
    }
    watcher.on('error', () => drop(dir));
    watchers.set(dir, watcher);
    for (const entry of safeList(path.join(rootDir, dir))) {
      const child = path.join(dir, entry.name);
      if (entry.isDirectory()) add(child, announce);
      else if (announce) note(child);
    }
  };
  const drop = (dir: string) => {
    for (const [d, w] of watchers) {
      if (d === dir || d.startsWith(dir + path.sep)) {
        w.close();
        watchers.delete(d);
      }
    }
  };
  const seen = (file: string) => {
    if (watchers.has(file) && !existsSync(path.join(rootDir, file))) drop(file);
    else if (!watchers.has(file) && safeIsDir(path.join(rootDir, file))) add(file, true);
    note(file);
  };
  add(top, false);
  return {
    close() {
      for (const w of watchers.values()) w.close();
      watchers.clear();
    },
  };
}

function safeList(dir: string) {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

function safeIsDir(file: string): boolean {
  return statSync(file, { throwIfNoEntry: false })?.isDirectory() ?? false;
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
  const watchers: Watcher[] = [
    ...WATCHED_DIRS.map((dir) => watchTree(rootDir, dir, note)),
    // The root folder, not the file, for the same reason.
    (() => {
      const w = watch(rootDir, (_event, name) => name && WATCHED_FILES.includes(name.toString()) && note(name.toString()));
      return { close: () => w.close() };
    })(),
  ];
  return {
    close() {
      clearTimeout(timer);
      for (const w of watchers) w.close();
    },
  };
}

/** A fixture folder (`--examples`): `changed` once its JSON files settle after a save (a refused one is reported by the reload). */
export function watchFixtures(dir: string, changed: () => void): Watcher {
  let timer: NodeJS.Timeout | undefined;
  const watcher = watch(path.resolve(dir), (_event, name) => {
    const file = name?.toString() ?? '';
    if (!file.endsWith('.json') || isScratch(file)) return;
    clearTimeout(timer);
    timer = setTimeout(changed, 100);
  });
  watcher.on('error', () => watcher.close());
  return {
    close() {
      clearTimeout(timer);
      watcher.close();
    },
  };
}
