// What a client does only when it is given it: retries of the operations that only read,
// and hooks that see every request, answer and failure with secrets already redacted.
// client.ts imports this module only when a call needs it (a client given neither never
// loads it). Of what the eager part imports it takes only the contract index, which that
// part has loaded already (which operations only read, which headers are secret), so a
// bundler keeps it in a chunk of its own and adds nothing to what a plain call loads: the
// client hands it the rest (`ExtrasContext`). docs/client.md ("Retries", "Hooks") states the rules.
import type { CallHooks, ClientClock, Retry, RetryOptions } from './call-options.ts';
import type {
  AbortedError,
  CallError,
  CallTarget,
  HttpStatusError,
  NetworkError,
  SessionExpiredError,
  TimeoutError,
  UnsafeRetryError,
} from './errors.ts';
import type { Redactor } from './redact.ts';
import { answerIsSecret, isReadPath, isSecretHeader, REDACTED } from './lib/contract-index.ts';

/** The error classes this module tests for and makes, handed over by the client. */
export interface ErrorClasses {
  readonly AbortedError: typeof AbortedError;
  readonly CallError: typeof CallError;
  readonly HttpStatusError: typeof HttpStatusError;
  readonly NetworkError: typeof NetworkError;
  readonly SessionExpiredError: typeof SessionExpiredError;
  readonly TimeoutError: typeof TimeoutError;
  readonly UnsafeRetryError: typeof UnsafeRetryError;
}

/** The options of a call as this module reads them. */
export interface ExtendedCallOptions {
  readonly signal?: AbortSignal;
  readonly timeout?: number;
  readonly retry?: RetryOptions | false;
  readonly params?: { path?: Record<string, string> };
}

/** What a client hands over: its settings, its plain call (`once`), and the helpers of the eager part. */
export interface ExtrasContext {
  readonly family: string;
  readonly hooks: CallHooks | undefined;
  readonly defaultRetry: Retry | undefined;
  readonly renewSession: string | undefined;
  readonly errors: ErrorClasses;
  /** The client's `clock`, or undefined for `performance.now()` and the global timers. */
  readonly clock: ClientClock | undefined;
  readonly retryAfterMs: WeakMap<Error, string>;
  readonly target: (path: string, callOptions: ExtendedCallOptions) => CallTarget;
  /** The call's time-out (its own or the client's); throws ConfigurationError on a bad one. */
  readonly callTimeout: (callOptions: ExtendedCallOptions, target: CallTarget) => number | undefined;
  readonly checkRetry: (retry: unknown, where: string) => Retry;
  readonly once: <O extends ExtendedCallOptions>(
    path: string,
    body: unknown,
    callOptions: O,
    observer: Observer | undefined,
  ) => Promise<unknown>;
}

