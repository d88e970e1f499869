// The tools of one route family, made from its built bundle (generated/<id>/openapi.json):
// one per operation, named by its operationId (letters, digits and `_`: within every
// client's name rules), its input the request body's schema with every `$ref` inlined,
// `x-` keys dropped and the credentials taken out (the server adds them), an object at
// the top, and no field that holds a credential or a secret at any depth. Which operation
// only reads comes from the contract index (`x-effect`), which one cancels or removes from
// the contract index (x-destructive): every operation here is a POST.
import type { CredentialFields } from '../credentials.ts';
import { legacyObservedFamily } from '../families/legacy-observed.ts';
import { legacyFamily } from '../families/legacy.ts';
import { v1Family } from '../families/v1.ts';
import { v2EnFamily } from '../families/v2-en.ts';
import { v2PtObservedFamily } from '../families/v2-pt-observed.ts';
import { v2PtFamily } from '../families/v2-pt.ts';
import { v3Family } from '../families/v3.ts';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Family } from '../client.ts';
import { credentialKind, FAMILY_IDS as INDEXED_IDS, isDestructivePath, isReadPath, isRedactedField } from '../lib/contract-index.ts';
import { LINEAGE_FILE, PACKAGE_ROOT } from '../lib/layout.ts';
import { bodySchemas, operationText } from '../lib/operation-text.ts';
import { isObject, type JsonObject, resolvePointer } from '../lib/refs.ts';
import { annotateFeeds, type Feed, outputSchemaOf, prunedShape, shapeOf } from './results.ts';

const OBSERVED_SUFFIX = '-observed';
/** The bundles a server can serve, by document id: every one the contract index lists. */
export const DOCUMENT_IDS: readonly string[] = INDEXED_IDS;
/** The route families (`--family`): the published ones; an observed flavour is `<family>-observed`. */
export const FAMILY_IDS: readonly string[] = INDEXED_IDS.filter((id) => !id.endsWith(OBSERVED_SUFFIX));
export const OBSERVED: Partial<Record<string, string>> = Object.fromEntries(
  INDEXED_IDS.filter((id) => id.endsWith(OBSERVED_SUFFIX)).map((id) => [id.slice(0, -OBSERVED_SUFFIX.length), id]),
);

/** Every family the server serves, and its observed flavour where it has one: what `--family F [--observed]` takes. */
export const FLAVOURS: ReadonlyArray<readonly [family: string, observed: boolean]> = FAMILY_IDS.flatMap((family) =>
  OBSERVED[family] === undefined ? [[family, false] as const] : [[family, false] as const, [family, true] as const],
);

/** A body field an agent never passes: a credential (`x-credential`) or a secret, however its key is spelt. */
export const isCredentialKey = (key: string): boolean => credentialKind(key) !== undefined || isRedactedField(key);

const FAMILIES: Record<string, Family> = {
  'v2-pt': v2PtFamily,
  'v2-pt-observed': v2PtObservedFamily,
  'v2-en': v2EnFamily,
  v3: v3Family,
  v1: v1Family,
  legacy: legacyFamily,
  'legacy-observed': legacyObservedFamily,
};

export interface OperationTool {
  /** The operationId: the description's operation name (`Aereo_Autenticar` for a second service's). */
  name: string;
  method: string;
  /** As the bundle writes it (`/api/Voos/{Operation}` keeps its template). */
  path: string;
  read: boolean;
  destructive: boolean;
  title: string;
  description: string;
  inputSchema: JsonObject;
  /** Path parameters: top-level inputs put in the path, not in the body. */
  pathParams: string[];
  /** Body fields the server fills from the environment; absent when the family publishes none. */
  credentials?: CredentialFields;
  /** The body is not an object: the input's `body` property carries it. */
  wrapped: boolean;
  /** What every call returns, its answer's shape from the contract (absent when the answer has no JSON schema). */
  outputSchema?: JsonObject;
}

interface Thread {
  request: string;
  field: string;
  fromOperation: string;
  fromField: string;
  steps: number;
}

let threads: Thread[] | undefined;
/** The flows' lineage (generated/flows/lineage.json): which answer field feeds which later request field. */
function lineageThreads(): Thread[] {
  if (threads) return threads;
  const file = path.join(PACKAGE_ROOT, LINEAGE_FILE);
  threads = existsSync(file) ? ((JSON.parse(readFileSync(file, 'utf8')) as { summary?: Thread[] }).summary ?? []) : [];
  return threads;
}

/** The answer fields of `operationId` the lineage shows feeding later calls, each with its note. */
function feedsOf(operationId: string): Feed[] {
  return lineageThreads()
    .filter((t) => t.fromOperation === operationId)
    .map((t) => ({
      fromField: t.fromField,
      note: `${t.request}.${t.field} (${t.steps})`,
    }));
}

/** A tool's description: the operation's own, then what the contract says beside it (group, effect, source, observed counts, deprecation). */
function descriptionOf(doc: JsonObject, op: JsonObject, observed: boolean): string {
  const text = operationText(doc, op, observed);
  // The brief facts only (group, effect, observed counts): the list has a budget, and a deprecated operation's description says so itself.
  return [text.description === '' ? text.summary : text.description, ...text.short].join('\n\n');
}

