// Entry point `./v2`: the client of the Web API V2, Portuguese route (official, recommended).
import type { paths } from '../generated/v2-pt/schema.d.ts';
import { defineFamily } from './client.ts';
import { v2PtFamily, type V2_NAMING, type V2ReadPath } from './families/v2-pt.ts';
import type { Calls, Fields } from '../generated/v2-pt/calls.d.ts';
import type { CallDocs, NameIn, NamedFamilyClient, OperationAnswer, OperationName, OperationRequest } from './named-calls.ts';

/** The operations' and fields' documentation, from the contract: the hover of every call by name. */
type Docs = CallDocs<Calls, Fields>;

type Prefix = '/api/V2/Voos/';

/** Generated `paths` of the V2 Portuguese route. */
export type V2Paths = paths;

/**
 * A client of `/api/V2/Voos/{Operation}`: `v2.Disponibilidade(body)` or `v2.call('/api/V2/Voos/Disponibilidade', body)`.
 * With `credentials`, bodies may leave out Login, Senha and ClienteId.
 */
export const createV2Client = defineFamily<paths, typeof V2_NAMING, V2ReadPath, unknown, Docs>(v2PtFamily);

/** A client made with `credentials` (bodies may leave out Login, Senha, ClienteId): the type of a field that stores one. */
export type V2Client = NamedFamilyClient<paths, true, typeof V2_NAMING, V2ReadPath, Docs>;
/** A client made without `credentials`: every body carries them. */
export type V2ClientWithoutCredentials = NamedFamilyClient<paths, false, typeof V2_NAMING, V2ReadPath, Docs>;
/** The 36 operation names of Part 4.1. */
export type V2OperationName = OperationName<paths, Prefix>;
/** The operations that only read: the only ones `retry` is accepted on (docs/client.md, "Retries"). */
export type V2ReadOperation = NameIn<V2ReadPath, Prefix>;
/** The request body of an operation, e.g. `V2Request<'Tarifar'>`; `V2Request<'Tarifar', true>`: as a client with stored credentials takes it. */
export type V2Request<N extends V2OperationName, WithStoredCredentials extends boolean = false> = OperationRequest<
  paths,
  Prefix,
  N,
  WithStoredCredentials,
  Docs
>;
/** The answer of an operation, e.g. `V2Answer<'Tarifar'>`. */
export type V2Answer<N extends V2OperationName> = OperationAnswer<paths, Prefix, N>;

export * from './common.ts';
