// Entry point `./v2`: the client of the Web API V2, Portuguese route (official, recommended).
import type { paths } from '../generated/v2-pt/schema.d.ts';
import { defineFamily } from './client.ts';
import { v2PtFamily, type V2_NAMING } from './families/v2-pt.ts';

/** Generated `paths` of the V2 Portuguese route. */
export type V2Paths = paths;

/**
 * A client of `/api/V2/Voos/{Operation}`: `v2.Disponibilidade(body)` or `v2.call('/api/V2/Voos/Disponibilidade', body)`.
 * With `credentials`, bodies may leave out Login, Senha and ClienteId.
 */
export const createV2Client = defineFamily<paths, typeof V2_NAMING>(v2PtFamily);

export * from './common.ts';
