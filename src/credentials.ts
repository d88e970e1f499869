// Agency credentials (Part 2.1, Part 5 item 3), given once and merged into each body
// whose request schema declares them, under the names that schema uses.
import { type CREDENTIAL_FIELD_NAMES, type CredentialKind, commonCredentialFields } from './lib/contract-index.ts';

/** The agency credentials, named as in Part 2.1 of the description. */
export interface Credentials {
  /** Login of the web-service credential. */
  Login: string;
  /** Password of the credential: never logged nor put in an error. */
  Senha: string;
  /** Corporate customer on whose behalf calls run. */
  ClienteId?: number;
}

/** A spelling of a credential field in the documents (`x-credential`), as the contract index lists it. */
type SpeltAs<K extends CredentialKind> = (typeof CREDENTIAL_FIELD_NAMES)[K][number];

/** The body field names one request schema uses for the credentials. */
export interface CredentialFields {
  readonly login: SpeltAs<'login'>;
  readonly password: SpeltAs<'password'>;
  /** Absent when the schema declares no customer field. */
  readonly clientId?: SpeltAs<'client-id'>;
}

/** The fields of the index's spelling by kind, or undefined where a body names no login or password. */
export function credentialFieldsOf(spelt: Partial<Record<CredentialKind, string>> | undefined): CredentialFields | undefined {
  if (spelt?.login === undefined || spelt.password === undefined) return undefined;
  const fields = { login: spelt.login, password: spelt.password } as { login: SpeltAs<'login'>; password: SpeltAs<'password'> };
  return spelt['client-id'] === undefined ? fields : { ...fields, clientId: spelt['client-id'] as SpeltAs<'client-id'> };
}

/** Part 2.1 names: every V2 Portuguese body and the legacy seat and ancillary bodies (the V2 family's one spelling in the index). */
export const CREDENTIAL_FIELDS: CredentialFields = credentialFieldsOf(commonCredentialFields('v2-pt')) as CredentialFields;

/**
 * A copy of `body` with the credentials added under `fields`. A field the caller set
 * (to anything but `undefined`) is kept as the caller set it.
 */
export function mergeCredentials(body: unknown, fields: CredentialFields, credentials: Credentials): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const merged: Record<string, unknown> = { [fields.login]: credentials.Login, [fields.password]: credentials.Senha };
  if (fields.clientId !== undefined && credentials.ClienteId !== undefined) merged[fields.clientId] = credentials.ClienteId;
  for (const [key, value] of Object.entries(body)) if (value !== undefined) merged[key] = value;
  return merged;
}
