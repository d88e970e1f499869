// Keeps secrets (the password `Senha`, `TokenDeSeguranca`, the session token, the developer
// token and access code) out of anything an error carries, in every form a server could
// echo them in, and bounds what an error keeps of an answer. Only error paths load it
// (client.ts imports it when an error is built), so calls pay nothing, not even its bytes.
// docs/client.md ("Redaction") states the rules.
import { blankSecretFields, isSecretField, KEPT_CHARS, REDACTED } from './secret-fields.ts';

export { KEPT_CHARS, REDACTED, secretsIn } from './secret-fields.ts';

/** Secrets shorter than this (in code points) are redacted only where they stand as a whole token. */
export const SHORT_SECRET = 4;
/** Secrets shorter than this (in code points) are not searched for lower-cased, upper-cased or reversed. */
export const MANGLED_MIN = 8;
/** Secrets shorter than this (in UTF-8 bytes) have no Base64 form redacted: its core would be a few letters found anywhere. */
export const BASE64_MIN_BYTES = 6;

// ---- per-character patterns: one regex matches a secret in any mix of its encodings ----

/** Two upper-case hex digits of each byte: long secrets need tens of thousands of them. */
const HEX_BYTE = Array.from({ length: 256 }, (_, n) => n.toString(16).toUpperCase().padStart(2, '0'));
/** `n` in upper-case hex, at least `width` digits; bytes and UTF-16 units from the table. */
const hex = (n: number, width = 2): string => {
  if (width === 2 && n < 0x100) return HEX_BYTE[n] as string;
  if (width === 4 && n < 0x10000) return `${HEX_BYTE[n >> 8]}${HEX_BYTE[n & 0xff]}`;
  return n.toString(16).toUpperCase().padStart(width, '0');
};
/** A hex number in either case, as a regex source. */
const anyCaseHex = (digits: string): string => digits.replace(/[A-F]/g, (d) => `[${d}${d.toLowerCase()}]`);
const literal = (codePoint: number): string => `\\u{${codePoint.toString(16)}}`;

const HTML_NAMED: Record<string, string> = { '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos', '\u00a0': 'nbsp' };
const DIACRITICS: Record<string, string> = {
  '\u0300': 'grave',
  '\u0301': 'acute',
  '\u0302': 'circ',
  '\u0303': 'tilde',
  '\u0308': 'uml',
  '\u030a': 'ring',
  '\u0327': 'cedil',
};

/**
 * HTML's named entity of a character, if it has one this client knows: the specials, and
 * the accented letters of Latin-1 (`&ccedil;`, `&atilde;`: Portuguese text is often written
 * this way), whose names are the letter and its diacritic's name.
 */
function htmlName(char: string): string | undefined {
  if (HTML_NAMED[char]) return HTML_NAMED[char];
  if (char < '\u00c0' || char > '\u00ff') return undefined;
  const [letter, mark, more] = char.normalize('NFD');
  return letter !== undefined && mark !== undefined && more === undefined && DIACRITICS[mark] ? `${letter}${DIACRITICS[mark]}` : undefined;
}

const utf8 = new TextEncoder();

/**
 * Every way one character of a secret can come back: as is; a JSON `\u` escape; URL
 * percent-encoding of its UTF-8 bytes (`+` for a space); quoted-printable; HTML numeric and named entities. A lone surrogate also comes back as U+FFFD (it cannot travel as UTF-8).
 * JSON's short escapes (`\"`, `\\`, `\n`…) are not here but in the secret's wire forms
 * (see `forms`): as alternatives here, a run of backslashes could be read in exponentially
 * many ways by a regex that then fails.
 */
function characterPattern(char: string, which: 'plain' | Escapes = ALL_ESCAPES, encodedOnly = false): string {
  const key = `${which === 'plain' ? 'p' : which}${encodedOnly ? 'e' : ''}${char}`;
  let pattern = characterPatterns.get(key);
  if (pattern === undefined) {
    pattern = buildCharacterPattern(char, which, encodedOnly);
    if (characterPatterns.size >= 4096) characterPatterns.clear();
    characterPatterns.set(key, pattern);
  }
  return pattern;
}

