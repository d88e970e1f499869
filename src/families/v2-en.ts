// Web API V2, English route (Part 4.2). The names of the credential fields in English
// bodies are not published (Part 5, item 9), so the client never adds them.
import type { paths } from '../../generated/v2-en/schema.d.ts';
import type { Family } from '../client.ts';
import type { EveryPostPath } from '../named-calls.ts';
import type { V2_EN_READS } from './reads.ts';

const PREFIX = '/api/V2/Flights/';
/** The 11 operations Part 4.2 lists. */
const OPERATIONS = [
  'RetrieveSystemsSearch',
  'Availability',
  'MultipleAvailability',
  'Price',
  'Book',
  'Retrieve',
  'StartIssuance',
  'Issue',
  'RetrieveEticket',
  'CancelEticket',
  'Cancel',
] as const;
const PATHS = OPERATIONS.map((name) => `${PREFIX}${name}` as const);
const listed: EveryPostPath<paths, (typeof PATHS)[number]> = true;
void listed;

/** The paths of the operations that only read (families/reads.ts). */
export type V2EnReadPath = `${typeof PREFIX}${(typeof V2_EN_READS)[number]}`;

export const v2EnFamily = {
  name: 'v2-en',
  answerType: () => 'object',
  operations: PATHS,
  naming: { prefix: PREFIX } as const,
} satisfies Family;
