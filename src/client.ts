// The runtime every family client shares: openapi-fetch does the request; this file
// adds the developer headers, the credentials, timeouts, and turns every failure into
// a typed error (errors.ts). Per call it costs one object spread and one JSON.parse
// beyond bare fetch; everything about secrets runs on error paths only, and retries,
// hooks and re-authentication (call-extras.ts) only for a client given them.
import createClient from 'openapi-fetch';
import {
  AbortedError,
  AccessCodeError,
  CallError,
  ConfigurationError,
  HttpStatusError,
  NetworkError,
  NonJsonResponseError,
  TimeoutError,
  UnexpectedResponseError,
  UnsafeRetryError,
  SessionExpiredError,
  type CallTarget,
  type JsonType,
} from './errors.ts';
import { mergeCredentials, type CredentialFields, type Credentials } from './credentials.ts';
import type { Redactor } from './redact.ts';
import { KEPT_CHARS, REDACTED, secretsIn } from './secret-fields.ts';
import { answerIsSecret } from './lib/contract-index.ts';
import { crossOriginHint, networkCause, problemSummary } from './error-details.ts';
import type { PathParams, PostOperation, PostPath, RequestBody, SuccessBody, WithOptionalCredentials } from './types.ts';
import { withNamedCalls, type NamedFamilyClient, type Naming } from './named-calls.ts';
import { checkClock, checkHooks, checkRetry, retryAfterMs, type CallHooks, type ClientClock, type RetryOptions } from './call-options.ts';
import type { ExtrasContext, Observer } from './call-extras.ts';

type Extras = typeof import('./call-extras.ts');
// Loaded by the first call that needs retries, hooks or a renewal, then kept.
let extras: Extras | undefined;
const loadExtras = async (): Promise<Extras> => (extras ??= await import('./call-extras.ts'));

/** The developer access code: a fixed string, or a function (sync or async) called for every request. */
export type AccessCodeSource = string | (() => string | Promise<string>);

/** Options every family client takes. */
export interface ClientOptions {
  /** Base address without the route prefix, e.g. `https://sandbox.example` (https only; plain http only on a loopback host, for local mocks). */
  baseUrl: string;
  /** The `developer-token` header: the GUID issued by the operator. */
  developerToken: string;
  /** The `developer-access-code` header (see `createAccessCode` for a builder). */
  accessCode: AccessCodeSource;
  /** Default time limit of every call, in milliseconds. None unless set (the service publishes no time-outs). */
  timeout?: number;
  /** The fetch to use; default `globalThis.fetch`. */
  fetch?: (request: Request) => Promise<Response>;
  /** Retries of the operations that only read, on a network error, a time-out, 502, 503 or 504 (docs/client.md, "Retries"); none unless set. Never applied to an operation that may change something. */
  retry?: RetryOptions;
  /** Called for every request, answer and failure, with bodies and headers already redacted (docs/client.md, "Hooks"). */
  hooks?: CallHooks;
  /** For tests: the clock `timeout`, `retry` waits and deadlines run on; default `performance.now()` and the global timers (docs/client.md, "Time-outs on your own clock"). */
  clock?: ClientClock;
}

/** Options of families whose bodies have documented credential fields. */
export interface ClientOptionsWithCredentials extends ClientOptions {
  /** Agency credentials, merged into every body whose schema declares them. */
  credentials?: Credentials;
}

/** Options every call takes. */
export interface CommonCallOptions {
  /** Aborts the call; a `TimeoutError` reason becomes a `TimeoutError`, any other an `AbortedError`. */
  signal?: AbortSignal;
  /** Time limit of this call in milliseconds; overrides the client's `timeout`. */
  timeout?: number;
  /** Extra request headers. The developer headers always win. */
  headers?: Record<string, string>;
  /** `false`: send the body exactly as given, without the client's credentials. */
  credentials?: false;
}

/**
 * The type of `retry` on an operation that may change something: a sentence, so that the
 * compiler's error on `{ retry: { … } }` says why (a literal type is quoted in tsc's message).
 */
