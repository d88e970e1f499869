// Entry point `./v2/observed`: the V2 Portuguese client typed by the observed flavour
// (generated/v2-pt-observed), whose answers of 10 operations are typed from sanitized
// sandbox captures, not from the provider's publication. Same calls as `./v2`; in
// addition an answer with `Exception` set rejects with ServiceError, and the .NET
// "no date" token in answers reads as null.
import type { components, paths } from '../generated/v2-pt-observed/schema.d.ts';
import { defineFamily } from './client.ts';
import { v2PtObservedFamily } from './families/v2-pt-observed.ts';

/** Generated `paths` of the observed flavour of the V2 Portuguese route. */
export type V2ObservedPaths = paths;

/** Its named schemas, e.g. `V2ObservedSchemas['DisponibilidadeRSObservado']`. */
export type V2ObservedSchemas = components['schemas'];

/**
 * A client of `/api/V2/Voos/{Operation}` typed by the observed flavour; with
 * `credentials`, bodies may leave out Login, Senha and ClienteId. Rejects with
 * ServiceError when an answer carries `Exception: { Message }`.
 */
export const createV2ObservedClient = defineFamily<paths, (typeof v2PtObservedFamily)['naming']>(v2PtObservedFamily);

export * from './common.ts';
