// The field inventory of a few real bodies, in the format evidence/facilita-corp/inventory.json
// uses (types seen per path, present in how many of the captures, null seen, date tokens),
// so a source that gives bodies rather than an inventory feeds the same schema rules.
// Sample values are never recorded: they could carry what sanitization replaced. A key
// that is a placeholder (a secret or a name the recorder replaced where it stood as a
// key) is never a field: neither it nor what is below it is listed.
import { isPlaceholder } from '../../src/record/sanitize.ts';
import type { Body, Captures, FieldStats, Inventory, JsonType } from './evidence.ts';

const DATE_TOKEN = /^\/Date\(-?\d+([+-]\d{4})?\)\/$/;
const NO_DATE = '/Date(-62135589600000-0300)/';

interface Acc {
  types: Set<JsonType>;
  captures: Set<number>;
  strings: number;
  dateTokens: number;
  noDateToken: boolean;
  emptyString: boolean;
  maxItems: number | undefined;
}

function typeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'string' || typeof value === 'boolean' || typeof value === 'object') return typeof value as JsonType;
  throw new Error(`not a JSON value: ${typeof value}`);
}

function walk(value: unknown, at: string, capture: number, fields: Map<string, Acc>): void {
  if (at !== '') {
    let acc = fields.get(at);
    if (!acc)
      fields.set(
        at,
        (acc = {
          types: new Set(),
          captures: new Set(),
          strings: 0,
          dateTokens: 0,
          noDateToken: false,
          emptyString: false,
          maxItems: undefined,
        }),
      );
    acc.types.add(typeOf(value));
    acc.captures.add(capture);
    if (typeof value === 'string') {
      acc.strings += 1;
      if (DATE_TOKEN.test(value)) acc.dateTokens += 1;
      if (value === NO_DATE) acc.noDateToken = true;
      if (value === '') acc.emptyString = true;
    }
    if (Array.isArray(value)) acc.maxItems = Math.max(acc.maxItems ?? 0, value.length);
  }
  if (Array.isArray(value)) for (const item of value) walk(item, `${at}[]`, capture, fields);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      if (!isPlaceholder(key)) walk(child, at === '' ? key : `${at}.${key}`, capture, fields);
    }
  }
}

function stats(acc: Acc, of: number): FieldStats {
  const types = [...acc.types];
  const out: FieldStats = { types, present: acc.captures.size, of, nullable: acc.types.has('null') };
  if (acc.strings > 0) out.dateToken = acc.dateTokens === acc.strings ? true : acc.dateTokens === 0 ? false : 'mixed';
  if (acc.noDateToken) out.noDateToken = true;
  if (acc.emptyString) out.emptyString = true;
  if (acc.maxItems !== undefined) out.maxItems = acc.maxItems;
  return out;
}

/** Per operation and direction, the inventory of the given bodies (one capture each). */
export function inventoryOfBodies(
  bodies: ReadonlyArray<{ operation: string; body: Body; file: string; value: unknown }>,
): Inventory['operations'] {
  const grouped = new Map<string, Map<Body, Array<{ file: string; value: unknown }>>>();
  for (const b of bodies) {
    let byBody = grouped.get(b.operation);
    if (!byBody) grouped.set(b.operation, (byBody = new Map()));
    const list = byBody.get(b.body) ?? [];
    list.push({ file: b.file, value: b.value });
    byBody.set(b.body, list);
  }
  const out: Inventory['operations'] = {};
  for (const [operation, byBody] of grouped) {
    const entry = {} as Record<Body, Captures>;
    for (const body of ['request', 'response'] as const) {
      const list = byBody.get(body) ?? [];
      const fields = new Map<string, Acc>();
      for (const [i, b] of list.entries()) walk(b.value, '', i, fields);
      entry[body] = {
        captures: list.length,
        sources: list.map((b) => b.file),
        fields: Object.fromEntries([...fields].map(([p, acc]) => [p, stats(acc, list.length)])),
      };
    }
    out[operation] = entry;
  }
  return out;
}
