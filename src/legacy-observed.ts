// Entry point `./legacy/observed`: the legacy service's client typed by its observed
// flavour (generated/legacy-observed): the published legacy operations, plus the
// operations public integrations call on `AereoNoSession.svc/<Operation>` with their
// request and answer typed from sanitized bodies of those integrations, not from the
// provider's publication. Same calls as `./legacy`; in addition an answer with
// `Exception` set rejects with ServiceError, and the .NET "no date" token reads as null.
import type { components, paths } from '../generated/legacy-observed/schema.d.ts';
import { defineFamily } from './client.ts';
import { legacyObservedFamily } from './families/legacy-observed.ts';

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
export const createLegacyObservedClient = defineFamily<paths>(legacyObservedFamily);

export * from './common.ts';
