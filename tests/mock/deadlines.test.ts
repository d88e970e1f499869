// The body time-outs' shared timer (src/mock/deadlines.ts): each armed deadline is met once
// its time has come, a cleared one never, and arming and clearing in any order keeps the
// rest of the list intact.
import { expect, test } from 'vitest';
import { arm, clear, Deadline } from '../../src/mock/deadlines.ts';

test('armed deadlines are met once, in any order of arming, and a cleared one never', async () => {
  const met: string[] = [];
  const now = performance.now();
  const make = (name: string, inMs: number) => new Deadline(now + inMs, () => met.push(name));
  const first = make('first', 40);
  const cleared = make('cleared', 40);
  const middle = make('middle', 60);
  const last = make('last', 120);
  // Armed out of order, one cleared from the middle of the list, one armed twice.
  for (const d of [last, cleared, first, middle, first]) arm(d);
  clear(cleared);
  clear(cleared);
  await expect.poll(() => met.length, { timeout: 5_000, interval: 10 }).toBe(3);
  expect(met.sort()).toEqual(['first', 'last', 'middle']);
  // Nothing is met twice, and the cleared one stays unmet.
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(met).toHaveLength(3);
});

test('a deadline re-armed after clearing (a body process opening) is met at its new time', async () => {
  const met: number[] = [];
  const deadline = new Deadline(performance.now() + 30, () => met.push(performance.now()));
  arm(deadline);
  clear(deadline);
  const moved = performance.now() + 150;
  deadline.at = moved;
  arm(deadline);
  await expect.poll(() => met.length, { timeout: 5_000, interval: 10 }).toBe(1);
  expect(met[0]).toBeGreaterThanOrEqual(moved);
});
