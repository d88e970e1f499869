// Parsing a large answer blocks the event loop, and every other call waits behind it:
// eight answers of 4 MiB with ~350,000 keys each kept the last caller waiting 2.6× the
// time-out. The budget lets a parse start only when it should end before the earliest
// deadline of the calls in flight, plus a slack; otherwise the answer goes on unchecked.
import { performance } from 'node:perf_hooks';

/** Below this size a parse is too short to matter and too short to time well. */
const SMALL_BYTES = 64 * 1024;

export class ParseBudget {
  private readonly deadlines = new Map<symbol, number>();
  /** Cost of a parse per byte, kept near the slowest seen lately. */
  private msPerByte: number;
  private readonly slackMs: number;

  /** `initialMsPerByte`: the estimate before any parse was timed (0.3 ms per KiB by default). */
  constructor(slackMs: number, initialMsPerByte = 0.0003) {
    this.slackMs = slackMs;
    this.msPerByte = initialMsPerByte;
  }

  /** Registers a call's deadline (performance.now() time) until the returned function is called. */
  track(deadline: number): () => void {
    const key = Symbol('call');
    this.deadlines.set(key, deadline);
    return () => this.deadlines.delete(key);
  }

  /** Whether parsing `bytes` now should end before every tracked deadline plus the slack. */
  allows(bytes: number): boolean {
    if (bytes < SMALL_BYTES) return true;
    let earliest = Number.POSITIVE_INFINITY;
    for (const at of this.deadlines.values()) earliest = Math.min(earliest, at);
    return performance.now() + bytes * this.msPerByte <= earliest + this.slackMs;
  }

  /** Runs `parse`, timing it to keep the estimate current (quick to rise, slow to fall). */
  measure<T>(bytes: number, parse: () => T): T {
    const started = performance.now();
    try {
      return parse();
    } finally {
      if (bytes >= SMALL_BYTES) {
        const observed = (performance.now() - started) / bytes;
        this.msPerByte = Math.min(0.01, Math.max(0.00002, observed, this.msPerByte * 0.9));
      }
    }
  }
}
