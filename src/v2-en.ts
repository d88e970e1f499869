// Entry point `./v2-en`: the client of the Web API V2, English route (mirror of V2 with
// English names). The names of the credential fields in English bodies are not published
// (Part 5, item 9), so this client takes no `credentials`: put them in each body yourself.
import type { paths } from '../generated/v2-en/schema.d.ts';
import { defineFamily } from './client.ts';
import { v2EnFamily, type V2EnReadPath } from './families/v2-en.ts';
import type { Calls, Fields } from '../generated/v2-en/calls.d.ts';
import type { CallDocs, NameIn, NamedFamilyClient, OperationAnswer, OperationName, OperationRequest } from './named-calls.ts';

/** The operations' and fields' documentation, from the contract: the hover of every call by name. */
type Docs = CallDocs<Calls, Fields>;

type Prefix = '/api/V2/Flights/';
type Naming = (typeof v2EnFamily)['naming'];
type Reads = V2EnReadPath;

/** Generated `paths` of the V2 English route. */
export type V2EnPaths = paths;

/** A client of `/api/V2/Flights/{Operation}`. */
export const createV2EnClient = defineFamily<paths, Naming, Reads, Docs>(v2EnFamily);

/** A client of the English route (it takes no `credentials`: their English names are not published). */
export type V2EnClient = NamedFamilyClient<paths, false, Naming, Reads, Docs>;
/** The 11 operation names of Part 4.2. */
export type V2EnOperationName = OperationName<paths, Prefix>;
/** The operations that only read: the only ones `retry` is accepted on. */
export type V2EnReadOperation = NameIn<Reads, Prefix>;
/** The request body of an operation, e.g. `V2EnRequest<'Availability'>`. */
export type V2EnRequest<N extends V2EnOperationName> = OperationRequest<paths, Prefix, N, false, Docs>;
/** The answer of an operation, e.g. `V2EnAnswer<'Price'>`. */
export type V2EnAnswer<N extends V2EnOperationName> = OperationAnswer<paths, Prefix, N>;

export * from './common.ts';
