// A request body's check from compiled validators, and its violations worded as Prism words
// them. No compiler here: the mock compiles with ajv at run time (validators.ts), the MSW
// handlers load the same validators compiled at build time (ajv standalone code), so a
// browser page with a Content-Security-Policy that forbids eval still validates.
import type { ErrorObject } from 'ajv';
import { MAX_LISTED_VIOLATIONS, type Violation } from './problem.ts';

export interface BodyCheck {
  /** The first violations, at most MAX_LISTED_VIOLATIONS of them. */
  listed: Violation[];
  /** How many violations there are in all (at least this many when `pruned`). */
  total: number;
  /** The body was too large to count every violation: the count covers the kept part. */
  pruned?: boolean;
}

/** A wrong body is checked up to this many items of each array and keys of each object. */
export const MAX_CHECKED_ENTRIES = 10_000;
/** ...and this deep; what lies deeper is kept whole (no schema of the contract is this deep). */
const MAX_PRUNE_DEPTH = 64;

export type BodyValidator = (body: unknown) => BodyCheck | undefined;

/** Prism's `convertAjvErrors` for a body (prefix `body`): a request's (context Input) or an answer's (Output). */
export function prismViolation(error: ErrorObject, side: 'request' | 'response' = 'request'): Violation {
  const params = error.params as Record<string, unknown>;
  const allowed = Array.isArray(params.allowedValues) ? `: ${params.allowedValues.join(', ')}` : '';
  const additional = 'additionalProperty' in params ? `; found '${String(params.additionalProperty)}'` : '';
  const unevaluated = 'unevaluatedProperty' in params ? `: '${String(params.unevaluatedProperty)}'` : '';
  const segments = error.instancePath.split('/').filter((segment) => segment !== '');
  const subject = side === 'request' ? 'Request body' : 'Response body';
  const where = `${subject} ${segments.length > 0 ? 'property ' : ''}${segments.join('.').trim()}${segments.length > 0 ? ' ' : ''}`;
  return {
    location: [side, 'body', ...segments],
    code: error.keyword || '',
    message: `${where}${error.message ?? ''}${allowed}${additional}${unevaluated}`,
    severity: 'Error',
  };
}

/** Prism's violation for a required body that is absent. */
export const BODY_REQUIRED: Violation = {
  location: ['request'],
  code: 'required',
  message: 'Body parameter is required',
  severity: 'Error',
};

/**
 * A copy of a wrong body small enough to list its violations in bounded time: arrays cut
 * to their first MAX_CHECKED_ENTRIES items, objects to their first MAX_CHECKED_ENTRIES
 * keys plus every key the contract names. Iterative over the top levels, so a deeply
 * nested body cannot exhaust the stack.
 */
export function pruneBody(body: unknown, namedKeys: ReadonlySet<string>): { value: unknown; pruned: boolean } {
  let pruned = false;
  const prune = (value: unknown, depth: number): unknown => {
    if (depth >= MAX_PRUNE_DEPTH || typeof value !== 'object' || value === null) return value;
    if (Array.isArray(value)) {
      if (value.length > MAX_CHECKED_ENTRIES) pruned = true;
      return value.slice(0, MAX_CHECKED_ENTRIES).map((item) => prune(item, depth + 1));
    }
    const out: Record<string, unknown> = {};
    let kept = 0;
    for (const key of Object.keys(value)) {
      if (kept >= MAX_CHECKED_ENTRIES && !namedKeys.has(key)) {
        pruned = true;
        continue;
      }
      kept++;
      // Defined, not assigned: a member named `__proto__` stays a member (assigned, it became
      // the copy's prototype and its fields looked present to the listing validator).
      Object.defineProperty(out, key, {
        value: prune((value as Record<string, unknown>)[key], depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  };
  const value = prune(body, 0);
  return { value, pruned };
}

/** A compiled validator as ajv makes it: true when valid, its errors on `.errors` otherwise. */
export interface CompiledValidator {
  (value: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/**
 * The check of one schema from its two validators: `decide` stops at the first error (bounded
 * time), `list` collects every error of a pruned copy (obtained on the first wrong value).
 */
export function checkerOf(
  decide: CompiledValidator,
  list: () => CompiledValidator,
  namedKeys: () => ReadonlySet<string>,
  side: 'request' | 'response',
): (value: unknown) => BodyCheck | undefined {
  return (value) => {
    if (decide(value)) return undefined;
    // Listing every error of a hostile body (1.4 million for 1 MiB of empty seat items)
    // took seconds: the errors are listed from a pruned copy, and only the first worded.
    const { value: kept, pruned } = pruneBody(value, namedKeys());
    const listing = list();
    listing(kept);
    const errors = listing.errors ?? [];
    return {
      listed: errors.slice(0, MAX_LISTED_VIOLATIONS).map((error) => prismViolation(error, side)),
      total: errors.length,
      ...(pruned ? { pruned } : {}),
    };
  };
}

/** An operation's body validator from its schema's check (none when the operation declares no schema). */
export function bodyValidatorOf(
  op: { bodyRequired: boolean },
  check: ((body: unknown) => BodyCheck | undefined) | undefined,
): BodyValidator {
  if (check === undefined) return (body) => (!body && op.bodyRequired ? { listed: [BODY_REQUIRED], total: 1 } : undefined);
  return (body) => {
    // As Prism: any falsy body (null, 0, false, "") counts as absent when one is required,
    // and null as absent when none is.
    if (!body && op.bodyRequired) return { listed: [BODY_REQUIRED], total: 1 };
    if (body === undefined || body === null) return undefined;
    return check(body);
  };
}