/** Levels of an observed answer's fields its output schema spells out (then types only, but on the way to a field that feeds a later call). */
const OBSERVED_ANSWER_DEPTH = -1;

/** The output schema of an operation's tool: its 200 answer's shape, with the fields that feed later calls said so. */
function outputOf(doc: JsonObject, op: JsonObject, observed: boolean): JsonObject | undefined {
  const { answer } = bodySchemas(doc, op);
  if (answer === undefined) return undefined;
  const shape = shapeOf(plainSchema(doc, answer));
  if (!observed) return outputSchemaOf(shape);
  annotateFeeds(shape, feedsOf(String(op.operationId)));
  return outputSchemaOf(prunedShape(shape, OBSERVED_ANSWER_DEPTH));
}

/** Replaces a `$ref` that points back into its own chain: no client resolves one, and the contract's text says what it is. */
function recursive(ref: string): JsonObject {
  return { description: `Recursive: the same shape as ${ref.slice(ref.lastIndexOf('/') + 1)} (the contract's ${ref}).` };
}

/** Keys whose value is one subschema, and keys whose value is a list of them (additionalProperties keeps its idiomatic `true`). */
const SUBSCHEMA_KEYS = new Set(['items', 'not', 'contains', 'if', 'then', 'else', 'propertyNames']);
const SUBSCHEMA_LISTS = new Set(['allOf', 'oneOf', 'anyOf', 'prefixItems']);

/** A subschema, a boolean one written as the object schema of the same meaning: clients' schema checks refuse a bare `true`. */
function subschema(doc: unknown, node: unknown, chain: ReadonlySet<string>): unknown {
  if (node === true) return {};
  if (node === false) return { not: {} };
  return plainSchema(doc, node, chain);
}

/**
 * A schema with every local `$ref` inlined (a ref into its own chain becomes an open schema
 * saying so), every `x-` key dropped, boolean subschemas written as objects. Property names are field names, kept whatever they are.
 */
export function plainSchema(doc: unknown, node: unknown, chain: ReadonlySet<string> = new Set()): unknown {
  if (Array.isArray(node)) return node.map((item) => plainSchema(doc, item, chain));
  if (!isObject(node)) return node;
  if (typeof node.$ref === 'string') {
    const { $ref, ...siblings } = node;
    const target = chain.has($ref) ? recursive($ref) : plainSchema(doc, resolvePointer(doc, $ref), new Set([...chain, $ref]));
    const rest = plainSchema(doc, siblings, chain) as JsonObject;
    return Object.keys(rest).length === 0 ? target : { ...(isObject(target) ? target : {}), ...rest };
  }
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('x-') || key === '$defs' || key === 'definitions') continue;
    if ((key === 'properties' || key === 'patternProperties') && isObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, subschema(doc, inner, chain)]));
    } else if (SUBSCHEMA_KEYS.has(key)) out[key] = subschema(doc, value, chain);
    else if (SUBSCHEMA_LISTS.has(key) && Array.isArray(value)) out[key] = value.map((inner) => subschema(doc, inner, chain));
    else out[key] = plainSchema(doc, value, chain);
  }
  return out;
}

const COMBINATORS = ['allOf', 'oneOf', 'anyOf'] as const;

/** An object schema, or a combination whose every branch is one (the observed flavours' `allOf` of the published body and the fields seen). */
function isObjectLike(schema: JsonObject): boolean {
  if (schema.type === 'object') return true;
  if (schema.type !== undefined) return false;
  if (isObject(schema.properties) || schema.additionalProperties !== undefined) return true;
  return COMBINATORS.some((c) => {
    const branches = schema[c];
    return Array.isArray(branches) && branches.length > 0 && branches.every((b) => isObject(b) && isObjectLike(b));
  });
}

/** A branch that requires a credential to be absent (the observed "body without Login"): the server always sends them. */
function forbids(branch: unknown): boolean {
  if (!isObject(branch)) return false;
  const not = branch.not;
  if (isObject(not) && isObject(not.properties) && Object.keys(not.properties).some(isCredentialKey)) return true;
  return Array.isArray(branch.allOf) && branch.allOf.some(forbids);
}

/** Keys whose value is one schema of values inside the body, and keys whose value is a list of them. */
const INNER_SCHEMA_KEYS = ['items', 'additionalProperties', 'unevaluatedProperties', 'contains'] as const;

/**
 * The schema without a credential or secret field at any depth (the server adds the credentials,
 * and no secret passes through an agent); at its top, the branches that forbid the credentials
 * the server sends are dropped too.
 */
