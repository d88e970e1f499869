// Sanitizing recorded traffic in memory, before anything reaches the disk, by keeping only
// what is known to be harmless: a string stays as it is only where the bundled documents
// say its field holds a code, an airport, a date, a figure, a flag or a value of a closed
// set, and the value has that shape (harmless.ts). Every other string, and every key that
// is not a field name, becomes a placeholder of its shape, word by word, the same real
// word always the same placeholder (a locator handed out by Reservar is still the one sent
// to Emitir, and in a message quoting it). A secret then survives in no encoding, known or
// not. Numbers and booleans stay. The trip identifier (Base64 of a little-endian length and
// a gzip stream of JSON) is opened, sanitized by the same rules and closed again.
import zlib from 'node:zlib';
import { credentialKind, isRedactedField, isSecretHeader } from '../lib/contract-index.ts';
import { isRecord } from '../lib/json.ts';
import { loadHarmlessTable, shapeOf, type HarmlessTable } from './harmless.ts';
import { defineMember, JsonNumber, parseLossless, stringifyLossless } from './json-text.ts';

// Keys are matched whole (case-insensitive): `Nome` is a person's, `NomeAeroporto` is not.
// These are never kept, whatever the documents show of them. Credentials are the contract
// index's (its secret fields, credential fields and secret headers, however a key is spelt);
// the personal and identifier keys below are this recorder's own: they are no secrets.
/** A credential of the caller (a login, a password, a token, a customer id, a developer header): replaced by a fixed placeholder of its kind where it has one. */
const isCredentialKey = (key: string): boolean => isRedactedField(key) || credentialKind(key) !== undefined || isSecretHeader(key);
/** Personal data: names, documents, contacts, birth dates, cards, addresses. */
const PERSONAL_KEY = new RegExp(
  `^(${[
    'nome',
    'sobrenome',
    'nomecompleto',
    'nomedomeio',
    'name',
    'firstname',
    'lastname',
    'surname',
    'fullname',
    'e-?mail',
    'telefone',
    'celular',
    'fone',
    'phone',
    'phonenumber',
    'cpf',
    'cnpj',
    'rg',
    'documento',
    'numerodocumento',
    'document',
    'documentnumber',
    'passaporte',
    'passport',
    'nascimento',
    'datanascimento',
    'datadenascimento',
    'birthdate',
    'dateofbirth',
    'cartao',
    'numerocartao',
    'cardnumber',
    'cvv',
    'codigoseguranca',
    'titular',
    'nometitular',
    'holder',
    'cardholder',
    'endereco',
    'address',
    'cep',
    'zipcode',
    'postalcode',
    'bairro',
    'complemento',
    'logradouro',
    'ddd',
    'ddi',
    'numeroddd',
    'numeroddi',
    'numerotelefone',
    'cartaodecredito',
    'cartoesdecredito',
    'creditcard',
    'codigodeseguranca',
    'securitycode',
    'redress',
    'fidelidade\\w*',
    'numero(?:azul|avianca|fidelidade\\w*)',
    'smilesgol',
    'middlename',
    'givenname',
    '(?:infantil|inf|titular|pax|passageiro|contato|responsavel)(?:nome|sobrenome|nomedomeio|nascimento|documento|passaporte|email|telefone|celular|cpf)',
    '(?:nome|sobrenome|nomedomeio|nascimento|documento|passaporte|email|telefone)(?:pax|titular|passageiro|contato)',
  ].join('|')})$`,
  'i',
);
/** Keys whose text value is a person (`Passageiro: "SILVA/MARIA MRS"`); as objects they are structure. */
const PERSON_WHEN_TEXT = /^(passageiro|passenger|solicitante|requester|usuario|username|contato|responsavel)$/i;
/** Identifiers of a booking or a trip: the locator, ticket numbers, trip tokens. */
const IDENTIFIER_KEY =
  /^(localizador|localizadorcia|localizadorcompanhia|locator|recordlocator|airlinelocator|pnr|bilhete|numerobilhete|eticket|numeroeticket|ticketnumber|identificacaodaviagem|identificacaodaviagemvolta|triptoken|codigodeautorizacao|numerodeautorizacao|authorizationcode)$/i;
