// What the contract tests share: every operation of every family, read from the bundled
// documents (generated/<family>/openapi.yaml, the families being redocly.yaml's `apis:`),
// the typed client of each family pointed at the one mock of the test run, and a draft
// 2020-12 validator (OpenAPI 3.1 schemas are JSON Schema 2020-12) of each answer.
// The ajv Redocly and Spectral depend on (@redocly/ajv 8, hoisted): no new dependency.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { expect } from 'vitest';
import type { CallOptions, ClientOptions } from '../../src/client.ts';
import { HttpStatusError } from '../../src/errors.ts';
import { createLegacyClient } from '../../src/legacy.ts';
import { createV1Client } from '../../src/v1.ts';
import { createV2EnClient } from '../../src/v2-en.ts';
import { createV2Client } from '../../src/v2.ts';
import { createV3Client } from '../../src/v3.ts';
import {
  CANARY_ACCESS_CODE,
  CANARY_PASSWORD,
  DEVELOPER_TOKEN,
  loadOperations,
  resolve,
  type ContractOperation,
} from '../../scripts/lib/contract.ts';
import { isObject, type Json, type JsonObject } from '../../src/lib/json.ts';
import { loadBundle, operations, rootDir } from '../support/bundle.ts';
import { readFamilies } from '../../scripts/lib/families.ts';

export { rootDir };
export type { ContractOperation, Json, JsonObject };

/** Every operation of every family the pipeline builds. */
export const allOperations: ContractOperation[] = await loadOperations(rootDir);

/** `family operationId`, the key every coverage check uses. */
export const keyOf = (op: { family: string; name: string }): string => `${op.family} ${op.name}`;

/**
 * The same list read a second, independent way (tests/support/bundle.ts over the
 * families of redocly.yaml): what a coverage check compares its tested set against.
 */
export async function expectedOperationKeys(): Promise<string[]> {
  const families = await readFamilies(rootDir);
  return families
    .flatMap(({ id }) =>
      operations(loadBundle(id)).map((o) =>
        keyOf({ family: id, name: String(o.operation.operationId ?? `${o.method.toUpperCase()} ${o.path}`) }),
      ),
    )
    .sort();
}

// ---- The typed client of each family ------------------------------------------------

type LooseCallOptions = CallOptions & { params?: { path: Record<string, string> } };

/**
 * A family client seen without its path types. The operation list is data read at run
 * time, so the literal path types the clients check at compile time (tests/client and
 * tests/types cover those) cannot be written here; the runtime is the same object.
 */
export interface LooseClient {
  readonly family: string;
  call(path: string, body: unknown, options?: LooseCallOptions): Promise<unknown>;
}

/** Each family's factory, by family id. A family without one fails the coverage test. */
export const FACTORIES: Record<string, (options: ClientOptions) => unknown> = {
  'v2-pt': createV2Client,
  'v2-en': createV2EnClient,
  v3: createV3Client,
  v1: createV1Client,
  legacy: createLegacyClient,
};

export interface ClientHandle {
  client: LooseClient;
  /** HTTP statuses of every answer this client received, in order. */
  statuses: number[];
}

/**
 * The family's client on the mock, without the `credentials` option (each body is sent
 * whole, as the test built it). `dropHeader` removes one request header on the way out,
 * as a proxy or a misconfigured integration would: the client itself always sends both.
 */
export function clientFor(family: string, mockUrl: string, dropHeader?: string): ClientHandle {
  const factory = FACTORIES[family];
  if (!factory) throw new Error(`no client factory for family ${family}`);
  const statuses: number[] = [];
  const client = factory({
    baseUrl: mockUrl,
    developerToken: DEVELOPER_TOKEN,
    accessCode: CANARY_ACCESS_CODE,
    fetch: async (request: Request) => {
      let sent = request;
      if (dropHeader) {
        sent = new Request(request);
        sent.headers.delete(dropHeader);
      }
      const response = await fetch(sent);
      statuses.push(response.status);
      return response;
    },
  }) as LooseClient;
  return { client, statuses };
}

/** Call options that fill the path template's parameters from the operation's concrete path. */
export function pathOptions(op: ContractOperation, extra: CallOptions = {}): LooseCallOptions {
  const names = [...op.template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  if (names.length === 0) return extra;
  const pattern = new RegExp(`^${op.template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '([^/]+)')}$`);
  const match = pattern.exec(op.path);
  if (!match) throw new Error(`${op.path} does not match ${op.template}`);
  return { ...extra, params: { path: Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(match[i + 1]!)])) } };
}

/** The rejection of a call, which must be one; fails the test when the call resolved. */
export async function rejectionOf(call: Promise<unknown>): Promise<unknown> {
  try {
    const answer = await call;
    expect.fail(`the call resolved with ${JSON.stringify(answer)}`);
  } catch (error) {
    return error;
  }
}

