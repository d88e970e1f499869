// Entry point `./v2/observed`: the V2 Portuguese client typed by the observed flavour
// (generated/v2-pt-observed), whose answers of 10 operations are typed from sanitized
// sandbox captures, not from the provider's publication. Same calls as `./v2`; in
// addition an answer with `Exception` set rejects with ServiceError, and the .NET
// "no date" token in answers reads as null.
import type { components, paths } from '../generated/v2-pt-observed/schema.d.ts';
import { defineFamily } from './client.ts';
import { v2PtObservedFamily } from './families/v2-pt-observed.ts';
import type { V2ReadPath } from './families/v2-pt.ts';
import type { Calls, Fields } from '../generated/v2-pt-observed/calls.d.ts';
import type { CallDocs, NameIn, NamedFamilyClient, OperationAnswer, OperationName, OperationRequest } from './named-calls.ts';

/** The operations' and fields' documentation, from the contract: the hover of every call by name. */
type Docs = CallDocs<Calls, Fields>;

type Prefix = '/api/V2/Voos/';
type Naming = (typeof v2PtObservedFamily)['naming'];

/** Generated `paths` of the observed flavour of the V2 Portuguese route. */
export type V2ObservedPaths = paths;

/** Its named schemas, e.g. `V2ObservedSchemas['DisponibilidadeRSObservado']`. */
export type V2ObservedSchemas = components['schemas'];

/**
 * A client of `/api/V2/Voos/{Operation}` typed by the observed flavour; with
 * `credentials`, bodies may leave out Login, Senha and ClienteId. Rejects with
 * ServiceError when an answer carries `Exception: { Message }`.
 */
export const createV2ObservedClient = defineFamily<paths, Naming, V2ReadPath, unknown, Docs>(v2PtObservedFamily);

/** A client of the observed flavour made with `credentials`. */
export type V2ObservedClient = NamedFamilyClient<paths, true, Naming, V2ReadPath, Docs>;
/** A client of the observed flavour made without `credentials`. */
export type V2ObservedClientWithoutCredentials = NamedFamilyClient<paths, false, Naming, V2ReadPath, Docs>;
export type V2ObservedOperationName = OperationName<paths, Prefix>;
export type V2ObservedReadOperation = NameIn<V2ReadPath, Prefix>;
/** The request body of an operation in the observed flavour, e.g. `V2ObservedRequest<'Tarifar'>`. */
export type V2ObservedRequest<N extends V2ObservedOperationName, WithStoredCredentials extends boolean = false> = OperationRequest<
  paths,
  Prefix,
  N,
  WithStoredCredentials,
  Docs
>;
/** The answer of an operation as the observed flavour types it, e.g. `V2ObservedAnswer<'Disponibilidade'>`. */
export type V2ObservedAnswer<N extends V2ObservedOperationName> = OperationAnswer<paths, Prefix, N>;

export * from './common.ts';
