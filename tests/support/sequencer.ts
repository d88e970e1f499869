// The order files start in. Vitest starts the files that took longest last time first; in a
// fresh clone (CI) it has no timings and starts the largest files first, so the longest ones
// could start last and run on alone. There, the suite's slowest files start first.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The slowest files of `npm test` in a fresh clone's CI run (2026-12-02), slowest first: the
 * longest start first, so the short ones fill the end (there, vitest's own order put the short
 * but busy generated-current, type and figures files last, the run waiting on them alone).
 * Then the slowest of the suites apart (test:docs, test:builds, test:interop), which run on their own.
 */
export const SLOWEST = [
  'tests/docs/site.browser.test.ts',
  'tests/docs/console.browser.test.ts',
  'tests/reliability/client-faults.test.ts',
  'tests/package/consumer.test.ts',
  'tests/msw/parity.test.ts',
  'tests/mock/parity.test.ts',
  'tests/canary/canary.test.ts',
  'tests/mcp/stdio.test.ts',
  'tests/docs/page-security.browser.test.ts',
  'tests/pipeline/generated-current.test.ts',
  'tests/package/pack.test.ts',
  'tests/msw/vite-app.browser.test.ts',
  'tests/docs/behaviours.browser.test.ts',
  'tests/reliability/proxy-hostile.test.ts',
  'tests/docs/console-doors.browser.test.ts',
  'tests/observed/folds.test.ts',
  'tests/types/types.test.ts',
  'tests/observed/figures.test.ts',
  'tests/cli/script-options.test.ts',
  'tests/lint/real-documents.test.ts',
  'tests/docs/commands.test.ts',
  'tests/bruno/bru.test.ts',
  'tests/generators/generators.test.ts',
  'tests/record/import.test.ts',
  'tests/other-languages/clients.test.ts',
  'tests/pipeline/cli-route.test.ts',
  'tests/dev/dev.test.ts',
  'tests/pipeline/incremental.test.ts',
  'tests/clients/defaults.test.ts',
  'tests/contract-tools/specmatic.test.ts',
];

export class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    if (files.every((spec) => this.ctx.cache.getTestSpecificationResult(spec))) return sorted;
    const rank = (spec: TestSpecification) => {
      const at = SLOWEST.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
      return at < 0 ? SLOWEST.length : at;
    };
    // Within each project (its files are contiguous, in the order its group runs); the sort is stable.
    const out: TestSpecification[] = [];
    for (let start = 0; start < sorted.length; ) {
      let end = start;
      while (end < sorted.length && sorted[end]?.project === sorted[start]?.project) end++;
      out.push(...sorted.slice(start, end).sort((a, b) => rank(a) - rank(b)));
      start = end;
    }
    return out;
  }
}
