// The body time-outs' shared timer (src/mock/deadlines.ts): each armed deadline is met once
// its time has come, a cleared one never, and arming and clearing in any order keeps the
// rest of the list intact. Its ticker and clock are Vitest's fake timers: time moves when the test says.
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { arm, clear, Deadline } from '../../src/mock/deadlines.ts';

/** The ticker's period in src/mock/deadlines.ts: a deadline is met at most this late. */
const TICK_MS = 20;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

test('armed deadlines are met once, in any order of arming, and a cleared one never', () => {
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
  vi.advanceTimersByTime(39);
  expect(met).toEqual([]);
  vi.advanceTimersByTime(60 - 39);
  expect(met.sort()).toEqual(['first', 'middle']);
  vi.advanceTimersByTime(120 - 60 + TICK_MS);
  expect(met.sort()).toEqual(['first', 'last', 'middle']);
  // The list is empty: the ticker stops, and nothing is met twice, nor the cleared one.
  expect(vi.getTimerCount()).toBe(0);
  vi.advanceTimersByTime(10_000);
  expect(met).toHaveLength(3);
});

test('a deadline re-armed after clearing (a body process opening) is met at its new time', () => {
  const met: number[] = [];
  const deadline = new Deadline(performance.now() + 30, () => met.push(performance.now()));
  arm(deadline);
  clear(deadline);
  const moved = performance.now() + 150;
  deadline.at = moved;
  arm(deadline);
  vi.advanceTimersByTime(149);
  expect(met).toEqual([]);
  vi.advanceTimersByTime(TICK_MS);
  expect(met).toHaveLength(1);
  expect(met[0]).toBeGreaterThanOrEqual(moved);
  expect(met[0]).toBeLessThanOrEqual(moved + TICK_MS);
});
