// The observed flavour of the V2 Portuguese route (docs/observed.md): the same
// calls and credentials as v2-pt, read the way the captured answers behave. Neither rule
// is published by the provider; both come from the sanitized captures in evidence/:
// - errors come in the body: `Exception` is null on success and `{ Message }` on failure;
// - "no date" is the .NET token `/Date(-62135589600000-0300)/`, handed out as null
//   (the observed types say `string | null` for every answer date, `DataObservada`).
import { PATHS_V2_PT_OBSERVED } from '../../generated/contract/index.js';
import type { Family, ResponseContext } from '../client.ts';
import { CREDENTIAL_FIELDS } from '../credentials.ts';
import { isNoDateToken } from '../dates.ts';
import { ServiceError } from '../errors.ts';

import { V2_NAMING } from './v2-pt.ts';

export const v2PtObservedFamily = {
  name: 'v2-pt-observed',
  credentialFields: () => CREDENTIAL_FIELDS,
  answerType: () => 'object',
  operations: PATHS_V2_PT_OBSERVED,
  naming: V2_NAMING,
  reviver: (_key, value) => (isNoDateToken(value) ? null : value),
  inspect: throwObservedException,
} satisfies Family;

/** An observed answer that carries `Exception: { Message }` rejects with ServiceError (both observed flavours). */
export async function throwObservedException(body: unknown, context: ResponseContext): Promise<void> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
  const exception = (body as { Exception?: unknown }).Exception;
  if (typeof exception !== 'object' || exception === null) return;
  const message = (exception as { Message?: unknown }).Message;
  throw new ServiceError(context.target, typeof message === 'string' ? await context.redactText(message) : '', await context.redact(body));
}
