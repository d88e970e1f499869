// Walks over an OpenAPI 3.1 document that know where operations and schemas
// live, so that each rule reports the exact JSON path of what it found.
import { entriesOf, HTTP_METHODS, isHttpMethod, isRecord, type JsonRecord } from '../src/lib/json.ts';

export type JsonPath = Array<string | number>;

export interface OperationAt {
  readonly pathKey: string;
  readonly method: string;
  readonly operation: JsonRecord;
  readonly path: JsonPath;
}

export function pathKeysOf(doc: unknown): string[] {
  return isRecord(doc) && isRecord(doc['paths']) ? Object.keys(doc['paths']) : [];
}

export function documentOperations(doc: unknown): OperationAt[] {
  const found: OperationAt[] = [];
  for (const [pathKey, item] of entriesOf(isRecord(doc) ? doc['paths'] : undefined)) {
    for (const [method, operation] of entriesOf(item)) {
      if (isHttpMethod(method) && isRecord(operation)) {
        found.push({ pathKey, method, operation, path: ['paths', pathKey, method] });
      }
    }
  }
  return found;
}

export interface SchemaAt {
  readonly schema: JsonRecord;
  readonly path: JsonPath;
}

const schemaMaps = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const schemaSingles = [
  'additionalProperties',
  'unevaluatedProperties',
  'items',
  'unevaluatedItems',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'contentSchema',
];
const schemaLists = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];

/**
 * Every schema object written in the document, each once, with its path.
 * `$ref`s are not followed: on a bundle every shared schema sits once under
 * `components/schemas`, which is walked too.
 */
export function schemasOf(doc: unknown): SchemaAt[] {
  const found: SchemaAt[] = [];
  const schema = (value: unknown, path: JsonPath): void => {
    if (!isRecord(value)) return;
    found.push({ schema: value, path });
    for (const key of schemaMaps) for (const [name, sub] of entriesOf(value[key])) schema(sub, [...path, key, name]);
    for (const key of schemaSingles) {
      const sub = value[key];
      if (Array.isArray(sub)) for (const [i, item] of sub.entries()) schema(item, [...path, key, i]);
      else schema(sub, [...path, key]);
    }
    for (const key of schemaLists) {
      const list = value[key];
      if (Array.isArray(list)) for (const [i, item] of list.entries()) schema(item, [...path, key, i]);
    }
  };
  const content = (value: unknown, path: JsonPath): void => {
    for (const [type, media] of entriesOf(value)) if (isRecord(media)) schema(media['schema'], [...path, type, 'schema']);
  };
  const parameterOrHeader = (value: unknown, path: JsonPath): void => {
    if (!isRecord(value)) return;
    schema(value['schema'], [...path, 'schema']);
    content(value['content'], [...path, 'content']);
  };
  const response = (value: unknown, path: JsonPath): void => {
    if (!isRecord(value)) return;
    content(value['content'], [...path, 'content']);
    for (const [name, header] of entriesOf(value['headers'])) parameterOrHeader(header, [...path, 'headers', name]);
  };
  const requestBody = (value: unknown, path: JsonPath): void => {
    if (isRecord(value)) content(value['content'], [...path, 'content']);
  };
  const parameters = (value: unknown, path: JsonPath): void => {
    if (Array.isArray(value)) for (const [i, p] of value.entries()) parameterOrHeader(p, [...path, i]);
  };
  const pathItem = (value: unknown, path: JsonPath): void => {
    if (!isRecord(value)) return;
    parameters(value['parameters'], [...path, 'parameters']);
    for (const method of HTTP_METHODS) {
      const op = value[method];
      if (!isRecord(op)) continue;
      const at = [...path, method];
      parameters(op['parameters'], [...at, 'parameters']);
      requestBody(op['requestBody'], [...at, 'requestBody']);
      for (const [code, res] of entriesOf(op['responses'])) response(res, [...at, 'responses', code]);
      for (const [name, callback] of entriesOf(op['callbacks'])) {
        for (const [expression, item] of entriesOf(callback)) pathItem(item, [...at, 'callbacks', name, expression]);
      }
    }
  };

  if (!isRecord(doc)) return found;
  for (const [key, item] of entriesOf(doc['paths'])) pathItem(item, ['paths', key]);
  for (const [key, item] of entriesOf(doc['webhooks'])) pathItem(item, ['webhooks', key]);
  const components = isRecord(doc['components']) ? doc['components'] : {};
  for (const [name, value] of entriesOf(components['schemas'])) schema(value, ['components', 'schemas', name]);
  for (const [name, value] of entriesOf(components['parameters'])) parameterOrHeader(value, ['components', 'parameters', name]);
  for (const [name, value] of entriesOf(components['headers'])) parameterOrHeader(value, ['components', 'headers', name]);
  for (const [name, value] of entriesOf(components['requestBodies'])) requestBody(value, ['components', 'requestBodies', name]);
  for (const [name, value] of entriesOf(components['responses'])) response(value, ['components', 'responses', name]);
  for (const [name, value] of entriesOf(components['pathItems'])) pathItem(value, ['components', 'pathItems', name]);
  return found;
}

export interface ObjectView {
  readonly properties: ReadonlyMap<string, unknown>;
  readonly required: ReadonlySet<string>;
}

/**
 * The properties and required names an instance of a (resolved) object schema
 * must have, one view per `oneOf`/`anyOf` branch; `allOf` members are merged in.
 */
export function objectViews(schema: unknown, seen: ReadonlySet<unknown> = new Set()): ObjectView[] {
  if (!isRecord(schema) || seen.has(schema)) return [{ properties: new Map(), required: new Set() }];
  const inner = new Set([...seen, schema]);
  const properties = new Map(entriesOf(schema['properties']));
  const required = new Set(Array.isArray(schema['required']) ? schema['required'].filter((r) => typeof r === 'string') : []);
  let views: ObjectView[] = [{ properties, required }];
  const merge = (left: ObjectView, right: ObjectView): ObjectView => ({
    properties: new Map([...left.properties, ...right.properties]),
    required: new Set([...left.required, ...right.required]),
  });
  for (const member of Array.isArray(schema['allOf']) ? schema['allOf'] : []) {
    const memberViews = objectViews(member, inner);
    views = views.flatMap((view) => memberViews.map((m) => merge(view, m)));
  }
  for (const key of ['oneOf', 'anyOf']) {
    const branches = schema[key];
    if (!Array.isArray(branches) || branches.length === 0) continue;
    const branchViews = branches.flatMap((branch) => objectViews(branch, inner));
    views = views.flatMap((view) => branchViews.map((b) => merge(view, b)));
  }
  return views;
}
