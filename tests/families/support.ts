// Reading the bundled documents and the catalog, and describing schemas in a small,
// comparable form. The tests type their expectations from the interface description
// and compare them with what this module computes from the bundles.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { isHttpMethod, isObject, type Json, type JsonObject } from '../../src/lib/json.ts';
import { objectOf } from '../support/bundle.ts';

export { objectOf };

export const FAMILIES = ['legacy', 'v1', 'v2-pt', 'v2-en', 'v3'] as const;
export type Family = (typeof FAMILIES)[number];

export const root = fileURLToPath(new URL('../../', import.meta.url));

export function obj(value: Json | undefined, what: string): JsonObject {
  if (!isObject(value)) throw new Error(`${what}: expected an object, got ${JSON.stringify(value)}`);
  return value;
}

export function arr(value: Json | undefined, what: string): Json[] {
  if (!Array.isArray(value)) throw new Error(`${what}: expected an array, got ${JSON.stringify(value)}`);
  return value;
}

export function str(value: Json | undefined, what: string): string {
  if (typeof value !== 'string') throw new Error(`${what}: expected a string, got ${JSON.stringify(value)}`);
  return value;
}

function readYaml(relativePath: string): JsonObject {
  const path = `${root}${relativePath}`;
  if (!existsSync(path)) {
    throw new Error(`${relativePath} is missing: run the pipeline (npm run build) or \`npx redocly bundle <family> -o ${relativePath}\``);
  }
  return obj(parse(readFileSync(path, 'utf8')) as Json, relativePath);
}

const bundles = new Map<Family, JsonObject>();

/** The bundled document of a family, as the pipeline wrote it under generated/. */
export function bundled(family: Family): JsonObject {
  let doc = bundles.get(family);
  if (!doc) {
    doc = readYaml(`generated/${family}/openapi.yaml`);
    bundles.set(family, doc);
  }
  return doc;
}

export function catalogFamily(family: Family): JsonObject {
  const catalog = readYaml('spec/catalog.yaml');
  return obj(obj(catalog['families'], 'families')[family], `families.${family}`);
}

export function componentName(ref: Json | undefined): string {
  const match = /^#\/components\/(?:schemas|responses)\/(.+)$/.exec(str(ref, '$ref'));
  if (!match?.[1]) throw new Error(`not a component reference: ${String(ref)}`);
  return match[1];
}

export type Operation = { path: string; method: string; operation: JsonObject };

export function operations(doc: JsonObject): Operation[] {
  const found: Operation[] = [];
  for (const [path, item] of Object.entries(obj(doc['paths'], 'paths'))) {
    for (const [method, operation] of Object.entries(obj(item, path))) {
      if (isHttpMethod(method)) {
        found.push({ path, method, operation: obj(operation, `${method} ${path}`) });
      }
    }
  }
  return found;
}

export function operationNode(doc: JsonObject, path: string): JsonObject {
  return obj(obj(obj(doc['paths'], 'paths')[path], path)['post'], `post ${path}`);
}

export function requestSchema(doc: JsonObject, path: string): JsonObject {
  const body = obj(operationNode(doc, path)['requestBody'], `requestBody of ${path}`);
  const media = obj(obj(body['content'], 'content')['application/json'], 'application/json');
  return obj(media['schema'], `request schema of ${path}`);
}

/** The body without `Login` that a legacy no-session body may also be (Part 5, item 6). */
export const WITHOUT_LOGIN = '#/components/schemas/RequisicaoSemLogin';

/**
 * The operation's own body: the request schema, or on AereoNoSession.svc the alternative
 * beside the body without `Login` (`oneOf: [own, RequisicaoSemLogin]`).
 */
export function operationBody(doc: JsonObject, path: string): JsonObject {
  const schema = requestSchema(doc, path);
  if (!Array.isArray(schema['oneOf'])) return schema;
  const [own, withoutLogin, ...more] = schema['oneOf'];
  const other = obj(withoutLogin ?? null, `second alternative of ${path}`);
  if (more.length > 0 || other['$ref'] !== WITHOUT_LOGIN) throw new Error(`${path}: a oneOf other than [body, RequisicaoSemLogin]`);
  return obj(own ?? null, `own body of ${path}`);
}

export function responseSchema(doc: JsonObject, path: string, status = '200'): JsonObject {
  const responses = obj(operationNode(doc, path)['responses'], `responses of ${path}`);
  const response = objectOf(doc, obj(responses[status], `${status} of ${path}`));
  const media = obj(obj(response['content'], 'content')['application/json'], 'application/json');
  return obj(media['schema'], `response schema of ${path}`);
}

export const UNTYPED = 'TipoNaoPublicado';

