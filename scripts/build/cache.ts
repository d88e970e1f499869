// Content-hash cache of a family's inputs: the files its bundle was made from (as
// recorded last time), the configs, the tool versions and the pipeline's own code.
// A family whose fingerprint is unchanged and whose outputs are intact is skipped.
import { createHash } from 'node:crypto';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
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

async function hashFile(file: string): Promise<string> {
  try {
    return sha256(await readFile(file));
  } catch {
    return 'missing';
  }
}

export async function fingerprint(rootDir: string, inputs: string[], shared: string): Promise<string> {
  const hash = createHash('sha256').update(shared);
  for (const file of [...inputs].sort()) {
    hash.update(`\0${path.relative(rootDir, file)}\0${await hashFile(file)}`);
  }
  return hash.digest('hex');
}

export async function outputsIntact(rootDir: string, outputs: Record<string, string>): Promise<boolean> {
  for (const [file, digest] of Object.entries(outputs)) {
    if ((await hashFile(path.join(rootDir, file))) !== digest) return false;
  }
  return true;
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
