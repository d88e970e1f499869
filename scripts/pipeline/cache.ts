// Content-hash cache of a family's inputs: the files its bundle was made from (as
// recorded last time), the configs, the tool versions and the pipeline's own code.
// A family whose fingerprint is unchanged and whose outputs are intact is skipped.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface CacheEntry {
  fingerprint: string;
  inputs: string[];
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

export async function fingerprint(rootDir: string, inputs: string[], shared: string, hasher: FileHasher = hashFile): Promise<string> {
  const files = [...inputs].sort();
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
