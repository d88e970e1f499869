// `npm run test:fast`: the suite people run often. Leaves out the browser tests, the
// tests that rebuild the pipeline or compare it with the CLIs, the load, hostile-load and
// fault-injection suites, the packed-install consumer test, and the generators' and Bruno's
// runs (each installs its tool); `npm test` runs them all. The client package test goes
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
];

// Two files at a time on two cores (vitest's default leaves one core to the main process):
// most of these tests wait on a child process (the mock, tsc), not on their own CPU. Workers
// are reused across files (isolate: false), so Redocly, Prism and TypeScript load once per
// worker, not once per file; the files that spy on console restore it in their own hooks.
export default defineConfig({ test: { ...baseTest, exclude: [...baseTest.exclude, ...SLOW_TESTS], maxWorkers: '100%', isolate: false } });
