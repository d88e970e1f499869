// The typed errors of the client. Every error that a call raises extends `CallError`
// and names the operation. No error ever holds the request body, a header, the
// password (`Senha`), `TokenDeSeguranca`, the session token or the developer token and
// access code: messages are built from operation names and numbers, plus what the other
// side said (a problem's title and detail, the network cause, the service's message),
// redacted; the answers some errors keep are redacted and bounded first (see redact.ts).

/** Root of every error this package throws. */
export class ClientError extends Error {
  override name = 'ClientError';
}

/** A client option, or an argument of a helper, is invalid. Thrown before any request. */
export class ConfigurationError extends ClientError {
  override name = 'ConfigurationError';
}

/** A date string or `Date` could not be read or written in the requested form. */
export class DateFormatError extends ClientError {
  override name = 'DateFormatError';
}

/** A legacy call cannot be turned into a V2 Portuguese call (Part 9 migration rules). */
export class MigrationError extends ClientError {
  override name = 'MigrationError';
  /** Operation name of the legacy call, when one could be read from its path. */
  readonly operation: string | undefined;
  constructor(message: string, operation: string | undefined) {
    super(message);
    this.operation = operation;
  }
}

/**
 * A call by a name the client does not have (`v2.Disponibilidad`): thrown when the name is
 * read, before any request. `known` lists the names it has.
 */
export class UnknownOperationError extends ClientError {
  override name = 'UnknownOperationError';
  /** The name asked for. */
  readonly operation: string;
  /** The operation names this client (or service group) has. */
  readonly known: readonly string[];
  constructor(where: string, operation: string, known: readonly string[], elsewhere = '') {
    super(
      `${where} has no operation ${operation}: it has ${known.length === 0 ? 'none by name (use call(path, body))' : known.join(', ')}${elsewhere}`,
    );
    this.operation = operation;
    this.known = known;
  }
}

/**
 * `retry` was asked for an operation that may change something (book, issue, cancel, mark
 * seats, buy ancillaries…): a second attempt could do it twice. Thrown before any request.
 */
export class UnsafeRetryError extends ClientError {
  override name = 'UnsafeRetryError';
  /** The operation the call was for. */
  readonly operation: string;
  constructor(operation: string) {
    super(`${operation}: retry is refused: it may change something, and a second attempt could do it twice`);
    this.operation = operation;
  }
}

/** Where a failed call was going. */
export interface CallTarget {
  /** Operation name, e.g. `Disponibilidade` (the last segment of the path). */
  readonly operation: string;
  /** Path as written in the contract, e.g. `/api/V2/Voos/Disponibilidade`. */
  readonly path: string;
}

/** Root of every error raised while making a call; `message` starts with the operation name. */
export class CallError extends ClientError {
  override name = 'CallError';
  readonly operation: string;
  readonly path: string;
  /** How many attempts the call made, when its `retry` made more than one (the message says so too). */
  declare attempts?: number;
  constructor(target: CallTarget, detail: string, options?: { cause?: unknown }) {
    super(`${target.operation}: ${detail}`, options);
    this.operation = target.operation;
    this.path = target.path;
  }
}

/** The request never got an answer: DNS, refused or reset connection, TLS, a body cut short. `cause` is the transport's error. */
export class NetworkError extends CallError {
  override name = 'NetworkError';
}

/**
 * The call took longer than its `timeout` (or the caller's signal fired with a
 * `TimeoutError` reason, in which case `timeoutMs` is undefined).
 */
export class TimeoutError extends CallError {
  override name = 'TimeoutError';
  readonly timeoutMs: number | undefined;
  constructor(target: CallTarget, timeoutMs: number | undefined) {
    super(target, timeoutMs === undefined ? 'timed out' : `timed out after ${timeoutMs} ms`);
    this.timeoutMs = timeoutMs;
  }
}

/** The caller's `signal` aborted the call (for a reason other than a timeout). */
export class AbortedError extends CallError {
  override name = 'AbortedError';
}

/** The developer access code could not be produced: its function threw or gave no non-empty string. */
export class AccessCodeError extends CallError {
  override name = 'AccessCodeError';
}

/**
 * The service answered with a status outside 2xx. The description publishes no status
 * codes and no error body format (Part 7), so `body` is whatever came back, redacted:
 * parsed as JSON when it is short enough to keep whole, else a text excerpt that ends
 * with `… [cut: …]`. A problem body's `title` and `detail` (RFC 9457) are in the message.
 */
