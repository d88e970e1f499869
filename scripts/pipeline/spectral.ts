// Spectral, in process, on a bundled document, with the project's one ruleset
// (lint/ruleset.ts, which .spectral.mjs hands to the CLI too). Path-item $refs in the
// sources trip Spectral's 3.1 schema check, so it always reads the bundle. The
// pipeline runs it in spectral-worker.ts.
import { lintWithSpectral, prepareSpectral, type SpectralFinding } from '../../lint/spectral.ts';

export type { SpectralFinding };

export interface SpectralJob {
  bundlePath: string;
  text: string;
}

export function spectralLint(job: SpectralJob): Promise<SpectralFinding[]> {
  return lintWithSpectral(job.bundlePath, { text: job.text });
}

/** Loads Spectral and builds the ruleset (validating it, compiling its schemas) ahead of the first job. */
export { prepareSpectral };
