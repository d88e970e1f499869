// The observed flavour of the legacy service (`AereoNoSession.svc`): the legacy family's
// calls and credential names, plus the observed operations typed from sanitized bodies of
// public integrations (generated/legacy-observed), read the way those answers behave.
// None of this is published by the provider; it comes from evidence/:
// - errors come in the body: `Exception` is null on success and `{ Message }` on failure;
// - "no date" is the .NET token `/Date(-62135589600000-0300)/`, handed out as null.
// `SessaoExpirada: true` still rejects with SessionExpiredError, as on the legacy family.
import type { Family } from '../client.ts';
import { isNoDateToken } from '../dates.ts';
import { PATHS_LEGACY_OBSERVED } from '../../generated/contract/index.js';
import { LEGACY_NAMING, legacyFamily } from './legacy.ts';
import { throwObservedException } from './v2-pt-observed.ts';

export const legacyObservedFamily = {
  name: 'legacy-observed',
  credentialFields: legacyFamily.credentialFields,
  answerType: legacyFamily.answerType,
  renewSession: legacyFamily.renewSession,
  // Every path of the observed flavour, from the contract index: the captured operations are called by name too (`legacy.Disponibilidade`).
  operations: PATHS_LEGACY_OBSERVED,
  naming: LEGACY_NAMING,
  reviver: (_key, value) => (isNoDateToken(value) ? null : value),
  async inspect(body, context) {
    await legacyFamily.inspect(body, context);
    await throwObservedException(body, context);
  },
} satisfies Family;
