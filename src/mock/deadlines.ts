// Deadlines of request bodies being read, checked by one shared timer: a timer armed and
// cleared for every request cost the common call more than reading its body did. Pending
// deadlines form a linked list, so arming and clearing one allocates and hashes nothing.
// A deadline is met late by at most one tick (the time-outs are at least 100 ms).

export class Deadline {
  /** When, on `performance.now()`'s clock. */
  at: number;
  readonly late: () => void;
  prev: Deadline | undefined = undefined;
  next: Deadline | undefined = undefined;
  armed = false;
  constructor(at: number, late: () => void) {
    this.at = at;
    this.late = late;
  }
}

const TICK_MS = 20;
let head: Deadline | undefined;
let ticker: ReturnType<typeof setInterval> | undefined;

function sweep(): void {
  const now = performance.now();
  for (let deadline = head; deadline !== undefined; ) {
    const next = deadline.next;
    if (deadline.at <= now) {
      clear(deadline);
      deadline.late();
    }
    deadline = next;
  }
  if (head === undefined && ticker !== undefined) {
    clearInterval(ticker);
    ticker = undefined;
  }
}

/** Calls `deadline.late()` once its time has come, unless it is cleared first. */
export function arm(deadline: Deadline): void {
  if (deadline.armed) return;
  deadline.armed = true;
  deadline.prev = undefined;
  deadline.next = head;
  if (head) head.prev = deadline;
  head = deadline;
  if (ticker === undefined) {
    ticker = setInterval(sweep, TICK_MS);
    // The server's socket keeps the process alive, not a read in progress.
    ticker.unref();
  }
}

export function clear(deadline: Deadline): void {
  if (!deadline.armed) return;
  deadline.armed = false;
  if (deadline.prev) deadline.prev.next = deadline.next;
  else head = deadline.next;
  if (deadline.next) deadline.next.prev = deadline.prev;
  deadline.prev = undefined;
  deadline.next = undefined;
}
