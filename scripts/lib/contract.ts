// What the reliability checks need from the bundled documents: every operation of
// every family the pipeline builds, its security headers, its request body schema,
// and a request the contract accepts. Read from generated/<family>/openapi.yaml, so a
// family or an operation added later is covered without editing anything here.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { readFamilies } from './families.ts';
import { HTTP_METHODS, isObject, type Json, type JsonObject } from '../../src/lib/json.ts';

// The JSON types and guard its readers use with it: those of json.ts, also offered here.
export { isObject, type Json, type JsonObject } from '../../src/lib/json.ts';
import { followRefs } from '../../src/lib/refs.ts';

export type JsonType = 'null' | 'boolean' | 'integer' | 'number' | 'string' | 'array' | 'object';

/** Canary secrets: every valid request carries them, and no answer may echo any part of them. */
export const CANARY_PASSWORD = 'pw-Kq9Zx3Vb2Lm7Tn';
export const CANARY_ACCESS_CODE = 'Y2FuYXJ5LWFjY2Vzcy1jb2RlLTRlMWI=';

/** Whether `text` holds any 6 consecutive characters of a secret (a cut-off echo is still a leak). */
export function echoesSecret(text: string, secret: string): boolean {
  for (let i = 0; i + 6 <= secret.length; i++) if (text.includes(secret.slice(i, i + 6))) return true;
  return false;
}
export const DEVELOPER_TOKEN = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';
/** The description's exact content type. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export interface RequestBody {
  required: boolean;
  mediaTypes: string[];
  /** Schema of the JSON media type, resolved; undefined when the body is not JSON. */
  schema?: JsonObject;
}

export interface ContractOperation {
  family: string;
  /** operationId, else `METHOD path`. */
  name: string;
  method: string;
  /** Path as written in the document (may hold `{parameters}`). */
  template: string;
  /** A concrete path that the template matches. */
  path: string;
  /** Methods the path defines (lower case). */
  pathMethods: string[];
  /** Header names that must all be present, when security is one requirement of apiKey headers. */
  securityHeaders?: string[];
  body?: RequestBody;
  doc: JsonObject;
}

/** Follows local `$ref`s to the node they point at. */
export function resolve(doc: JsonObject, node: Json | undefined): JsonObject {
  const target = followRefs(doc, node) as Json | undefined;
  return isObject(target) ? target : {};
}

export async function loadOperations(rootDir: string): Promise<ContractOperation[]> {
  const families = await readFamilies(rootDir);
  const all = await Promise.all(
    families.map(async ({ id }) => {
      const file = path.join(rootDir, 'generated', id, 'openapi.yaml');
      const doc = parse(await readFile(file, 'utf8')) as JsonObject;
      return contractOperationsOf(id, doc);
    }),
  );
  return all.flat();
}

/** The operations of one bundled document (any flavour), as loadOperations lists them. */
export function contractOperationsOf(family: string, doc: JsonObject): ContractOperation[] {
  const paths = isObject(doc.paths) ? doc.paths : {};
  return Object.entries(paths).flatMap(([template, raw]) => {
    const item = resolve(doc, raw);
    const pathMethods = HTTP_METHODS.filter((m) => isObject(item[m]));
    return pathMethods.map((method) => {
      const op = resolve(doc, item[method]);
      const parameters = [...asArray(item.parameters), ...asArray(op.parameters)].map((p) => resolve(doc, p));
      return {
        family,
        name: typeof op.operationId === 'string' ? op.operationId : `${method.toUpperCase()} ${template}`,
        method,
        template,
        path: concretePath(doc, template, parameters),
        pathMethods,
        securityHeaders: securityHeaders(doc, op.security ?? doc.security),
        body: requestBody(doc, op.requestBody),
        doc,
      };
    });
  });
}

function asArray(value: Json | undefined): Json[] {
  return Array.isArray(value) ? value : [];
}

