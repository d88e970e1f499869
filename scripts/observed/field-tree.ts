// Turns the sources' flat field paths (`Reservas[].Passageiros[].Nome`) into trees, and
// merges trees seen in several places and sources (one named schema, many contexts). Each
// node keeps every occurrence it came from, so counts, sources and requiredness stay
// traceable. The claims that narrow what an answer may be (required, integer, non-null)
// need at least two independent sources (docs/observed.md, "Rules that generalise").
import { isPlaceholder } from '../../src/record/sanitize.ts';
import type { Body, FieldStats, JsonType, Sample } from './evidence.ts';
import { capturesOf, type Source } from './sources.ts';

/** Independent sources a narrowing claim needs. */
export const MIN_SOURCES = 2;

/** One inventory entry: in which source and where a path was seen, and what was seen there. */
export interface Occurrence {
  /** The source's id (its folder under evidence/). */
  source: string;
  /** Whether the source is captured traffic (the only kind that can show which keys every answer carries). */
  traffic: boolean;
  operation: string;
  body: Body;
  /** Inventory path from the body root; '' for the body itself. */
  path: string;
  stats: FieldStats;
}

export interface FieldNode {
  occurrences: Occurrence[];
  properties: Map<string, FieldNode>;
  items?: FieldNode;
}

const ITEMS = '[]';

/** `A[].B` → ['A', '[]', 'B']. */
export function tokenize(fieldPath: string): string[] {
  const tokens = fieldPath.match(/\[\]|[^.[\]]+/g) ?? [];
  if (tokens.join('.').replaceAll('.[]', '[]') !== fieldPath) throw new Error(`unexpected field path ${JSON.stringify(fieldPath)}`);
  return tokens;
}

export function childPath(parent: string, token: string): string {
  if (token === ITEMS) return `${parent}${ITEMS}`;
  return parent === '' ? token : `${parent}.${token}`;
}

function emptyNode(): FieldNode {
  return { occurrences: [], properties: new Map() };
}

/**
 * The tree of one operation's body in one source, rooted at `basePath` ('' for the whole
 * body); undefined when the source has no such capture or path.
 */
export function treeOf(source: Source, operation: string, body: Body, basePath = ''): FieldNode | undefined {
  const capture = capturesOf(source, operation, body);
  if (!capture) return undefined;
  const rootStats: FieldStats | undefined =
    basePath === '' ? { types: ['object'], present: capture.captures, of: capture.captures, nullable: false } : capture.fields[basePath];
  if (!rootStats) return undefined;
  const id = source.info.id;
  const traffic = source.info.kind === 'captured traffic';
  const root = emptyNode();
  root.occurrences.push({ source: id, traffic, operation, body, path: basePath, stats: rootStats });

  for (const [fieldPath, stats] of Object.entries(capture.fields)) {
    let rest: string;
    if (basePath === '') rest = fieldPath;
    else if (fieldPath.startsWith(`${basePath}.`)) rest = fieldPath.slice(basePath.length + 1);
    else if (fieldPath.startsWith(`${basePath}${ITEMS}`)) rest = fieldPath.slice(basePath.length);
    else continue;
    const tokens = tokenize(rest);
    // A placeholder standing as a key (a secret or a name the recorder replaced) is never a field.
    if (tokens.some((token) => token !== ITEMS && isPlaceholder(token))) continue;
    let node = root;
    for (const token of tokens) {
      if (token === ITEMS) node = node.items ??= emptyNode();
      else {
        let next = node.properties.get(token);
        if (!next) node.properties.set(token, (next = emptyNode()));
        node = next;
      }
    }
    node.occurrences.push({ source: id, traffic, operation, body, path: fieldPath, stats });
  }
  assertComplete(root, `${operation} ${body} ${basePath}`);
  return root;
}

function assertComplete(node: FieldNode, where: string): void {
  if (node.occurrences.length === 0) throw new Error(`${where}: a path has children in the evidence but no entry of its own`);
  for (const child of node.properties.values()) assertComplete(child, where);
  if (node.items) assertComplete(node.items, where);
}

/** One tree holding every occurrence of the given trees, properties in first-seen order. */
export function mergeNodes(nodes: FieldNode[]): FieldNode {
  const merged = emptyNode();
  for (const node of nodes) {
    merged.occurrences.push(...node.occurrences);
    for (const [key, child] of node.properties) {
      const existing = merged.properties.get(key);
      merged.properties.set(key, existing ? mergeNodes([existing, child]) : child);
    }
    if (node.items) merged.items = merged.items ? mergeNodes([merged.items, node.items]) : node.items;
  }
  return merged;
}

