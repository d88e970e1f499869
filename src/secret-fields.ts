// Which body fields hold secrets, and a copy of a value with them blanked: what every call
// needs (a request's secrets are listed before it is sent) and what the V1 wrapper's check
// needs, without the redactor's encodings, which load only when an error is built (redact.ts).

export const REDACTED = '[redacted]';

/** Characters of an answer an error keeps at most, whatever its size. */
export const KEPT_CHARS = 8_192;

// Body fields whose values are secrets, compared case-insensitively: the password
// (legacy `senha` too), the second-factor token, the legacy session token (`token`,
// `Token` in AutenticacaoRS).
const SECRET_FIELDS = new Set(['senha', 'tokendeseguranca', 'token']);

export const isSecretField = (key: string): boolean => SECRET_FIELDS.has(key.toLowerCase());

/** Every secret string in a request body (nested `AutenticacaoUsuario.Senha` included). */
export function secretsIn(value: unknown, found: string[] = [], depth = 0): string[] {
  if (depth > 32 || value === null || typeof value !== 'object') return found;
  for (const [key, inner] of Object.entries(value)) {
    if (isSecretField(key) && typeof inner === 'string' && inner !== '') found.push(inner);
    else secretsIn(inner, found, depth + 1);
  }
  return found;
}

/** A copy of a JSON value with secret fields blanked, and `text` applied to every other string and every key. */
export function blankSecretFields(input: unknown, text: (s: string) => string = (s) => s, depth = 0): unknown {
  if (typeof input === 'string') return text(input);
  if (input === null || typeof input !== 'object') return input;
  if (depth > 32) return REDACTED;
  if (Array.isArray(input)) return input.map((item) => blankSecretFields(item, text, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(input))
    copy[text(key)] = isSecretField(key) ? REDACTED : blankSecretFields(inner, text, depth + 1);
  return copy;
}
