// Web API V1 (Part 9): answers are wrapped in an object with a `Sucesso` boolean and the
// result. `Sucesso: false` becomes a V1UnsuccessfulError; `unwrapV1` takes the result out.
// The V1 request schema declares Login, Senha and ClienteId (inferred there from Part 5,
// item 3), so the client fills them in like on V2.
import { PATHS_V1 } from '../../generated/contract/index.js';
import type { Family } from '../client.ts';
import { CREDENTIAL_FIELDS } from '../credentials.ts';
import type { paths } from '../../generated/v1/schema.d.ts';
import { V1UnsuccessfulError } from '../errors.ts';
import type { OperationPathOf } from '../lib/contract-index.ts';
import type { EveryPostPath } from '../named-calls.ts';

// One path whose last segment is the operation name: any capitalised name is a call (`v1.Pesquisar(body)`).
const PATHS = PATHS_V1;
const listed: EveryPostPath<paths, OperationPathOf<'v1'>> = true;
void listed;

export const v1Family = {
  name: 'v1',
  credentialFields: () => CREDENTIAL_FIELDS,
  answerType: () => 'object',
  operations: PATHS,
  naming: { prefix: '/api/Voos/' } as const,
  async inspect(body, context) {
    if (typeof body === 'object' && body !== null && (body as { Sucesso?: unknown }).Sucesso === false) {
      throw new V1UnsuccessfulError(context.target, await context.redact(body));
    }
  },
} satisfies Family;
