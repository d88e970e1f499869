// Canary secrets and personal data for recording and proxy tests, the encodings a fake
// sandbox echoes them in, and a detector that decodes rather than lists. It shares no code
// with src/redact.ts, so a bug in one does not hide in the other.
import { gunzipSync } from 'node:zlib';

export const CANARY = {
  login: 'LOGIN-canary-4471',
  senha: 'Senha-canary-9Qx',
  developerToken: '8d3f2c1a-7b6e-4a5d-9c8b-1f2e3d4c5b6a',
  accessCode: 'QUNDRVNTLWNhbmFyeS0xMjM=',
  nome: 'MARIACANARIA',
  sobrenome: 'SOUZACANARIO',
  email: 'maria.canaria@example.invalid',
  telefone: '+55 11 98765-4321',
  cpf: '123.456.789-09',
  nascimento: '1987-03-14',
  localizador: 'QWE987',
};
export const CANARIES = Object.values(CANARY);
export const HEADERS = {
  'content-type': 'application/json',
  'developer-token': CANARY.developerToken,
  'developer-access-code': CANARY.accessCode,
};

const hex4 = (n: number): string => n.toString(16).padStart(4, '0');
const utf16 = (s: string, endian: 'le' | 'be'): string =>
  [...s]
    .flatMap((c) => (c.length === 2 ? [c.charCodeAt(0), c.charCodeAt(1)] : [c.charCodeAt(0)]))
    .map((u) => (endian === 'be' ? hex4(u) : hex4(u).slice(2) + hex4(u).slice(0, 2)))
    .join('');
const b64url = (s: string): string => Buffer.from(s).toString('base64url');

/** A JWT (unsigned) whose payload carries `secret`. */
export function jwtOf(secret: string): string {
  return `${b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64url(JSON.stringify({ sub: secret, pwd: secret }))}.c2lnbmF0dXJl`;
}

