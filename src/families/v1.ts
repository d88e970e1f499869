// Web API V1 (Part 9): answers are wrapped in an object with a `Sucesso` boolean and the
// result. `Sucesso: false` becomes a V1UnsuccessfulError; `unwrapV1` takes the result out.
// Credential field names on V1 bodies are not published, so the client never adds them.
import type { Family } from '../client.ts';
import { V1UnsuccessfulError } from '../errors.ts';

export const v1Family = {
  name: 'v1',
  inspect(body, context) {
    if (typeof body === 'object' && body !== null && (body as { Sucesso?: unknown }).Sucesso === false) {
      throw new V1UnsuccessfulError(context.target, context.redact(body));
    }
  },
} satisfies Family;