/** `Retry-After` in ms: a number of seconds or an HTTP date (RFC 9110, 10.2.3); undefined when unreadable. */
export function readRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The failures a read is retried on: no answer, its own time-out, 502, 503, 504. */
export function isTransient(error: unknown, { NetworkError, TimeoutError, HttpStatusError }: ErrorClasses): boolean {
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

/** The time on the client's clock (ms). */
const nowOn = (clock: ClientClock | undefined): number => (clock === undefined ? performance.now() : clock.now());

function sleep(ms: number, signal: AbortSignal | undefined, clock: ClientClock | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = (): void => {
      if (clock === undefined) clearTimeout(timer as ReturnType<typeof setTimeout>);
      else clock.clearTimeout(timer);
      reject(signal?.reason);
    };
    const done = (): void => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    };
    const timer: unknown = clock === undefined ? setTimeout(done, ms) : clock.setTimeout(done, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Makes attempts of one call until one succeeds, a failure is not transient, the attempts
 * run out, or the next wait would pass the deadline (the call's time-out, or `retry.deadline`
 * if shorter). `attempt` gets the attempt's number and its time limit: `attemptTimeout`, or
 * what is left of the deadline when that is less, or undefined for the call's own options.
 */
export function withRetries(
  { errors, retryAfterMs, clock }: ExtrasContext,
  target: CallTarget,
  retry: Retry,
  callTimeout: number | undefined,
  callerSignal: AbortSignal | undefined,
  attempt: (n: number, timeout: number | undefined) => Promise<unknown>,
): Promise<unknown> {
  const total =
    callTimeout === undefined ? retry.deadline : retry.deadline === undefined ? callTimeout : Math.min(callTimeout, retry.deadline);
  const endsAt = total === undefined ? Number.POSITIVE_INFINITY : nowOn(clock) + total;
  const { AbortedError, CallError, TimeoutError } = errors;
  const aborted = (n: number): CallError => {
    const reason: unknown = callerSignal?.reason;
    return withAttempts(
      reason instanceof DOMException && reason.name === 'TimeoutError'
        ? new TimeoutError(target, undefined)
        : new AbortedError(target, 'aborted by the caller'),
      n,
    );
  };
  /** Attempt `n`, and on a failure the decision to stop (rejecting with the error to give) or to wait and make the next. */
  const make = (n: number): Promise<unknown> => {
    // One timer per attempt, as a plain call has: the attempt's own limit, or what is left of the deadline if less.
    const left = Math.max(1, Math.ceil(endsAt - nowOn(clock)));
    const byDeadline = retry.attemptTimeout === undefined || left <= retry.attemptTimeout;
    // undefined: the call's own options (the first attempt when the deadline is the call's time-out, or no limit at all).
    const own = byDeadline && (total === undefined || (n === 1 && total === callTimeout));
    // A success costs no more than the attempt: the decision runs only on a failure.
    return attempt(n, own ? undefined : byDeadline ? left : retry.attemptTimeout).catch(async (error: unknown) => {
      if (callerSignal?.aborted) throw aborted(n);
      if (!(error instanceof CallError)) throw error;
      if (byDeadline && error instanceof TimeoutError && error.timeoutMs !== undefined)
        throw withAttempts(new TimeoutError(target, total), n);
      if (n >= retry.attempts || !isTransient(error, errors)) throw withAttempts(error, n);
      const exponential = Math.min(retry.maxDelay, retry.backoff * 2 ** (n - 1));
      let wait = exponential / 2 + (Math.random() * exponential) / 2;
      const asked = readRetryAfter(retryAfterMs.get(error));
      if (asked !== undefined) {
        if (asked > retry.maxDelay) throw withAttempts(error, n, `Retry-After asked for ${Math.ceil(asked / 1000)} s`);
        wait = Math.max(wait, asked);
      }
      if (nowOn(clock) + wait >= endsAt) throw withAttempts(error, n, 'no time left for another');
      try {
        await sleep(wait, callerSignal, clock);
      } catch {
        throw aborted(n);
      }
      return make(n + 1);
    });
  };
  return make(1);
}

/** What one attempt tells its hooks; `wants*`: whether that hook is set (else the redactor is not even made). */
export interface Observer {
  readonly wantsRequest: boolean;
  readonly wantsResponse: boolean;
  request(body: unknown, headers: Record<string, string>, redactor: Redactor): void;
  response(response: Response, parsed: unknown, text: string, redactor: Redactor): void;
  error(error: unknown): void;
}

function redactHeaders(entries: Iterable<[string, string]>, redactor: Redactor): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [name, value] of entries) shown[redactor.text(name)] = isSecretHeader(name) ? REDACTED : redactor.text(value);
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

/** The observer of one attempt (one object per attempt). `secretAnswer`: the whole answer may be a session token (legacy Autenticar, `answerIsSecret` in the index). */
class AttemptObserver implements Observer {
  readonly wantsRequest: boolean;
  readonly wantsResponse: boolean;
  private readonly startedAt = Date.now();
  private readonly started: number;
  private readonly clock: ClientClock | undefined;
  private readonly hooks: CallHooks;
  private readonly family: string;
  private readonly target: CallTarget;
  private readonly attempt: number;
  private readonly secretAnswer: boolean;
  constructor(
    hooks: CallHooks,
    family: string,
    target: CallTarget,
    attempt: number,
    secretAnswer: boolean,
    clock: ClientClock | undefined,
  ) {
    this.clock = clock;
    this.started = nowOn(clock);
    this.hooks = hooks;
    this.family = family;
    this.target = target;
    this.attempt = attempt;
    this.secretAnswer = secretAnswer;
    this.wantsRequest = hooks.onRequest !== undefined;
    this.wantsResponse = hooks.onResponse !== undefined;
  }
  private base() {
    return {
      operation: this.target.operation,
      family: this.family,
      path: this.target.path,
      attempt: this.attempt,
      startedAt: this.startedAt,
    };
  }
  request(body: unknown, headers: Record<string, string>, redactor: Redactor): void {
    notify(this.hooks.onRequest, () => ({
      ...this.base(),
      body: redactor.value(body),
      headers: redactHeaders(Object.entries(headers), redactor),
    }));
  }
  response(response: Response, parsed: unknown, text: string, redactor: Redactor): void {
    notify(this.hooks.onResponse, () => ({
      ...this.base(),
      status: response.status,
      durationMs: nowOn(this.clock) - this.started,
      body: this.secretAnswer ? REDACTED : redactor.body(parsed, text),
      headers: redactHeaders(headerPairs(response.headers), redactor),
    }));
  }
  error(error: unknown): void {
    const status = (error as { status?: unknown } | null)?.status;
    notify(this.hooks.onError, () => ({
      ...this.base(),
      error,
      status: typeof status === 'number' ? status : undefined,
      durationMs: nowOn(this.clock) - this.started,
    }));
  }
}

/** Whether `path` of `family` only reads (`x-effect: read` in the contract index; its map is built once per family). */
export const isRead = isReadPath;

/** A call with retries, hooks or re-authentication. */
export function extendedCall<O extends ExtendedCallOptions>(
  context: ExtrasContext,
  path: string,
  body: unknown,
  callOptions: O,
): Promise<unknown> {
  const { errors, renewSession } = context;
  const target = context.target(path, callOptions);
  const read = isRead(context.family, path);
  const asked = callOptions.retry;
  let retry: Retry | undefined;
  let callTimeout: number | undefined;
  try {
    if (asked !== undefined && asked !== false && !read) throw new errors.UnsafeRetryError(target.operation);
    retry = !read || asked === false ? undefined : asked === undefined ? context.defaultRetry : context.checkRetry(asked, target.operation);
    callTimeout = context.callTimeout(callOptions, target);
  } catch (error) {
    return Promise.reject(error);
  }
  const attempt = (n: number, options: O): Promise<unknown> => observed(context, path, body, options, target, n);
  const run = (): Promise<unknown> =>
    retry === undefined
      ? attempt(1, callOptions)
      : withRetries(context, target, retry, callTimeout, callOptions.signal, (n, timeout) =>
          attempt(n, timeout === undefined ? callOptions : { ...callOptions, timeout }),
        );
  if (renewSession === undefined || !read) return run();
  // The call's time-out bounds the whole call: the renewal and the second attempt get what is left.
  const endsAt = callTimeout === undefined ? undefined : nowOn(context.clock) + callTimeout;
  const left = (): number | undefined => (endsAt === undefined ? undefined : Math.ceil(endsAt - nowOn(context.clock)));
  const timedOut = (n: number, note: string): CallError => withAttempts(new errors.TimeoutError(target, callTimeout), n, note);
  // A time-out of the shortened limit is the call's own.
  const ownTimeout = (error: unknown): boolean => error instanceof errors.TimeoutError && error.timeoutMs !== undefined;
  return run().catch(async (error: unknown) => {
    if (!(error instanceof errors.SessionExpiredError)) throw error;
    // The session is renewed with the stored credentials, then the call is made once more, as it was.
    const renewal = context.target(renewSession, {});
    const forRenewal = left();
    if (forRenewal !== undefined && forRenewal <= 0) throw timedOut(1, 'before Autenticar');
    try {
      await observed(context, renewSession, {}, { signal: callOptions.signal, timeout: forRenewal }, renewal, 1);
    } catch (failed) {
      throw ownTimeout(failed) ? timedOut(1, 'during Autenticar') : failed;
    }
    const forAgain = left();
    if (forAgain !== undefined && forAgain <= 0) throw timedOut(1, 'after Autenticar');
    return attempt(2, forAgain === undefined ? callOptions : { ...callOptions, timeout: forAgain }).catch((again: unknown) => {
      if (ownTimeout(again)) throw timedOut(2, 'after Autenticar');
      throw again instanceof errors.CallError ? withAttempts(again, 2, 'after Autenticar') : again;
    });
  });
}

/** One attempt, seen by the hooks when there are any. */
function observed<O extends ExtendedCallOptions>(
  context: ExtrasContext,
  path: string,
  body: unknown,
  callOptions: O,
  target: CallTarget,
  n: number,
): Promise<unknown> {
  const { hooks } = context;
  if (!hooks) return context.once(path, body, callOptions, undefined);
  const observer = new AttemptObserver(hooks, context.family, target, n, answerIsSecret(path), context.clock);
  return context.once(path, body, callOptions, observer).catch((error: unknown) => {
    observer.error(error);
    throw error;
  });
}
