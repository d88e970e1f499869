// Content-hash cache of a family's inputs: the files its bundle was made from (as
// recorded last time), the configs, the tool versions and the pipeline's own code.
// A family whose fingerprint is unchanged and whose outputs are intact is skipped.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface CacheEntry {
  fingerprint: string;
  inputs: string[];
  /** Folders read whole: the next build lists them again, so a file added, removed or renamed there is a change. */
  folders?: Folder[];
  outputs: Record<string, string>; // relative path -> sha256
}
export type CacheManifest = Record<string, CacheEntry>;

export function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** The digest of a file's bytes; "missing" when it cannot be read. */
export type FileHasher = (file: string) => Promise<string>;

export const hashFile: FileHasher = async (file) => {
  try {
    return sha256(await readFile(file));
  } catch {
    return 'missing';
  }
};

/**
 * A hasher that reads each file once: for deciding what to rebuild, before anything is
 * written (a file several entries read, like a shared component, is hashed once).
 */
export function memoHasher(): FileHasher {
  const seen = new Map<string, Promise<string>>();
  return (file) => {
    let digest = seen.get(file);
    if (!digest) seen.set(file, (digest = hashFile(file)));
    return digest;
  };
}

/** Every file below dir (none when it is missing), sorted: the inputs a folder stands for. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/**
 * A folder a step reads whole, relative to the root, less some paths below it (a file or a
 * folder another step owns, like evidence/flows, or a file the step itself writes).
 */
export interface Folder {
  dir: string;
  except?: string[];
}

function within(parent: string, file: string): boolean {
  return file === parent || file.startsWith(parent + path.sep);
}

/** Whether a file (absolute) is one a folder stands for. */
export function inFolder(rootDir: string, folder: Folder, file: string): boolean {
  return within(path.join(rootDir, folder.dir), file) && !(folder.except ?? []).some((e) => within(path.join(rootDir, e), file));
}

/** Every file a folder stands for, sorted. */
export async function filesOf(rootDir: string, folder: Folder): Promise<string[]> {
  return (await filesUnder(path.join(rootDir, folder.dir))).filter((f) => inFolder(rootDir, folder, f));
}

/**
 * The inputs a previous build recorded, with its folders listed as they are now: a file
 * added, removed or renamed under one changes the list, hence the fingerprint.
 */
export async function currentInputs(rootDir: string, entry: Pick<CacheEntry, 'inputs' | 'folders'>): Promise<string[]> {
  const folders = entry.folders ?? [];
  if (folders.length === 0) return entry.inputs;
  const outside = entry.inputs.filter((f) => !folders.some((folder) => inFolder(rootDir, folder, f)));
  const listed = await Promise.all(folders.map((folder) => filesOf(rootDir, folder)));
  return [...outside, ...listed.flat()];
}

export async function fingerprint(rootDir: string, inputs: string[], shared: string, hasher: FileHasher = hashFile): Promise<string> {
  const files = [...new Set(inputs)].sort();
  // Read side by side: a no-change build is mostly waiting for these reads.
  const digests = await Promise.all(files.map(hasher));
  const hash = createHash('sha256').update(shared);
  for (const [i, file] of files.entries()) hash.update(`\0${path.relative(rootDir, file)}\0${digests[i]}`);
  return hash.digest('hex');
}

export async function outputsIntact(rootDir: string, outputs: Record<string, string>, hasher: FileHasher = hashFile): Promise<boolean> {
  const entries = Object.entries(outputs);
  const digests = await Promise.all(entries.map(([file]) => hasher(path.join(rootDir, file))));
  return entries.every(([, digest], i) => digests[i] === digest);
}

export async function readManifest(file: string): Promise<CacheManifest> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as CacheManifest;
  } catch {
    return {};
  }
}

export async function writeManifest(file: string, manifest: CacheManifest): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(manifest, null, 2)}\n`);
}