/** The same node with only (or without) some properties. */
export function withProperties(node: FieldNode, keep: (key: string) => boolean): FieldNode {
  return { ...node, properties: new Map([...node.properties].filter(([key]) => keep(key))) };
}

/** The distinct sources among some occurrences, in first-seen order. */
export function sourcesOf(occurrences: readonly Occurrence[]): string[] {
  return [...new Set(occurrences.map((o) => o.source))];
}

/**
 * A property is required only when, in every place and source where its parent was seen
 * as an object, it occurred in every capture that carried that parent, and at least
 * MIN_SOURCES independent sources of captured traffic saw that parent: one integration's
 * captures show what it met, not what every integration meets, and a provider's template
 * shows a shape, not which keys every answer carries. Where the parent was sometimes null
 * the object count is unknown, so nothing under it is proven required. The inventory
 * counts captures, not array items.
 */
export function isRequired(parent: FieldNode, key: string): boolean {
  return requiredEvidence(parent, key) !== undefined;
}

/** The sources a required claim rests on, or undefined when the claim does not hold. */
export function requiredEvidence(parent: FieldNode, key: string): string[] | undefined {
  const child = parent.properties.get(key);
  if (!child) return undefined;
  const asObject = parent.occurrences.filter((o) => o.stats.types.includes('object'));
  const sources = sourcesOf(asObject.filter((o) => o.traffic));
  if (sources.length < MIN_SOURCES) return undefined;
  const always = asObject.every((p) =>
    child.occurrences.some(
      (c) =>
        c.source === p.source &&
        c.operation === p.operation &&
        c.body === p.body &&
        c.path === childPath(p.path, key) &&
        c.stats.present === p.stats.present,
    ),
  );
  return always ? sources : undefined;
}

export interface Summary {
  /**
   * JSON types seen other than null; `integer` folded into `number` unless at least
   * MIN_SOURCES sources saw the field and none saw a fraction (JSON has one number type).
   */
  types: JsonType[];
  /** A null was seen, or fewer than MIN_SOURCES sources saw a value: null stays allowed. */
  nullSeen: boolean;
  /** A null was seen in some source. */
  nullObserved: boolean;
  /** Sources that saw a value other than null. */
  valueSources: string[];
  seen: number;
  of: number;
  /** Every string value seen was a `/Date(...)/` token. */
  dateToken: boolean;
  noDateToken: boolean;
  emptyString: boolean;
  maxItems: number | undefined;
  samples: Sample[];
}

const TYPE_ORDER: JsonType[] = ['object', 'array', 'string', 'number', 'integer', 'boolean'];
const MAX_SAMPLES = 8;

export function summarize(node: FieldNode): Summary {
  const seenTypes = new Set(node.occurrences.flatMap((o) => o.stats.types));
  const valueSources = sourcesOf(node.occurrences.filter((o) => o.stats.types.some((t) => t !== 'null')));
  const integerSources = sourcesOf(node.occurrences.filter((o) => o.stats.types.includes('integer')));
  if (seenTypes.has('integer') && (seenTypes.has('number') || integerSources.length < MIN_SOURCES)) {
    seenTypes.delete('integer');
    seenTypes.add('number');
  }
  const withStrings = node.occurrences.filter((o) => o.stats.types.includes('string'));
  const samples: Sample[] = [];
  for (const o of node.occurrences) for (const s of o.stats.samples ?? []) if (!samples.includes(s)) samples.push(s);
  const maxItems = node.occurrences.map((o) => o.stats.maxItems).filter((m): m is number => m !== undefined);
  const nullObserved = seenTypes.has('null') || node.occurrences.some((o) => o.stats.nullable);
  seenTypes.delete('null');
  return {
    types: TYPE_ORDER.filter((t) => seenTypes.has(t)),
    nullSeen: nullObserved || valueSources.length < MIN_SOURCES,
    nullObserved,
    valueSources,
    seen: node.occurrences.reduce((n, o) => n + o.stats.present, 0),
    of: node.occurrences.reduce((n, o) => n + o.stats.of, 0),
    dateToken: withStrings.length > 0 && withStrings.every((o) => o.stats.dateToken === true),
    noDateToken: node.occurrences.some((o) => o.stats.noDateToken === true),
    emptyString: node.occurrences.some((o) => o.stats.emptyString === true),
    maxItems: maxItems.length > 0 ? Math.max(...maxItems) : undefined,
    samples: samples.slice(0, MAX_SAMPLES),
  };
}