export type RetryRefused = 'retry is refused here: this operation may book, issue or cancel, so a second attempt could do it twice';

/** Options of a call of an operation that may change something: no `retry` (a second attempt could book, issue or cancel twice). */
export interface CallOptions extends CommonCallOptions {
  /** Refused on this operation: it may change something on the service (`UnsafeRetryError` at run time, whatever is given). */
  retry?: RetryRefused;
}

/** Options of a call of an operation that only reads (docs/client.md, "Retries"). */
export interface ReadCallOptions extends CommonCallOptions {
  /** Retries of this call; overrides the client's `retry`. `false`: no retry. */
  retry?: RetryOptions | false;
}

/** What a family's response check gets. */
export interface ResponseContext {
  readonly target: CallTarget;
  /** What an error may keep of the answer: a copy with every secret of this call removed, or a redacted excerpt when the answer is long. */
  redact(value: unknown): Promise<unknown>;
  /** A text with every secret of this call removed, cut to a bounded excerpt. */
  redactText(text: string): Promise<string>;
  /** The body the caller gave and the body sent (with the credentials merged): only to tell what was sent, never to keep. */
  readonly request: { readonly given: unknown; readonly sent: unknown };
}

/** What makes a route family different: where credentials go, and answers that are errors in disguise. */
export interface Family {
  readonly name: string;
  /** Body field names the request schema of `path` declares for the credentials; absent when a family has none documented. */
  readonly credentialFields?: (path: string) => CredentialFields | undefined;
  /** Rejects with a `CallError` when a parsed 2xx answer reports a failure. */
  readonly inspect?: (body: unknown, context: ResponseContext) => void | Promise<void>;
  /** JSON.parse's reviver for 2xx answers, run before `inspect`: a flavour's reading of values (the observed "no date" token as null). */
  readonly reviver?: (key: string, value: unknown) => unknown;
  /** The top-level JSON type of the 2xx answer the contract describes for `path`; other types reject with UnexpectedResponseError. */
  readonly answerType?: (path: string) => JsonType;
  /** Every POST path of the family's contract: those `naming` covers are called by name too. */
  readonly operations?: readonly string[];
  /** Which paths are called by name, and under which property. */
  readonly naming?: Naming;
  /** The call that renews a session, made on `SessaoExpirada` when the client's `reauthenticate` is on (legacy). */
  readonly renewSession?: string;
}

/** The body a call of path `K` takes (credentials optional when the client has them). */
export type BodyArg<P, K extends keyof P, Relaxed extends boolean> = Relaxed extends true
  ? WithOptionalCredentials<RequestBody<PostOperation<P, K>>>
  : RequestBody<PostOperation<P, K>>;

/** The options of a call: with `retry` only for an operation that only reads (`Read` true). */
export type OptionsOf<Read extends boolean> = Read extends true ? ReadCallOptions : CallOptions;

/** The options a call takes: required when the path has parameters. */
export type CallRest<O, Read extends boolean = false> = [PathParams<O>] extends [never]
  ? [options?: OptionsOf<Read>]
  : [options: OptionsOf<Read> & { params: { path: PathParams<O> } }];

/** Whether path `K` is one of the reads `R`. */
export type IsRead<K, R> = [K] extends [R] ? true : false;

/** A client of one route family, typed by that family's generated `paths`; `R`: the paths of its operations that only read. */
export interface FamilyClient<P, Relaxed extends boolean = false, R = never> {
  /** Family name, e.g. `v2-pt`. */
  readonly family: string;
  /**
   * POSTs `body` to `path` and resolves with the parsed JSON answer. Rejects with a
   * `CallError` subclass: `NetworkError`, `TimeoutError`, `AbortedError`,
   * `AccessCodeError`, `HttpStatusError`, `NonJsonResponseError`, `UnexpectedResponseError`,
   * or a family's own.
   */
  call<K extends PostPath<P>>(
    path: K,
    body: BodyArg<P, K, Relaxed>,
    ...options: CallRest<PostOperation<P, K>, IsRead<K, R>>
  ): Promise<SuccessBody<PostOperation<P, K>>>;
}

