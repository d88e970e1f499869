// Spectral CLI entry (`npx spectral lint generated/<family>/openapi.yaml`).
// The ruleset itself is lint/ruleset.ts, shared with the pipeline (lint/spectral.ts).
// The CLI bundles this file with rollup, which cannot read TypeScript, so the
// ruleset is required at run time instead: Node 24 loads .ts files itself. Inside
// the CLI `require` is the one it hands to rulesets; loaded as plain ESM, we make one.
import { createRequire } from 'node:module';

const load = typeof require === 'function' ? require : createRequire(import.meta.url);

export default load('./lint/ruleset.ts').ruleset;
