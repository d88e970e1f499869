// What the pipeline's steps share: the context they run in, what a step returns for
// the build cache and the log, and how a failure names its step.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sha256, type Folder } from './cache.ts';
import type { SpectralFinding, SpectralJob } from './spectral.ts';
import { StepError } from './step-error.ts';

export interface FamilyReport {
  id: string;
  skipped: boolean;
  /** Generated files, relative to the output folder. */
  files: string[];
  warnings: string[];
  ms: number;
  /** Files the build renders into the source tree (relative to the root) with their content. */
  sources?: Record<string, string>;
}

export interface BuiltFamily {
  report: FamilyReport;
  /** Files the output was made from: the next build hashes these to decide. */
  inputs: string[];
  /** Folders read whole (their files are among `inputs`): the next build lists them again. */
  folders?: Folder[];
  /** Output path (relative to the output folder) -> sha256. */
  outputs: Record<string, string>;
  /** The bundle in memory, for the steps after it in this build (so none reads it back). */
  document?: Record<string, unknown>;
}

export interface StepContext {
  rootDir: string;
  outDir: string;
  writeIfChanged(file: string, content: string): Promise<void>;
  /** The types of a bundled document (openapi-typescript, in the TypeScript worker). */
  types(document: Record<string, unknown>, flavour: 'published' | 'observed'): Promise<string>;
  /** Spectral's findings on a bundle (in the Spectral worker). */
  spectral(job: SpectralJob): Promise<SpectralFinding[]>;
}

/** Runs one step's work; a failure becomes a StepError naming the family and the step. */
export async function runStep<T>(family: string, name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StepError) throw error;
    throw new StepError(family, name, error instanceof Error ? error.message : String(error));
  }
}

/** The sha256 of each output file, by its path relative to `baseDir` (the cache's record). */
export async function digestOutputs(baseDir: string, files: readonly string[]): Promise<Record<string, string>> {
  const outputs: Record<string, string> = {};
  for (const file of files) outputs[path.relative(baseDir, file)] = sha256(await readFile(file));
  return outputs;
}
