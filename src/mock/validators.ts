// One compiled request-body validator per operation, configured as Prism configures
// its own (ajv 8, draft-07 semantics, every error, no coercion, unknown formats
// ignored), and its errors worded as Prism words them, so the fast front refuses a
// body with the very violations Prism would list. The parity test holds them together.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { isObject, resolvePointer, type JsonObject } from '../lib/refs.ts';
import type { MockOperation } from './routes.ts';
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

// Prism silences exactly this warning (the contract's `format: password` is no ajv format).
const quietLogger = {
  log: () => undefined,
  warn: (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('unknown format')) return;
    console.warn(...args);
  },
  error: (...args: unknown[]) => console.error(...args),
};

export function createAjv(allErrors = true): Ajv {
  return new Ajv({
    allErrors,
    allowUnionTypes: true,
    allowMatchingProperties: true,
    strict: false,
    coerceTypes: false,
    logger: quietLogger,
  });
}

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
 * The schema with its local `$ref`s replaced by what they point at (a ref back into its
 * own chain stays a ref). With every error collected, ajv joins a referenced schema's
 * errors with `concat` per call: on 20,000 wrong array items behind a `$ref` that took
 * 15 s (quadratic); inlined, the same body takes milliseconds.
 */
export function inlineRefs(doc: unknown, node: unknown, chain: ReadonlySet<string> = new Set()): unknown {
  if (Array.isArray(node)) return node.map((item) => inlineRefs(doc, item, chain));
  if (!isObject(node)) return node;
  if (typeof node.$ref === 'string' && node.$ref.startsWith('#') && !chain.has(node.$ref)) {
    const { $ref, ...siblings } = node;
    const target = inlineRefs(doc, resolvePointer(doc, $ref), new Set([...chain, $ref]));
    return Object.keys(siblings).length === 0
      ? target
      : { ...(isObject(target) ? target : {}), ...(inlineRefs(doc, siblings, chain) as JsonObject) };
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inlineRefs(doc, value, chain)]));
}

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

/** Every property name the documents declare (kept when a wrong body is pruned). */
export function namedKeysOf(docs: ReadonlyArray<{ doc: unknown }>): Set<string> {
  const names = new Set<string>();
  const visit = (node: unknown, depth: number): void => {
    if (depth > 200 || typeof node !== 'object' || node === null) return;
    if (Array.isArray(node)) {
      for (const n of node) visit(n, depth + 1);
      return;
    }
    const record = node as Record<string, unknown>;
    if (isObject(record.properties)) for (const key of Object.keys(record.properties)) names.add(key);
    if (Array.isArray(record.required)) for (const key of record.required) if (typeof key === 'string') names.add(key);
    for (const value of Object.values(record)) visit(value, depth + 1);
  };
  for (const d of docs) visit(d.doc, 0);
  return names;
}

/** Compilers made on first need, for validators over these documents. */
export function validatorCompilers(documents: ReadonlyArray<{ doc: unknown }>): ValidatorCompilers {
  const once = <T>(make: () => T): (() => T) => {
    let value: T | undefined;
    return () => (value ??= make());
  };
  return { all: once(() => createAjv(true)), first: once(() => createAjv(false)), namedKeys: once(() => namedKeysOf(documents)) };
}

export interface ValidatorCompilers {
  /** Collects every error (to list them). */
  all: () => Ajv;
  /** Stops at the first error (to decide, in bounded time). */
  first: () => Ajv;
  namedKeys: () => ReadonlySet<string>;
}

/**
 * A validator of one schema of a document, compiled now with the document's components
 * beside it, so its local `$ref`s resolve as in the bundle. Undefined when the value is valid.
 */
export function compileSchemaValidator(
  compilers: ValidatorCompilers,
  doc: JsonObject,
  schema: unknown,
  side: 'request' | 'response',
): (value: unknown) => BodyCheck | undefined {
  const root: JsonObject = { ...(inlineRefs(doc, schema) as JsonObject), components: doc.components };
  const decide: ValidateFunction = compilers.first().compile(root);
  let list: ValidateFunction | undefined; // compiled when a first wrong value comes
  return (value) => {
    if (decide(value)) return undefined;
    // Listing every error of a hostile body (1.4 million for 1 MiB of empty seat items)
    // took seconds: the errors are listed from a pruned copy, and only the first worded.
    const { value: kept, pruned } = pruneBody(value, compilers.namedKeys());
    list ??= compilers.all().compile(root);
    list(kept);
    const errors = list.errors ?? [];
    return {
      listed: errors.slice(0, MAX_LISTED_VIOLATIONS).map((error) => prismViolation(error, side)),
      total: errors.length,
      ...(pruned ? { pruned } : {}),
    };
  };
}

/** The operation's request-body validator, compiled now. */
export function compileBodyValidator(compilers: ValidatorCompilers, op: MockOperation): BodyValidator {
  if (op.bodySchema === undefined) return (body) => (!body && op.bodyRequired ? { listed: [BODY_REQUIRED], total: 1 } : undefined);
  const check = compileSchemaValidator(compilers, op.doc, op.bodySchema, 'request');
  return (body) => {
    // As Prism: any falsy body (null, 0, false, "") counts as absent when one is required,
    // and null as absent when none is.
    if (!body && op.bodyRequired) return { listed: [BODY_REQUIRED], total: 1 };
    if (body === undefined || body === null) return undefined;
    return check(body);
  };
}