function concretePath(doc: JsonObject, template: string, parameters: JsonObject[]): string {
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const param = parameters.find((p) => p.name === name && p.in === 'path');
    const value = param ? (sampleOf(param) ?? sampleOf(resolve(doc, param.schema))) : undefined;
    return encodeURIComponent(typeof value === 'string' || typeof value === 'number' ? String(value) : 'Exemplo');
  });
}

function sampleOf(node: JsonObject): Json | undefined {
  if (node.example !== undefined) return node.example;
  if (Array.isArray(node.examples) && node.examples.length > 0) return node.examples[0];
  return undefined;
}

function securityHeaders(doc: JsonObject, security: Json | undefined): string[] | undefined {
  if (!Array.isArray(security) || security.length !== 1 || !isObject(security[0])) return undefined;
  const schemes = isObject(doc.components) && isObject(doc.components.securitySchemes) ? doc.components.securitySchemes : {};
  const names = Object.keys(security[0]).map((key) => {
    const scheme = resolve(doc, schemes[key]);
    return scheme.type === 'apiKey' && scheme.in === 'header' && typeof scheme.name === 'string' ? scheme.name : undefined;
  });
  if (names.length === 0 || names.some((n) => n === undefined)) return undefined;
  return names as string[];
}

function requestBody(doc: JsonObject, raw: Json | undefined): RequestBody | undefined {
  if (raw === undefined) return undefined;
  const body = resolve(doc, raw);
  const content = isObject(body.content) ? body.content : {};
  const mediaTypes = Object.keys(content);
  const json = mediaTypes.find((t) => /^application\/(?:[\w.+-]+\+)?json$/i.test(t.split(';')[0]!.trim()));
  return {
    required: body.required === true,
    mediaTypes,
    ...(json ? { schema: resolve(doc, resolve(doc, content[json]).schema) } : {}),
  };
}

// ---- JSON types and schemas -------------------------------------------------------

/** The JSON Schema type of a value: JSON's, with `integer` told apart from `number`. */
export function schemaTypeOf(value: Json): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as 'boolean' | 'string' | 'object';
}

/**
 * The JSON types a schema admits, or undefined when it admits any type (no `type`
 * anywhere that constrains it). `oneOf`/`anyOf` admit the union of their branches,
 * `allOf` the intersection.
 */
export function allowedTypes(doc: JsonObject, node: Json | undefined, depth = 0): Set<JsonType> | undefined {
  const schema = resolve(doc, node);
  if (depth > 16) return undefined;
  let allowed: Set<JsonType> | undefined;
  const intersect = (other: Set<JsonType> | undefined) => {
    if (!other) return;
    allowed = allowed ? new Set([...allowed].filter((t) => admits(other, t))) : other;
  };
  if (typeof schema.type === 'string') intersect(new Set([schema.type as JsonType]));
  if (Array.isArray(schema.type)) intersect(new Set(schema.type as JsonType[]));
  if (schema.const !== undefined) intersect(new Set([schemaTypeOf(schema.const)]));
  if (Array.isArray(schema.enum)) intersect(new Set(schema.enum.map(schemaTypeOf)));
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = asArray(schema[key]);
    if (branches.length === 0) continue;
    const each = branches.map((b) => allowedTypes(doc, b, depth + 1));
    if (each.some((t) => t === undefined)) continue;
    intersect(new Set(each.flatMap((t) => [...(t as Set<JsonType>)])));
  }
  for (const branch of asArray(schema.allOf)) intersect(allowedTypes(doc, branch, depth + 1));
  return allowed;
}

/** Whether a value of JSON type `type` passes a `type` check admitting `allowed`. */
export function admits(allowed: Set<JsonType>, type: JsonType): boolean {
  return allowed.has(type) || (type === 'integer' && allowed.has('number'));
}

export class CannotSynthesize extends Error {}

/**
 * A value the schema accepts: declared examples first (they are the contract's own
 * words), a canary for every password field, every known property of an object
 * (optional ones when they can be built) and one item in an array. The mock checks it
 * before any test relies on it.
 */
