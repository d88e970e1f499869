// Web API V2, Portuguese route (Part 4.1): every request schema declares Login, Senha
// and ClienteId (Part 2.1 names; checked against the bundle in tests/client).
import type { Family } from '../client.ts';
import { CREDENTIAL_FIELDS } from '../credentials.ts';

export const v2PtFamily = {
  name: 'v2-pt',
  credentialFields: () => CREDENTIAL_FIELDS,
  answerType: () => 'object',
} satisfies Family;
