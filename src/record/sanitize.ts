// Sanitizing recorded traffic in memory, before anything reaches the disk. Credentials and
// every personal or identifying value become placeholders of the same shape, the same real
// value always the same placeholder (a locator handed out by Reservar is still the one sent
// to Emitir); figures, codes, flight dates, flags and the structure stay. What the
// sanitizer replaced is remembered, so a final check can look for any of it in the files.
import { isRecord } from '../lib/json.ts';

// Keys are matched whole (case-insensitive): `Nome` is a person's, `NomeAeroporto` is not.
/** Credentials of the caller: replaced by fixed placeholders of their kind. */
const CREDENTIAL_KEY =
  /^(login|senha|password|hashacesso|clienteid|token|tokendeseguranca|accesscode|developer-token|developer-access-code)$|token$/i;
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
    // Phone parts, card data and loyalty numbers, as the captures name them.
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
    // A person's field with the person before or after it: InfantilNome, NomePax, TitularNome.
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
/** Values that look personal whatever their key: an e-mail, a CPF, a card number, a phone number. */
const PERSONAL_VALUE = [
  /[^\s@"]+@[^\s@"]+\.[a-z]{2,}/i,
  /\b\d{3}\.\d{3}\.\d{3}-\d{2}\b/,
  /\b(?:\d[ -]?){13,19}\b/,
  /\+?\(?\d{2,3}\)?[\s.-]?\d{4,5}[\s.-]?\d{4}\b/,
];
const DATE_TOKEN = /^\\?\/Date\(-?\d+([+-]\d{4})?\)\\?\/$/;
const FIXED: Record<string, string> = { login: 'agencia', senha: 's3gredo', password: 's3gredo' };

export type Replaced = 'credentials' | 'personal' | 'identifiers' | 'unclassified';

/** What a key says its value is: a credential, an identifier, personal data, or nothing a rule names. */
export function kindOfKey(key: string, value?: unknown): Replaced | undefined {
  if (CREDENTIAL_KEY.test(key)) return 'credentials';
  if (IDENTIFIER_KEY.test(key)) return 'identifiers';
  if (PERSONAL_KEY.test(key)) return 'personal';
  if (typeof value === 'string' && PERSON_WHEN_TEXT.test(key)) return 'personal';
  return undefined;
}

export interface SanitizeCounts {
  credentials: number;
  personal: number;
  identifiers: number;
  /** Values no rule named, replaced because of where they stood (under a personal key) or what they looked like. */
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

/** A birth date keeps its form (ISO, or the legacy token and its offset), with a date that is nobody's. */
function datePlaceholder(value: string): string | undefined {
  const iso = /^(\d{4})-(\d{2})-(\d{2})(.*)$/.exec(value);
  if (iso) return `1980-01-01${iso[4]}`;
  const token = /^(\\?\/Date\()-?\d+([+-]\d{4})?(\)\\?\/)$/.exec(value);
  if (token) return `${token[1]}315532800000${token[2] ?? ''}${token[3]}`;
  return undefined;
}

export class Sanitizer {
  readonly #placeholders = new Map<string, string>();
  readonly #counts: SanitizeCounts = { credentials: 0, personal: 0, identifiers: 0, unclassified: 0 };
  #next = 1;

