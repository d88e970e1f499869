// Named example pairs: in one operation, a request-body example and a response example of the
// same name under one status (the convention Microcks and Specmatic read). A call whose body
// holds every scalar of the request example at the same place gets that pair's answer. What
// is compared is worked out once per example (its conditions), so a call costs a walk of the
// few values each pair names. No Node module: the MSW handlers and any caller of the core
// (decide.ts) in a browser read pairs the same way.
import { isSecretField } from '../secret-fields.ts';
import { followRefs, isObject, type JsonObject } from '../lib/refs.ts';

/** The answer header naming the pair a call got. */
export const EXAMPLE_HEADER = 'x-mock-example';
/** On a request example: the JSON Pointers (into the example's value) that must match, in place of every scalar. */
export const MATCH_EXTENSION = 'x-mock-match';

export type Scalar = string | number | boolean | null;

/** One value a call must hold: at `path` (keys and array indices), equal to `value`. */
export interface PairCondition {
  readonly path: readonly string[];
  readonly value: Scalar;
}

/** An answer sent as is (a fixture's own), as the core sends any ready answer. */
export interface PairAnswer {
  status: number;
  headers: Record<string, string>;
  body?: string;
}

export interface ExamplePair {
  readonly name: string;
  readonly status: number;
  readonly conditions: readonly PairCondition[];
  /** A fixture's own answer; absent for a pair of the document, whose answer is its rendered example. */
  readonly answer?: PairAnswer;
}

/** Credentials are never compared: the login, the password, the tokens (secret-fields.ts), under any case. */
export function isCredentialField(key: string): boolean {
  return key.toLowerCase() === 'login' || isSecretField(key);
}

/** A JSON Pointer's segments (RFC 6901), or undefined when it is not one. */
export function pointerSegments(pointer: string): string[] | undefined {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return undefined;
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function valueAt(value: unknown, path: readonly string[]): { found: boolean; value?: unknown } {
  let node = value;
  for (const key of path) {
    if (Array.isArray(node)) {
      if (!/^(?:0|[1-9]\d*)$/.test(key) || Number(key) >= node.length) return { found: false };
      node = node[Number(key)];
    } else if (isObject(node) && Object.hasOwn(node, key)) node = node[key];
    else return { found: false };
  }
  return { found: true, value: node };
}

/** Every scalar under `value`, at its path, credentials left out. */
function scalarsOf(value: unknown, path: string[], out: PairCondition[], depth = 0): PairCondition[] {
  if (depth > 64) return out;
  if (value === null || typeof value !== 'object') {
    out.push({ path, value: value as Scalar });
    return out;
  }
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) scalarsOf(item, [...path, String(i)], out, depth + 1);
  } else for (const [key, inner] of Object.entries(value)) if (!isCredentialField(key)) scalarsOf(inner, [...path, key], out, depth + 1);
  return out;
}

/** A copy of a request example's value without its credentials: what a pair compares, and all a compiled contract ships of it. */
export function withoutCredentials(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > 64) return value;
  if (Array.isArray(value)) return value.map((item) => withoutCredentials(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !isCredentialField(key))
      .map(([key, inner]) => [key, withoutCredentials(inner, depth + 1)]),
  );
}

/** The same text for two lists of conditions that match exactly the same calls. */
export const conditionKey = (conditions: readonly PairCondition[]): string =>
  JSON.stringify(conditions.map((c) => [c.path, c.value]).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1)));

export type Conditions = { ok: true; conditions: PairCondition[] } | { ok: false; detail: string };

/**
 * What a call must hold to match a request example: every scalar of its value, or (with
 * `x-mock-match`) every scalar under each pointer. A pointer that resolves to nothing, or to
 * credentials only, is refused.
 */
export function conditionsOf(value: unknown, match?: unknown): Conditions {
  if (match === undefined) return { ok: true, conditions: scalarsOf(value, [], []) };
  if (!Array.isArray(match) || match.some((p) => typeof p !== 'string'))
    return { ok: false, detail: `${MATCH_EXTENSION} must be a list of JSON Pointers` };
  const conditions: PairCondition[] = [];
  for (const pointer of match as string[]) {
    const path = pointerSegments(pointer);
    if (!path) return { ok: false, detail: `${MATCH_EXTENSION} ${JSON.stringify(pointer)} is not a JSON Pointer` };
    const at = valueAt(value, path);
    if (!at.found) return { ok: false, detail: `${MATCH_EXTENSION} ${JSON.stringify(pointer)} resolves to nothing in the request example` };
    const found = path.some(isCredentialField) ? [] : scalarsOf(at.value, path, []);
    if (found.length === 0)
      return {
        ok: false,
        detail: `${MATCH_EXTENSION} ${JSON.stringify(pointer)} names no value to compare (credentials are never compared)`,
      };
    conditions.push(...found);
  }
  return { ok: true, conditions };
}

/** Whether the body holds every condition. */
function holds(conditions: readonly PairCondition[], body: unknown): boolean {
  for (const { path, value } of conditions) {
    let node = body;
    for (const key of path) {
      if (node === null || typeof node !== 'object') return false;
      node = (node as Record<string, unknown>)[key];
    }
    if (node !== value) return false;
  }
  return true;
}

/** The pair a body matches: the one with the most matched values, then the first listed. */
export function choosePair(pairs: readonly ExamplePair[], body: unknown): ExamplePair | undefined {
  let chosen: ExamplePair | undefined;
  for (const pair of pairs)
    if ((!chosen || pair.conditions.length > chosen.conditions.length) && holds(pair.conditions, body)) chosen = pair;
  return chosen;
}

/** A request example as the document writes it: its name, value and `x-mock-match`. */
export interface RequestExample {
  name: string;
  value: unknown;
  match?: unknown;
}

/** The operation's request examples (its JSON body's), refs followed. */
export function requestExamplesOf(doc: JsonObject, operation: JsonObject): RequestExample[] {
  const body = followRefs(doc, operation.requestBody);
  const content = isObject(body) && isObject(body.content) ? body.content : {};
  const media = followRefs(doc, content['application/json']);
  const examples = isObject(media) && isObject(media.examples) ? media.examples : {};
  return Object.entries(examples).flatMap(([name, raw]) => {
    const example = followRefs(doc, raw);
    if (!isObject(example) || !('value' in example)) return [];
    return [{ name, value: example.value, ...(example[MATCH_EXTENSION] === undefined ? {} : { match: example[MATCH_EXTENSION] }) }];
  });
}

/**
 * The operation's pairs, in document order: each request example whose name one declared
 * status's JSON answer also names. Examples that break the rules (pairs-check.ts) are left
 * out here; the build refuses them.
 */
export function documentPairsOf(
  requestExamples: readonly RequestExample[],
  exampleNames: ReadonlyMap<number, readonly string[]>,
): ExamplePair[] {
  const pairs: ExamplePair[] = [];
  for (const example of requestExamples) {
    const statuses = [...exampleNames].filter(([, names]) => names.includes(example.name)).map(([status]) => status);
    if (statuses.length !== 1) continue;
    const read = conditionsOf(example.value, example.match);
    if (read.ok) pairs.push({ name: example.name, status: statuses[0] as number, conditions: read.conditions });
  }
  return pairs;
}
