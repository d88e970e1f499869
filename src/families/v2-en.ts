// Web API V2, English route (Part 4.2). The names of the credential fields in English
// bodies are not published (Part 5, item 9), so the client never adds them.
import type { Family } from '../client.ts';

export const v2EnFamily = { name: 'v2-en', answerType: () => 'object' } satisfies Family;