function withoutCredentials(schema: JsonObject, top = true): JsonObject {
  const out: JsonObject = { ...schema };
  if (isObject(out.properties))
    out.properties = Object.fromEntries(
      Object.entries(out.properties)
        .filter(([name]) => !isCredentialKey(name))
        .map(([name, inner]) => [name, isObject(inner) ? withoutCredentials(inner, false) : inner]),
    );
  if (Array.isArray(out.required)) {
    const required = out.required.filter((n) => typeof n === 'string' && !isCredentialKey(n));
    if (required.length > 0) out.required = required;
    else delete out.required;
  }
  for (const key of INNER_SCHEMA_KEYS) {
    const inner = out[key];
    if (isObject(inner)) out[key] = withoutCredentials(inner, false);
  }
  if (Array.isArray(out.prefixItems)) out.prefixItems = out.prefixItems.map((b) => (isObject(b) ? withoutCredentials(b, false) : b));
  for (const c of COMBINATORS) {
    const branches = out[c];
    if (!Array.isArray(branches)) continue;
    const kept = (c === 'allOf' || !top ? branches : branches.filter((b) => !forbids(b))).map((b) =>
      isObject(b) ? withoutCredentials(b, top) : b,
    );
    if (kept.length === 0) continue;
    if (c !== 'allOf' && kept.length === 1) {
      // One alternative left: it is the body, as a part of the whole.
      delete out[c];
      out.allOf = [...(Array.isArray(out.allOf) ? out.allOf : []), kept[0]];
    } else out[c] = kept;
  }
  return out;
}

/** The tool input: the body's object schema without the credentials, or `{ body }` when the body is not an object; path parameters beside. */
function inputSchemaOf(doc: JsonObject, body: unknown, params: JsonObject[]): { schema: JsonObject; wrapped: boolean } {
  const plain = (body === undefined ? { type: 'object' } : plainSchema(doc, body)) as JsonObject;
  const isObjectSchema = isObjectLike(plain);
  let schema: JsonObject;
  if (isObjectSchema) {
    schema = { ...withoutCredentials(plain), type: 'object' };
    if (!isObject(schema.properties)) schema.properties = {};
  } else {
    schema = { type: 'object', properties: { body: withoutCredentials(plain, false) }, required: ['body'], additionalProperties: false };
  }
  for (const param of params) {
    const name = String(param.name);
    const properties = schema.properties as JsonObject;
    properties[name] = {
      ...(plainSchema(doc, param.schema ?? {}) as JsonObject),
      ...(typeof param.description === 'string' ? { description: param.description } : {}),
    };
    schema.required = [...new Set([...(Array.isArray(schema.required) ? (schema.required as string[]) : []), name])];
  }
  return { schema, wrapped: !isObjectSchema };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** One tool per operation of a bundle, in the bundle's order. */
export function toolsOf(documentId: string, doc: JsonObject): OperationTool[] {
  const family = FAMILIES[documentId];
  const tools: OperationTool[] = [];
  for (const [path, item] of Object.entries(isObject(doc.paths) ? doc.paths : {})) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op) || typeof op.operationId !== 'string') continue;
      const bodySchema = isObject(op.requestBody) ? bodySchemaRef(doc, op.requestBody) : undefined;
      const params = (Array.isArray(op.parameters) ? op.parameters : [])
        .map((p) => (isObject(p) && typeof p.$ref === 'string' ? resolvePointer(doc, p.$ref) : p))
        .filter((p): p is JsonObject => isObject(p) && p.in === 'path');
      const credentials = family?.credentialFields?.(path);
      const { schema, wrapped } = inputSchemaOf(doc, bodySchema, params);
      const summary = typeof op.summary === 'string' ? op.summary : op.operationId;
      const observed = documentId.endsWith('-observed');
      const outputSchema = outputOf(doc, op, observed);
      tools.push({
        name: op.operationId,
        method,
        path,
        read: isReadPath(documentId, path),
        destructive: isDestructivePath(documentId, path),
        title: summary,
        description: descriptionOf(doc, op, observed),
        inputSchema: schema,
        pathParams: params.map((p) => String(p.name)),
        ...(credentials ? { credentials } : {}),
        wrapped,
        ...(outputSchema ? { outputSchema } : {}),
      });
    }
  }
  return tools;
}

/** The request body's JSON schema as the bundle writes it (refs kept, inlined later with the document at hand). */
function bodySchemaRef(doc: JsonObject, requestBody: JsonObject): unknown {
  const body = typeof requestBody.$ref === 'string' ? resolvePointer(doc, requestBody.$ref) : requestBody;
  if (!isObject(body) || !isObject(body.content)) return undefined;
  const json = body.content['application/json'];
  return isObject(json) ? json.schema : undefined;
}

/** The first sentence of a description, on one line, for a table. */
function firstSentence(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const end = flat.search(/\.(?:\s|$)/);
  return (end >= 0 ? flat.slice(0, end + 1) : flat).replace(/\|/g, '\\|');
}

/** The tools as a Markdown table (`mcp --list-tools`, and docs/mcp.md's list). */
export function toolTable(tools: readonly OperationTool[]): string {
  const rows = tools.map((t) => {
    const kind = t.read ? 'reads' : t.destructive ? 'writes, cancels or removes' : 'writes';
    return `| \`${t.name}\` | ${kind} | ${firstSentence(t.description)} |`;
  });
  return ['| tool | kind | what the contract says |', '|---|---|---|', ...rows].join('\n');
}
