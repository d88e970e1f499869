// Entry point `./legacy/observed`: the legacy service's client typed by its observed
// flavour (generated/legacy-observed): the published legacy operations, plus the
// operations public integrations call on `AereoNoSession.svc/<Operation>` with their
// request and answer typed from sanitized bodies of those integrations, not from the
// provider's publication. Same calls as `./legacy`; in addition an answer with
// `Exception` set rejects with ServiceError, and the .NET "no date" token reads as null.
import type { Calls, Fields } from '../generated/legacy-observed/calls.d.ts';
import type { components, paths } from '../generated/legacy-observed/schema.d.ts';
import { defineFamily, type SessionOptions } from './client.ts';
import { legacyObservedFamily } from './families/legacy-observed.ts';
import type { LEGACY_NAMING } from './families/legacy.ts';
import type { ReadPathOf } from './lib/contract-index.ts';
import type { CallDocs, NamedFamilyClient, OperationAnswer, OperationName, OperationRequest } from './named-calls.ts';

type Prefix = '/AereoNoSession.svc/';
type Reads = ReadPathOf<'legacy-observed'>;
type Naming = typeof LEGACY_NAMING;
/** The hover's documentation of each named call and body field (generated/legacy-observed/calls.d.ts). */
type Docs = CallDocs<Calls, Fields>;

/** Generated `paths` of the observed flavour of the legacy service. */
export type LegacyObservedPaths = paths;

/** Its named schemas, e.g. `LegacyObservedSchemas['DisponibilidadeRSObservadoLegado']`. */
export type LegacyObservedSchemas = components['schemas'];

/**
 * A client of `AereoNoSession.svc/{Operation}` (and the other legacy routes) typed by the
 * observed flavour; with `credentials`, bodies may leave out the login and password
 * fields. Rejects with ServiceError when an answer carries `Exception: { Message }`, with
 * SessionExpiredError on `SessaoExpirada: true`.
 * @deprecated The legacy service is kept for existing integrations only: migrate to `./v2` (or `./v2/observed`).
 */
export const createLegacyObservedClient = defineFamily<paths, Naming, Reads, SessionOptions, Docs>(legacyObservedFamily);

/** A client of the legacy observed flavour made with `credentials`. */
export type LegacyObservedClient = NamedFamilyClient<paths, true, Naming, Reads, Docs>;
/** A client of the legacy observed flavour made without `credentials`. */
export type LegacyObservedClientWithoutCredentials = NamedFamilyClient<paths, false, Naming, Reads, Docs>;
/** The operation names of `AereoNoSession.svc`, published and observed. */
export type LegacyObservedOperationName = OperationName<paths, Prefix>;
/** The request body of an operation as the observed flavour types it. */
export type LegacyObservedRequest<N extends LegacyObservedOperationName, WithStoredCredentials extends boolean = false> = OperationRequest<
  paths,
  Prefix,
  N,
  WithStoredCredentials
>;
/** The answer of an operation as the observed flavour types it. */
export type LegacyObservedAnswer<N extends LegacyObservedOperationName> = OperationAnswer<paths, Prefix, N>;

export * from './common.ts';
