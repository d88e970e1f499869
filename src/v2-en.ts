// Entry point `./v2-en`: the client of the Web API V2, English route (mirror of V2 with
// English names). The names of the credential fields in English bodies are not published
// (Part 5, item 9), so this client takes no `credentials`: put them in each body yourself.
import type { paths } from '../generated/v2-en/schema.d.ts';
import { defineFamily } from './client.ts';
import { v2EnFamily } from './families/v2-en.ts';

/** Generated `paths` of the V2 English route. */
export type V2EnPaths = paths;

/** A client of `/api/V2/Flights/{Operation}`. */
export const createV2EnClient = defineFamily<paths, (typeof v2EnFamily)['naming']>(v2EnFamily);

export * from './common.ts';