  /**
   * The real values worth searching the files for at the end: those replaced under a key a
   * rule names and the secrets remembered, long enough not to turn up in unrelated text
   * (4 characters; 6 for a number, which a date token's digits could hold).
   */
  get replaced(): string[] {
    return [...this.#searched].filter((v) => (/^\d+$/.test(v) ? v.length >= 6 : v.length >= 4));
  }
  readonly #searched = new Set<string>();

  get counts(): SanitizeCounts {
    return { ...this.#counts };
  }

  /** Remembers a secret that travels outside the body (a developer header), so no file may hold it. */
  remember(secret: string): void {
    if (secret === '') return;
    this.#searched.add(secret);
    if (!this.#placeholders.has(secret)) this.#placeholders.set(secret, shaped(secret, this.#next++));
  }

  /** A sanitized copy of a JSON value (a request or answer body). */
  sanitize(value: unknown): unknown {
    // Identifying values are learned first, so one seen later in the body is replaced wherever it shows.
    this.#learn(value, undefined, 0);
    return this.#copy(value, undefined, 0);
  }

  /**
   * The same sanitized JSON with every real value learnt since put in its placeholder: a
   * name quoted in a message before any field named it is replaced once it has been.
   */
  requote(value: unknown, depth = 0): unknown {
    if (depth > 64) return null;
    if (typeof value === 'string') return this.#known(value);
    if (Array.isArray(value)) return value.map((item) => this.requote(item, depth + 1));
    if (isRecord(value)) {
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [this.#known(key), this.requote(inner, depth + 1)]));
    }
    return value;
  }

  #placeholderFor(value: string, kind: Replaced, key: string | undefined, countAs: Replaced = kind): string {
    let placeholder = this.#placeholders.get(value);
    if (placeholder === undefined || placeholder === '') {
      const fixed = key ? FIXED[key.toLowerCase()] : undefined;
      placeholder = fixed ?? (kind === 'personal' ? datePlaceholder(value) : undefined) ?? shaped(value, this.#next++);
      // A value that already is its fixed placeholder (a recording of the placeholders themselves) stays.
      if (placeholder === value && fixed === undefined) placeholder = shaped(value, this.#next++);
      this.#placeholders.set(value, placeholder);
    }
    this.#counts[countAs] += 1;
    // A date is replaced where it is named (a birth date), not searched for: the same day is a flight's too.
    if (countAs !== 'unclassified' && datePlaceholder(value) === undefined && placeholder !== value) this.#searched.add(value);
    return placeholder;
  }

  #learn(value: unknown, kind: Replaced | undefined, depth: number): void {
    if (depth > 64) return;
    if ((typeof value === 'string' || typeof value === 'number') && kind !== undefined) {
      const text = String(value);
      if (text !== '' && !this.#placeholders.has(text)) this.#placeholders.set(text, '');
      return;
    }
    if (Array.isArray(value)) for (const item of value) this.#learn(item, kind, depth + 1);
    else if (isRecord(value))
      for (const [key, inner] of Object.entries(value)) this.#learn(inner, kindOfKey(key, inner) ?? kind, depth + 1);
  }

  /**
   * `kind`: the class of the nearest key a rule names; `named`: whether this value's own key
   * is that key. A value below a personal key whose own key no rule names is replaced all
   * the same, and counted as unclassified.
   */
  #copy(value: unknown, kind: Replaced | undefined, depth: number, key?: string, named = true): unknown {
    if (depth > 64) return null;
    const countAs: Replaced | undefined = kind === undefined ? undefined : named ? kind : 'unclassified';
    if (typeof value === 'string') return this.#string(value, kind, key, countAs);
    if (typeof value === 'number') {
      if (kind === undefined || countAs === undefined) return value;
      const digits = String(Math.abs(Math.trunc(value))).length;
      return Number(this.#placeholderFor(String(value), kind, undefined, countAs).replace(/\D/g, '').slice(0, digits) || '0');
    }
    if (Array.isArray(value)) return value.map((item) => this.#copy(item, kind, depth + 1, key, named));
    if (isRecord(value)) {
      const out: Record<string, unknown> = {};
      for (const [inner, innerValue] of Object.entries(value)) {
        const own = kindOfKey(inner, innerValue);
        out[this.#known(inner)] = this.#copy(innerValue, own ?? kind, depth + 1, inner, own !== undefined);
      }
      return out;
    }
    return value;
  }

  #string(value: string, kind: Replaced | undefined, key: string | undefined, countAs: Replaced | undefined): string {
    if (value === '') return value;
    if (kind !== undefined) return this.#placeholderFor(value, kind, key, countAs);
    // A date token's 13 digits are a flight date, not a card number.
    if (!DATE_TOKEN.test(value) && PERSONAL_VALUE.some((pattern) => pattern.test(value)))
      return this.#placeholderFor(value, 'unclassified', key);
    return this.#known(value);
  }

  /** A text with every real value already replaced elsewhere put in its placeholder (a locator quoted in a message). */
  #known(text: string): string {
    let out = text;
    for (const [real, placeholder] of this.#placeholders) {
      if (real.length < 4 || !out.includes(real)) continue;
      out = out.split(real).join(placeholder || this.#placeholderFor(real, 'identifiers', undefined));
    }
    return out;
  }
}

/**
 * Whether a value has the shape the sanitizer gives its placeholders: a fixed credential
 * placeholder, the birth-date placeholder, or letters X, Y and Z only with at most 6
 * significant digits (the placeholder's number, zeros before it).
 */
export function isPlaceholder(value: string): boolean {
  if (value === '' || Object.values(FIXED).includes(value)) return true;
  if (value.startsWith('1980-01-01') || /\/Date\(315532800000/.test(value)) return true;
  if ((value.match(/\p{L}/gu) ?? []).some((c) => !/[xyz]/i.test(c))) return false;
  return (value.match(/\d/g) ?? []).join('').replace(/^0+/, '').length <= 6;
}

/**
 * The JSON paths of a recorded body where a value is not a placeholder though the sanitizer
 * replaces what stands there (under a credential, personal or identifier key, or shaped like
 * an e-mail, a CPF, a card or a phone number): a recording made or edited by other means.
 */
export function unsanitizedPaths(value: unknown, at = '$', named = false, depth = 0): string[] {
  if (depth > 64) return [at];
  if (typeof value === 'string') {
    if (named) return isPlaceholder(value) ? [] : [at];
    if (DATE_TOKEN.test(value)) return [];
    return PERSONAL_VALUE.some((p) => (value.match(new RegExp(p, `${p.flags}g`)) ?? []).some((m) => !isPlaceholder(m))) ? [at] : [];
  }
  if (typeof value === 'number') return named && !isPlaceholder(String(Math.abs(Math.trunc(value)))) ? [at] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => unsanitizedPaths(item, `${at}[${i}]`, named, depth + 1));
  if (!isRecord(value)) return [];
  return Object.entries(value).flatMap(([key, inner]) => {
    const where = `${at}.${/^[A-Za-z_][\w-]*$/.test(key) ? key : JSON.stringify(key).slice(0, 40)}`;
    const ownKey = unsanitizedPaths(key, `${where} (a field name)`, false, depth + 1);
    const kind = kindOfKey(key, inner) !== undefined;
    return [...ownKey, ...unsanitizedPaths(inner, where, named || kind, depth + 1)];
  });
}
