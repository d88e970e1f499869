// The order files start in. Vitest starts the files that took longest last time first; in a
// fresh clone (CI) it has no timings and starts the largest files first, so the longest ones
// could start last and run on alone. There, the suite's slowest files start first.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The ten slowest files of the bench's `npm test` row (bench/results.md), slowest first, then four that ran long in full runs. */
export const SLOWEST = [
  'tests/docs/commands.test.ts',
  'tests/reliability/client-faults.test.ts',
  'tests/docs/site.browser.test.ts',
  'tests/pipeline/incremental.test.ts',
  'tests/record/import.test.ts',
  'tests/package/consumer.test.ts',
  'tests/dev/dev.test.ts',
  'tests/contract-tools/specmatic.test.ts',
  'tests/docs/console.browser.test.ts',
  'tests/generators/generators.test.ts',
  'tests/bruno/bru.test.ts',
  'tests/pipeline/cli-route.test.ts',
  'tests/clients/defaults.test.ts',
  'tests/other-languages/clients.test.ts',
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
