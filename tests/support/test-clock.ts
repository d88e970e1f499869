// A clock for the client's `clock` option (src/call-options.ts, ClientClock): its time moves
// only when a test advances it, so a time-out or a retry's wait is driven, never waited for.
// Only the client's timers run on it; sockets, the mock and Vitest keep the real ones.
import type { ClientClock } from '../../src/call-options.ts';

export interface TestClock extends ClientClock {
  /** Timers set and not yet fired or cleared. */
  pending(): number;
  /** Moves time by `ms`, firing every timer that falls due on the way, in order, each followed by a turn of the event loop. */
  advance(ms: number): Promise<void>;
  /** Resolves once at least one timer is pending (a wait the code has just started), at once if one is. */
  untilPending(): Promise<void>;
  /** Moves time to the next pending timer and fires it (after `untilPending`): a retry's wait, whatever its jitter. */
  advanceToNext(): Promise<number>;
}

interface Timer {
  readonly at: number;
  readonly order: number;
  readonly callback: () => void;
}

/** Lets what a fired timer started (an abort, a rejection, a request) run before the next step. */
const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export function testClock(start = 1_000_000): TestClock {
  let now = start;
  let order = 0;
  const timers = new Set<Timer>();
  let waiters: Array<() => void> = [];
  const due = (until: number): Timer | undefined =>
    [...timers].filter((t) => t.at <= until).sort((a, b) => a.at - b.at || a.order - b.order)[0];
  const clock: TestClock = {
    now: () => now,
    setTimeout(callback, ms) {
      const timer: Timer = { at: now + Math.max(0, ms), order: order++, callback };
      timers.add(timer);
      for (const wake of waiters) wake();
      waiters = [];
      return timer;
    },
    clearTimeout(handle) {
      timers.delete(handle as Timer);
    },
    pending: () => timers.size,
    async advance(ms) {
      const until = now + ms;
      for (let timer = due(until); timer !== undefined; timer = due(until)) {
        timers.delete(timer);
        now = Math.max(now, timer.at);
        timer.callback();
        await turn();
      }
      now = until;
      await turn();
    },
    untilPending: () => (timers.size > 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
    async advanceToNext() {
      await clock.untilPending();
      const next = due(Number.POSITIVE_INFINITY);
      const by = next === undefined ? 0 : next.at - now;
      await clock.advance(by);
      return by;
    },
  };
  return clock;
}
