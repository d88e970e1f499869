// `Prefer` (RFC 7240) and its `__code`/`__example`/`__dynamic`/`__seed` query fallbacks, read
// as Prism reads them (@stoplight/prism-http-server's getHttpConfigFromRequest over
// parse-prefer-header), without Prism: the query is read only when the header is absent or
// empty; a preference's own parameters (`code=200;example=x`) are not preferences; the first
// of a repeated preference wins; `code` is three digits, `dynamic` true or false.
// tests/mock/prefer.test.ts checks this reader against Prism's on the forms integrators send.

export interface Preferences {
  code?: number;
  exampleKey?: string;
  dynamic?: boolean;
  seed?: string;
}

export type PreferencesRead = { ok: true; value: Readonly<Preferences> } | { ok: false; detail: string };

/** Query names read as preferences. */
const QUERY_FALLBACK = /(?:^|[?&])__(?:code|example|dynamic|seed)=/;

type Raw = string | true | readonly string[] | undefined;

/** Whether a request states any preference (header or query fallback): the fast path skips the reader otherwise. */
export function statesPreferences(prefer: string | undefined, search: string): boolean {
  return (prefer !== undefined && prefer !== '') || QUERY_FALLBACK.test(search);
}

/** parse-prefer-header's name for a token: lower case, camel-cased at `-`, `_` and spaces. */
function preferenceName(token: string): string {
  return token
    .toLowerCase()
    .replace(/[^a-z0-9]+(.)?/g, (_all, next: string | undefined) => (next ? next.toUpperCase() : ''))
    .replace(/^[A-Z]/, (c) => c.toLowerCase());
}

/** Splits at `separator` outside double quotes (parse-prefer-header's rule). */
function splitUnquoted(text: string, separator: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '"') quoted = !quoted;
    else if (text[i] === separator && !quoted) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function readHeader(prefer: string): Record<string, Raw> {
  const found: Record<string, Raw> = {};
  for (const preference of splitUnquoted(prefer, ',')) {
    let base: string | undefined;
    for (const segment of splitUnquoted(preference, ';')) {
      const eq = segment.indexOf('=');
      let token = (eq < 0 ? segment : segment.slice(0, eq)).trim().toLowerCase();
      let value = eq < 0 ? '' : segment.slice(eq + 1).trim();
      if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
      if (base === undefined) base = token;
      else token = `${base}-${token}`;
      const name = preferenceName(token);
      if (found[name] === undefined) found[name] = value.length > 0 ? value : true;
    }
  }
  return found;
}

function shown(value: Exclude<Raw, undefined>): string {
  return typeof value === 'string' ? JSON.stringify(value.slice(0, 100)) : JSON.stringify(value);
}

/** Readings of recent Prefer headers (a client sends the same one on many calls), bounded. */
const recent = new Map<string, PreferencesRead>();

/** The preferences of a request, or why they cannot be read. */
export function readPreferences(prefer: string | undefined, query: URLSearchParams): PreferencesRead {
  // The query is read only when the header is absent or empty (Prism's rule).
  if (prefer === undefined || prefer === '') {
    const raw: Record<string, Raw> = {};
    for (const name of ['code', 'dynamic', 'seed', 'example']) {
      const values = query.getAll(`__${name}`);
      if (values.length > 0) raw[name] = values.length === 1 ? values[0] : values;
    }
    return readRaw(raw);
  }
  let read = recent.get(prefer);
  if (!read) {
    read = readRaw(readHeader(prefer));
    // Shared by every call that sends the same header: frozen, so no caller changes another's.
    if (read.ok) Object.freeze(read.value);
    if (recent.size >= 256) recent.clear();
    if (prefer.length <= 512) recent.set(prefer, read);
  }
  return read;
}

function readRaw(raw: Record<string, Raw>): PreferencesRead {
  const faults: string[] = [];
  const value: Preferences = {};
  const text = (name: string): string | undefined => {
    const v = raw[name];
    if (v === undefined || typeof v === 'string') return v;
    faults.push(`${name} must be given one value, not ${shown(v)}`);
    return undefined;
  };
  const code = text('code');
  if (code !== undefined) {
    if (/^\d{3}$/.test(code)) value.code = Number(code);
    else faults.push(`code must be a three-digit status, not ${shown(code)}`);
  }
  const dynamic = text('dynamic');
  if (dynamic !== undefined) {
    if (dynamic === 'true' || dynamic === 'false') value.dynamic = dynamic === 'true';
    else faults.push(`dynamic must be true or false, not ${shown(dynamic)}`);
  }
  const seed = text('seed');
  if (seed !== undefined) value.seed = seed;
  const example = text('example');
  if (example !== undefined) value.exampleKey = example;
  return faults.length > 0 ? { ok: false, detail: faults.join('; ') } : { ok: true, value };
}