export function validInstance(doc: JsonObject, node: Json | undefined, where = 'body', depth = 0): Json {
  const schema = resolve(doc, node);
  if (depth > 8) throw new CannotSynthesize(`${where}: schema nests too deep`);
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0]!;
  const types = allowedTypes(doc, schema);
  if (schema.format === 'password' && (!types || types.has('string'))) return CANARY_PASSWORD;
  const sample = sampleOf(schema);
  if (sample !== undefined) return sample;
  for (const key of ['oneOf', 'anyOf'] as const) {
    for (const branch of asArray(schema[key])) {
      try {
        return validInstance(doc, branch, where, depth + 1);
      } catch (error) {
        if (!(error instanceof CannotSynthesize)) throw error;
      }
    }
    if (asArray(schema[key]).length > 0) throw new CannotSynthesize(`${where}: no ${key} branch can be built`);
  }
  if (asArray(schema.allOf).length > 0) {
    const parts = asArray(schema.allOf).map((b) => validInstance(doc, b, where, depth + 1));
    if (parts.every(isObject)) return Object.assign({}, ...parts) as JsonObject;
    return parts[0]!;
  }
  const type = types
    ? (['object', 'array', 'string', 'integer', 'number', 'boolean', 'null'] as const).find((t) => types.has(t))
    : undefined;
  switch (type) {
    case 'object': {
      const result: JsonObject = {};
      const required = new Set(asArray(schema.required).filter((r): r is string => typeof r === 'string'));
      const properties = isObject(schema.properties) ? schema.properties : {};
      for (const [name, sub] of Object.entries(properties)) {
        try {
          result[name] = validInstance(doc, sub, `${where}.${name}`, depth + 1);
        } catch (error) {
          if (!(error instanceof CannotSynthesize) || required.has(name)) throw error;
        }
      }
      for (const name of required) {
        if (!(name in result)) throw new CannotSynthesize(`${where}.${name}: required but not described`);
      }
      return result;
    }
    case 'array': {
      const min = typeof schema.minItems === 'number' ? schema.minItems : 1;
      const item = schema.items === undefined ? 'x' : validInstance(doc, schema.items, `${where}[0]`, depth + 1);
      return Array.from({ length: Math.max(1, min) }, () => item);
    }
    case 'string': {
      if (typeof schema.pattern === 'string') throw new CannotSynthesize(`${where}: a pattern without an example`);
      const formats: Record<string, string> = {
        'date-time': '2026-05-20T00:00:00Z',
        date: '2026-05-20',
        email: 'agencia@example.com',
        uuid: DEVELOPER_TOKEN,
        uri: 'https://example.com/',
      };
      const base = typeof schema.format === 'string' && formats[schema.format] ? formats[schema.format]! : 'x';
      const min = typeof schema.minLength === 'number' ? schema.minLength : 1;
      return base.padEnd(min, 'x');
    }
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? Math.ceil(schema.minimum) : 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'valor'; // any type is accepted here
  }
}

// ---- Requests ------------------------------------------------------------------

export interface HttpCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export function developerHeaders(op: ContractOperation): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of op.securityHeaders ?? []) {
    headers[name] = /access-code/i.test(name) ? CANARY_ACCESS_CODE : DEVELOPER_TOKEN;
  }
  return headers;
}

/** The body the contract accepts for this operation (undefined when it takes none). */
export function validBody(op: ContractOperation): Json | undefined {
  if (!op.body?.schema) return undefined;
  return validInstance(op.doc, op.body.schema);
}

export function validCall(op: ContractOperation): HttpCall {
  const body = validBody(op);
  return {
    method: op.method.toUpperCase(),
    path: op.path,
    headers: { ...developerHeaders(op), ...(body === undefined ? {} : { 'content-type': JSON_CONTENT_TYPE }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  };
}

/** Whether some operation's path template matches this path (a `{parameter}` matches any segment). */
export function matchesAnyOperation(ops: ContractOperation[], pathname: string): boolean {
  return ops.some((op) => {
    const pattern = op.template
      .split(/\{[^}]+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]*');
    return new RegExp(`^${pattern}$`).test(pathname);
  });
}
