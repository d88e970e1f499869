// A request's secrets and the redactor that finds them (the proxy and the mock see
// credentials: Login, Senha, the developer headers, session tokens, and must never print
// them). Every text they write (log line, problem body, sl-violations) is passed through the
// redactor of its request, which knows that request's secrets and finds them with the same
// decoding detector as the client and the recorder. Below the mock and the proxy, both of
// which use it, beside the client's detector (redact.ts).
import type { IncomingHttpHeaders } from 'node:http';
import { isRedactedField, isSecretHeader, REDACTED, SECRET_HEADERS } from './lib/contract-index.ts';
import { createRedactor, type Redactor as ClientRedactor } from './redact.ts';
import { secretsIn } from './secret-fields.ts';

export { REDACTED };

/**
 * Secrets kept per call (headers first, then the query, then the bodies, shallowest first):
 * each costs a dozen searches in every text, and a hostile body can spell `Senha` in
 * thousands of ways.
 */
const MAX_SECRETS = 64;
/**
 * Shorter secrets are not searched for inside text: a one- to three-letter secret is in
 * ordinary words (`s` in `application/json`). They are still redacted wherever a whole
 * field name or path segment equals them.
 */
export const MIN_SEARCHED_LENGTH = 4;
/** Query parameters looked at most: a hostile query of 100,000 names costs no more than this. */
const MAX_QUERY_PARAMETERS = 1_000;

/**
 * Secret values of a request or an exchange, from the contract index: every secret header
 * (SECRET_HEADERS), every query parameter whose name is a secret header or a field
 * isRedactedField() marks, and everything under such a field in each body, at any depth, in
 * any case, invisible characters ignored, in a bounded walk (secret-fields.ts). A body may be
 * a parsed JSON value, or URLSearchParams (a query string or a form body).
 */
export function secretsOf(headers: IncomingHttpHeaders, ...bodies: unknown[]): string[] {
  const found = new Set<string>();
  const add = (value: string): void => {
    const v = value.trim();
    if (v !== '' && found.size < MAX_SECRETS) found.add(v);
  };
  for (const name of SECRET_HEADERS) {
    const value = headers[name];
    for (const v of Array.isArray(value) ? value : [value]) if (v) add(v);
  }
  // Header names as Node gives them are lower case; one spelt otherwise (a raw object) is still read.
  for (const [name, value] of Object.entries(headers))
    if (typeof value === 'string' && isSecretHeader(name) && !SECRET_HEADERS.includes(name)) add(value);
  for (const body of bodies) {
    if (!(body instanceof URLSearchParams)) continue;
    let n = 0;
    for (const [name, value] of body) {
      if (n++ >= MAX_QUERY_PARAMETERS) break;
      if (isRedactedField(name) || isSecretHeader(name)) add(value);
    }
  }
  for (const body of bodies) if (!(body instanceof URLSearchParams)) for (const value of secretsIn(body)) add(value);
  return [...found];
}

/** The secrets of a request target's query (`?developer-token=…&senha=…`): secretsOf for a URL's search part. */
export const querySecrets = (search: string): string[] => secretsOf({}, new URLSearchParams(search));

export type Redactor = (text: string) => string;

/**
 * A function that removes every form of the given secrets from a text: the client's
 * decoding detector (src/redact.ts: plain, JSON `\u` escapes, percent-encoding of any
 * character once or more, HTML entities decimal, hexadecimal and named, quoted-printable,
 * Base64 and base64url at any alignment, hex of UTF-8 and UTF-16LE/BE, lower- and
 * upper-cased, reversed), built on the first text that needs it.
 */
export function redactorFor(secrets: readonly string[]): Redactor {
  const exact = new Set(secrets);
  const searched = secrets.filter((s) => s.length >= MIN_SEARCHED_LENGTH);
  let redactor: ClientRedactor | undefined;
  return (text) => {
    if (exact.has(text)) return REDACTED;
    if (searched.length === 0) return text;
    redactor ??= cachedRedactor(searched);
    return redactor.text(text);
  };
}

/** An integration sends the same credentials call after call: their detector (a large regex) is built once. */
const CACHED_REDACTORS = 16;
const cache = new Map<string, ClientRedactor>();

function cachedRedactor(secrets: readonly string[]): ClientRedactor {
  const key = JSON.stringify(secrets);
  let redactor = cache.get(key);
  if (redactor) cache.delete(key);
  else redactor = createRedactor(secrets);
  cache.set(key, redactor);
  if (cache.size > CACHED_REDACTORS) cache.delete(cache.keys().next().value as string);
  return redactor;
}

/**
 * A request path for printing: a segment that holds a secret once percent-decoded (in
 * whatever mix of encoded and plain characters the caller sent) is replaced whole.
 */
export function redactPath(pathname: string, redact: Redactor): string {
  return pathname
    .split('/')
    .map((segment) => {
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        // a malformed escape: the segment is checked as sent
      }
      return redact(segment) !== segment || redact(decoded) !== decoded ? REDACTED : segment;
    })
    .join('/');
}
