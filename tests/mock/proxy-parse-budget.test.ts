// The proxy's parse budget: a large parse may start only when it should end before the
// earliest deadline of the calls in flight plus the slack; its estimate follows real parses.
import { performance } from 'node:perf_hooks';
import { expect, test } from 'vitest';
import { ParseBudget } from '../../src/proxy/parse-budget.ts';

const MiB = 1024 * 1024;

function busyFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // a parse that takes this long
  }
}

test('small answers are always parsed; with no call in flight, any size is', () => {
  const budget = new ParseBudget(0);
  const untrack = budget.track(performance.now() - 1_000); // a deadline already past
  expect(budget.allows(1_000)).toBe(true);
  expect(budget.allows(4 * MiB)).toBe(false);
  untrack();
  expect(budget.allows(4 * MiB)).toBe(true);
});

test('the earliest deadline in flight decides, plus the slack', () => {
  const budget = new ParseBudget(0);
  const far = budget.track(performance.now() + 60_000);
  expect(budget.allows(MiB)).toBe(true);
  const near = budget.track(performance.now() + 50);
  expect(budget.allows(MiB)).toBe(false);
  expect(new ParseBudget(60_000).allows(MiB)).toBe(true);
  near();
  expect(budget.allows(MiB)).toBe(true);
  far();
});

test('a slow parse raises the estimate at once; fast ones lower it only gradually', () => {
  const budget = new ParseBudget(0);
  budget.track(performance.now() + 1_000);
  expect(budget.allows(MiB)).toBe(true); // initial estimate: about 0.3 s per MiB
  const parsed = budget.measure(128 * 1024, () => {
    busyFor(200);
    return 'copy';
  });
  expect(parsed).toBe('copy');
  expect(budget.allows(MiB)).toBe(false); // now about 1.6 s per MiB
  budget.measure(MiB, () => undefined); // one fast parse
  expect(budget.allows(MiB)).toBe(false);
});
