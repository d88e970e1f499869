// The typed client's JavaScript and declarations (dist/), compiled from src/ and the
// generated types in the TypeScript worker (ts-worker.ts), so a consumer needs no
// TypeScript build of ours. dist/ is not committed; it is rebuilt when src/, the types
// or the compiler settings change.
import path from 'node:path';
import { filesUnder, fingerprint, outputsIntact, type CacheEntry, type FileHasher } from './cache.ts';
import { CLIENT_ID } from './step-ids.ts';
import { digestOutputs } from './step.ts';
import { StepError } from './step-error.ts';

export async function clientInputs(rootDir: string): Promise<string[]> {
  const types = (await filesUnder(path.join(rootDir, 'generated'))).filter((f) => f.endsWith('schema.d.ts') || f.endsWith('calls.d.ts'));
  return [
    ...(await filesUnder(path.join(rootDir, 'src'))),
    ...types,
    path.join(rootDir, 'tsconfig.json'),
    path.join(rootDir, 'tsconfig.build.json'),
  ];
}

export interface ClientStepOptions {
  rootDir: string;
  /** The shared part of every fingerprint (tool versions, configs, pipeline code). */
  shared: string;
  /** Hashes files for the freshness check; the build's memo when no type was rewritten. */
  hasher: FileHasher;
  /** The client's entry in the last build's cache. */
  previous: CacheEntry | undefined;
  /** Runs tsc -p tsconfig.build.json; returns the files written. */
  compile(): Promise<string[]>;
  log(line: string): void;
}

/** Compiles the client unless it is current: its new cache entry, or undefined when nothing was done. */
export async function compileClient(opts: ClientStepOptions): Promise<CacheEntry | undefined> {
  const { rootDir, previous, hasher } = opts;
  const inputs = await clientInputs(rootDir);
  const current = await fingerprint(rootDir, inputs, opts.shared, hasher);
  if (previous && previous.fingerprint === current && (await outputsIntact(rootDir, previous.outputs, hasher))) return undefined;
  const started = performance.now();
  let files: string[];
  try {
    files = await opts.compile();
  } catch (error) {
    throw new StepError(CLIENT_ID, 'client (tsc -p tsconfig.build.json)', (error as Error).message);
  }
  const outputs = await digestOutputs(rootDir, files);
  opts.log(`${CLIENT_ID}: compiled to dist/ in ${Math.round(performance.now() - started)} ms`);
  return { fingerprint: current, inputs, outputs };
}
