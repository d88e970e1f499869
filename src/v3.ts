// Entry point `./v3`: the client of the Web API V3 (lean availability search).
import type { paths } from '../generated/v3/schema.d.ts';
import { defineFamily } from './client.ts';
import { v3Family } from './families/v3.ts';

/** Generated `paths` of the V3 route. */
export type V3Paths = paths;

/** A client of `/api/V3/Voos/Disponibilidade`; with `credentials`, bodies may leave out Login, Senha and ClienteId. */
export const createV3Client = defineFamily<paths, (typeof v3Family)['naming']>(v3Family);

export * from './common.ts';
