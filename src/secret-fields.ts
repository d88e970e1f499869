// Which body fields hold secrets, and a copy of a value with them blanked: what every call
// needs (a request's secrets are listed before it is sent) and what the V1 wrapper's check
// needs, without the redactor's encodings, which load only when an error is built (redact.ts).
// The fields are the contract's (src/lib/contract-index.ts: `format: password`, `writeOnly`,
// `x-secret`, and the login and password of `x-credential`), however a key is spelt.
import { isRedactedField, REDACTED } from './lib/contract-index.ts';

export { REDACTED };

/** Characters of an answer an error keeps at most, whatever its size. */
export const KEPT_CHARS = 8_192;

/** Whether a body field's value is never shown: the index's isRedactedField (a secret, a login or a password, in any case, invisible characters ignored). */
export const isSecretField = isRedactedField;

/** Keys visited at most when a body's secrets are listed: a hostile body of 100,000 keys costs no more than this. */
export const MAX_WALKED_KEYS = 10_000;
/** Levels walked at most: no schema of the contract is a tenth as deep. */
const MAX_DEPTH = 64;

/** Every string (and number, as text) of a value, bounded: everything under a secret key, or a whole answer that is a secret, is one. */
export function leavesOf(value: unknown, found: string[] = [], budget = { left: MAX_WALKED_KEYS }): string[] {
  walkLeaves(value, found, budget);
  return found;
}

function walkLeaves(value: unknown, found: string[], budget: { left: number }): void {
  const stack: Array<{ node: unknown; depth: number }> = [{ node: value, depth: 0 }];
  while (stack.length > 0 && budget.left > 0) {
    const { node, depth } = stack.pop()!;
    if (typeof node === 'string') {
      if (node !== '') found.push(node);
    } else if (typeof node === 'number' && Number.isFinite(node)) found.push(String(node));
    else if (node !== null && typeof node === 'object' && depth < MAX_DEPTH)
      for (const key in node) {
        if (budget.left-- <= 0) return;
        stack.push({ node: (node as Record<string, unknown>)[key], depth: depth + 1 });
      }
  }
}

/**
 * Every secret value in a request body: whatever stands under a key isSecretField marks, at any
 * depth (nested `AutenticacaoUsuario.Senha`, `Dados.SENHA`), walked breadth first (a body's own
 * credentials, at its root, come first) and bounded in keys and depth.
 */
export function secretsIn(value: unknown, found: string[] = []): string[] {
  const budget = { left: MAX_WALKED_KEYS };
  let level: unknown[] = [value];
  for (let depth = 0; level.length > 0 && depth < MAX_DEPTH && budget.left > 0; depth++) {
    const next: unknown[] = [];
    for (const node of level) {
      if (node === null || typeof node !== 'object') continue;
      // Keys one at a time (never Object.entries of a hostile object), within the budget.
      for (const key in node) {
        if (budget.left-- <= 0) break;
        const inner = (node as Record<string, unknown>)[key];
        if (isSecretField(key)) walkLeaves(inner, found, budget);
        else if (inner !== null && typeof inner === 'object') next.push(inner);
      }
    }
    level = next;
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
