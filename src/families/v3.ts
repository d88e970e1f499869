// Web API V3 (Part 4.3): the payloads are not published, but the request schema declares
// Login, Senha and ClienteId (inferred there from Part 5, item 3), so the client fills them in.
import { PATHS_V3 } from '../../generated/contract/index.js';
import type { paths } from '../../generated/v3/schema.d.ts';
import type { Family } from '../client.ts';
import { CREDENTIAL_FIELDS } from '../credentials.ts';
import type { OperationPathOf, ReadPathOf } from '../lib/contract-index.ts';
import type { EveryPostPath } from '../named-calls.ts';

const PATHS = PATHS_V3;
const listed: EveryPostPath<paths, OperationPathOf<'v3'>> = true;
void listed;

/** The paths of the operations that only read (`x-effect: read` in the contract). */
export type V3ReadPath = ReadPathOf<'v3'>;

export const v3Family = {
  name: 'v3',
  credentialFields: () => CREDENTIAL_FIELDS,
  answerType: () => 'object',
  operations: PATHS,
  naming: { prefix: '/api/V3/Voos/' } as const,
} satisfies Family;