/** Options of the legacy families: sessions can be renewed. */
export interface SessionOptions {
  /**
   * On `SessaoExpirada` for an operation that only reads: call `Autenticar` with the stored
   * credentials, then the call once more (docs/client.md, "Legacy sessions"). Needs `credentials`.
   */
  reauthenticate?: boolean;
}

/**
 * Factory of a family whose bodies declare the credentials: with `credentials`, bodies may omit them.
 * `N`: its naming; `R`: the paths of its reads; `O`: options of its own.
 */
export interface FamilyFactory<P, N = undefined, R = never, O = unknown, D = undefined> {
  (options: ClientOptionsWithCredentials & O & { credentials: Credentials }): NamedFamilyClient<P, true, N, R, D>;
  (options: ClientOptionsWithCredentials & O): NamedFamilyClient<P, false, N, R, D>;
}

/** Factory of a family whose credential field names are not published: no `credentials` option (`D`: its call docs). */
export type PlainFamilyFactory<P, N = undefined, R = never, D = undefined> = (
  options: ClientOptions,
) => NamedFamilyClient<P, false, N, R, D>;

// What openapi-fetch sees: any path, a JSON body, a text answer (parsed here, once).
type LooseOperation = {
  parameters: { path?: Record<string, string> };
  requestBody: { content: { 'application/json': unknown } };
  responses: { 200: { content: { 'application/json': unknown } } };
};
type LoosePaths = Record<string, { post: LooseOperation }>;
/** Options as the runtime reads them, whatever the path. */
export type LooseCallOptions = CommonCallOptions & { retry?: RetryOptions | false; params?: { path?: Record<string, string> } };

const NO_QUERY = (): string => '';

// Header values: visible ASCII only, so a bad value never reaches (and is never echoed by) Headers.
const HEADER_VALUE = /^[\x21-\x7e]+$/;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
const EXCERPT = 200;

/**
 * What openapi-fetch builds before it calls the transport, when the transport is Node's
 * own fetch: the parts of the request, not a Request. Node's fetch builds its own Request
 * from them, so undici's was built twice, and building one was a quarter of the client's
 * own cost per call (CPU profile). A fetch of the caller's gets a real Request.
 */
class RequestParts {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly redirect: NonNullable<RequestInit['redirect']>;
  constructor(url: string, init: RequestInit) {
    this.url = url;
    this.method = init.method ?? 'GET';
    this.headers = init.headers instanceof Headers ? init.headers : new Headers(init.headers);
    this.redirect = init.redirect ?? 'follow';
  }
}

/** A non-2xx answer, read up to a bound by the transport so no error keeps (or waits for) a huge body. */
class ErrorAnswer {
  readonly status: number;
  readonly text: string;
  readonly complete: boolean;
  readonly retryAfter: string | null;
  constructor(status: number, text: string, complete: boolean, retryAfter: string | null) {
    this.status = status;
    this.text = text;
    this.complete = complete;
    this.retryAfter = retryAfter;
  }
}

/** Bytes of a non-2xx answer read at most: enough for the excerpt an error keeps, and a JSON body short enough to keep whole. */
const ERROR_BODY_BYTES = 4 * KEPT_CHARS + 4_096;

async function readBounded(response: Response, maxBytes: number): Promise<{ text: string; complete: boolean }> {
  if (!response.body) return { text: '', complete: true };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { text: text + decoder.decode(), complete: true };
    bytes += value.byteLength;
    text += decoder.decode(value, { stream: true });
    if (bytes >= maxBytes) {
      // The rest is never read: the connection is dropped rather than drained.
      reader.cancel().catch(() => {});
      return { text, complete: false };
    }
  }
}

/** A rejection of the transport, told apart from everything else openapi-fetch may throw. */
class TransportFailure {
  readonly error: unknown;
  constructor(error: unknown) {
    this.error = error;
  }
}

