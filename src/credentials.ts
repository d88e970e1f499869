// Agency credentials (Part 2.1, Part 5 item 3), given once and merged into each body
// whose request schema declares them, under the names that schema uses.

/** The agency credentials, named as in Part 2.1 of the description. */
export interface Credentials {
  /** Login of the web-service credential. */
  Login: string;
  /** Password of the credential: never logged nor put in an error. */
  Senha: string;
  /** Corporate customer on whose behalf calls run. */
  ClienteId?: number;
}

/** The body field names one request schema uses for the credentials. */
export interface CredentialFields {
  readonly login: 'Login' | 'login';
  readonly password: 'Senha' | 'senha';
  /** Absent when the schema declares no customer field. */
  readonly clientId?: 'ClienteId' | 'clienteId';
}

/** Part 2.1 names: every V2 Portuguese body and the legacy seat and ancillary bodies. */
export const CREDENTIAL_FIELDS: CredentialFields = { login: 'Login', password: 'Senha', clientId: 'ClienteId' };

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
