// Entry point `./legacy`: the client of the deprecated legacy JSON service
// (`AereoNoSession.svc`, `Aereo.svc`, `Usuario.svc`), and the helper that moves its calls
// to the V2 Portuguese route. Prefer `./v2` for anything new.
import type { paths } from '../generated/legacy/schema.d.ts';
import { defineFamily, type SessionOptions } from './client.ts';
import { legacyFamily, type LegacyReadPath } from './families/legacy.ts';
import type { Calls, Fields } from '../generated/legacy/calls.d.ts';
import type { CallDocs, NameIn, NamedFamilyClient, OperationAnswer, OperationName, OperationRequest } from './named-calls.ts';

/** The operations' and fields' documentation, from the contract: the hover of every call by name. */
type Docs = CallDocs<Calls, Fields>;

type Prefix = '/AereoNoSession.svc/';
type Naming = (typeof legacyFamily)['naming'];
type Reads = LegacyReadPath;

/** Generated `paths` of the legacy service. */
export type LegacyPaths = paths;

/**
 * A client of the legacy service. With `credentials`, bodies may leave out the login and
 * password fields, which go in under each operation's own names (`login`/`senha`/`clienteId`
 * on Autenticar). `SessaoExpirada: true` rejects with SessionExpiredError; an
 * `AutenticacaoRS` with `Erros` filled rejects with AuthenticationError.
 * @deprecated The legacy service is kept for existing integrations only: migrate to `./v2` (see `migrateLegacyCall`).
 */
export const createLegacyClient = defineFamily<paths, Naming, Reads, SessionOptions, Docs>(legacyFamily);

/** A legacy client made with `credentials`. */
export type LegacyClient = NamedFamilyClient<paths, true, Naming, Reads, Docs>;
/** A legacy client made without `credentials`. */
export type LegacyClientWithoutCredentials = NamedFamilyClient<paths, false, Naming, Reads, Docs>;
/** The operation names of `AereoNoSession.svc` (Parts 4.4, 4.5). */
export type LegacyOperationName = OperationName<paths, Prefix>;
/** The operations that only read: the only ones `retry` and `reauthenticate` apply to. */
export type LegacyReadOperation = NameIn<Reads, Prefix>;
/** The request body of an `AereoNoSession.svc` operation, e.g. `LegacyRequest<'ObterMapaDeAssentos'>`. */
export type LegacyRequest<N extends LegacyOperationName, WithStoredCredentials extends boolean = false> = OperationRequest<
  paths,
  Prefix,
  N,
  WithStoredCredentials,
  Docs
>;
/** The answer of an `AereoNoSession.svc` operation. */
export type LegacyAnswer<N extends LegacyOperationName> = OperationAnswer<paths, Prefix, N>;

export { migrateLegacyCall, type LegacyCall, type MigratedCall, type MigrationOptions, type V2Operation } from './migration.ts';
export * from './common.ts';
