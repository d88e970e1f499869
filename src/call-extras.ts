// What a client does only when it is given it: retries of the operations that only read,
// and hooks that see every request, answer and failure with secrets already redacted.
// client.ts sends a call here only when one of them is configured, so a plain client pays
// nothing for them. docs/client.md ("Retries", "Hooks") states the rules.
import { AbortedError, CallError, ConfigurationError, HttpStatusError, NetworkError, TimeoutError, type CallTarget } from './errors.ts';
import type { Redactor } from './redact.ts';
import { REDACTED } from './secret-fields.ts';

/** Retries of a call of an operation that only reads. */
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

/** `Retry-After` in ms: a number of seconds or an HTTP date (RFC 9110, 10.2.3); undefined when unreadable. */
export function readRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The failures a read is retried on: no answer, its own time-out, 502, 503, 504. */
export function isTransient(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  // A time-out of the attempt's own limit; one of the caller's signal has no timeoutMs.
  if (error instanceof TimeoutError) return error.timeoutMs !== undefined;
  return error instanceof HttpStatusError && (error.status === 502 || error.status === 503 || error.status === 504);
}

/** `error` saying how many attempts the call made. */
export function withAttempts<E extends CallError>(error: E, attempts: number, note?: string): E {
  const before = error.message;
  error.attempts = attempts;
  error.message = `${before} (${attempts} attempt${attempts === 1 ? '' : 's'}${note === undefined ? '' : `, ${note}`})`;
  if (error.stack?.includes(before)) error.stack = error.stack.replace(before, error.message);
  return error;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Makes attempts of one call until one succeeds, a failure is not transient, the attempts
 * run out, or the next wait would pass the deadline (the call's time-out, or `retry.deadline`
 * if shorter). `attempt` gets the attempt's number and its time limit: `attemptTimeout`, or
 * what is left of the deadline when that is less.
 */
export async function withRetries(
  target: CallTarget,
  retry: Retry,
  callTimeout: number | undefined,
  callerSignal: AbortSignal | undefined,
  attempt: (n: number, timeout: number | undefined) => Promise<unknown>,
): Promise<unknown> {
  const total =
    callTimeout === undefined ? retry.deadline : retry.deadline === undefined ? callTimeout : Math.min(callTimeout, retry.deadline);
  const endsAt = total === undefined ? Number.POSITIVE_INFINITY : performance.now() + total;
  const aborted = (n: number): CallError => {
    const reason: unknown = callerSignal?.reason;
    return withAttempts(
      reason instanceof DOMException && reason.name === 'TimeoutError'
        ? new TimeoutError(target, undefined)
        : new AbortedError(target, 'aborted by the caller'),
      n,
    );
  };
  for (let n = 1; ; n++) {
    // One timer per attempt, as a plain call has: the attempt's own limit, or what is left of the deadline if less.
    const left = Math.max(1, Math.ceil(endsAt - performance.now()));
    const byDeadline = retry.attemptTimeout === undefined || left <= retry.attemptTimeout;
    try {
      return await attempt(n, byDeadline ? (total === undefined ? undefined : left) : retry.attemptTimeout);
    } catch (error) {
      if (callerSignal?.aborted) throw aborted(n);
      if (!(error instanceof CallError)) throw error;
      if (byDeadline && error instanceof TimeoutError && error.timeoutMs !== undefined)
        throw withAttempts(new TimeoutError(target, total), n);
      if (n >= retry.attempts || !isTransient(error)) throw withAttempts(error, n);
      const exponential = Math.min(retry.maxDelay, retry.backoff * 2 ** (n - 1));
      let wait = exponential / 2 + (Math.random() * exponential) / 2;
      const asked = readRetryAfter(retryAfterMs.get(error));
      if (asked !== undefined) {
        if (asked > retry.maxDelay) throw withAttempts(error, n, `Retry-After asked for ${Math.ceil(asked / 1000)} s`);
        wait = Math.max(wait, asked);
      }
      if (performance.now() + wait >= endsAt) throw withAttempts(error, n, 'no time left for another');
      try {
        await sleep(wait, callerSignal);
      } catch {
        throw aborted(n);
      }
    }
  }
}

// ---- hooks ---------------------------------------------------------------------------

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

/** What one attempt tells its hooks; `wants*`: whether that hook is set (else the redactor is not even made). */
export interface Observer {
  readonly wantsRequest: boolean;
  readonly wantsResponse: boolean;
  request(body: unknown, headers: Record<string, string>, redactor: Redactor): void;
  response(response: Response, parsed: unknown, text: string, redactor: Redactor): void;
  error(error: unknown): void;
}

// Headers whose values are secrets whatever they hold.
const SECRET_HEADERS = new Set([
  'developer-token',
  'developer-access-code',
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
]);

function redactHeaders(entries: Iterable<[string, string]>, redactor: Redactor): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [name, value] of entries)
    shown[redactor.text(name)] = SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : redactor.text(value);
  return shown;
}

function headerPairs(headers: Headers): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  headers.forEach((value, name) => {
    pairs.push([name, value]);
  });
  return pairs;
}

function notify<E>(hook: ((event: E) => void | PromiseLike<void>) | undefined, event: () => E): void {
  if (!hook) return;
  try {
    const result = hook(event());
    if (result && typeof result.then === 'function') result.then(undefined, () => {});
  } catch {
    // A hook's failure is the hook's: the call goes on.
  }
}

/** The observer of one attempt. `secretAnswer`: the answer is a bare string that may be a session token (legacy Autenticar). */
export function observe(hooks: CallHooks, family: string, target: CallTarget, attempt: number, secretAnswer: boolean): Observer {
  const startedAt = Date.now();
  const started = performance.now();
  const base = { operation: target.operation, family, path: target.path, attempt, startedAt };
  return {
    wantsRequest: hooks.onRequest !== undefined,
    wantsResponse: hooks.onResponse !== undefined,
    request(body, headers, redactor) {
      notify(hooks.onRequest, () => ({ ...base, body: redactor.value(body), headers: redactHeaders(Object.entries(headers), redactor) }));
    },
    response(response, parsed, text, redactor) {
      notify(hooks.onResponse, () => ({
        ...base,
        status: response.status,
        durationMs: performance.now() - started,
        body: secretAnswer && typeof parsed === 'string' ? REDACTED : redactor.body(parsed, text),
        headers: redactHeaders(headerPairs(response.headers), redactor),
      }));
    },
    error(error) {
      const status = (error as { status?: unknown } | null)?.status;
      notify(hooks.onError, () => ({
        ...base,
        error,
        status: typeof status === 'number' ? status : undefined,
        durationMs: performance.now() - started,
      }));
    },
  };
}
