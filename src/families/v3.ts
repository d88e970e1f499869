// Web API V3 (Part 4.3): payloads not published, so no credential fields are added.
import type { Family } from '../client.ts';

export const v3Family = { name: 'v3' } satisfies Family;
