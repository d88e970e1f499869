// Finds a secret, in any of its encodings, anywhere a thrown object can show it: message, toString, stack,
// util.inspect, JSON, every own property (non-enumerable and symbol-keyed ones too,
// getters read), the cause chain and everything nested below them.
import { inspect } from 'node:util';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** `text` as it travels inside a JSON string. */
export const jsonWire = (text: string): string => JSON.stringify(text).slice(1, -1);
const htmlEscape = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
const numericEntities = (text: string, radix: 10 | 16): string =>
  [...text].map((c) => `&#${radix === 16 ? 'x' : ''}${c.codePointAt(0)!.toString(radix)};`).join('');
const unicodeEscapes = (text: string): string =>
  [...text]
    .map((c) =>
      (c.length === 2 ? [c.charCodeAt(0), c.charCodeAt(1)] : [c.charCodeAt(0)])
        .map((u) => `\\u${u.toString(16).padStart(4, '0')}`)
        .join(''),
    )
    .join('');

/** Base64 of `bytes` at each of the three alignments they can have inside a longer Base64 text: the characters made of their bits only. */
export function base64CoresOfBytes(bytes: Buffer): string[] {
  return [0, 1, 2].map((offset) => {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    return encoded.slice(Math.ceil((offset * 8) / 6), Math.floor(((offset + bytes.length) * 8) / 6));
  });
}

/** Base64 of `text` (UTF-8) at each of the three alignments it can have inside a longer Base64 text: the characters made of its bits only. */
export const base64Cores = (text: string): string[] => base64CoresOfBytes(Buffer.from(text, 'utf8'));

