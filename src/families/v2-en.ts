// Web API V2, English route (Part 4.2). The names of the credential fields in English
// bodies are not published (Part 5, item 9), so the client never adds them.
import { PATHS_V2_EN } from '../../generated/contract/index.js';
import type { paths } from '../../generated/v2-en/schema.d.ts';
import type { Family } from '../client.ts';
import type { OperationPathOf, ReadPathOf } from '../lib/contract-index.ts';
import type { EveryPostPath } from '../named-calls.ts';

const PREFIX = '/api/V2/Flights/';
/** The paths of the 11 operations Part 4.2 lists, as the contract index lists them. */
const PATHS = PATHS_V2_EN;
const listed: EveryPostPath<paths, OperationPathOf<'v2-en'>> = true;
void listed;

/** The paths of the operations that only read (`x-effect: read` in the contract). */
export type V2EnReadPath = ReadPathOf<'v2-en'>;

export const v2EnFamily = {
  name: 'v2-en',
  answerType: () => 'object',
  operations: PATHS,
  naming: { prefix: PREFIX } as const,
} satisfies Family;
