// Entry point `./v1`: the client of the older Web API V1. Its operations are not listed:
// the one route `/api/Voos/{Operation}` takes the name in `params.path.Operation`.
// `Sucesso: false` rejects with V1UnsuccessfulError; `unwrapV1` takes the result out.
import type { paths } from '../generated/v1/schema.d.ts';
import { defineFamily } from './client.ts';
import { v1Family } from './families/v1.ts';

/** Generated `paths` of the V1 route. */
export type V1Paths = paths;

/** A client of `/api/Voos/{Operation}`; with `credentials`, bodies may leave out Login, Senha and ClienteId. */
export const createV1Client = defineFamily<paths, (typeof v1Family)['naming']>(v1Family);

export * from './common.ts';
