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

/** Base64 of `text` (UTF-8) at each of the three alignments it can have inside a longer Base64 text: the characters made of its bits only. */
export function base64Cores(text: string): string[] {
  const bytes = Buffer.from(text, 'utf8');
  return [0, 1, 2].map((offset) => {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    return encoded.slice(Math.ceil((offset * 8) / 6), Math.floor(((offset + bytes.length) * 8) / 6));
  });
}

/** Shorter than this (code points), a secret counts only where it stands as a whole token (docs/client.md, "Redaction"). */
export const SHORT_SECRET = 4;
/** Shorter than this (UTF-8 bytes), a secret's Base64 is not looked for: a few letters found anywhere. */
export const BASE64_MIN_BYTES = 6;

/**
 * The forms a secret takes where a server could echo it: as given; as it went on the wire
 * inside the JSON request body (a quote, a backslash or a control character escaped), and
 * that again inside a JSON answer; a lone surrogate as U+FFFD; each of those URL-encoded,
 * HTML-escaped, as numeric entities, `\u`-escaped and in Base64; a GUID in upper case and
 * without hyphens; and each of those inside a JSON string. Any one of them in an error is a leak.
 */
export function secretForms(secret: string): readonly string[] {
  let forms = formsOf.get(secret);
  if (forms === undefined) {
    forms = computeForms(secret);
    if (formsOf.size >= 1024) formsOf.clear();
    formsOf.set(secret, forms);
  }
  return forms;
}

/** Forms of the canaries met lately: each is scanned for in every text of every call of its run. */
const formsOf = new Map<string, readonly string[]>();

function computeForms(secret: string): string[] {
  const wire = jsonWire(secret);
  const bases = plainForms(secret);
  if (GUID.test(secret)) bases.push(secret.toUpperCase(), secret.replace(/-/g, ''), secret.replace(/-/g, '').toUpperCase());
  const forms = bases.flatMap((base) => {
    const wellFormed = base.toWellFormed();
    return [
      base,
      encodeURIComponent(wellFormed),
      encodeURIComponent(encodeURIComponent(wellFormed)),
      htmlEscape(base),
      numericEntities(base, 10),
      numericEntities(base, 16),
      unicodeEscapes(base),
    ];
  });
  if (Buffer.byteLength(secret.toWellFormed(), 'utf8') >= BASE64_MIN_BYTES) {
    for (const base of [secret, wire]) {
      for (const core of base64Cores(base.toWellFormed())) forms.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
      const hex = Buffer.from(base.toWellFormed()).toString('hex');
      forms.push(hex, hex.toUpperCase());
    }
  }
  // Any of them inside a JSON string once more (an encoded echo quoted in a JSON answer).
  return [...new Set(forms.flatMap((form) => [form, jsonWire(form)]))].filter((form) => form !== '');
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