/** The trip identifier: Base64 of a 4-byte little-endian length and a gzip stream of JSON. */
const TRIP_KEY = /^identificacaodaviagem(?:volta)?$/i;
/** Names JavaScript gives meaning to: kept as ordinary members, never a prototype. */
const STRUCTURAL_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** Words of letters with at most a short number at the end (`ViagensTrecho1`, `clienteId`): never a token, a locator, a date or an e-mail. */
const FIELD_NAME = /^[A-Za-z][A-Za-z_]{1,62}\d{0,2}$/;
/** The fixed placeholder of a login and of a password, by the credential kind the index gives a key. */
const FIXED: Readonly<Record<string, string>> = { login: 'agencia', password: 's3gredo' };
const FIXED_VALUES = new Set(Object.values(FIXED));
const WORD = /[\p{L}\p{N}]+/gu;
/** Most bytes a trip identifier may inflate to before it is replaced whole instead of opened. */
const MAX_TRIP_BYTES = 1024 * 1024;
const MAX_DEPTH = 64;
/** The most values one file is searched for (credentials first): each costs a dozen patterns in the detector. */
const MAX_SEARCHED = 64;
/** Longer values are opaque tokens (a trip identifier), replaced whole by the rules: searching them costs more than it finds. */
const MAX_SEARCHED_CHARS = 128;

export type Replaced = 'credentials' | 'personal' | 'identifiers' | 'unclassified';

/** What a key says its value is: a credential, an identifier, personal data, or nothing a rule names. */
export function kindOfKey(key: string, value?: unknown): Replaced | undefined {
  if (isCredentialKey(key)) return 'credentials';
  if (IDENTIFIER_KEY.test(key)) return 'identifiers';
  if (PERSONAL_KEY.test(key)) return 'personal';
  if (typeof value === 'string' && PERSON_WHEN_TEXT.test(key)) return 'personal';
  return undefined;
}

export interface SanitizeCounts {
  credentials: number;
  personal: number;
  identifiers: number;
  /** Strings no rule names that are not known harmless: free text, unknown fields and keys. */
  unclassified: number;
}

/** A placeholder of `value`'s shape, the `n`-th: letters stay letters (case kept), digits digits, the rest as is. */
function shaped(value: string, n: number): string {
  const chars = [...value];
  let digits = n;
  let letters = n;
  for (let i = chars.length - 1; i >= 0; i--) {
    const c = chars[i] as string;
    if (/\d/.test(c)) {
      chars[i] = String(digits % 10);
      digits = Math.floor(digits / 10);
    } else if (/\p{L}/u.test(c)) {
      const upper = c === c.toUpperCase();
      const letter = String.fromCharCode(88 + (letters % 3)); // X, Y or Z: never a real airline or airport pattern by chance
      chars[i] = upper ? letter : letter.toLowerCase();
      letters = Math.floor(letters / 3);
    }
  }
  return chars.join('');
}

/** A date keeps its form (ISO, or the legacy token and its offset), with a date that is nobody's. */
function datePlaceholder(value: string): string | undefined {
  if (shapeOf(value) !== 'date') return undefined;
  const iso = /^(\d{4})-(\d{2})-(\d{2})(.*)$/.exec(value);
  if (iso) return `1980-01-01${iso[4]}`;
  if (/^\d{2}\/\d{2}\/\d{4}$/.test(value)) return '01/01/1980';
  const token = /^(\\?\/Date\()-?\d+([+-]\d{4})?(\)\\?\/)$/.exec(value);
  if (token) return `${token[1]}315532800000${token[2] ?? ''}${token[3]}`;
  return undefined;
}