/**
 * A schema described as a comparable value: a type name (`string`, `integer`, …),
 * `untyped` for a field whose type is not published, `oneOf(…)`, `{ array: items }`
 * (with `nullable: true` when null is also allowed), or for an object its properties,
 * required list (sorted) and whether it is open.
 */
export type Shape =
  | string
  | { array: Shape; nullable?: true }
  | { properties: { [name: string]: Shape }; required: string[]; open: boolean };

export function shape(doc: JsonObject, node: JsonObject): Shape {
  if (typeof node['$ref'] === 'string' && componentName(node['$ref']) === UNTYPED) return 'untyped';
  const schema = objectOf(doc, node);
  if (Array.isArray(schema['oneOf'])) {
    return `oneOf(${schema['oneOf'].map((branch) => JSON.stringify(shape(doc, obj(branch, 'oneOf')))).join(', ')})`;
  }
  const types = Array.isArray(schema['type']) ? schema['type'].map((t) => str(t, 'type')) : [str(schema['type'], 'type')];
  const nullable = types.includes('null');
  const nonNull = types.filter((t) => t !== 'null');
  if (nonNull.length !== 1) throw new Error(`unexpected type list ${JSON.stringify(types)}`);
  const [type] = nonNull as [string];
  if (type === 'array') {
    const items = shape(doc, obj(schema['items'], 'items'));
    return nullable ? { array: items, nullable: true } : { array: items };
  }
  if (nullable) throw new Error(`a nullable ${type} is not expected here`);
  if (type !== 'object') return type;
  const properties: { [name: string]: Shape } = {};
  for (const [name, property] of Object.entries(obj(schema['properties'] ?? {}, 'properties'))) {
    properties[name] = shape(doc, obj(property, name));
  }
  const required = arr(schema['required'] ?? [], 'required')
    .map((r) => str(r, 'required'))
    .sort();
  return { properties, required, open: schema['additionalProperties'] === true };
}

/** Every component a schema reaches, by name, with its definition. */
export function closure(doc: JsonObject, node: Json, into = new Map<string, JsonObject>()): Map<string, JsonObject> {
  if (Array.isArray(node)) {
    for (const item of node) closure(doc, item, into);
  } else if (isObject(node)) {
    if (typeof node['$ref'] === 'string') {
      const name = componentName(node['$ref']);
      if (!into.has(name)) {
        const target = objectOf(doc, { $ref: node['$ref'] });
        into.set(name, target);
        closure(doc, target, into);
      }
    }
    for (const [key, value] of Object.entries(node)) if (key !== '$ref') closure(doc, value, into);
  }
  return into;
}

/** Every node of a document, with its JSON pointer, for checks that apply anywhere. */
export function* walk(node: Json, pointer = ''): Generator<{ pointer: string; node: Json }> {
  yield { pointer, node };
  if (Array.isArray(node)) {
    for (const [index, item] of node.entries()) yield* walk(item, `${pointer}/${index}`);
  } else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) yield* walk(value, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  }
}

/** Every schema node of a document: component schemas, media-type and parameter schemas, and what they nest. */
export function* schemas(doc: JsonObject): Generator<{ pointer: string; schema: JsonObject }> {
  function* nested(schema: JsonObject, pointer: string): Generator<{ pointer: string; schema: JsonObject }> {
    yield { pointer, schema };
    for (const [name, property] of Object.entries(obj(schema['properties'] ?? {}, `${pointer}/properties`))) {
      yield* nested(obj(property, name), `${pointer}/properties/${name}`);
    }
    if (isObject(schema['items'])) yield* nested(schema['items'], `${pointer}/items`);
    if (isObject(schema['additionalProperties'])) yield* nested(schema['additionalProperties'], `${pointer}/additionalProperties`);
    for (const keyword of ['oneOf', 'anyOf', 'allOf']) {
      for (const [index, branch] of arr(schema[keyword] ?? [], keyword).entries()) {
        yield* nested(obj(branch, keyword), `${pointer}/${keyword}/${index}`);
      }
    }
  }
  const components = obj(doc['components'] ?? {}, 'components');
  for (const [name, schema] of Object.entries(obj(components['schemas'] ?? {}, 'schemas'))) {
    yield* nested(obj(schema, name), `/components/schemas/${name}`);
  }
  for (const { pointer, node } of walk(doc)) {
    if (pointer.startsWith('/components/schemas/') || !isObject(node)) continue;
    if (/\/content\/[^/]+$/.test(pointer) || /\/parameters\/\d+$/.test(pointer)) {
      if (isObject(node['schema'])) yield* nested(node['schema'], `${pointer}/schema`);
    }
  }
}
