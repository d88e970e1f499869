// Entry point `./v3`: the client of the Web API V3 (lean availability search).
import type { paths } from '../generated/v3/schema.d.ts';
import { defineFamily } from './client.ts';
import { v3Family, type V3ReadPath } from './families/v3.ts';
import type { Calls, Fields } from '../generated/v3/calls.d.ts';
import type { CallDocs, NamedFamilyClient, OperationAnswer, OperationName, OperationRequest } from './named-calls.ts';

/** The operations' and fields' documentation, from the contract: the hover of every call by name. */
type Docs = CallDocs<Calls, Fields>;

type Prefix = '/api/V3/Voos/';
type Naming = (typeof v3Family)['naming'];
type Reads = V3ReadPath;

/** Generated `paths` of the V3 route. */
export type V3Paths = paths;

/** A client of `/api/V3/Voos/Disponibilidade`; with `credentials`, bodies may leave out Login, Senha and ClienteId. */
export const createV3Client = defineFamily<paths, Naming, Reads, unknown, Docs>(v3Family);

/** A V3 client made with `credentials`. */
export type V3Client = NamedFamilyClient<paths, true, Naming, Reads, Docs>;
/** A V3 client made without `credentials`. */
export type V3ClientWithoutCredentials = NamedFamilyClient<paths, false, Naming, Reads, Docs>;
export type V3OperationName = OperationName<paths, Prefix>;
/** The request body of an operation: `V3Request<'Disponibilidade'>`. */
export type V3Request<N extends V3OperationName, WithStoredCredentials extends boolean = false> = OperationRequest<
  paths,
  Prefix,
  N,
  WithStoredCredentials,
  Docs
>;
/** The answer of an operation: `V3Answer<'Disponibilidade'>`. */
export type V3Answer<N extends V3OperationName> = OperationAnswer<paths, Prefix, N>;

export * from './common.ts';
