// The proxy sees credentials (Login, Senha, the developer headers, session tokens) and
// must never print them. Every text it writes (log line, problem body, sl-violations) is
// passed through the redactor of its request, which knows that request's secrets.
import type { IncomingHttpHeaders } from 'node:http';
import { BASE64_MIN_BYTES, base64Cores } from '../redact.ts';

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

function htmlEscaped(s: string): string[] {
  const named = s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
  const numeric = s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return [named, numeric, named.replace(/&#39;/g, '&apos;')];
}

/**
 * The forms a secret takes once encoded the common ways: as given, JSON, URL (once, twice,
 * three times), HTML, Base64 (whole, and the part of it that stays the same inside a longer
 * Base64 text at any of the three byte alignments), hex, `\u` escapes.
 */
export function encodedForms(secret: string): string[] {
  // A lone surrogate (JSON allows "\ud800") prints as U+FFFD, and encodeURIComponent throws on it.
  const wellFormed = secret.toWellFormed();
  const bytes = Buffer.from(wellFormed, 'utf8');
  const base64 = bytes.toString('base64');
  const url = encodeURIComponent(wellFormed);
  const hex = bytes.toString('hex');
  return [
    encodeURIComponent(url),
    encodeURIComponent(encodeURIComponent(url)),
    ...base64Cores(wellFormed),
    ...(bytes.length >= BASE64_MIN_BYTES ? [hex, hex.toUpperCase()] : []),
    secret,
    wellFormed,
    JSON.stringify(secret).slice(1, -1),
    encodeURIComponent(wellFormed),
    encodeURIComponent(wellFormed).replace(/%20/g, '+'),
    ...htmlEscaped(secret),
    base64,
    base64.replace(/=+$/, ''),
    bytes.toString('base64url'),
    [...secret].map((c) => `\\u${(c.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`).join(''),
  ];
}

export type Redactor = (text: string) => string;

/** A function that removes every form of the given secrets from a text. */
export function redactorFor(secrets: readonly string[]): Redactor {
  const exact = new Set(secrets);
  const forms = [...new Set(secrets.filter((s) => s.length >= MIN_SEARCHED_LENGTH).flatMap(encodedForms))]
    .filter((f) => f.length >= MIN_SEARCHED_LENGTH)
    .sort((a, b) => b.length - a.length);
  return (text) => {
    if (exact.has(text)) return REDACTED;
    let out = text;
    for (const form of forms) if (out.includes(form)) out = out.split(form).join(REDACTED);
    return out;
  };
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