/** The standard and the URL-safe spelling of a Base64 text. */
const bothAlphabets = (core: string): string[] => [core, core.replace(/\+/g, '-').replace(/\//g, '_')];

/**
 * Base64 of a text that holds the secret's Base64: every inner core (three alignments, both
 * alphabets) encoded again at every outer alignment, in both alphabets.
 */
export function base64TwiceCores(bytes: Buffer): string[] {
  const inner = base64CoresOfBytes(bytes).flatMap(bothAlphabets);
  return [...new Set(inner.flatMap((core) => base64CoresOfBytes(Buffer.from(core, 'latin1')).flatMap(bothAlphabets)))];
}

/** Shorter than this (code points), a secret counts only where it stands as a whole token (docs/client.md, "Redaction"). */
export const SHORT_SECRET = 4;
/** Shorter than this (UTF-8 bytes), a secret's Base64 is not looked for: a few letters found anywhere. */
export const BASE64_MIN_BYTES = 6;
/** From this many characters, a secret counts lower-cased, upper-cased and reversed too (docs/client.md, "Redaction"). */
export const MANGLED_MIN = 8;

/** One form a secret takes, and the name of the encoding that made it (what a leak report prints). */
export interface SecretForm {
  readonly encoding: string;
  readonly form: string;
}

/**
 * The forms a secret takes where a server could echo it: as given; as it went on the wire
 * inside the JSON request body (a quote, a backslash or a control character escaped), and
 * that again inside a JSON answer; a lone surrogate as U+FFFD; each of those URL-encoded,
 * HTML-escaped, as numeric entities, `\u`-escaped and in Base64; a GUID in upper case and
 * without hyphens; its UTF-8 bytes in hex and quoted-printable, its UTF-16 code units in
 * hex (both byte orders); Base64 of its UTF-16LE bytes and Base64 of its Base64 (each at
 * every alignment, standard and URL-safe); from 8 characters, lower-cased, upper-cased and
 * reversed; and each of those inside a JSON string. Any one of them in an output is a leak.
 */
export function secretForms(secret: string): readonly string[] {
  return namedFormsOf(secret).strings;
}

/** The forms of `secret`, each with its encoding's name. */
export function namedForms(secret: string): readonly SecretForm[] {
  return namedFormsOf(secret).named;
}

interface Forms {
  named: readonly SecretForm[];
  strings: readonly string[];
}

function namedFormsOf(secret: string): Forms {
  let forms = formsOf.get(secret);
  if (forms === undefined) {
    const named = computeForms(secret);
    forms = { named, strings: [...new Set(named.map((f) => f.form))] };
    if (formsOf.size >= 1024) formsOf.clear();
    formsOf.set(secret, forms);
  }
  return forms;
}

/** Forms of the canaries met lately: each is scanned for in every text of every call of its run. */
const formsOf = new Map<string, Forms>();

const hex4 = (unit: number): string => unit.toString(16).padStart(4, '0');
const utf16Hex = (text: string, order: 'be' | 'le'): string =>
  [...text]
    .flatMap((c) => (c.length === 2 ? [c.charCodeAt(0), c.charCodeAt(1)] : [c.charCodeAt(0)]))
    .map((u) => (order === 'be' ? hex4(u) : hex4(u).slice(2) + hex4(u).slice(0, 2)))
    .join('');
/** Quoted-printable as mail writes it (only what is not printable ASCII, and `=`) and with every byte encoded. */
const quotedPrintable = (bytes: Buffer, every: boolean): string =>
  [...bytes]
    .map((b) =>
      !every && b >= 0x21 && b <= 0x7e && b !== 0x3d ? String.fromCharCode(b) : `=${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

function computeForms(secret: string): SecretForm[] {
  const wire = jsonWire(secret);
  const bases: SecretForm[] = plainForms(secret).map((form, i) => ({ encoding: i === 0 ? 'as given' : 'JSON-escaped', form }));
  if (GUID.test(secret))
    bases.push(
      { encoding: 'GUID upper-cased', form: secret.toUpperCase() },
      { encoding: 'GUID without hyphens', form: secret.replace(/-/g, '') },
      { encoding: 'GUID upper-cased without hyphens', form: secret.replace(/-/g, '').toUpperCase() },
    );
  if ([...secret].length >= MANGLED_MIN)
    bases.push(
      { encoding: 'lower-cased', form: secret.toLowerCase() },
      { encoding: 'upper-cased', form: secret.toUpperCase() },
      { encoding: 'reversed', form: [...secret].reverse().join('') },
    );
  const forms = bases.flatMap(({ encoding, form: base }): SecretForm[] => {
    const wellFormed = base.toWellFormed();
    return [
      { encoding, form: base },
      { encoding: `${encoding}, URL-encoded`, form: encodeURIComponent(wellFormed) },
      { encoding: `${encoding}, URL-encoded twice`, form: encodeURIComponent(encodeURIComponent(wellFormed)) },
      { encoding: `${encoding}, HTML-escaped`, form: htmlEscape(base) },
      { encoding: `${encoding}, decimal entities`, form: numericEntities(base, 10) },
      { encoding: `${encoding}, hex entities`, form: numericEntities(base, 16) },
      { encoding: `${encoding}, \\u escapes`, form: unicodeEscapes(base) },
    ];
  });
  if (Buffer.byteLength(secret.toWellFormed(), 'utf8') >= BASE64_MIN_BYTES) {
    for (const [name, base] of [
      ['', secret],
      ['JSON-escaped, ', wire],
    ] as const) {
      const text = base.toWellFormed();
      const utf8 = Buffer.from(text, 'utf8');
      const utf16le = Buffer.from(text, 'utf16le');
      const add = (encoding: string, values: readonly string[]) =>
        forms.push(...values.map((form) => ({ encoding: `${name}${encoding}`, form })));
      add('Base64 of UTF-8', base64Cores(text).flatMap(bothAlphabets));
      add('Base64 of UTF-16LE', base64CoresOfBytes(utf16le).flatMap(bothAlphabets));
      add('Base64 of its Base64', base64TwiceCores(utf8));
      add('hex of UTF-8', [utf8.toString('hex'), utf8.toString('hex').toUpperCase()]);
      add('hex of UTF-16BE', [utf16Hex(text, 'be'), utf16Hex(text, 'be').toUpperCase()]);
      add('hex of UTF-16LE', [utf16Hex(text, 'le'), utf16Hex(text, 'le').toUpperCase()]);
      add('quoted-printable', [quotedPrintable(utf8, false), quotedPrintable(utf8, true)]);
    }
  }
  // Any of them inside a JSON string once more (an encoded echo quoted in a JSON answer).
  const all = forms.flatMap((f) => [f, { encoding: `${f.encoding}, in a JSON string`, form: jsonWire(f.form) }]);
  const seen = new Set<string>();
  return all.filter((f) => f.form !== '' && !seen.has(f.form) && seen.add(f.form));
}

/** The forms of a secret that are not encoded beyond JSON: as given, on the wire, doubly escaped, well-formed. */
function plainForms(secret: string): string[] {
  const wire = jsonWire(secret);
  return [...new Set([secret, wire, jsonWire(wire), secret.toWellFormed(), wire.toWellFormed()])];
}

const escapeRegex = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

/** Whether `text` shows `form` of `secret`: anywhere, or, for a short secret shown as itself, as a whole token. */
export function shows(text: string, form: string, secret: string): boolean {
  if (!text.includes(form)) return false;
  if ([...secret].length >= SHORT_SECRET || !plainForms(secret).includes(form)) return true;
  return new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegex(form)}(?![\\p{L}\\p{N}])`, 'u').test(text);
}

/** Every text a program or a logger could get out of `value`. */
export function textsOf(value: unknown): string[] {
  const out: string[] = [String(value), inspect(value, { depth: null, showHidden: true, maxStringLength: null, maxArrayLength: null })];
  try {
    out.push(JSON.stringify(value) ?? '');
  } catch {
    // a cycle or a BigInt: inspect above shows the same content
  }
  const seen = new Set<unknown>();
  const walk = (node: unknown, depth: number): void => {
    if (typeof node === 'string') out.push(node);
    if (typeof node === 'symbol') out.push(node.toString());
    if ((typeof node !== 'object' && typeof node !== 'function') || node === null || depth > 12 || seen.has(node)) return;
    seen.add(node);
    if (node instanceof Error) out.push(node.toString());
    for (const key of Reflect.ownKeys(node)) {
      out.push(String(key));
      let inner: unknown;
      try {
        inner = Reflect.get(node, key);
      } catch {
        continue; // a getter that throws shows nothing
      }
      walk(inner, depth + 1);
    }
  };
  walk(value, 0);
  return out;
}

/** Which of `secrets` (by name) show up, in any form, in any text of `value`. */
export function leaksIn(value: unknown, secrets: Readonly<Record<string, string>>): string[] {
  const texts = textsOf(value);
  return Object.entries(secrets)
    .filter(([, secret]) => secretForms(secret).some((form) => texts.some((text) => shows(text, form, secret))))
    .map(([name]) => name);
}

/** Where a secret showed: which secret (by name), in which encoding, and a few characters around it with no secret in them. */
export interface Leak {
  readonly secret: string;
  readonly encoding: string;
  readonly context: string;
}

const CONTEXT_CHARS = 24;
/** Runs this long of a secret's own characters are masked in a context: a leak report never spells one. */
const MASK_RUN = 4;

/** `text` around `at…at+length`, the match itself named, every other form of every secret replaced, and no run of a secret's characters left. */
function redactedContext(text: string, at: number, length: number, secrets: readonly string[]): string {
  const before = text.slice(Math.max(0, at - CONTEXT_CHARS), at);
  const after = text.slice(at + length, at + length + CONTEXT_CHARS);
  const clean = (part: string): string => {
    let out = part;
    for (const secret of secrets) for (const form of secretForms(secret)) if (form.length >= MASK_RUN) out = out.split(form).join('⟦…⟧');
    const chars = [...out];
    const masked = chars.map(() => false);
    const pieces = secrets.flatMap((s) => secretForms(s)).map((f) => f.toLowerCase());
    for (let i = 0; i + MASK_RUN <= chars.length; i++) {
      const run = chars
        .slice(i, i + MASK_RUN)
        .join('')
        .toLowerCase();
      if (pieces.some((piece) => piece.includes(run))) for (let k = i; k < i + MASK_RUN; k++) masked[k] = true;
    }
    return chars.map((c, i) => (masked[i] ? '•' : c)).join('');
  };
  return `${at > CONTEXT_CHARS ? '…' : ''}${clean(before)}⟦secret⟧${clean(after)}${at + length + CONTEXT_CHARS < text.length ? '…' : ''}`.replace(
    /[\r\n\t]/g,
    ' ',
  );
}

/**
 * Every secret of `secrets` (by name) that shows in any text of `value`, with the encoding it
 * showed in and a short context (never the secret itself, in any form): one leak per secret
 * and encoding.
 */
export function leaksWhere(value: unknown, secrets: Readonly<Record<string, string>>): Leak[] {
  const texts = textsOf(value);
  const all = Object.values(secrets);
  const leaks: Leak[] = [];
  for (const [name, secret] of Object.entries(secrets)) {
    const reported = new Set<string>();
    for (const { encoding, form } of namedForms(secret)) {
      // An echo quoted in JSON shows in both spellings: the plainer one is enough to name.
      if (reported.has(encoding) || reported.has(encoding.replace(/, in a JSON string$/, ''))) continue;
      const text = texts.find((t) => shows(t, form, secret));
      if (text === undefined) continue;
      reported.add(encoding);
      leaks.push({ secret: name, encoding, context: redactedContext(text, text.indexOf(form), form.length, all) });
    }
  }
  return leaks;
}
