// The naive route: every output of the pipeline made by the tools' own CLIs, one
// process per tool and per family, in a row. The benchmark times it; a test checks the
// pipeline's outputs are byte for byte the same.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Family } from './families.ts';

const run = promisify(execFile);
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', CI: 'true' };

/** Runs `node <args>` in dir, as the benchmark runs every tool (telemetry off, CI=true). */
export async function node(dir: string, args: string[]): Promise<void> {
  await run(process.execPath, args, { cwd: dir, env, maxBuffer: 64 * 1024 * 1024 });
}

/** What the route may leave out: a caller that compares only some outputs need not pay for the rest. */
export interface CliRouteOptions {
  /** `redocly lint` and Spectral on every family (they write nothing); default true. */
  lint?: boolean;
  /** The reference pages (`redocly build-docs`); default true. */
  pages?: boolean;
}

/** Writes what the pipeline writes, one CLI process per tool: bundles, types, reference pages, the observed flavours, dist/, the mock start cache and the Postman collections. */
export async function cliRouteBuild(dir: string, families: Family[], options: CliRouteOptions = {}): Promise<void> {
  const { lint = true, pages = true } = options;
  const bin = (file: string) => path.join(dir, 'node_modules', file);
  const redocly = bin('@redocly/cli/bin/cli.js');
  const ruleset = existsSync(path.join(dir, '.spectral.mjs')) ? '.spectral.mjs' : '.spectral.yaml';
  for (const family of families) {
    const bundle = path.join('generated', family.id, 'openapi.yaml');
    if (lint) await node(dir, [redocly, 'lint', family.id]);
    await node(dir, [redocly, 'bundle', family.id, '-o', bundle]);
    if (lint)
      await node(dir, [bin('@stoplight/spectral-cli/dist/index.js'), 'lint', bundle, '--ruleset', ruleset, '--fail-severity', 'error']);
    if (!pages) continue;
    await node(dir, [
      redocly,
      'build-docs',
      bundle,
      '-o',
      path.join('generated', 'docs', `${family.id}.html`),
      '--title',
      family.title,
      '--inlineBundle',
    ]);
  }
  // openapi-typescript reads redocly.yaml's apis: one call writes every family's types.
  await node(dir, [bin('openapi-typescript/bin/cli.js')]);
  // The observed flavour through its own scripts, typed by the CLI with a config of no apis
  // (the pipeline also widens its response dates with null, which the CLI cannot do).
  const observed = path.join('generated', 'v2-pt-observed');
  await node(dir, [path.join(dir, 'scripts/observed/generate.ts')]);
  await node(dir, [
    path.join(dir, 'scripts/observed/apply.ts'),
    '--published',
    path.join('generated', 'v2-pt', 'openapi.yaml'),
    '--out',
    path.join(observed, 'openapi.yaml'),
  ]);
  await writeFile(path.join(dir, 'redocly.observed.yaml'), 'extends:\n  - minimal\n');
  await node(dir, [
    bin('openapi-typescript/bin/cli.js'),
    path.join(observed, 'openapi.yaml'),
    '-o',
    path.join(observed, 'schema.d.ts'),
    '--redocly',
    'redocly.observed.yaml',
  ]);
  // The legacy family's observed flavour, the same way.
  const legacyObserved = path.join('generated', 'legacy-observed');
  const legacyOverlay = path.join('generated', 'legacy-observed', 'overlay.yaml');
  await node(dir, [path.join(dir, 'scripts/observed/generate.ts'), '--family', 'legacy']);
  await node(dir, [
    path.join(dir, 'scripts/observed/apply.ts'),
    ...[
      '--published',
      path.join('generated', 'legacy', 'openapi.yaml'),
      '--overlay',
      legacyOverlay,
      '--out',
      path.join(legacyObserved, 'openapi.yaml'),
    ],
  ]);
  await node(dir, [
    bin('openapi-typescript/bin/cli.js'),
    path.join(legacyObserved, 'openapi.yaml'),
    '-o',
    path.join(legacyObserved, 'schema.d.ts'),
    '--redocly',
    'redocly.observed.yaml',
  ]);
  // The observed flavours' reference pages, as the families'.
  const observedPages = [
    ['v2-pt-observed', 'V2 (Portuguese), observed flavour'],
    ['legacy-observed', 'Legacy, observed flavour'],
  ] as const;
  for (const [id, title] of pages ? observedPages : []) {
    await node(dir, [
      redocly,
      'build-docs',
      path.join('generated', id, 'openapi.yaml'),
      '-o',
      path.join('generated', 'docs', `${id}.html`),
      '--title',
      title,
      '--inlineBundle',
    ]);
  }
  // The JSON twin of every bundle (what the package exports and the mock reads), one process.
  const ids = [...families.map((f) => f.id), 'v2-pt-observed', 'legacy-observed'];
  await node(dir, [
    '--input-type=module',
    '-e',
    `import { readFileSync, writeFileSync } from 'node:fs'; import { parse } from 'yaml';
     for (const id of ${JSON.stringify(ids)}) writeFileSync('generated/' + id + '/openapi.json', JSON.stringify(parse(readFileSync('generated/' + id + '/openapi.yaml', 'utf8'))));`,
  ]);
  // The mock's start cache, rendered by Prism from the bundles, and the MSW handlers' contracts.
  await node(dir, [path.join(dir, 'scripts/pipeline/mock-step.ts')]);
  // The contract index and the call docs (our own step, no tool's CLI does it), which the client's types read.
  await node(dir, [path.join(dir, 'scripts/pipeline/index-step.ts')]);
  // The client, as the pipeline compiles it: after the MSW contracts, which ./msw imports.
  await node(dir, [bin('typescript/bin/tsc'), '-p', 'tsconfig.build.json']);
  // The Postman collections, converted by Postman's converter and finished, from the bundles.
  await node(dir, [path.join(dir, 'scripts/pipeline/postman-step.ts')]);
}
