// Entry point `./v1`: the client of the older Web API V1. Its operations are not listed:
// the one route `/api/Voos/{Operation}` takes the name in `params.path.Operation`.
// `Sucesso: false` rejects with V1UnsuccessfulError; `unwrapV1` takes the result out.
import type { paths } from '../generated/v1/schema.d.ts';
import { defineFamily, type BodyArg } from './client.ts';
import { v1Family } from './families/v1.ts';
import type { NamedFamilyClient } from './named-calls.ts';
import type { PostOperation, SuccessBody } from './types.ts';

type Path = '/api/Voos/{Operation}';
type Naming = (typeof v1Family)['naming'];

/** Generated `paths` of the V1 route. */
export type V1Paths = paths;

/** A client of `/api/Voos/{Operation}`; with `credentials`, bodies may leave out Login, Senha and ClienteId. */
export const createV1Client = defineFamily<paths, Naming>(v1Family);

/** A V1 client made with `credentials`. None of its operations is retried: their names, and so what they do, are not published. */
export type V1Client = NamedFamilyClient<paths, true, Naming>;
/** A V1 client made without `credentials`. */
export type V1ClientWithoutCredentials = NamedFamilyClient<paths, false, Naming>;
/** The request body of any V1 operation (the description names none). */
export type V1Request<WithStoredCredentials extends boolean = false> = BodyArg<paths, Path, WithStoredCredentials>;
/** The answer of any V1 operation: the wrapper with `Sucesso` (see `unwrapV1`). */
export type V1Answer = SuccessBody<PostOperation<paths, Path>>;

export * from './common.ts';
