// Web API V2, Portuguese route (Part 4.1): every request schema declares Login, Senha
// and ClienteId (Part 2.1 names; checked against the bundle in tests/client). Its
// operations, and which of them only read, are the contract index's (x-effect).
import { PATHS_V2_PT } from '../../generated/contract/index.js';
import type { paths } from '../../generated/v2-pt/schema.d.ts';
import type { paths as observedPaths } from '../../generated/v2-pt-observed/schema.d.ts';
import type { Family } from '../client.ts';
import { CREDENTIAL_FIELDS } from '../credentials.ts';
import type { OperationPathOf, ReadPathOf } from '../lib/contract-index.ts';
import type { EveryPostPath } from '../named-calls.ts';

export const V2_PREFIX = '/api/V2/Voos/';

/** The paths of the 36 operations of Part 4.1, in the description's order, as the contract index lists them. */
export const V2_PATHS = PATHS_V2_PT;
// Fails to compile when the index and a contract's generated types (published or observed) differ.
const published: EveryPostPath<paths, OperationPathOf<'v2-pt'>> = true;
const observed: EveryPostPath<observedPaths, OperationPathOf<'v2-pt-observed'>> = true;
void published;
void observed;

/** The paths of the operations that only read (`x-effect: read` in the contract). */
export type V2ReadPath = ReadPathOf<'v2-pt'>;

/** Every V2 Portuguese operation by its name: `v2.Disponibilidade(body)`. */
export const V2_NAMING = { prefix: V2_PREFIX } as const;

export const v2PtFamily = {
  name: 'v2-pt',
  credentialFields: () => CREDENTIAL_FIELDS,
  answerType: () => 'object',
  operations: V2_PATHS,
  naming: V2_NAMING,
} satisfies Family;