/** Every encoding the recording and proxy tests echo a secret in (the split form is two values: see `splitOf`). */
export function encodingsOf(secret: string): Record<string, string> {
  const bytes = Buffer.from(secret, 'utf8');
  const perCharPercent = [...bytes].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  return {
    raw: secret,
    base64: bytes.toString('base64'),
    base64url: bytes.toString('base64url'),
    hex: bytes.toString('hex'),
    hexUpper: bytes.toString('hex').toUpperCase(),
    utf16le: utf16(secret, 'le'),
    utf16be: utf16(secret, 'be'),
    // Sent inside JSON as \u escapes (the JSON text holds `\u0053`): the value decodes to the secret.
    jsonEscapes: secret,
    // Literal backslash-u text: the value itself holds `\u0053\u0065…`.
    literalBackslashU: [...secret].map((c) => `\\u${hex4(c.charCodeAt(0))}`).join(''),
    htmlDecimal: [...secret].map((c) => `&#${c.codePointAt(0)};`).join(''),
    htmlHex: [...secret].map((c) => `&#x${c.codePointAt(0)!.toString(16)};`).join(''),
    percentEveryChar: perCharPercent,
    percentDouble: perCharPercent.replace(/%/g, '%25'),
    quotedPrintable: [...bytes].map((b) => `=${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
    reversed: [...secret].reverse().join(''),
    lowerCased: secret.toLowerCase(),
    upperCased: secret.toUpperCase(),
    inJwt: jwtOf(secret),
    inSentence: `Prezado cliente, o valor ${secret} foi registrado.`,
  };
}

/** A secret cut in two, for two fields. */
export function splitOf(secret: string): [string, string] {
  const half = Math.floor(secret.length / 2);
  return [secret.slice(0, half), secret.slice(half)];
}

/** A trip identifier as the service makes them: Base64 of a 4-byte little-endian length and a gzip stream of JSON. */
export async function tripIdentifier(content: unknown): Promise<string> {
  const { gzipSync } = await import('node:zlib');
  const json = Buffer.from(JSON.stringify(content), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length);
  return Buffer.concat([length, gzipSync(json)]).toString('base64');
}

/** The JSON text inside a trip identifier, or undefined. */
export function openTripIdentifier(value: string): string | undefined {
  try {
    const bytes = Buffer.from(value, 'base64');
    const at = bytes[0] === 0x1f && bytes[1] === 0x8b ? 0 : bytes[4] === 0x1f && bytes[5] === 0x8b ? 4 : -1;
    if (at < 0) return undefined;
    return gunzipSync(bytes.subarray(at), { maxOutputLength: 4 * 1024 * 1024 }).toString('utf8');
  } catch {
    return undefined;
  }
}

function decodeOnce(text: string): string[] {
  const views: string[] = [];
  views.push(text.replace(/\\u([0-9a-fA-F]{4})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))));
  views.push(
    text
      .replace(/&#x([0-9a-f]+);/gi, (_m, h: string) => String.fromCodePoint(Number.parseInt(h, 16) % 0x110000))
      .replace(/&#(\d+);/g, (_m, d: string) => String.fromCodePoint(Number(d) % 0x110000)),
  );
  views.push(text.replace(/=([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))));
  // Each distinct run once: a page repeats its words thousands of times, and the views are a set.
  for (const run of new Set(text.match(/[0-9a-fA-F]{8,}/g))) {
    for (let k = 0; k < 4; k++) {
      const digits = run.slice(k);
      views.push(Buffer.from(digits.slice(0, digits.length & ~1), 'hex').toString('utf8'));
      const units = digits.slice(0, digits.length & ~3);
      let be = '';
      let le = '';
      for (let i = 0; i < units.length; i += 4) {
        be += String.fromCharCode(Number.parseInt(units.slice(i, i + 4), 16));
        le += String.fromCharCode(Number.parseInt(units.slice(i + 2, i + 4) + units.slice(i, i + 2), 16));
      }
      views.push(be, le);
    }
  }
  for (const run of new Set(text.match(/[A-Za-z0-9+/_-]{8,}={0,2}/g))) {
    for (let k = 0; k < 4; k++) views.push(Buffer.from(run.slice(k).replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8'));
    const trip = openTripIdentifier(run);
    if (trip !== undefined) views.push(trip);
  }
  let decoded = text;
  for (let i = 0; i < 4; i++) {
    decoded = decoded.replace(/(?:%[0-9a-fA-F]{2})+/g, (m) => {
      try {
        return decodeURIComponent(m);
      } catch {
        return m;
      }
    });
    views.push(decoded);
  }
  return views;
}

/** Every string (key or value) of a JSON text, decoded. */
function jsonStrings(text: string): string[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  const strings: string[] = [];
  const walk = (node: unknown): void => {
    if (typeof node === 'string') strings.push(node);
    else if (Array.isArray(node)) node.forEach(walk);
    else if (typeof node === 'object' && node !== null)
      for (const [key, inner] of Object.entries(node)) {
        strings.push(key);
        walk(inner);
      }
  };
  walk(value);
  return strings;
}

/**
 * Every view of a text a secret could hide in, found by decoding rather than by a list of
 * forms: the JSON strings decoded (and each two joined), JSON `\u` and HTML escapes undone,
 * quoted-printable, hex runs as UTF-8 and UTF-16LE/BE, Base64 (standard and URL-safe, so
 * JWT segments too) at every offset, gzip inside Base64 (the trip identifier),
 * percent-encoding undone up to four times; matched lower-cased, and reversed.
 */
export function decodedViews(text: string): string[] {
  const views = new Set<string>([text, ...decodeOnce(text)]);
  // Each JSON string decoded twice, so one encoding inside another is seen; each two neighbours joined (a secret split across two fields).
  const strings = jsonStrings(text);
  const decoded = new Set<string>();
  strings.forEach((string, i) => {
    if (i > 0) views.add(`${strings[i - 1]}${string}`);
    // A string met before gave its views then (a bundle repeats "object" and "string" thousands of times).
    if (decoded.has(string)) return;
    decoded.add(string);
    views.add(string);
    for (const once of decodeOnce(string)) {
      views.add(once);
      if (once !== string && once.length < 20_000) for (const twice of decodeOnce(once)) views.add(twice);
    }
  });
  return [...views];
}

/** The given secrets (the canaries unless said) found in any decoded view of a text, lower-cased or reversed too. */
export function hidden(text: string, secrets: readonly string[] = CANARIES): string[] {
  const views = decodedViews(text).map((v) => v.toLowerCase());
  const wanted = secrets.map((s) => [s, s.toLowerCase(), [...s.toLowerCase()].reverse().join('')] as const);
  return wanted.filter(([, lower, reversed]) => views.some((v) => v.includes(lower) || v.includes(reversed))).map(([s]) => s);
}