/** Patterns of characters met lately: a secret repeats its characters, and each pattern takes a dozen encodings to build. */
const characterPatterns = new Map<string, string>();

/**
 * The character each encoding of characterPattern cannot do without: JSON's `\u` a backslash,
 * percent-encoding `%`, quoted-printable `=`, HTML entities `&`. An encoding whose character a
 * text lacks cannot match in it, so a text is searched with a regex of only the encodings it
 * can hold (most texts hold none or one): its compile is most of a fresh redactor's cost.
 */
const ESCAPE_CHARACTERS = ['\\', '%', '=', '&'] as const;
/** A set of ESCAPE_CHARACTERS, one bit each. */
type Escapes = number;
const [JSON_ESCAPE, PERCENT, QUOTED_PRINTABLE, ENTITY] = [1, 2, 4, 8];
const ALL_ESCAPES: Escapes = 15;

/** The ESCAPE_CHARACTERS `text` holds. */
function escapesIn(text: string): Escapes {
  let escapes = 0;
  ESCAPE_CHARACTERS.forEach((c, i) => {
    if (text.includes(c)) escapes |= 1 << i;
  });
  return escapes;
}

/** A character's options: `plain`, itself only; else itself, `+` for a space, and its encodings in `which` (`encodedOnly`: those encodings alone). */
function buildCharacterPattern(char: string, which: 'plain' | Escapes, encodedOnly: boolean): string {
  const codePoint = char.codePointAt(0)!;
  const lone = codePoint >= 0xd800 && codePoint <= 0xdfff;
  const plain = new Set<string>([literal(codePoint)]);
  if (lone) plain.add(literal(0xfffd));
  if (which === 'plain') return `(?:${[...plain].join('|')})`;
  const options = new Set<string>(encodedOnly ? [] : plain);
  const units = codePoint > 0xffff ? [char.charCodeAt(0), char.charCodeAt(1)] : [codePoint];
  if (which & JSON_ESCAPE) options.add(units.map((unit) => `\\\\u${anyCaseHex(hex(unit, 4))}`).join(''));
  const bytes = utf8.encode(lone ? '\ufffd' : char);
  // Percent-encoded once or more: each encoding turns the `%` of the last into `%25`.
  if (which & PERCENT) options.add([...bytes].map((byte) => `%(?:25)*${anyCaseHex(hex(byte))}`).join(''));
  if (char === ' ' && !encodedOnly) options.add('\\+');
  // Quoted-printable: each UTF-8 byte as `=XX`.
  if (which & QUOTED_PRINTABLE) options.add([...bytes].map((byte) => `=${anyCaseHex(hex(byte))}`).join(''));
  if (which & ENTITY) {
    options.add(`&#0*${codePoint};`);
    options.add(`&#[xX]0*${anyCaseHex(codePoint.toString(16).toUpperCase())};`);
    const name = htmlName(char);
    if (name !== undefined) options.add(`&${name};`);
  }
  // No encoding of this character can stand in a text holding none of its escape characters.
  return options.size === 0 ? '(?!)' : `(?:${[...options].join('|')})`;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Long texts are matched as pieces of this many to twice as many characters. */
const PIECE = 64;
/** Secrets longer than this (in code points) are matched in each common encoding as a whole, not in any mix of them. */
export const LONG_SECRET = 256;

/**
 * Regex sources matching `secret` in any mix of the per-character encodings, as pieces of 64 to 127 characters each redacted where it shows: one
 * pattern of thousands of characters overflows the regex engine's stack.
 */
function encodedPatterns(secret: string, escapes: Escapes): string[] {
  return inPieces([...secret]).map((piece) => piece.map((char) => characterPattern(char, escapes)).join(''));
}

const HTML_SPECIAL: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * A long secret in each common encoding, whole: as is; URL-encoded (either case of hex, and
 * encoded twice) and form-encoded (`application/x-www-form-urlencoded`: `+` for a space, `!'()~`
 * escaped too); HTML-escaped (the specials, or every non-ASCII character as a numeric entity too);
 * every character a numeric entity, decimal or hex in either case; JSON with every non-ASCII
 * character `\u`-escaped. The per-character patterns that find any mix of these for shorter
 * secrets cost seconds to build and run over thousands of characters.
 */
function literalEncodings(secret: string): string[] {
  const text = secret.toWellFormed();
  const url = encodeURIComponent(text);
  const lowerHex = (encoded: string) => encoded.replace(/%[0-9A-F]{2}/g, (percent) => percent.toLowerCase());
  const form = url.replace(/[!'()~]/g, (c) => `%${hex(c.charCodeAt(0))}`).replace(/%20/g, '+');
  const html = text.replace(/[&<>"']/g, (c) => HTML_SPECIAL[c]!);
  const numeric = [...html].map((c) => (c.codePointAt(0)! > 0x7e ? `&#${c.codePointAt(0)!};` : c)).join('');
  const codePoints = [...text].map((c) => c.codePointAt(0)!);
  const decimal = codePoints.map((n) => `&#${n};`).join('');
  const hexEntities = codePoints.map((n) => `&#x${n.toString(16)};`).join('');
  const ascii = text.replace(/[^\x20-\x7e]/g, (c) => `\\u${hex(c.charCodeAt(0), 4).toLowerCase()}`);
  return [
    ...new Set([
      secret,
      text,
      url,
      lowerHex(url),
      encodeURIComponent(url),
      form,
      lowerHex(form),
      html,
      numeric,
      decimal,
      hexEntities,
      hexEntities.toUpperCase().replaceAll('&#X', '&#x'),
      ascii,
    ]),
  ];
}

/** A text in pieces of 64 to 127 code points (or whole when shorter), as `inPieces` cuts its code points. */
function piecesOf(text: string): string[] {
  // With a surrogate, code points are not units: cut them as inPieces does.
  if (SURROGATE.test(text)) return inPieces([...text]).map((piece) => piece.join(''));
  // None (every Base64 and hex form): plain slices, without an array per character.
  const pieces: string[] = [];
  for (let start = 0; start < text.length; start += PIECE) pieces.push(text.slice(start, start + PIECE));
  if (pieces.length > 1 && (pieces.at(-1) as string).length < PIECE) {
    const last = pieces.pop() as string;
    pieces.push(`${pieces.pop() as string}${last}`);
  }
  return pieces;
}

/** A surrogate code unit: a text without one splits into code points as it splits into units. */
const SURROGATE = /[\ud800-\udfff]/;

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard Base64 with padding: `btoa` needs a string of every byte first, which long secrets make costly. */
function toBase64(bytes: Uint8Array): string {
  const out: string[] = [];
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number);
    out.push(`${BASE64_ALPHABET[n >> 18]}${BASE64_ALPHABET[(n >> 12) & 63]}${BASE64_ALPHABET[(n >> 6) & 63]}${BASE64_ALPHABET[n & 63]}`);
  }
  if (i < bytes.length) {
    const n = ((bytes[i] as number) << 16) | ((bytes[i + 1] ?? 0) << 8);
    const last = i + 1 < bytes.length ? `${BASE64_ALPHABET[(n >> 6) & 63]}` : '=';
    out.push(`${BASE64_ALPHABET[n >> 18]}${BASE64_ALPHABET[(n >> 12) & 63]}${last}=`);
  }
  return out.join('');
}

/** `items` in pieces of 64 to 127 (or all of them when fewer). */
function inPieces<T>(items: readonly T[]): T[][] {
  const pieces: T[][] = [];
  for (let start = 0; start < items.length; start += PIECE) pieces.push(items.slice(start, start + PIECE));
  if (pieces.length > 1 && pieces.at(-1)!.length < PIECE) pieces.at(-2)!.push(...pieces.pop()!);
  return pieces;
}

const escapeRegex = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

/**
 * The parts of a secret's Base64 that do not depend on its neighbours, for each of the three
 * alignments it can have inside a longer Base64 text (standard and URL-safe alphabets).
 */
export function base64Cores(secret: string): string[] {
  return bytesCores(utf8.encode(secret.toWellFormed()));
}

/** The Base64 cores of some bytes (see base64Cores), none when they are too few to mean anything. */
function bytesCores(bytes: Uint8Array): string[] {
  if (bytes.length < BASE64_MIN_BYTES) return [];
  const cores = new Set<string>();
  for (let offset = 0; offset < 3; offset++) {
    const padded = new Uint8Array(offset + bytes.length);
    padded.set(bytes, offset);
    const encoded = toBase64(padded);
    // Characters wholly made of the secret's bits: from the first after the offset's bits to the last before the end.
    const core = encoded.slice(Math.ceil((offset * 8) / 6), Math.floor(((offset + bytes.length) * 8) / 6));
    cores.add(core);
    cores.add(core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return [...cores];
}

/** UTF-16 little-endian bytes of a text (what Windows and .NET encode before Base64). */
function utf16le(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    bytes[2 * i] = unit & 0xff;
    bytes[2 * i + 1] = unit >> 8;
  }
  return bytes;
}

/**
 * Every Base64 form of a secret the redactor finds: of its UTF-8 bytes, of its UTF-16LE bytes,
 * and of its Base64 once more (a Base64 text encoded again: each inner core's own cores), at
 * each alignment, in both alphabets.
 */
export function base64Forms(secret: string): string[] {
  const direct = base64Cores(secret);
  const wide = bytesCores(utf16le(secret.toWellFormed()));
  const twice = direct.flatMap((core) => base64Cores(core));
  return [...new Set([...direct, ...wide, ...twice])];
}

const jsonEscaped = (text: string): string => JSON.stringify(text).slice(1, -1);

/**
 * The strings a secret travels as before any per-character encoding: as given; inside a JSON
 * string (the request body on the wire), and inside a JSON string that is itself in a JSON
 * string (an echo of the raw request in a JSON answer); a GUID also in either case, with or
 * without its hyphens.
 */
function forms(secret: string): string[] {
  const once = jsonEscaped(secret);
  const guid = GUID.test(secret) ? [secret.toLowerCase(), secret.toUpperCase()].flatMap((g) => [g, g.replace(/-/g, '')]) : [];
  return [...new Set([secret, once, jsonEscaped(once), ...guid])];
}

/**
 * Lower-cased, upper-cased and reversed (a server that normalizes or mangles an echo), for a
 * secret long enough that no unrelated text holds those by chance. Matched as they stand and
 * JSON-escaped, not in every per-character encoding: that would triple the pattern for forms
 * no encoder makes.
 */
function mangledForms(secret: string): string[] {
  if ([...secret].length < MANGLED_MIN) return [];
  const mangled = [secret.toLowerCase(), secret.toUpperCase(), [...secret].reverse().join('')].filter((m) => m !== secret);
  return [...new Set(mangled.flatMap((m) => [m, jsonEscaped(m)]))];
}

/** What an error keeps of a text, and whether it was cut. */
export interface Excerpt {
  text: string;
  cut: boolean;
}

/** Redacts the secrets of one call; built only when an error needs it. */
export interface Redactor {
  /** `text` with every secret, in every form, replaced by `[redacted]`. */
  text(text: string): string;
  /** A copy of a JSON value with secret fields blanked and secrets replaced in every string and key. */
  value(value: unknown): unknown;
  /** At most `max` characters of `text`, redacted; a cut one ends with a note saying so. `complete` false: `text` is the start of a longer answer. */
  excerpt(text: string, max?: number, complete?: boolean): string;
  /**
   * What an error keeps of a parsed JSON answer whose text is `text`: the redacted value
   * when the text is short, else the start of the redacted value as JSON text, cut.
   */
  body(value: unknown, text: string): unknown;
  /**
   * What an error keeps as the `cause` of a transport failure: a copy holding only the name,
   * message and code of each error down the chain, never the objects (a fetch wrapper's error
   * can hold the request); undefined when any of that text quotes a secret in any form.
   */
  cause(error: unknown): Error | undefined;
}

/** The note a cut excerpt ends with. */
export const cutNote = (kept: number, total: number, complete: boolean): string =>
  `… [cut: ${kept} characters kept of ${complete ? total : `more than ${total}`}]`;

/**
 * A copy of an error and its causes holding only each one's name, message and string `code`
 * (an AggregateError's first error counts as its cause), never the objects: a fetch
 * wrapper's error can carry the request, its headers and its body.
 */
function copyCause(error: unknown, depth = 0): Error | undefined {
  if (error === undefined || error === null || depth >= 8) return undefined;
  const name = error instanceof Error ? String(error.name) : typeof error;
  const message = error instanceof Error ? String(error.message) : typeof error === 'string' ? error : '';
  const next: unknown =
    error instanceof AggregateError && error.errors.length > 0 ? error.errors[0] : error instanceof Error ? error.cause : undefined;
  const cause = copyCause(next, depth + 1);
  const copy = new Error(message, cause === undefined ? undefined : { cause });
  copy.name = name;
  // Its own stack would point into this file, not to where the failure happened.
  copy.stack = message === '' ? name : `${name}: ${message}`;
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (typeof code === 'string') Object.assign(copy, { code });
  return copy;
}

/** Literals at least this long (UTF-16 units) are found by lookup, not by the regex. */
const KEY = 8;

/**
 * Many literal pieces found at once: each is filed under its first KEY characters, and every
 * position of a text looks its KEY characters up. A regex alternation of thousands of pieces
 * (a long secret's encodings, every Base64 and hex form) is tried piece by piece at each position
 * instead: hundreds of milliseconds for a few kilobytes.
 */
class LiteralFinder {
  private readonly byKey = new Map<string, string[]>();
  add(literal: string): void {
    const key = literal.slice(0, KEY);
    const filed = this.byKey.get(key);
    if (filed === undefined) this.byKey.set(key, [literal]);
    else if (!filed.includes(literal)) filed.push(literal);
  }
  get size(): number {
    return this.byKey.size;
  }
  /** Adds [start, end) of the longest piece found at each position of `text`. */
  find(text: string, ranges: [number, number][]): void {
    if (this.byKey.size === 0) return;
    for (let at = 0; at + KEY <= text.length; at++) {
      const filed = this.byKey.get(text.slice(at, at + KEY));
      if (filed === undefined) continue;
      let end = -1;
      for (const literal of filed) if (at + literal.length > end && text.startsWith(literal, at)) end = at + literal.length;
      if (end > at) ranges.push([at, end]);
    }
  }
}

/** Hex digits A–F lower-cased, nothing else: the text keeps its length, so positions stay. */
const foldHex = (text: string): string => text.replace(/[A-F]/g, (digit) => digit.toLowerCase());

/** Sorted ranges with the overlapping ones joined (touching ones stay apart: each is one redaction). */
function joined(ranges: [number, number][]): [number, number][] {
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const out: [number, number][] = [];
  for (const range of ranges) {
    const last = out.at(-1);
    if (last !== undefined && range[0] < last[1]) last[1] = Math.max(last[1], range[1]);
    else out.push([range[0], range[1]]);
  }
  return out;
}

export function createRedactor(secrets: readonly string[]): Redactor {
  const real = secrets.filter((s) => typeof s === 'string' && s !== '');
  const given = [...new Set(real.flatMap(forms))];
  // Longest first: a secret inside another (a PIN inside a token) would otherwise cut the longer one apart and leave its rest.
  given.sort((a, b) => b.length - a.length);
  /** What the regex finds: fixed sources, secrets in any mix of per-character encodings, short secrets. */
  const searched: Array<{ fixed: string } | { encoded: string } | { short: string[] }> = [];
  const literals = new LiteralFinder();
  /** Hex pieces, lower-cased: found in the text with its A–F folded. */
  const hexLiterals = new LiteralFinder();
  const literal = (piece: string): void => {
    if (piece.length >= KEY) literals.add(piece);
    else searched.push({ fixed: escapeRegex(piece) });
  };
  for (const secret of given) {
    if ([...secret].length > LONG_SECRET) {
      for (const encoded of literalEncodings(secret)) for (const piece of piecesOf(encoded)) literal(piece);
      continue;
    }
    const chars = [...secret];
    if (chars.length < SHORT_SECRET) searched.push({ short: chars });
    else searched.push({ encoded: secret });
  }
  for (const secret of given) {
    for (const core of base64Forms(secret)) for (const piece of piecesOf(core)) literal(piece);
    // Its UTF-8 bytes in hex, either case (a dump of the body); short ones would be found in any hex text.
    const bytes = utf8.encode(secret.toWellFormed());
    if (bytes.length >= BASE64_MIN_BYTES) {
      const units = [...secret.toWellFormed()].flatMap((c) => (c.length === 2 ? [c.charCodeAt(0), c.charCodeAt(1)] : [c.charCodeAt(0)]));
      // UTF-8, UTF-16 big-endian and little-endian.
      for (const digits of [
        [...bytes].map((byte) => hex(byte)).join(''),
        units.map((unit) => hex(unit, 4)).join(''),
        units.map((unit) => hex(unit & 0xff) + hex(unit >> 8)).join(''),
      ])
        for (const piece of piecesOf(digits)) {
          if (piece.length >= KEY) hexLiterals.add(piece.toLowerCase());
          else searched.push({ fixed: anyCaseHex(piece) });
        }
    }
  }
  for (const mangled of new Set(real.flatMap(mangledForms))) for (const piece of piecesOf(mangled)) literal(piece);

  /** The regex for texts holding the escape characters `escapes`, built on first use (undefined: nothing to find by regex). */
  const matchers = new Map<Escapes, RegExp | undefined>();
  const matcherFor = (escapes: Escapes): RegExp | undefined => {
    if (matchers.has(escapes)) return matchers.get(escapes);
    const alternatives: string[] = [];
    for (const entry of searched) {
      if ('fixed' in entry) alternatives.push(entry.fixed);
      else if ('encoded' in entry) alternatives.push(...encodedPatterns(entry.encoded, escapes));
      else {
        // A short secret would be found inside unrelated words ('s' in "application/json"): as
        // itself, only a whole token counts; with any character encoded (`%73`, `&#115;`…), anywhere.
        const chars = entry.short;
        // Encoded, it needs a real escape: at least one character in one of its encodings (`+` for a
        // space is one plain character, as likely unrelated as the space itself). One alternative
        // per character that is encoded: a lookahead refusing the plain spelling at the start
        // also refused `&amp;` for `&`, an encoding that starts with the character itself.
        // A text with no escape character holds no such match.
        if (escapes !== 0)
          for (let i = 0; i < chars.length; i++)
            alternatives.push(chars.map((char, j) => characterPattern(char, escapes, j === i)).join(''));
        // After the encoded spellings, which are longer: `é&#38;` is redacted whole, not as `é&` and a rest.
        const plain = chars.map((char) => characterPattern(char, 'plain')).join('');
        alternatives.push(`(?<![\\p{L}\\p{N}])${plain}(?![\\p{L}\\p{N}])`);
      }
    }
    const matcher = alternatives.length === 0 ? undefined : new RegExp(alternatives.join('|'), 'gu');
    matchers.set(escapes, matcher);
    return matcher;
  };
  const searching = searched.length > 0 || literals.size > 0 || hexLiterals.size > 0;

  /** Where `input` holds a secret in any form: sorted, overlaps joined. */
  const rangesIn = (input: string): [number, number][] => {
    const ranges: [number, number][] = [];
    const matcher = matcherFor(escapesIn(input));
    if (matcher) for (const match of input.matchAll(matcher)) ranges.push([match.index, match.index + match[0].length]);
    literals.find(input, ranges);
    if (hexLiterals.size > 0) hexLiterals.find(foldHex(input), ranges);
    return joined(ranges);
  };
  // A cut text may end inside a secret: this many trailing characters could hold the start of
  // one piece of it (12 is the longest encoding of a character, four %XX bytes).
  const tail = given.reduce((most, secret) => Math.max(most, Math.min(secret.length, 2 * PIECE) * 12), 0);

  const text = (input: string): string => {
    if (!searching) return input;
    let out = '';
    let at = 0;
    for (const [start, end] of rangesIn(input)) {
      out += `${input.slice(at, start)}${REDACTED}`;
      at = end;
    }
    return at === 0 && out === '' ? input : `${out}${input.slice(at)}`;
  };

  const value = (input: unknown): unknown => blankSecretFields(input, text);

  const excerptOf = (input: string, max: number, complete: boolean): Excerpt => {
    if (complete && input.length <= max) return { text: text(input), cut: false };
    // Redact a little more than is kept, so a secret that starts before the cut is found whole,
    // and keep the original text up to the cut. An input that is itself the start of a longer
    // answer may end inside a secret: its last `tail` characters are never kept.
    const prefix = input.slice(0, max + tail);
    const end = complete || input.length > max + tail ? max : Math.max(0, Math.min(max, input.length - tail));
    let kept = '';
    let at = 0;
    if (searching) {
      for (const [start, stop] of rangesIn(prefix)) {
        if (start >= end) break;
        kept += `${prefix.slice(at, start)}${REDACTED}`;
        at = stop;
      }
    }
    if (at < end) kept += prefix.slice(at, end);
    return { text: kept, cut: true };
  };

  const excerpt = (input: string, max = KEPT_CHARS, complete = true): string => {
    const { text: kept, cut } = excerptOf(input, max, complete);
    return cut ? `${kept}${cutNote(kept.length, input.length, complete)}` : kept;
  };

  // The start of a long answer as JSON, from its parsed value: each string redacted (and cut)
  // as decoded text, so a secret under one more layer of JSON escaping is found too, and no
  // more of the value is visited than is kept.
  const jsonExcerpt = (input: unknown, raw: string): string => {
    let out = '';
    const walk = (node: unknown, depth: number): void => {
      if (out.length >= KEPT_CHARS) return;
      if (typeof node === 'string') out += JSON.stringify(excerpt(node, KEPT_CHARS - out.length));
      else if (node === null || typeof node !== 'object' || depth > 32) out += JSON.stringify(depth > 32 ? REDACTED : node) ?? 'null';
      else if (Array.isArray(node)) {
        out += '[';
        for (const [i, item] of node.entries()) {
          if (out.length >= KEPT_CHARS) break;
          if (i > 0) out += ',';
          walk(item, depth + 1);
        }
        out += ']';
      } else {
        out += '{';
        Object.entries(node).forEach(([key, inner], i) => {
          if (out.length >= KEPT_CHARS) return;
          out += `${i > 0 ? ',' : ''}${JSON.stringify(excerpt(key, KEPT_CHARS))}:`;
          if (isSecretField(key)) out += JSON.stringify(REDACTED);
          else walk(inner, depth + 1);
        });
        out += '}';
      }
    };
    walk(input, 0);
    const kept = out.slice(0, KEPT_CHARS);
    return `${kept}${cutNote(kept.length, raw.length, true)}`;
  };

  return {
    text,
    value: (input) => value(input),
    excerpt,
    body: (input, raw) => (raw.length <= KEPT_CHARS ? value(input) : jsonExcerpt(input, raw)),
    cause: (error) => {
      const copy = copyCause(error);
      let shown = '';
      for (let e: unknown = copy; e instanceof Error; e = e.cause)
        shown += `${e.name}\n${e.message}\n${(e as { code?: string }).code ?? ''}\n`;
      return copy !== undefined && text(shown) === shown ? copy : undefined;
    },
  };
}
