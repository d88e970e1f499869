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
  /** Line (1-based) where the node starts in the bundle. */
  readonly line: number;
}

export interface LintOptions {
  /** The bundle's text, when the caller holds it already (it is read from bundlePath otherwise). */
  readonly text?: string;
  /** Another ruleset (tests build one on a fixture catalog); lint/ruleset.ts by default. */
  readonly ruleset?: RulesetDefinition;
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

/**
 * Readies a ruleset (the default unless told) before the first real document: builds its
 * Spectral instance and runs it once on the smallest OpenAPI 3.1 document, which
 * compiles the schemas its rules validate with.
 */
export async function prepareSpectral(ruleset: RulesetDefinition = defaultRuleset): Promise<void> {
  const smallest = 'openapi: 3.1.0\ninfo:\n  title: warm-up\n  version: 0.0.0\npaths: {}\n';
  await spectralFor(ruleset).run(new Document(smallest, Parsers.Yaml, 'warm-up.yaml'));
}

export function toFinding(result: ISpectralDiagnostic): SpectralFinding {
  return {
    code: String(result.code),
    message: result.message,
    path: result.path.map(String),
    severity: result.severity,
    line: result.range.start.line + 1,
  };
}

/**
 * Lint a bundled document (generated/<family>/openapi.yaml) with the project's
 * Spectral ruleset. Findings come sorted by position, as the CLI prints them.
 */
export async function lintWithSpectral(bundlePath: string, options: LintOptions = {}): Promise<SpectralFinding[]> {
  const path = resolve(bundlePath);
  const text = options.text ?? (await readFile(path, 'utf8'));
  const results = await spectralFor(options.ruleset ?? defaultRuleset).run(new Document(text, Parsers.Yaml, path));
  return results.map(toFinding);
}

/** True when no finding is an error: the pipeline's pass/fail line, as the CLI's default. */
export function passes(findings: readonly SpectralFinding[]): boolean {
  return findings.every((finding) => finding.severity !== 0);
}
