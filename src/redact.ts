// Keeps secrets (the password `Senha`, `TokenDeSeguranca`, the session token, the developer access code)
// out of anything an error carries. Only error paths call it, so calls pay nothing.

const REDACTED = '[redacted]';

// Body fields whose values are secrets, compared case-insensitively: the password
// (legacy `senha` too), the second-factor token, the legacy session token (`token`,
// `Token` in AutenticacaoRS).
const SECRET_FIELDS = new Set(['senha', 'tokendeseguranca', 'token']);

const isSecretField = (key: string): boolean => SECRET_FIELDS.has(key.toLowerCase());

/** Every secret string in a request body (nested `AutenticacaoUsuario.Senha` included). */
export function secretsIn(value: unknown, found: string[] = [], depth = 0): string[] {
  if (depth > 32 || value === null || typeof value !== 'object') return found;
  for (const [key, inner] of Object.entries(value)) {
    if (isSecretField(key) && typeof inner === 'string' && inner !== '') found.push(inner);
    else secretsIn(inner, found, depth + 1);
  }
  return found;
}

/**
 * Each secret as given and, where it differs, as it went on the wire inside the JSON
 * request body (quotes, backslashes and control characters escaped): a server that
 * echoes the raw request shows that form.
 */
export function withWireForms(secrets: readonly string[]): string[] {
  return secrets.flatMap((secret) => {
    // A lone surrogate cannot travel as UTF-8: a server that writes the secret back sends
    // U+FFFD in its place, so that form is a secret too.
    const wellFormed = secret.toWellFormed();
    const forms = [secret, wellFormed].flatMap((form) => [form, JSON.stringify(form).slice(1, -1)]);
    return [...new Set(forms)];
  });
}

/** `text` with every occurrence of every secret replaced. */
export function redactText(text: string, secrets: readonly string[]): string {
  let out = text;
  // Longest first: a secret inside another (a PIN inside a token) would otherwise cut the longer one apart and leave its rest.
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) if (secret !== '') out = out.split(secret).join(REDACTED);
  return out;
}

/** A copy of a JSON value with secret fields blanked and secret strings replaced anywhere. */
export function redactValue(value: unknown, secrets: readonly string[], depth = 0): unknown {
  if (typeof value === 'string') return redactText(value, secrets);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 32) return REDACTED;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, secrets, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    copy[redactText(key, secrets)] = isSecretField(key) ? REDACTED : redactValue(inner, secrets, depth + 1);
  }
  return copy;
}
