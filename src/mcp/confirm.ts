// Two-step confirmation of a write for clients without elicitation: the first call sends
// nothing and returns a token bound to the tool and its exact arguments; the call that
// echoes it is sent once. A token is used once and lasts a few minutes.
import { createHash, randomUUID } from 'node:crypto';

const LIFETIME_MS = 5 * 60_000;
/** Tokens kept at most: an agent looping on first calls does not grow the map without end. */
const MAX_PENDING = 256;

/** The arguments in one canonical text (keys sorted at every depth). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

export class Confirmations {
  readonly #pending = new Map<string, { digest: string; expires: number }>();

  #digest(tool: string, args: unknown): string {
    return createHash('sha256')
      .update(`${tool}\n${canonical(args)}`)
      .digest('hex');
  }

  /** A new token for this tool and these arguments. */
  issue(tool: string, args: unknown): string {
    const now = Date.now();
    for (const [token, entry] of this.#pending) if (entry.expires < now) this.#pending.delete(token);
    if (this.#pending.size >= MAX_PENDING) this.#pending.delete(this.#pending.keys().next().value as string);
    const token = randomUUID();
    this.#pending.set(token, { digest: this.#digest(tool, args), expires: now + LIFETIME_MS });
    return token;
  }

  /** Whether the token confirms this call; it is spent either way. */
  redeem(token: string, tool: string, args: unknown): 'ok' | 'unknown' | 'other-call' {
    const entry = this.#pending.get(token);
    this.#pending.delete(token);
    if (!entry || entry.expires < Date.now()) return 'unknown';
    return entry.digest === this.#digest(tool, args) ? 'ok' : 'other-call';
  }
}
