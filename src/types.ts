// Type-level reading of a family's generated `paths` (openapi-typescript output):
// which paths take a POST, what JSON body they take, what JSON they answer.
import type { CREDENTIAL_FIELD_NAMES } from './lib/contract-index.ts';

/** The POST operation object of path `K`, or never. */
export type PostOperation<P, K extends keyof P> = P[K] extends { post: infer O } ? O : never;

/** Every path of `P` that has a POST operation. */
export type PostPath<P> = { [K in keyof P]-?: [PostOperation<P, K>] extends [never] ? never : K }[keyof P] & string;

type JsonContent<C> = C extends { content: { 'application/json': infer J } } ? J : never;

type PublishedMembers<T> = T extends unknown ? (string extends keyof T ? never : T) : never;
/**
 * A request body with its open alternatives dropped when a published one is beside them: the
 * legacy bodies also admit an open body without `Login` (the session rule, Part 5 item 6),
 * which would otherwise let any object compile as a seat or ancillary body.
 */
type CallableBody<J> = [PublishedMembers<J>] extends [never] ? J : PublishedMembers<J>;

/** The JSON request body of an operation (`undefined` when it takes none). */
export type RequestBody<O> = O extends { requestBody: infer R }
  ? CallableBody<JsonContent<R>>
  : O extends { requestBody?: infer R }
    ? CallableBody<JsonContent<NonNullable<R>>> | undefined
    : undefined;

type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 205 | 206 | 207 | 208 | 226 | '2XX';

/** The JSON body of the operation's 2xx answers. */
export type SuccessBody<O> = O extends { responses: infer R }
  ? { [S in keyof R]: S extends SuccessStatus ? JsonContent<R[S]> : never }[keyof R]
  : never;

/** The path parameters an operation requires (never when it has none). */
export type PathParams<O> = O extends { parameters: { path: infer PP } } ? PP : never;

/** Login and password fields the client can fill in (Part 2.1 names and the lower-case ones of legacy `Autenticar`): the index's `x-credential` spellings. */
export type AgencyLoginField = (typeof CREDENTIAL_FIELD_NAMES)['login' | 'password'][number];

/** `B` with its login and password fields made optional: the client fills them in. */
export type WithOptionalCredentials<B> = B extends object
  ? { [K in keyof B as K extends AgencyLoginField ? never : K]: B[K] } & {
      [K in keyof B as K extends AgencyLoginField ? K : never]?: B[K];
    }
  : B;
