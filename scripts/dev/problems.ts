// A broken edit is reported once: each distinct problem line is printed the first time it
// is seen in a run of failing builds, and a good build ends the run (and says so).
import { StepError } from '../pipeline/step-error.ts';

/** The lines a failed build reports: a step's problems one per line, anything else its message. */
export function problemLines(error: unknown): string[] {
  const errors = error instanceof AggregateError ? error.errors : [error];
  return errors.flatMap((e: unknown) => {
    if (e instanceof StepError) {
      const lines = e.details
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
      return lines.length > 0 ? lines.map((l) => `[${e.family}] ${l}`) : [`[${e.family}] ${e.step} failed`];
    }
    return [e instanceof Error ? e.message : String(e)];
  });
}

export class ProblemReport {
  readonly #seen = new Set<string>();

  /** The lines not yet printed in this run of failures. */
  fresh(lines: readonly string[]): string[] {
    const fresh = lines.filter((l) => !this.#seen.has(l));
    for (const l of fresh) this.#seen.add(l);
    return fresh;
  }

  /** A good build: true when it ends a run of failures. */
  clear(): boolean {
    const had = this.#seen.size > 0;
    this.#seen.clear();
    return had;
  }

  get failing(): boolean {
    return this.#seen.size > 0;
  }
}
