// The proxy sees credentials (Login, Senha, the developer headers, session tokens) and
// must never print them. Every text it writes (log line, problem body, sl-violations) is
// passed through the redactor of its request, which knows that request's secrets and
// finds them with the same decoding detector as the client and the recorder.
import type { IncomingHttpHeaders } from 'node:http';
import { createRedactor, type Redactor as ClientRedactor } from '../redact.ts';

const SECRET_HEADERS = ['developer-token', 'developer-access-code', 'authorization', 'proxy-authorization', 'cookie'];
// Body fields whose string values are credentials or tokens, at any depth: Login/Senha
// (and login/senha of Autenticar), AutenticacaoUsuario's, token, TokenDeSeguranca, HashAcesso.
const SECRET_KEY = /^(?:login|senha|password|hashacesso)$|token/i;
const NAMED_CREDENTIALS = ['Login', 'Senha', 'login', 'senha', 'token', 'TokenDeSeguranca', 'HashAcesso', 'Token'];
const MAX_WALK_NODES = 10_000;
/**
 * Secrets kept per call (headers first, then the body, its root's keys first): each costs a dozen
 * searches in every text, and a hostile body can hold thousands of `token` keys.
 */
const MAX_SECRETS = 64;
/**
 * Shorter secrets are not searched for inside text: a one- to three-letter secret is in
 * ordinary words (`s` in `application/json`). They are still redacted wherever a whole
 * field name or path segment equals them.
 */
export const MIN_SEARCHED_LENGTH = 4;
export const REDACTED = '[redacted]';

/** Secret values found in headers and (a bounded walk of) a parsed body. */
export function secretsOf(headers: IncomingHttpHeaders, ...bodies: unknown[]): string[] {
  const found = new Set<string>();
  for (const name of SECRET_HEADERS) {
    const value = headers[name];
    for (const v of Array.isArray(value) ? value : [value]) if (v) found.add(v.trim());
  }
  // The credentials the description names come first, looked up directly, so no number of
  // other token-like fields can push them past MAX_SECRETS.
  for (const body of bodies) {
    for (const holder of [body, (body as Record<string, unknown> | null)?.AutenticacaoUsuario]) {
      if (typeof holder !== 'object' || holder === null) continue;
      for (const key of NAMED_CREDENTIALS) {
        const value = (holder as Record<string, unknown>)[key];
        if (typeof value === 'string' && value !== '') found.add(value);
      }
    }
  }
  for (const body of bodies) {
    // Keys are visited one at a time (never Object.entries of a hostile object of 100,000
    // keys, which cost seconds) and at most MAX_WALK_NODES of them per body; credentials sit
    // at the root or one level down, which the walk reaches first.
    let budget = MAX_WALK_NODES;
    const walk = (node: unknown, depth: number): void => {
      if (depth > 16 || typeof node !== 'object' || node === null) return;
      const record = node as Record<string, unknown>;
      const nested: unknown[] = [];
      for (const key in record) {
        if (budget-- <= 0) return;
        const value = record[key];
        if (typeof value === 'string') {
          if (value !== '' && SECRET_KEY.test(key) && found.size < MAX_SECRETS) found.add(value);
        } else if (typeof value === 'object' && value !== null) nested.push(value);
      }
      for (const child of nested) walk(child, depth + 1);
    };
    walk(body, 0);
  }
  found.delete('');
  return [...found];
}

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
