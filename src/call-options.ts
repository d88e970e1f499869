// What a client is given for retries and hooks, checked when it is made: small and loaded
// with every client. What runs them (call-extras.ts) loads only when a call needs it, so a
// client given neither carries none of that code (docs/client.md, "Retries", "Hooks").
import { ConfigurationError } from './errors.ts';

export interface RetryOptions {
  /** Attempts in all, the first included: 1 to 10; default 3. */
  attempts?: number;
  /** Wait before the second attempt in ms, doubled for each further one, with jitter (half of it random); default 200. */
  backoff?: number;
  /** Longest wait between two attempts in ms; default 5000. A `Retry-After` asking for longer ends the retries. */
  maxDelay?: number;
  /** Time of the whole call in ms, every attempt and wait included; never more than the call's `timeout`, which is the default. */
  deadline?: number;
  /** Time limit of each attempt in ms; its time-out is retried. Default: none beyond the deadline. */
  attemptTimeout?: number;
}

/** Retry options with every default filled in. */
export interface Retry {
  readonly attempts: number;
  readonly backoff: number;
  readonly maxDelay: number;
  readonly deadline: number | undefined;
  readonly attemptTimeout: number | undefined;
}

const MAX_MS = 2_147_483_647;

function milliseconds(value: unknown, name: string, where: string, zero: boolean): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || (!zero && value === 0) || value > MAX_MS)
    throw new ConfigurationError(`${where}: retry.${name} must be a ${zero ? 'non-negative' : 'positive'} number of milliseconds`);
  return value;
}

/** Checks `retry` options and fills in their defaults. */
export function checkRetry(retry: unknown, where: string): Retry {
  if (typeof retry !== 'object' || retry === null)
    throw new ConfigurationError(
      `${where}: retry must be an object { attempts?, backoff?, maxDelay?, deadline?, attemptTimeout? } or false`,
    );
  const options = retry as RetryOptions;
  const attempts = options.attempts ?? 3;
  if (!Number.isInteger(attempts) || attempts < 1 || attempts > 10)
    throw new ConfigurationError(`${where}: retry.attempts must be an integer from 1 to 10`);
  return {
    attempts,
    backoff: milliseconds(options.backoff, 'backoff', where, true) ?? 200,
    maxDelay: milliseconds(options.maxDelay, 'maxDelay', where, true) ?? 5_000,
    deadline: milliseconds(options.deadline, 'deadline', where, false),
    attemptTimeout: milliseconds(options.attemptTimeout, 'attemptTimeout', where, false),
  };
}

/** The `Retry-After` value of a 5xx answer, kept beside its error (never on it: the error's own properties stay as documented). */
export const retryAfterMs = new WeakMap<Error, string>();

/** What every hook event carries. */
export interface CallEvent {
  /** Operation name, e.g. `Disponibilidade`. */
  readonly operation: string;
  /** Family name, e.g. `v2-pt`. */
  readonly family: string;
  /** Path as written in the contract. */
  readonly path: string;
  /** 1 for the first attempt, 2 for the first retry… */
  readonly attempt: number;
  /** When this attempt started (ms since 1970, `Date.now()`). */
  readonly startedAt: number;
}

/** A request about to be sent: body and headers redacted (the password, the tokens, the developer headers). */
export interface CallRequestEvent extends CallEvent {
  readonly body: unknown;
  readonly headers: Readonly<Record<string, string>>;
}

/** An answer the call resolves with: body (bounded like an error's) and headers redacted. */
export interface CallResponseEvent extends CallEvent {
  readonly status: number;
  /** From the start of the attempt to the answer parsed and checked. */
  readonly durationMs: number;
  readonly body: unknown;
  readonly headers: Readonly<Record<string, string>>;
}

/** An attempt that failed: `error` is the typed error the call rejects with (already redacted), `status` the answer's if there was one. */
export interface CallErrorEvent extends CallEvent {
  readonly error: unknown;
  readonly status: number | undefined;
  readonly durationMs: number;
}

/** Called synchronously; what a hook throws or rejects with is ignored, so a hook cannot break a call. */
export interface CallHooks {
  onRequest?: (event: CallRequestEvent) => void | PromiseLike<void>;
  onResponse?: (event: CallResponseEvent) => void | PromiseLike<void>;
  onError?: (event: CallErrorEvent) => void | PromiseLike<void>;
}

/** The hooks, or undefined when none is set (an empty object costs a call nothing). */
export function checkHooks(hooks: unknown): CallHooks | undefined {
  if (typeof hooks !== 'object' || hooks === null)
    throw new ConfigurationError('hooks must be an object { onRequest?, onResponse?, onError? }');
  for (const name of ['onRequest', 'onResponse', 'onError'] as const) {
    const hook = (hooks as Record<string, unknown>)[name];
    if (hook !== undefined && typeof hook !== 'function') throw new ConfigurationError(`hooks.${name} must be a function`);
  }
  const { onRequest, onResponse, onError } = hooks as CallHooks;
  return onRequest || onResponse || onError ? { onRequest, onResponse, onError } : undefined;
}

/**
 * The clock a client's time limits and retry waits run on: by default `performance.now()`
 * and the global timers. For tests, so a time-out can be driven without waiting for it
 * (docs/client.md, "Time-outs on your own clock").
 */
export interface ClientClock {
  /** Milliseconds on a clock that never goes back (like `performance.now()`). */
  now(): number;
  /** Calls `callback` once, `ms` from now on this clock; the handle is what `clearTimeout` takes. */
  setTimeout(callback: () => void, ms: number): unknown;
  /** Cancels a pending `setTimeout` (a handle already fired or cleared is ignored). */
  clearTimeout(handle: unknown): void;
}

/** The clock, or undefined when none is given (the default timers, with nothing in between). */
export function checkClock(clock: unknown): ClientClock | undefined {
  if (clock === undefined) return undefined;
  const shape = clock as Partial<Record<keyof ClientClock, unknown>> | null;
  if (
    typeof clock !== 'object' ||
    shape === null ||
    ['now', 'setTimeout', 'clearTimeout'].some((name) => typeof shape[name as keyof ClientClock] !== 'function')
  )
    throw new ConfigurationError('clock must be an object { now, setTimeout, clearTimeout } of functions');
  return clock as ClientClock;
}
