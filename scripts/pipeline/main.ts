// `npm run build`: the whole pipeline. `--force` rebuilds every family; `--check`
// builds into a temporary folder and fails when a committed generated file is stale.
// package.json runs it with `node --max-opt=2` (V8 stops at Maglev): a short build
// gains nothing from TurboFan's compiles (figures in bench/results.md).
import module from 'node:module';
import { scriptArgs } from '../lib/args.ts';

const { values: args } = scriptArgs({
  command: 'npm run build',
  usage: `Usage: npm run build [-- --force | --check]

Builds what changed since the last build: bundles, types, pages, the observed flavours,
the client and the mock's start cache.

  --force   rebuild every family
  --check   build into a temporary folder; exit 1 when a committed generated file is stale
  --help    this text`,
  options: { force: { type: 'boolean' }, check: { type: 'boolean' } },
});

// V8's on-disk code cache for the modules loaded below (as the Redocly CLI and tsc
// enable for themselves): each later build compiles less. Before the imports it covers.
module.enableCompileCache?.();
const { findStaleFiles, runPipeline } = await import('./pipeline.ts');
const { StepError } = await import('./step-error.ts');

process.env.REDOCLY_TELEMETRY ??= 'off';
process.env.REDOCLY_SUPPRESS_UPDATE_NOTICE ??= 'true';

const rootDir = process.cwd();

function fail(error: unknown): never {
  const errors = error instanceof AggregateError ? error.errors : [error];
  for (const e of errors) {
    if (e instanceof StepError) console.error(`\n✗ family ${e.family}, step ${e.step}:\n${e.details}`);
    else console.error(e);
  }
  process.exit(1);
}

try {
  if (args.check === true) {
    const stale = await findStaleFiles(rootDir);
    if (stale.length > 0) {
      console.error(`✗ generated files are stale; run \`npm run build\`:\n${stale.map((f) => `  ${f}`).join('\n')}`);
      process.exit(1);
    }
    console.log('✓ generated files are current');
  } else {
    const started = performance.now();
    const reports = await runPipeline({ rootDir, force: args.force === true, log: (l) => console.log(l) });
    for (const r of reports) for (const w of r.warnings) console.log(`${r.id}: ${w}`);
    console.log(`✓ build finished in ${Math.round(performance.now() - started)} ms`);
  }
} catch (error) {
  fail(error);
}