/** Where a value stands: the nearest key a rule names above it, and whether that is its own key. */
interface Place {
  kind: Replaced | undefined;
  named: boolean;
  key: string | undefined;
}

const TOP: Place = { kind: undefined, named: false, key: undefined };

/** A JSON path segment for a key, for the summary (placeholder keys are written as they are). */
const segment = (at: string, key: string): string => `${at}.${/^[A-Za-z_][\w-]*$/.test(key) ? key : JSON.stringify(key).slice(0, 40)}`;

export class Sanitizer {
  readonly #table: HarmlessTable;
  readonly #placeholders = new Map<string, string>();
  readonly #trips = new Map<string, string>();
  readonly #counts: SanitizeCounts = { credentials: 0, personal: 0, identifiers: 0, unclassified: 0 };
  /** Credentials and developer headers: searched in every file of the recording. */
  readonly #secrets = new Set<string>();
  /** Personal values and identifiers of the exchange at hand: searched in its own files (bounded, however long the recording). */
  readonly #personal = new Set<string>();
  #next = 1;

  constructor(table: HarmlessTable = loadHarmlessTable()) {
    this.#table = table;
  }

  /**
   * The real values worth searching a file for: the secrets remembered and the values replaced
   * under a key a rule names, long enough not to turn up in unrelated text (4 characters; 6 for
   * a number, which a date token's digits could hold), and short enough to be a value, not a token (128).
   */
  get replaced(): string[] {
    return [...this.#secrets, ...this.#personal]
      .filter((v) => (/^\d+$/.test(v) ? v.length >= 6 : v.length >= 4) && v.length <= MAX_SEARCHED_CHARS)
      .slice(0, MAX_SEARCHED);
  }

  /** A new exchange: the personal values of the last one are no longer searched for. */
  beginExchange(): void {
    this.#personal.clear();
  }

  get counts(): SanitizeCounts {
    return { ...this.#counts };
  }

  /** Remembers a secret that travels outside the body (a developer header), so no file may hold it. */
  remember(secret: string): void {
    if (secret !== '' && !FIXED_VALUES.has(secret)) this.#secrets.add(secret);
  }

  /** A sanitized copy of a JSON value (a request or answer body; numbers may be lossless JsonNumbers). */
  sanitize(value: unknown): unknown {
    this.#learn(value, undefined, 0);
    return this.#copy(value, TOP, 0);
  }

  /** A placeholder for a whole string, word by word (what the in-memory check puts where a value failed). */
  placeholder(value: string): string {
    const date = datePlaceholder(value);
    if (date !== undefined) return date;
    return value.replace(WORD, (word) => this.#word(word));
  }

  /** Whether the documents say `key` holds `value` harmlessly (its own rule; not under a person). */
  keeps(key: string | undefined, value: string, underPerson = false): boolean {
    if (key === undefined || kindOfKey(key, value) !== undefined) return false;
    const rule = this.#table.fields.get(key);
    if (!rule) return false;
    if (rule.values.has(value)) return true;
    if (underPerson) return false;
    const shape = shapeOf(value);
    return shape !== undefined && rule.shapes.has(shape);
  }

  /**
   * Whether a key is a field name (kept) rather than data (a placeholder): one the documents
   * know, or one shaped like this API's field names, so a recording can still show a field no
   * source has typed yet. A secret or personal value used as a key is caught by the recorder's
   * second line, which searches keys as it searches values.
   */
  knowsKey(key: string): boolean {
    return this.#table.names.has(key) || STRUCTURAL_KEYS.has(key) || (FIELD_NAME.test(key) && /[a-z]{2}/.test(key));
  }

  #word(word: string): string {
    let placeholder = this.#placeholders.get(word);
    if (placeholder === undefined) {
      placeholder = shaped(word, this.#next++);
      if (placeholder === word) placeholder = shaped(word, this.#next++);
      this.#placeholders.set(word, placeholder);
    }
    return placeholder;
  }

  /** Values under a key a rule names are searched for in the files (a secret found there is one the rules knew). */
  #learn(value: unknown, kind: Replaced | undefined, depth: number): void {
    if (depth > MAX_DEPTH) return;
    if (typeof value === 'string' || value instanceof JsonNumber) {
      const text = value instanceof JsonNumber ? value.text : value;
      // A value that is already a fixed placeholder (a run with the placeholder credentials) is public.
      if (kind !== undefined && text !== '' && datePlaceholder(text) === undefined && !FIXED_VALUES.has(text))
        (kind === 'credentials' ? this.#secrets : this.#personal).add(text);
      return;
    }
    if (Array.isArray(value)) for (const item of value) this.#learn(item, kind, depth + 1);
    else if (isRecord(value))
      for (const [key, inner] of Object.entries(value)) this.#learn(inner, kindOfKey(key, inner) ?? kind, depth + 1);
  }

  #copy(value: unknown, place: Place, depth: number): unknown {
    if (depth > MAX_DEPTH) return null;
    if (typeof value === 'string') return this.#string(value, place);
    if (typeof value === 'number' || value instanceof JsonNumber) return this.#number(value, place);
    if (Array.isArray(value)) return value.map((item) => this.#copy(item, place, depth + 1));
    if (isRecord(value)) {
      const out: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(value)) {
        const own = kindOfKey(key, inner);
        const innerPlace: Place = own ? { kind: own, named: true, key } : { kind: place.kind, named: false, key };
        let name = key;
        if (!this.knowsKey(key)) {
          name = this.placeholder(key);
          this.#counts.unclassified += 1;
        }
        defineMember(out, name, this.#copy(inner, innerPlace, depth + 1));
      }
      return out;
    }
    return value;
  }

  #count(place: Place): void {
    this.#counts[place.kind !== undefined && place.named ? place.kind : 'unclassified'] += 1;
  }

  #number(value: number | JsonNumber, place: Place): unknown {
    const text = value instanceof JsonNumber ? value.text : String(value);
    const integer = text.replace(/^-/, '').split(/[.eE]/)[0] ?? '';
    // Figures stay (a fare, a card's brand and instalments); a number under a key a rule
    // names (a document, a phone given as a number) or a long one under a person does not.
    const replace = (place.kind !== undefined && place.named) || (place.kind === 'personal' && integer.length >= 8);
    if (!replace) return value;
    this.#count(place);
    const digits = this.#word(integer).replace(/\D/g, '');
    return new JsonNumber(`${text.startsWith('-') ? '-' : ''}${digits.replace(/^0+(?=\d)/, '') || '0'}`);
  }

  #string(value: string, place: Place): string {
    if (value === '') return value;
    if (place.kind === undefined && this.keeps(place.key, value)) return value;
    if (place.kind !== undefined && !place.named && this.keeps(place.key, value, true)) return value;
    this.#count(place);
    if (place.kind === 'credentials' && place.named && place.key) {
      const fixed = FIXED[credentialKind(place.key) ?? ''];
      if (fixed !== undefined) return fixed;
    }
    if (place.key !== undefined && TRIP_KEY.test(place.key)) {
      const trip = this.#trip(value);
      if (trip !== undefined) return trip;
    }
    return this.placeholder(value);
  }

  /** The trip identifier opened (length + gzip + JSON), sanitized inside, and closed with the right length. */
  #trip(value: string): string | undefined {
    const known = this.#trips.get(value);
    if (known !== undefined) return known;
    let out: string | undefined;
    try {
      const bytes = Buffer.from(value, 'base64');
      if (bytes.length < 22 || bytes[4] !== 0x1f || bytes[5] !== 0x8b) return undefined;
      const inner = zlib.gunzipSync(bytes.subarray(4), { maxOutputLength: MAX_TRIP_BYTES });
      const json = parseLossless(inner.toString('utf8'));
      this.#learn(json, undefined, 0);
      const text = Buffer.from(stringifyLossless(this.#copy(json, TOP, 0), 0), 'utf8');
      const length = Buffer.alloc(4);
      length.writeUInt32LE(text.length);
      out = Buffer.concat([length, zlib.gzipSync(text)]).toString('base64');
    } catch {
      return undefined;
    }
    this.#trips.set(value, out);
    return out;
  }
}

/** The JSON inside a trip identifier, if it is one (for the in-memory check and the tests). */
export function openTrip(value: string): unknown {
  if (value.length < 30 || !/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return undefined;
  try {
    const bytes = Buffer.from(value, 'base64');
    if (bytes.length < 22 || bytes[4] !== 0x1f || bytes[5] !== 0x8b) return undefined;
    return parseLossless(zlib.gunzipSync(bytes.subarray(4), { maxOutputLength: MAX_TRIP_BYTES }).toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Whether a text has the shape the sanitizer gives its placeholders: a fixed credential
 * placeholder, the date placeholder, or words of letters X, Y and Z only, each with at most
 * 6 significant digits (the placeholder's number, zeros before it).
 */
export function isPlaceholder(value: string): boolean {
  if (value === '' || Object.values(FIXED).includes(value)) return true;
  if (value.startsWith('1980-01-01') || value === '01/01/1980' || /\/Date\(315532800000/.test(value)) return true;
  if ((value.match(/\p{L}/gu) ?? []).some((c) => !/[xyz]/i.test(c))) return false;
  return (value.match(/\p{N}+/gu) ?? []).every((run) => run.replace(/^0+/, '').length <= 6);
}

let defaultSanitizer: Sanitizer | undefined;

/**
 * The JSON paths of a recorded body where a string (a value, or a key as `… (a field name)`)
 * is neither a placeholder nor a value the sanitizer keeps as known harmless, or a number
 * stands where the sanitizer replaces numbers: a recording made or edited by other means.
 */
export function unsanitizedPaths(value: unknown, at = '$'): string[] {
  defaultSanitizer ??= new Sanitizer();
  // An answer file's envelope (status, body and the recorder's own members) is the recorder's, not the upstream's.
  if (at === '$' && isRecord(value) && typeof value.status === 'number' && 'body' in value)
    return unsanitizedIn(defaultSanitizer, value.body, '$.body', TOP, 0);
  return unsanitizedIn(defaultSanitizer, value, at, TOP, 0);
}

function unsanitizedIn(sanitizer: Sanitizer, value: unknown, at: string, place: Place, depth: number): string[] {
  if (depth > MAX_DEPTH) return [at];
  if (typeof value === 'string') {
    if (isPlaceholder(value)) return [];
    if (place.kind === undefined && sanitizer.keeps(place.key, value)) return [];
    if (place.kind !== undefined && !place.named && sanitizer.keeps(place.key, value, true)) return [];
    if (place.key !== undefined && TRIP_KEY.test(place.key)) {
      const inner = openTrip(value);
      if (inner !== undefined) return unsanitizedIn(sanitizer, inner, `${at} (inside)`, TOP, depth + 1);
    }
    return [at];
  }
  if (typeof value === 'number' || value instanceof JsonNumber) {
    const text = value instanceof JsonNumber ? value.text : String(Math.abs(Math.trunc(value)));
    return place.kind !== undefined && place.named && !isPlaceholder(text) ? [at] : [];
  }
  if (Array.isArray(value)) return value.flatMap((item, i) => unsanitizedIn(sanitizer, item, `${at}[${i}]`, place, depth + 1));
  if (!isRecord(value)) return [];
  return Object.entries(value).flatMap(([key, inner]) => {
    const where = segment(at, key);
    const ownKey = sanitizer.knowsKey(key) || isPlaceholder(key) ? [] : [`${where} (a field name)`];
    const own = kindOfKey(key, inner);
    const innerPlace: Place = own ? { kind: own, named: true, key } : { kind: place.kind, named: false, key };
    return [...ownKey, ...unsanitizedIn(sanitizer, inner, where, innerPlace, depth + 1)];
  });
}