function checkBaseUrl(baseUrl: unknown): string {
  let url: URL;
  try {
    url = new URL(String(baseUrl));
  } catch {
    throw new ConfigurationError('baseUrl must be an absolute URL, such as https://sandbox.example');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) {
    throw new ConfigurationError('baseUrl must use https (plain http is allowed on a loopback host only, for local mocks)');
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new ConfigurationError('baseUrl must not carry a query, a fragment or user information');
  }
  return url.href.replace(/\/+$/, '');
}

function checkTimeout(timeout: unknown, where: string): number | undefined {
  if (timeout === undefined) return undefined;
  if (typeof timeout !== 'number' || !Number.isFinite(timeout) || timeout <= 0 || timeout > 2_147_483_647) {
    throw new ConfigurationError(`${where}: timeout must be a positive number of milliseconds`);
  }
  return timeout;
}

function checkCredentials(credentials: Credentials): void {
  if (typeof credentials !== 'object' || credentials === null)
    throw new ConfigurationError('credentials must be an object { Login, Senha, ClienteId? }');
  if (typeof credentials.Login !== 'string' || credentials.Login === '')
    throw new ConfigurationError('credentials.Login must be a non-empty string');
  if (typeof credentials.Senha !== 'string' || credentials.Senha === '')
    throw new ConfigurationError('credentials.Senha must be a non-empty string');
  if (credentials.ClienteId !== undefined && !Number.isInteger(credentials.ClienteId)) {
    throw new ConfigurationError('credentials.ClienteId must be an integer');
  }
}

/** The operation name: the last segment of the path, with a `{parameter}` filled in. */
function operationOf(path: string, pathParams: Record<string, string> | undefined): string {
  const last = path.slice(path.lastIndexOf('/') + 1);
  const template = /^\{(.+)\}$/.exec(last);
  return template ? (pathParams?.[template[1]!] ?? last) : last;
}

function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value as 'object' | 'string' | 'number' | 'boolean';
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : typeof error;
}

/** A promise that rejects when the signal aborts; `dispose` drops the listener. */
function abortedPromise(signal: AbortSignal): { promise: Promise<never>; dispose(): void } {
  let onAbort = (): void => {};
  const promise = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  // The race's loser must not surface as an unhandled rejection.
  promise.catch(() => {});
  return { promise, dispose: () => signal.removeEventListener('abort', onAbort) };
}

/**
 * Builds a client of `family` typed by `P` (a generated `paths`). Families wrap it:
 * see `defineFamily`.
 */
