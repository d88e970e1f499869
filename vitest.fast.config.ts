// `npm run test:fast`: the suite people run while editing, about a minute on two cores. Leaves
// out the browser tests, the tests that rebuild the pipeline or compare it with the CLIs, the
// load, hostile-load and fault-injection suites, the packed-install consumer test, the
// generators' and Bruno's runs (each installs its tool) and the files of over 5 s; `npm test` runs them all. The client package test goes
// with the rebuilds: it recompiles dist/, which files running beside it may be reading.
import { defineConfig } from 'vitest/config';
import { baseTest } from './vitest.config.ts';

const SLOW_TESTS = [
  'tests/**/*.browser.test.ts',
  'tests/pipeline/generated-current.test.ts',
  'tests/pipeline/incremental.test.ts',
  'tests/pipeline/cli-route.test.ts',
  'tests/lint/cli-equivalence.test.ts',
  'tests/pipeline/client-compile.test.ts',
  'tests/pipeline/failures.test.ts',
  'tests/pipeline/superseded.test.ts',
  'tests/dev/**',
  'tests/generators/**',
  'tests/bruno/**',
  'tests/client/package.test.ts',
  'tests/reliability/load.test.ts',
  'tests/reliability/mock-hostile.test.ts',
  'tests/reliability/proxy-hostile.test.ts',
  'tests/reliability/client-faults.test.ts',
  'tests/package/**',
  'tests/hover/hover.test.ts',
  'tests/contributing/recipes.test.ts',
  'tests/canary/canary.test.ts',
  // Over 10 s each in a full run (bench/results.md): tsc over the type tests, the parity
  // sweeps, the recorder's import and observed rebuilds, the scripts' command lines.
  'tests/record/import.test.ts',
  'tests/record/record.test.ts',
  'tests/record/disk.test.ts',
  'tests/msw/parity.test.ts',
  'tests/mock/parity.test.ts',
  'tests/cli/script-options.test.ts',
  'tests/cli/start-errors.test.ts',
  'tests/types/types.test.ts',
  'tests/client/types.test.ts',
  'tests/observed/overlay.test.ts',
  'tests/observed/folds.test.ts',
  'tests/observed/figures.test.ts',
  'tests/observed/types.test.ts',
  'tests/observed/client-types.test.ts',
  'tests/observed/behaviours-types.test.ts',
  'tests/breaking/cli.test.ts',
  'tests/lint/real-documents.test.ts',
  'tests/mcp/stdio.test.ts',
  'tests/reliability/bad-input.test.ts',
  // Over 5 s each in a test:fast run (2026-12-02): the behaviours on the observed mock, the flows
  // runner's scenarios, the traceability rules on every document, the observed flavour under Prism.
  'tests/observed/behaviours-mock.test.ts',
  'tests/flows/runner.test.ts',
  'tests/lint/traceability.test.ts',
  'tests/observed/prism.test.ts',
];

// Two files at a time on two cores (vitest's default leaves one core to the main process):
// most of these tests wait on a child process (the mock, tsc), not on their own CPU. Workers
// are reused across files (isolate: false), so Redocly, Prism and TypeScript load once per
// worker, not once per file; the files that spy on console restore it in their own hooks.
export default defineConfig({ test: { ...baseTest, exclude: [...baseTest.exclude, ...SLOW_TESTS], maxWorkers: '100%', isolate: false } });