export class HttpStatusError extends CallError {
  override name = 'HttpStatusError';
  readonly status: number;
  readonly body: unknown;
  constructor(target: CallTarget, status: number, body: unknown, problem?: string) {
    // Status 0: a browser's fetch hides a redirect it was told not to follow (type "opaqueredirect").
    super(
      target,
      status === 0
        ? 'the service answered a redirect, not followed (a browser hides its status)'
        : `the service answered HTTP ${status}${problem === undefined ? '' : ` (${problem})`}`,
    );
    this.status = status;
    this.body = body;
  }
}

/** A 2xx answer whose body is empty or not JSON. `excerpt` is its start, redacted; when cut it ends with `… [cut: …]`. */
export class NonJsonResponseError extends CallError {
  override name = 'NonJsonResponseError';
  readonly status: number;
  readonly contentType: string | null;
  readonly excerpt: string;
  constructor(target: CallTarget, status: number, contentType: string | null, excerpt: string) {
    super(target, `the answer (HTTP ${status}, ${contentType ?? 'no content type'}) is ${excerpt === '' ? 'empty' : 'not JSON'}`);
    this.status = status;
    this.contentType = contentType;
    this.excerpt = excerpt;
  }
}

/** The top-level JSON types an answer can have. */
export type JsonType = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';

const WITH_ARTICLE: Record<JsonType, string> = {
  object: 'an object',
  array: 'an array',
  string: 'a string',
  number: 'a number',
  boolean: 'a boolean',
  null: 'null',
};

/**
 * A 2xx JSON answer of another type than the contract describes: an array, a scalar or
 * null where the result object is expected, say. It keeps the two type names only,
 * never the answer.
 */
export class UnexpectedResponseError extends CallError {
  override name = 'UnexpectedResponseError';
  readonly status: number;
  readonly expected: JsonType;
  readonly received: JsonType;
  constructor(target: CallTarget, status: number, expected: JsonType, received: JsonType) {
    super(
      target,
      `the answer (HTTP ${status}) is ${WITH_ARTICLE[received]} in JSON, where the contract describes ${WITH_ARTICLE[expected]}`,
    );
    this.status = status;
    this.expected = expected;
    this.received = received;
  }
}

/**
 * The legacy service answered `SessaoExpirada: true` (Part 5, item 6, gives a body without
 * `Login` and no valid session as one cause). The message says whether the body sent
 * carried a Login, and who put it there. `body` is the answer, redacted.
 */
export class SessionExpiredError extends CallError {
  override name = 'SessionExpiredError';
  readonly body: unknown;
  constructor(target: CallTarget, body: unknown, sent = 'the body had no Login, and there was no valid session') {
    super(target, `the service answered SessaoExpirada: true (${sent})`);
    this.body = body;
  }
}

/** An `AutenticacaoRS` came back with `Erros` filled (Part 7). `errors` are those texts, redacted. */
export class AuthenticationError extends CallError {
  override name = 'AuthenticationError';
  readonly errors: readonly string[];
  constructor(target: CallTarget, errors: readonly string[]) {
    super(target, `authentication refused (${errors.length} error${errors.length === 1 ? '' : 's'} in Erros)`);
    this.errors = errors;
  }
}

/** A V1 answer with `Sucesso: false`, or without the boolean at all. `body` is the wrapper, redacted. */
export class V1UnsuccessfulError extends CallError {
  override name = 'V1UnsuccessfulError';
  readonly body: unknown;
  constructor(target: CallTarget, body: unknown, detail = 'the V1 wrapper says Sucesso: false') {
    super(target, detail);
    this.body = body;
  }
}

/**
 * An answer of the observed flavour (`./v2/observed`) reported a failure in its body:
 * `Exception` set to an object with a `Message` (the captured traffic shows errors this
 * way, with HTTP status not captured; not published by the provider). `serviceMessage`
 * is that message, redacted ('' when it holds no string); `body` is the answer, redacted.
 */
export class ServiceError extends CallError {
  override name = 'ServiceError';
  readonly serviceMessage: string;
  readonly body: unknown;
  constructor(target: CallTarget, serviceMessage: string, body: unknown) {
    const shown = serviceMessage.length > 800 ? `${serviceMessage.slice(0, 800)}…` : serviceMessage;
    super(target, shown === '' ? 'the service reported an error without a message' : `the service reported an error: ${shown}`);
    this.serviceMessage = serviceMessage;
    this.body = body;
  }
}
