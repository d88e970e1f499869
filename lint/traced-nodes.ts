// The nodes of a bundle that state a fact and so must cite their source
// (spec/extensions.md, `x-source`): operations, schemas and properties, responses
// and examples. Shared by the lint rule (facts-traced) and the docs' counts.
import { entriesOf, isRecord, type JsonRecord as JsonObject } from '../src/lib/json.ts';
import { declaredSources, isObservedOperation } from './observed-operation.ts';
import { documentOperations, schemasOf, type JsonPath } from './openapi-walk.ts';

export type TracedKind = 'operation' | 'schema' | 'property' | 'response' | 'example';

export interface TracedNode {
  readonly kind: TracedKind;
  readonly node: JsonObject;
  readonly path: JsonPath;
  /**
   * Inside a schema of the observed flavour (`x-observed`), whose provenance covers it,
   * or an operation marked observed (lint/observed-operation.ts).
   */
  readonly observed: boolean;
}

/** A schema that only points elsewhere: the target carries the trace. Properties are facts of their own. */
function isBareRef(schema: JsonObject): boolean {
  return typeof schema['$ref'] === 'string' && Object.keys(schema).every((key) => key === '$ref' || key === 'description');
}

/** A schema, or the component schema its local `$ref` names (one step, as bundles write them). */
function localTarget(doc: unknown, schema: unknown): unknown {
  if (!isRecord(schema) || typeof schema['$ref'] !== 'string') return schema;
  const match = /^#\/components\/schemas\/([^/]+)$/.exec(schema['$ref']);
  const components = isRecord(doc) && isRecord(doc['components']) ? doc['components'] : {};
  const schemas = isRecord(components['schemas']) ? components['schemas'] : {};
  return match?.[1] === undefined ? undefined : schemas[decodeURIComponent(match[1]).replaceAll('~1', '/').replaceAll('~0', '~')];
}

function isProperty(path: JsonPath): boolean {
  const parent = path[path.length - 2];
  return parent === 'properties' || parent === 'patternProperties';
}

/** Every fact-bearing node of the document, each once, in document order by kind. */
export function tracedNodes(doc: unknown): TracedNode[] {
  const found: TracedNode[] = [];
  const operations = documentOperations(doc);
  const declared = declaredSources(doc);
  for (const { operation, path } of operations) {
    found.push({ kind: 'operation', node: operation, path, observed: isObservedOperation(declared, operation) });
  }

  const schemas = schemasOf(doc);
  const observedRoots = schemas.filter(({ schema }) => schema['x-observed'] !== undefined).map(({ path }) => path);
  const underObserved = (path: JsonPath): boolean =>
    observedRoots.some((root) => root.length <= path.length && root.every((segment, i) => segment === path[i]));
  for (const { schema, path } of schemas) {
    const observed = underObserved(path);
    if (isProperty(path)) found.push({ kind: 'property', node: schema, path, observed });
    else if (!isBareRef(schema)) found.push({ kind: 'schema', node: schema, path, observed });
  }

  const example = (value: unknown, path: JsonPath, observed: boolean): void => {
    if (isRecord(value) && typeof value['$ref'] !== 'string') found.push({ kind: 'example', node: value, path, observed });
  };
  /** An example of an observed schema is an observation: the schema's provenance covers it. */
  const examples = (media: unknown, path: JsonPath): void => {
    if (!isRecord(media)) return;
    const schema = localTarget(doc, media['schema']);
    const observed = isRecord(schema) && schema['x-observed'] !== undefined;
    for (const [name, value] of entriesOf(media['examples'])) example(value, [...path, 'examples', name], observed);
  };
  const response = (value: unknown, path: JsonPath): void => {
    if (!isRecord(value) || typeof value['$ref'] === 'string') return;
    found.push({ kind: 'response', node: value, path, observed: false });
    for (const [type, media] of entriesOf(value['content'])) examples(media, [...path, 'content', type]);
  };
  for (const { operation, path } of operations) {
    for (const [code, value] of entriesOf(operation['responses'])) response(value, [...path, 'responses', code]);
    const body = operation['requestBody'];
    if (isRecord(body)) for (const [type, media] of entriesOf(body['content'])) examples(media, [...path, 'requestBody', 'content', type]);
  }
  const components = isRecord(doc) && isRecord(doc['components']) ? doc['components'] : {};
  for (const [name, value] of entriesOf(components['responses'])) response(value, ['components', 'responses', name]);
  for (const [name, value] of entriesOf(components['examples'])) example(value, ['components', 'examples', name], false);
  return found;
}

export type TraceKind = 'stated' | 'inferred' | 'undocumented' | 'observed' | 'untraced';

/**
 * What a node's trace says, the strongest reservation first: observed (the observed
 * flavour's `x-observed` provenance, never in a published bundle), not published
 * (`x-undocumented`), then inferred (`x-inferred`, even beside an `x-source`), then
 * stated (`x-source` alone).
 */
export function traceOf(entry: Pick<TracedNode, 'node' | 'observed'>): TraceKind {
  const { node } = entry;
  if (entry.observed) return 'observed';
  if (node['x-undocumented'] === true) return 'undocumented';
  if (typeof node['x-inferred'] === 'string' && node['x-inferred'].trim() !== '') return 'inferred';
  if (node['x-source'] !== undefined) return 'stated';
  return 'untraced';
}
