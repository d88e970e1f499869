// One compiled request-body validator per operation, configured as Prism configures
// its own (ajv 8, draft-07 semantics, every error, no coercion, unknown formats
// ignored), and its errors worded as Prism words them, so the fast front refuses a
// body with the very violations Prism would list. The parity test holds them together.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { JsonObject } from '../lib/refs.ts';
import type { MockOperation } from './routes.ts';
import { MAX_LISTED_VIOLATIONS, type Violation } from './problem.ts';

export interface BodyCheck {
  /** The first violations, at most MAX_LISTED_VIOLATIONS of them. */
  listed: Violation[];
  /** How many violations there are in all. */
  total: number;
}

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

export function createAjv(): Ajv {
  return new Ajv({ allErrors: true, allowUnionTypes: true, allowMatchingProperties: true, strict: false, coerceTypes: false, logger: quietLogger });
}

/** Prism's `convertAjvErrors` for a request body (context Input, prefix `body`). */
export function prismViolation(error: ErrorObject): Violation {
  const params = error.params as Record<string, unknown>;
  const allowed = Array.isArray(params.allowedValues) ? `: ${params.allowedValues.join(', ')}` : '';
  const additional = 'additionalProperty' in params ? `; found '${String(params.additionalProperty)}'` : '';
  const unevaluated = 'unevaluatedProperty' in params ? `: '${String(params.unevaluatedProperty)}'` : '';
  const segments = error.instancePath.split('/').filter((segment) => segment !== '');
  const where = `Request body ${segments.length > 0 ? 'property ' : ''}${segments.join('.').trim()}${segments.length > 0 ? ' ' : ''}`;
  return {
    location: ['request', 'body', ...segments],
    code: error.keyword || '',
    message: `${where}${error.message ?? ''}${allowed}${additional}${unevaluated}`,
    severity: 'Error',
  };
}

/** Prism's violation for a required body that is absent. */
export const BODY_REQUIRED: Violation = { location: ['request'], code: 'required', message: 'Body parameter is required', severity: 'Error' };

/**
 * The operation's body validator, compiled now. The schema is compiled with its
 * document's components beside it, so its local `$ref`s resolve as in the bundle.
 */
export function compileBodyValidator(ajv: Ajv, op: MockOperation): BodyValidator {
  if (op.bodySchema === undefined) return (body) => (!body && op.bodyRequired ? { listed: [BODY_REQUIRED], total: 1 } : undefined);
  const root: JsonObject = { ...(op.bodySchema as JsonObject), components: op.doc.components };
  const validate: ValidateFunction = ajv.compile(root);
  return (body) => {
    // As Prism: any falsy body (null, 0, false, "") counts as absent when one is required,
    // and null as absent when none is.
    if (!body && op.bodyRequired) return { listed: [BODY_REQUIRED], total: 1 };
    if (body === undefined || body === null) return undefined;
    if (validate(body)) return undefined;
    const errors = validate.errors ?? [];
    // Only the listed ones are worded: a hostile body can have hundreds of thousands.
    return { listed: errors.slice(0, MAX_LISTED_VIOLATIONS).map(prismViolation), total: errors.length };
  };
}