export function createFamilyClient<P, Relaxed extends boolean = false>(
  family: Family,
  options: ClientOptionsWithCredentials & SessionOptions,
): FamilyClient<P, Relaxed> {
  if (typeof options !== 'object' || options === null) throw new ConfigurationError('options must be an object');
  const baseUrl = checkBaseUrl(options.baseUrl);
  const { developerToken, accessCode, credentials } = options;
  if (typeof developerToken !== 'string' || !HEADER_VALUE.test(developerToken)) {
    throw new ConfigurationError('developerToken must be a non-empty string of visible ASCII characters (the GUID issued by the operator)');
  }
  if (typeof accessCode === 'string' ? !HEADER_VALUE.test(accessCode) : typeof accessCode !== 'function') {
    throw new ConfigurationError('accessCode must be a non-empty Base64 string or a function returning one');
  }
  if (credentials !== undefined) {
    if (!family.credentialFields) {
      throw new ConfigurationError(`the credential field names of ${family.name} bodies are not published: put them in each body yourself`);
    }
    checkCredentials(credentials);
  }
  const defaultTimeout = checkTimeout(options.timeout, 'options');
  const defaultRetry = options.retry === undefined ? undefined : checkRetry(options.retry, 'options');
  const hooks = options.hooks === undefined ? undefined : checkHooks(options.hooks);
  const clock = checkClock(options.clock);
  const reauthenticate: unknown = options.reauthenticate;
  if (reauthenticate !== undefined && (typeof reauthenticate !== 'boolean' || (reauthenticate && (!family.renewSession || !credentials))))
    throw new ConfigurationError('reauthenticate (a boolean) is for a legacy client with credentials: Autenticar is called with them');
  const renewSession = options.reauthenticate ? family.renewSession : undefined;
  // Nothing configured: every call goes straight to `once`, as if none of this existed.
  const plain = defaultRetry === undefined && hooks === undefined && renewSession === undefined;
  const core = createClient<LoosePaths>({
    baseUrl,
    bodySerializer: (body: unknown) => JSON.stringify(body),
    // No operation takes a query: one serializer for every call, not one made per call.
    querySerializer: NO_QUERY,
    ...(options.fetch ? {} : { Request: RequestParts as unknown as typeof Request }),
  });

  // The last redactor made, by its secrets: hooks need one on every call, and building one
  // (its patterns) costs more than the call; the same secrets make the same redactor.
  let lastRedactor: { key: string; redactor: Promise<Redactor> } | undefined;
  function redactorFor(secrets: string[]): Promise<Redactor> {
    const key = secrets.join('\u0000');
    if (lastRedactor?.key === key) return lastRedactor.redactor;
    const redactor = import('./redact.ts').then(({ createRedactor }) => createRedactor(secrets));
    lastRedactor = { key, redactor };
    return redactor;
  }

  async function accessCodeFor(target: CallTarget): Promise<string> {
    if (typeof accessCode === 'string') return accessCode;
    let code: unknown;
    try {
      code = await accessCode();
    } catch (error) {
      throw new AccessCodeError(target, `the accessCode function threw ${errorName(error)}`);
    }
    if (typeof code !== 'string' || !HEADER_VALUE.test(code)) {
      throw new AccessCodeError(target, 'the accessCode function gave no non-empty Base64 string');
    }
    return code;
  }

  // What the extras module (loaded on first need) gets from this client.
  const context: ExtrasContext = {
    family: family.name,
    hooks,
    defaultRetry,
    renewSession,
    errors: { AbortedError, CallError, HttpStatusError, NetworkError, SessionExpiredError, TimeoutError, UnsafeRetryError },
    clock,
    retryAfterMs,
    target: (path, callOptions) => ({ operation: operationOf(path, callOptions.params?.path), path }),
    callTimeout: (callOptions, target) =>
      callOptions.timeout === undefined ? defaultTimeout : checkTimeout(callOptions.timeout, target.operation),
    checkRetry,
    once: (path, body, callOptions, observer) => once(path, body, callOptions, observer),
  };

  function call(path: string, body: unknown, callOptions: LooseCallOptions = {}): Promise<unknown> {
    // Without hooks, a call no retry or renewal can apply to (none asked for, or not a read) is a plain one.
    if (callOptions.retry === undefined && (plain || (hooks === undefined && extras !== undefined && !extras.isRead(family.name, path))))
      return once(path, body, callOptions, undefined);
    return extras
      ? extras.extendedCall(context, path, body, callOptions)
      : loadExtras().then((loaded) => loaded.extendedCall(context, path, body, callOptions));
  }

  function once(path: string, body: unknown, callOptions: LooseCallOptions, observer: Observer | undefined): Promise<unknown> {
    if (clock === undefined) return onceWithin(path, body, callOptions, observer, undefined);
    // The time-out's timer on the given clock, cleared once the call has settled.
    const handles: unknown[] = [];
    const timerOn = (timeout: number): AbortSignal => {
      const controller = new AbortController();
      handles.push(clock.setTimeout(() => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')), timeout));
      return controller.signal;
    };
    return onceWithin(path, body, callOptions, observer, timerOn).finally(() => {
      for (const handle of handles) clock.clearTimeout(handle);
    });
  }

  /** One attempt; `timerOn` makes the time-out's signal (default AbortSignal.timeout). */
  async function onceWithin(
    path: string,
    body: unknown,
    callOptions: LooseCallOptions,
    observer: Observer | undefined,
    timerOn: ((timeout: number) => AbortSignal) | undefined,
  ): Promise<unknown> {
    const pathParams = callOptions.params?.path;
    const target: CallTarget = { operation: operationOf(path, pathParams), path };
    const timeout = callOptions.timeout === undefined ? defaultTimeout : checkTimeout(callOptions.timeout, target.operation);
    const timer = timeout === undefined ? undefined : timerOn === undefined ? AbortSignal.timeout(timeout) : timerOn(timeout);
    const callerSignal = callOptions.signal;
    const signal = timer && callerSignal ? AbortSignal.any([callerSignal, timer]) : (timer ?? callerSignal);
    const code = await accessCodeFor(target);
    const fields = credentials && callOptions.credentials !== false ? family.credentialFields?.(path) : undefined;
    const sentBody = fields && credentials ? mergeCredentials(body, fields, credentials) : body;
    // Secrets of this call, found and turned into a redactor only when an error needs them;
    // the redactor's code itself loads then (a call that succeeds never fetches it).
    let redactorOfCall: Promise<Redactor> | undefined;
    const redactor = (): Promise<Redactor> =>
      (redactorOfCall ??= redactorFor([developerToken, code, credentials?.Senha ?? '', ...secretsIn(sentBody)]));

    // What openapi-fetch's default serializer would send (JSON.stringify), made once here.
    const bodyText = options.fetch ? undefined : JSON.stringify(sentBody);
    let reached = false;
    const transport = async (request: Request | RequestParts): Promise<Response> => {
      try {
        // A fetch of the caller's gets the full Request, as documented. Node's own fetch
        // gets the parts (RequestParts) and the JSON string, which it sends without
        // streaming it (about a tenth of a local call).
        const response = await (options.fetch && request instanceof Request
          ? options.fetch(request)
          : globalThis.fetch(request.url, {
              method: request.method,
              headers: request.headers,
              body: bodyText,
              // The call's own signal, not request.signal: a Request's signal only follows the
              // caller's through a weak link, which garbage collection can cut mid-call, and
              // then the abort never reaches fetch (seen as a body left open after a timeout).
              signal,
              redirect: request.redirect,
            }));
        reached = true;
        if (!response.ok) {
          const { text, complete } = await readBounded(response, ERROR_BODY_BYTES);
          throw new ErrorAnswer(response.status, text, complete, response.headers.get('retry-after'));
        }
        return response;
      } catch (error) {
        if (error instanceof ErrorAnswer) throw error;
        // After the answer started, a failure is the error body cut short: `failure` says so.
        throw reached ? error : new TransportFailure(error);
      }
    };

    async function failure(thrown: unknown): Promise<unknown> {
      if (timer?.aborted) return new TimeoutError(target, timeout);
      if (callerSignal?.aborted) {
        const reason: unknown = callerSignal.reason;
        return reason instanceof DOMException && reason.name === 'TimeoutError'
          ? new TimeoutError(target, undefined)
          : new AbortedError(target, 'aborted by the caller');
      }
      if (thrown instanceof ErrorAnswer) return httpStatusError(thrown, await redactor());
      if (thrown instanceof TransportFailure) {
        const redact = await redactor();
        // A page's TypeError from another origin is most likely a CORS refusal: the message says so.
        const hint = crossOriginHint(thrown.error, baseUrl);
        return new NetworkError(target, `no answer (${redact.excerpt(networkCause(thrown.error), 300)})${hint}`, {
          cause: redact.cause(thrown.error),
        });
      }
      // After the answer started: the body was cut short. Before: the body could not be serialised.
      if (!reached) return thrown;
      const redact = await redactor();
      return new NetworkError(target, `the answer was cut short (${redact.excerpt(networkCause(thrown), 300)})`, {
        cause: redact.cause(thrown),
      });
    }

    function httpStatusError(answer: ErrorAnswer, redact: Redactor): HttpStatusError {
      let parsed: unknown = answer.text;
      if (answer.complete) {
        try {
          parsed = JSON.parse(answer.text);
        } catch {
          // not JSON: kept as text
        }
      }
      // A JSON body is kept as a value when short, else as the start of its JSON; any other as an excerpt of its text.
      const body = typeof parsed === 'string' ? redact.excerpt(answer.text, KEPT_CHARS, answer.complete) : redact.body(parsed, answer.text);
      const summary = problemSummary(parsed);
      const error = new HttpStatusError(target, answer.status, body, summary === undefined ? undefined : redact.excerpt(summary, 500));
      if (answer.retryAfter !== null) retryAfterMs.set(error, answer.retryAfter);
      return error;
    }

    const headers = {
      'Content-Type': 'application/json; charset=utf-8',
      ...callOptions.headers,
      'developer-token': developerToken,
      'developer-access-code': code,
    };
    if (observer?.wantsRequest) observer.request(sentBody, headers, await redactor());
    let result: Awaited<ReturnType<typeof core.POST>>;
    // The call settles when its signal fires, whatever stage fetch is in: fetch aborts the
    // request itself, and this race makes sure no caller waits on a body that never ends.
    const aborted = signal ? abortedPromise(signal) : undefined;
    try {
      const posting = core.POST(path, {
        // Node's own fetch is handed bodyText by the transport: openapi-fetch then has no body
        // to serialize, and merges the headers once instead of twice.
        body: options.fetch ? sentBody : undefined,
        params: pathParams ? { path: pathParams } : {},
        headers,
        signal,
        // The contract publishes no redirect. Following one would resend the developer
        // headers, and on 307/308 the body with the password, to wherever Location points:
        // a 3xx becomes an HttpStatusError instead.
        redirect: 'manual',
        parseAs: 'text',
        fetch: transport,
      });
      result = aborted ? await Promise.race([posting, aborted.promise]) : await posting;
    } catch (thrown) {
      throw await failure(thrown);
    } finally {
      aborted?.dispose();
    }

    const { response } = result;
    const text = typeof result.data === 'string' ? result.data : '';
    let parsed: unknown;
    try {
      parsed = JSON.parse(text, family.reviver);
    } catch {
      // The content type is the server's text too: it may reflect a request header.
      const contentType = response.headers.get('content-type');
      const redact = await redactor();
      const shownType = contentType === null ? null : redact.excerpt(contentType, EXCERPT);
      // An answer that may be the session token whole (legacy Autenticar) is never quoted, whatever its type or wrapper.
      throw new NonJsonResponseError(target, response.status, shownType, answerIsSecret(path) ? REDACTED : redact.excerpt(text, EXCERPT));
    }
    await family.inspect?.(parsed, {
      target,
      redact: async (value) => (await redactor()).body(value, text),
      redactText: async (value) => (await redactor()).excerpt(value),
      request: { given: body, sent: sentBody },
    });
    const expected = family.answerType?.(path);
    if (expected !== undefined && jsonTypeOf(parsed) !== expected) {
      throw new UnexpectedResponseError(target, response.status, expected, jsonTypeOf(parsed));
    }
    if (observer?.wantsResponse) observer.response(response, parsed, text, await redactor());
    return parsed;
  }

  // The typed surface is FamilyClient<P, Relaxed> and its calls by name; the runtime is path-agnostic.
  return withNamedCalls(family.name, call, family.operations ?? [], family.naming) as unknown as FamilyClient<P, Relaxed>;
}

/** The factory of a family whose bodies declare credentials (`R`: the paths of its reads; `O`: options of its own; `D`: its call docs, generated/<id>/calls.d.ts). */
export function defineFamily<P, N = undefined, R = never, O = unknown, D = undefined>(
  family: Family & Required<Pick<Family, 'credentialFields'>>,
): FamilyFactory<P, N, R, O, D>;
/** The factory of a family whose credential field names are not published (`D`: its call docs). */
export function defineFamily<P, N = undefined, R = never, D = undefined>(family: Family): PlainFamilyFactory<P, N, R, D>;
export function defineFamily<P, N = undefined, R = never, O = unknown, D = undefined>(
  family: Family,
): FamilyFactory<P, N, R, O, D> | PlainFamilyFactory<P, N, R, D> {
  return ((options: ClientOptionsWithCredentials) => createFamilyClient<P>(family, options)) as unknown as FamilyFactory<P, N, R, O, D>;
}
