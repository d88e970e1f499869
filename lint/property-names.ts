// lint/property-names.yaml as typed data.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { Language } from '../scripts/lib/catalog.ts';
import { isRecord, isStringArray } from '../src/lib/json.ts';

export type PropertyNames = Readonly<Record<Language, ReadonlySet<string>>>;

const url = new URL('./property-names.yaml', import.meta.url);

export function loadPropertyNames(): PropertyNames {
  const data: unknown = parse(readFileSync(url, 'utf8'));
  if (!isRecord(data) || !isStringArray(data['pt']) || !isStringArray(data['en'])) {
    throw new Error(`${url.pathname}: expected lists \`pt:\` and \`en:\` of property names`);
  }
  return { pt: new Set(data['pt']), en: new Set(data['en']) };
}

export const languageName: Readonly<Record<Language, string>> = { pt: 'Portuguese', en: 'English' };
