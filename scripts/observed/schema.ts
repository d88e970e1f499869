// Field trees → OpenAPI 3.1 schemas. The rules (docs/observed.md, "Rules that
// generalise"): observed types only, `integer` only where two sources saw only whole
// numbers; null allowed where a null was seen or fewer than two sources saw a value;
// required only in answers and only where two sources prove it (field-tree.ts,
// isRequired): a request capture shows what one client chose to send, not what the
// service demands; no enum, seen values go to `examples` and the description; objects
// stay open and carry `x-undocumented` (not published) and every schema an `x-observed`
// record (seen in N of M captures, and per source: its id and counts).
import { sourcesOf, requiredEvidence, summarize, type FieldNode, type Occurrence, type Summary } from './field-tree.ts';
import type { Body, Sample } from './evidence.ts';
import type { SourceInfo } from './sources.ts';
import type { Json, JsonObject } from '../../src/lib/json.ts';

export interface SchemaContext {
  /** Every shaping source, by id. */
  sources: ReadonlyMap<string, SourceInfo>;
  /** The component a date of a request or of an answer refers to. */
  dateSchema: Record<Body, string>;
  /** The named schema standing for this node, if any. */
  namedFor(node: FieldNode): string | undefined;
}

/** Dates sent (the published V2 input forms, the observed token among them) and read. */
export const DATE_SCHEMA: Record<Body, string> = { request: 'DataDeEntrada', response: 'DataObservada' };
export const NO_DATE_TOKEN = '/Date(-62135589600000-0300)/';
export const OBJECT_NOTE = 'Observed object, not published by the provider: typed where seen, open to fields not seen.';

export function ref(name: string): JsonObject {
  return { $ref: `#/components/schemas/${name}` };
}

/** An occurrence that says something about structure (not a key seen only as null). */
export function structural(o: Occurrence): boolean {
  return o.stats.types.some((t) => t !== 'null');
}

/**
 * The `x-observed` record of some occurrences: captures seen of captures in all, then per
 * source (its id in the document's `info.x-observed-sources`, seen of captures), so a
 * reader sees how many independent sources agree; `places` lists where a named or root
 * schema was seen.
 */
export function observedRecord(ctx: SchemaContext, occurrences: readonly Occurrence[], places = false): JsonObject {
  const sum = (list: readonly Occurrence[], key: 'present' | 'of'): number => list.reduce((n, o) => n + o.stats[key], 0);
  const sources: Json[] = sourcesOf(occurrences).map((id) => {
    if (!ctx.sources.has(id)) throw new Error(`no source ${id}`);
    const own = occurrences.filter((o) => o.source === id);
    return { source: id, seen: sum(own, 'present'), of: sum(own, 'of') };
  });
  const record: JsonObject = { seen: sum(occurrences, 'present'), of: sum(occurrences, 'of'), sources };
  if (places) {
    record.in = occurrences.map((o) => ({
      source: o.source,
      operation: o.operation,
      body: o.body,
      path: o.path,
      seen: o.stats.present,
      of: o.stats.of,
    }));
  }
  return record;
}

function nullable(schema: JsonObject, nullSeen: boolean): JsonObject {
  return nullSeen ? { anyOf: [schema, { type: 'null' }] } : schema;
}

/**
 * A reference that may be null: the same `anyOf`, with the types of its branches beside it
 * (the same meaning). Without them NSwag makes an empty class of the field, not the type referred to.
 */
function nullableRef(schema: JsonObject, nullSeen: boolean, types: readonly string[]): JsonObject {
  return nullSeen && types.length > 0 ? { type: [...types, 'null'], ...nullable(schema, true) } : nullable(schema, nullSeen);
}

function notes(s: Summary): string[] {
  const out: string[] = [];
  if (s.types.length === 0) out.push('Only `null` was seen, so the type is unknown.');
  else if (s.valueSources.length === 1 && !s.nullObserved) {
    out.push(
      `Seen with a value in one source only (${s.valueSources[0]}): typed, but not required and null stays allowed until a second source agrees.`,
    );
  }
  if (s.emptyString) out.push('An empty string was seen.');
  if (s.noDateToken) out.push(`The .NET "no date" token \`${NO_DATE_TOKEN}\` (year 0001) was seen: it stands for no date.`);
  if (s.maxItems === 0) out.push('Only empty arrays were seen.');
  else if (s.maxItems !== undefined) out.push(`At most ${s.maxItems} item${s.maxItems === 1 ? '' : 's'} seen in one capture.`);
  if (s.samples.length > 0) out.push(`Values seen (not a complete list): ${s.samples.map(quote).join(', ')}.`);
  return out;
}

function quote(value: Sample): string {
  return value === '' ? '`""` (empty)' : `\`${String(value)}\``;
}

function bodyOf(node: FieldNode): Body {
  const bodies = new Set(node.occurrences.map((o) => o.body));
  if (bodies.size !== 1) throw new Error(`a date field seen in both request and response bodies: ${node.occurrences[0]?.path}`);
  return [...bodies][0] as Body;
}

/**
 * The schema of one node. `root` builds the node itself even when a named schema
 * stands for it, and never as nullable: a reference to it says where null was seen.
 */
export function nodeSchema(ctx: SchemaContext, node: FieldNode, root = false): JsonObject {
  const s = summarize(node);
  if (root) s.nullSeen = false;
  const record = observedRecord(ctx, node.occurrences);
  const text = notes(s);
  const described = (schema: JsonObject, extra: string[] = []): JsonObject => {
    const all = [...extra, ...text];
    return all.length > 0 ? { ...schema, description: all.join(' ') } : schema;
  };

  const named = root ? undefined : ctx.namedFor(node);
  if (named) return { ...nullableRef(ref(named), s.nullSeen, s.types), 'x-observed': record };

  if (s.types.length === 0) return { ...described({}), 'x-observed': record };

  if (s.types.length === 1 && s.types[0] === 'string' && s.dateToken) {
    return { ...described(nullableRef(ref(ctx.dateSchema[bodyOf(node)]), s.nullSeen, ['string'])), 'x-observed': record };
  }

  const isObject = s.types.includes('object');
  const types: Json[] = s.nullSeen ? [...s.types, 'null'] : [...s.types];
  const schema: JsonObject = { type: types.length === 1 ? (types[0] as Json) : types };
  Object.assign(schema, described({}, isObject ? [OBJECT_NOTE] : []));
  if (isObject) {
    const keys = [...node.properties.keys()];
    const answer = node.occurrences.every((o) => o.body === 'response');
    const required = answer ? keys.filter((key) => requiredEvidence(node, key) !== undefined) : [];
    if (required.length > 0) schema.required = required;
    schema.properties = Object.fromEntries(keys.map((key) => [key, nodeSchema(ctx, node.properties.get(key) as FieldNode)]));
    // Open by JSON Schema's default, not by `additionalProperties: true`: beside `properties`
    // that keyword makes openapi-typescript-codegen drop every property (docs/client.md).
    if (keys.length === 0) schema.additionalProperties = true;
  }
  if (s.types.includes('array')) {
    schema.items = node.items ? nodeSchema(ctx, node.items) : { description: 'No item was seen, so the item type is unknown.' };
  }
  if (s.samples.length > 0) schema.examples = [...s.samples];
  if (isObject) schema['x-undocumented'] = true;
  schema['x-observed'] = record;
  return schema;
}
