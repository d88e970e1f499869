// Spectral, in process, on a bundled document, with the project's one ruleset
// (lint/ruleset.ts, which .spectral.mjs hands to the CLI too). Path-item $refs in the
// sources trip Spectral's 3.1 schema check, so it always reads the bundle.
import { lintWithSpectral, type SpectralFinding } from '../../lint/spectral.ts';

export type { SpectralFinding };

export function spectralLint(bundlePath: string, text: string): Promise<SpectralFinding[]> {
  return lintWithSpectral(bundlePath, { text });
}
