// One compiled request-body validator per operation, configured as Prism configures
// its own (ajv 8, draft-07 semantics, every error, no coercion, unknown formats
// ignored), and its errors worded as Prism words them, so the fast front refuses a
// body with the very violations Prism would list. The parity test holds them together.
import { Ajv, type ValidateFunction } from 'ajv';
import { isObject, resolvePointer, type JsonObject } from '../lib/refs.ts';
import type { MockOperation } from './routes.ts';
import { bodyValidatorOf, checkerOf, type BodyCheck, type BodyValidator } from './body-check.ts';

export {
  BODY_REQUIRED,
  bodyValidatorOf,
  checkerOf,
  MAX_CHECKED_ENTRIES,
  prismViolation,
  pruneBody,
  type BodyCheck,
  type BodyValidator,
} from './body-check.ts';

// Prism silences exactly this warning (the contract's `format: password` is no ajv format).
const quietLogger = {
  log: () => undefined,
  warn: (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('unknown format')) return;
    console.warn(...args);
  },
  error: (...args: unknown[]) => console.error(...args),
};

/** An ajv configured as Prism's; `code` keeps each validator's source (the MSW handlers' build-time validators). */
export function createAjv(allErrors = true, code?: { source: true; esm: true }): Ajv {
  return new Ajv({
    allErrors,
    ...(code ? { code } : {}),
    allowUnionTypes: true,
    allowMatchingProperties: true,
    strict: false,
    coerceTypes: false,
    logger: quietLogger,
  });
}

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
  return checkerOf(decide, () => (list ??= compilers.all().compile(root)), compilers.namedKeys, side);
}

/** The operation's request-body validator, compiled now. */
export function compileBodyValidator(compilers: ValidatorCompilers, op: MockOperation): BodyValidator {
  return bodyValidatorOf(op, op.bodySchema === undefined ? undefined : compileSchemaValidator(compilers, op.doc, op.bodySchema, 'request'));
}
