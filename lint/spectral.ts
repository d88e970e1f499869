// Spectral in-process, for the pipeline: the same ruleset as the CLI
// (lint/ruleset.ts), run on a bundle without starting a process.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Document, Spectral, type ISpectralDiagnostic, type RulesetDefinition } from '@stoplight/spectral-core';
import Parsers from '@stoplight/spectral-parsers';
import { ruleset as defaultRuleset } from './ruleset.ts';

export interface SpectralFinding {
  /** Rule name, e.g. `operation-name-listed` or `owasp:api2:2023-write-restricted`. */
  readonly code: string;
  readonly message: string;
  /** JSON path of the node the finding points at (the component, when reached through a $ref). */
  readonly path: string[];
  /** 0 error, 1 warning, 2 information, 3 hint (Spectral's DiagnosticSeverity). */
  readonly severity: number;
  /** Zero-based line and character where the node starts in the bundle. */
  readonly start: { readonly line: number; readonly character: number };
}

const instances = new WeakMap<RulesetDefinition, Spectral>();

function spectralFor(ruleset: RulesetDefinition): Spectral {
  let spectral = instances.get(ruleset);
  if (spectral === undefined) {
    spectral = new Spectral();
    spectral.setRuleset(ruleset);
    instances.set(ruleset, spectral);
  }
  return spectral;
}

export function toFinding(result: ISpectralDiagnostic): SpectralFinding {
  return {
    code: String(result.code),
    message: result.message,
    path: result.path.map(String),
    severity: result.severity,
    start: { line: result.range.start.line, character: result.range.start.character },
  };
}

/**
 * Lint a bundled document (generated/<family>/openapi.yaml) with the project's
 * Spectral ruleset, or another one (tests pass a ruleset built on a fixture catalog).
 * Findings come sorted by position, as the CLI prints them.
 */
export async function lintWithSpectral(
  bundlePath: string,
  ruleset: RulesetDefinition = defaultRuleset,
): Promise<SpectralFinding[]> {
  const path = resolve(bundlePath);
  const text = await readFile(path, 'utf8');
  const results = await spectralFor(ruleset).run(new Document(text, Parsers.Yaml, path));
  return results.map(toFinding);
}

/** True when no finding is an error: the pipeline's pass/fail line, as the CLI's default. */
export function passes(findings: readonly SpectralFinding[]): boolean {
  return findings.every((finding) => finding.severity !== 0);
}
