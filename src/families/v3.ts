// Web API V3 (Part 4.3): the payloads are not published, but the request schema declares
// Login, Senha and ClienteId (inferred there from Part 5, item 3), so the client fills them in.
import type { Family } from '../client.ts';
import { CREDENTIAL_FIELDS } from '../credentials.ts';

export const v3Family = { name: 'v3', credentialFields: () => CREDENTIAL_FIELDS, answerType: () => 'object' } satisfies Family;
