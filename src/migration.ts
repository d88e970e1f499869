// Legacy → V2 Portuguese, by the migration rules of Part 9:
// 1. POST .../AereoNoSession.svc/{Operation} becomes POST .../api/V2/Voos/{Operation}, same name;
// 2. the developer headers stay the same (nothing to do here);
// 3. Autenticar is dropped: Login and Senha go in each body (so the `token` field goes);
// 4. Autenticar has no V2 equivalent.
import type { paths as V2Paths } from '../generated/v2-pt/schema.d.ts';
import type { Credentials } from './credentials.ts';
import { MigrationError } from './errors.ts';
import { type IndexedOperationOf, operationsOf } from './lib/contract-index.ts';
import { isRecord } from './lib/json.ts';
import type { PostOperation, RequestBody, WithOptionalCredentials } from './types.ts';

const V2_PREFIX = '/api/V2/Voos/';
const LEGACY_PREFIX = '/AereoNoSession.svc/';

/** Operation names of the V2 Portuguese route. */
export type V2Operation = keyof V2Paths extends `${typeof V2_PREFIX}${infer N}` ? N : never;

const V2_OPERATION_SET: ReadonlySet<string> = new Set(operationsOf('v2-pt').map((op) => op.name));
/** The name of the legacy operation answering the bare session token, as the index's types give it (Autenticar). */
type TokenOperation = Extract<IndexedOperationOf<'legacy'>, { authenticates: true; answer: 'string' }>['name'];

/** Legacy operations whose answer is the bare session token (`x-session` with a string answer): Autenticar, which rule 4 drops. */
const TOKEN_OPERATIONS: ReadonlySet<string> = new Set(
  operationsOf('legacy').flatMap((op) => (op.authenticates && op.answer === 'string' ? [op.name] : [])),
);

type V2Body<Op extends V2Operation> = RequestBody<PostOperation<V2Paths, `${typeof V2_PREFIX}${Op}`>>;

/** A legacy call: the body of the V2 operation of the same name (Part 4.1: fully compatible), credentials and `token` optional. */
export interface LegacyCall<Op extends V2Operation = V2Operation> {
  path: `${typeof LEGACY_PREFIX}${Op}` | `${string}${typeof LEGACY_PREFIX}${Op}`;
  body: WithOptionalCredentials<V2Body<Op>> & { token?: string };
}

/** The V2 Portuguese call that replaces a legacy one. */
export interface MigratedCall<Op extends V2Operation = V2Operation> {
  operation: Op;
  path: `${typeof V2_PREFIX}${Op}`;
  body: V2Body<Op>;
}

/** Options of {@link migrateLegacyCall}. */
export interface MigrationOptions {
  /** Credentials for bodies that relied on a session token instead of Login and Senha. The body's own values win. */
  credentials?: Credentials;
}

function operationOf(path: string): string | undefined {
  const match = /\/([A-Za-z]+)\.svc\/([A-Za-z]+)\/?$/.exec(path);
  return match ? match[2] : undefined;
}

/**
 * The V2 Portuguese call for a legacy `AereoNoSession.svc` call: same operation name,
 * body with `Login` and `Senha`, without `token`. Throws MigrationError for
 * `Autenticar` (no V2 equivalent), for operations V2 does not have, and for bodies
 * with neither credentials nor `options.credentials`. `path` may be a full URL.
 */
export function migrateLegacyCall<Op extends V2Operation>(call: LegacyCall<Op>, options?: MigrationOptions): MigratedCall<Op>;
/** The same, for a call known only at run time. Typed `Autenticar` paths do not compile. */
export function migrateLegacyCall<P extends string>(
  call: { path: P & (P extends `${string}/${TokenOperation}` ? never : unknown); body: object },
  options?: MigrationOptions,
): MigratedCall;
export function migrateLegacyCall(call: { path: string; body: object }, options: MigrationOptions = {}): MigratedCall {
  const path = isRecord(call) && typeof call.path === 'string' ? call.path : '';
  const operation = operationOf(path);
  if (operation !== undefined && TOKEN_OPERATIONS.has(operation)) {
    throw new MigrationError(
      `${operation} has no V2 equivalent (Part 9, rule 4): drop the call and send Login and Senha in each V2 body instead (rule 3)`,
      operation,
    );
  }
  if (operation === undefined || !path.includes(LEGACY_PREFIX)) {
    throw new MigrationError('not a legacy call: expected a path ending in /AereoNoSession.svc/{Operation}', operation);
  }
  if (!V2_OPERATION_SET.has(operation)) {
    throw new MigrationError(`${operation} has no V2 Portuguese operation of the same name (Part 9, rule 1)`, operation);
  }
  if (!isRecord(call.body)) throw new MigrationError(`${operation}: the legacy body must be a JSON object`, operation);

  const { token: _token, ...rest } = call.body as Record<string, unknown>;
  const body: Record<string, unknown> = {};
  const given = options.credentials;
  if (given) {
    body.Login = given.Login;
    body.Senha = given.Senha;
    if (given.ClienteId !== undefined) body.ClienteId = given.ClienteId;
  }
  for (const [key, value] of Object.entries(rest)) if (value !== undefined) body[key] = value;
  if (typeof body.Login !== 'string' || typeof body.Senha !== 'string') {
    throw new MigrationError(
      `${operation}: V2 needs Login and Senha in the body (Part 9, rule 3); the legacy body has none, so pass options.credentials`,
      operation,
    );
  }
  return { operation, path: `${V2_PREFIX}${operation}`, body } as MigratedCall;
}