/** An RFC 9457 problem, as the mock refuses with. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  validation?: Array<{ location: string[]; code: string | number; message: string }>;
}

/** Asserts the client rejected with an HttpStatusError of `status` carrying the mock's problem body, and returns that body. */
export function expectRefusal(error: unknown, op: ContractOperation, status: number): Problem {
  expect(error).toBeInstanceOf(HttpStatusError);
  const refusal = error as HttpStatusError;
  expect(refusal.status).toBe(status);
  expect(refusal.operation).toBe(op.path.slice(op.path.lastIndexOf('/') + 1));
  expect(refusal.path).toBe(op.template);
  expect(refusal.message).toMatch(new RegExp(`HTTP ${status}`));
  const body = refusal.body as Problem;
  expect(body).toMatchObject({ type: 'about:blank', status, title: expect.any(String), detail: expect.any(String) });
  // Secrets of the call never come back in what the error carries.
  const carried = `${refusal.message} ${JSON.stringify(refusal.body)}`;
  expect(carried).not.toContain(CANARY_PASSWORD);
  expect(carried).not.toContain(CANARY_ACCESS_CODE);
  return body;
}

// ---- The operation's success answer -----------------------------------------------

/** The JSON media type of the operation's 200 response, resolved (undefined when it has none). */
export function successMedia(op: ContractOperation): JsonObject | undefined {
  const raw = resolve(op.doc, op.doc.paths && isObject(op.doc.paths) ? op.doc.paths[op.template] : undefined);
  const operation = resolve(op.doc, raw[op.method]);
  const responses = resolve(op.doc, operation.responses);
  const ok = resolve(op.doc, responses['200']);
  const content = isObject(ok.content) ? ok.content : {};
  const json = content['application/json'];
  return json === undefined ? undefined : resolve(op.doc, json);
}

/** The named examples of the operation's 200 answer, in document order, resolved. */
export function successExamples(op: ContractOperation): Array<{ name: string; component?: string; value: Json }> {
  const media = successMedia(op);
  if (!media || !isObject(media.examples)) return [];
  return Object.entries(media.examples).map(([name, raw]) => {
    const component = isObject(raw) && typeof raw.$ref === 'string' ? raw.$ref.replace('#/components/examples/', '') : undefined;
    return { name, ...(component ? { component } : {}), value: resolve(op.doc, raw).value ?? null };
  });
}

/** The component name the 200 schema refers to, if it is a reference. */
export function successSchemaName(op: ContractOperation): string | undefined {
  const schema = successMedia(op)?.schema;
  return isObject(schema) && typeof schema.$ref === 'string' ? schema.$ref.replace('#/components/schemas/', '') : undefined;
}

let validatorCount = 0;
const validators = new WeakMap<JsonObject, (schema: Json) => ValidateFunction>();

/** Every key of a document. */
function* keysOf(node: Json): Generator<[string, Json]> {
  if (Array.isArray(node)) for (const item of node) yield* keysOf(item);
  else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      yield [key, value];
      yield* keysOf(value);
    }
  }
}

/** Local `#/components/…` references rewritten to point into the schema registered as `base`. */
function rebase(node: Json, base: string): Json {
  if (Array.isArray(node)) return node.map((n) => rebase(n, base));
  if (!isObject(node)) return node;
  return Object.fromEntries(
    Object.entries(node).map(([k, v]) => [
      k,
      k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `${base}${v}` : rebase(v, base),
    ]),
  );
}

/**
 * A validator of any schema node of a bundle, its references resolved against the
 * bundle's components. Strict about keywords: only the vendor extensions are known
 * beyond JSON Schema 2020-12; `format` is an annotation in 2020-12, so every format the
 * bundle uses is declared and none is asserted (the contract uses `pattern` for dates).
 */
export function validatorOf(doc: JsonObject): (schema: Json) => ValidateFunction {
  let make = validators.get(doc);
  if (make) return make;
  const vendorKeys = new Set<string>();
  const formats: Record<string, true> = {};
  for (const [key, value] of keysOf(doc)) {
    if (key.startsWith('x-')) vendorKeys.add(key);
    if (key === 'format' && typeof value === 'string') formats[value] = true;
  }
  const ajv = new Ajv2020({ strict: true, allErrors: true, formats });
  ajv.addVocabulary([...vendorKeys, 'components']);
  const base = `https://contract.invalid/${validatorCount++}/openapi.json`;
  const components = isObject(doc.components) ? doc.components : {};
  ajv.addSchema({ $id: base, components: { schemas: components.schemas ?? {} } });
  const cache = new Map<string, ValidateFunction>();
  make = (schema: Json) => {
    const key = JSON.stringify(schema);
    let validate = cache.get(key);
    if (!validate) cache.set(key, (validate = ajv.compile(rebase(schema, base) as object)));
    return validate;
  };
  validators.set(doc, make);
  return make;
}

/** Validation errors of `value` against the operation's 200 schema, '' when it is valid. */
export function successSchemaErrors(op: ContractOperation, value: unknown): string {
  const schema = successMedia(op)?.schema;
  if (schema === undefined) return 'the operation has no JSON 200 schema';
  const validate = validatorOf(op.doc)(schema);
  return validate(value) ? '' : JSON.stringify(validate.errors?.slice(0, 5));
}
