// Web API V1 (Part 9): answers are wrapped in an object with a `Sucesso` boolean and the
// result. `Sucesso: false` becomes a V1UnsuccessfulError; `unwrapV1` takes the result out.
// The V1 request schema declares Login, Senha and ClienteId (inferred there from Part 5,
// item 3), so the client fills them in like on V2.
import type { Family } from '../client.ts';
import { CREDENTIAL_FIELDS } from '../credentials.ts';
import { V1UnsuccessfulError } from '../errors.ts';

export const v1Family = {
  name: 'v1',
  credentialFields: () => CREDENTIAL_FIELDS,
  answerType: () => 'object',
  inspect(body, context) {
    if (typeof body === 'object' && body !== null && (body as { Sucesso?: unknown }).Sucesso === false) {
      throw new V1UnsuccessfulError(context.target, context.redact(body));
    }
  },
} satisfies Family;
