// An integrator's own pairs from fixtures in Specmatic's external example format
// (`{"http-request": {method, path, headers, body}, "http-response": {status, headers, body}}`),
// so one set of files serves both tools. Each fixture is one pair, named by its file name; its
// request routes to an operation, its body is checked against the request schema, its status
// must be one the operation declares and its answer body must fit that status's schema (where
// the caller can check it); its answer must be one HTTP sends as written (header names and
// values, a string body for a type that is not JSON), its bodies within LIMITS. One invalid
// fixture refuses them all, naming the file, the field and the rule, never the value: nothing
// is half-loaded. Calls are matched on the request body (pairs.ts); request
// headers are not compared (the developer headers are credentials). No Node module: the MSW
// handlers read fixtures a page hands in (`import.meta.glob`) the same way; fixtures.ts reads
// a folder in Node.
import { limitBroken, LIMITS } from '../lib/limits.ts';
import { isObject, type JsonObject } from '../lib/refs.ts';
import { isJsonType, routeKey, serializeAnswer } from './answer-keys.ts';
import type { BodyCheck } from './body-check.ts';
import { conditionsOf, type ExamplePair } from './pairs.ts';
import type { MockOperation, RouteTable } from './routes.ts';
import { StartError } from './start-error.ts';

/** Pairs by operation (`routeKey`), in file-name order. */
export type FixturePairs = ReadonlyMap<string, readonly ExamplePair[]>;

/** How a fixture's bodies are checked: the request's always; the answer's where its schema is at hand. */
export interface FixtureChecks {
  request(op: MockOperation, body: unknown): BodyCheck | undefined;
  response?(op: MockOperation, status: number, body: unknown): BodyCheck | undefined;
}

/** One fixture as read: its pair's name, where it came from (for messages), its JSON. */
export interface FixtureSource {
  name: string;
  where: string;
  json: unknown;
}

/** Why one fixture is refused: where it came from, and the field and the rule it breaks (never its value: a fixture may hold a password). */
export interface FixtureFault {
  where: string;
  fault: string;
}

/** Refusals listed at most: a folder of two thousand broken files still makes a message one can read. */
export const LISTED_FAULTS = 100;

/** Headers of an answer's framing, never taken from a fixture. */
const FRAMING = new Set(['content-length', 'transfer-encoding']);

/** A header name as HTTP has it (RFC 9110, 5.6.2: a token); Node's writeHead and fetch's Headers refuse any other. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/**
 * A character a header value cannot carry as written: a control but tab (CR and LF among them:
 * Node's writeHead and fetch's Headers refuse them), and any past ASCII (past U+00FF they refuse
 * it too; below, Node sends it as UTF-8 bytes a client reads back as Latin-1, so `ação` arrives as `aÃ§Ã£o`).
 */
const UNSENDABLE_IN_HEADER = /[^\t\x20-\x7e]/;

/**
 * A fixture's name as a header value (`x-mock-example`): printable ASCII as it is, every other
 * character (and `%`, and a space at either end) percent-encoded as UTF-8, so
 * `decodeURIComponent` gives the file name back and no name makes the answer fail.
 */
export function headerSafeName(name: string): string {
  return name
    .toWellFormed()
    .replace(/[^\x20-\x24\x26-\x7e]/gu, (char) => encodeURIComponent(char))
    .replace(/^ | $/g, '%20');
}

/** A file's name in a message: as it is, or JSON-quoted when it holds a control character (a CR or LF would forge a line). */
const shownWhere = (where: string): string => (/\p{Cc}/u.test(where) ? JSON.stringify(where) : where);

/**
 * The first violation of a check, as `field: rule (keyword)`. Worded from the schema alone:
 * the validator's extras that quote the fixture (an unexpected key's name) are dropped.
 */
function firstViolation(prefix: string, check: BodyCheck): string {
  const v = check.listed[0];
  if (!v) return `${prefix}: does not fit the schema`;
  const segments = v.location.slice(2);
  const field = `${prefix}${segments.length > 0 ? `.${segments.join('.')}` : ''}`;
  const subject = v.location[0] === 'response' ? 'Response body' : 'Request body';
  const lead = `${subject} ${segments.length > 0 ? `property ${segments.join('.').trim()} ` : ''}`;
  let rule = v.message.startsWith(lead) ? v.message.slice(lead.length) : v.message;
  if (v.code === 'additionalProperties' || v.code === 'unevaluatedProperties') {
    rule = rule.replace(/(?:; found |: )'[\s\S]*'$/u, '');
    rule += ' (a key the schema does not name; not quoted, as a key may hold a secret)';
  }
  return `${field}: ${rule}${v.code ? ` (${v.code})` : ''}`;
}

/** The JSON type of a value, for a message that names it without quoting it. */
const typeOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `a ${typeof value}`;

/** The answer's headers as the mock sends them, or the faults of those HTTP would refuse (named by header, the value never quoted). */
function answerHeadersOf(headers: JsonObject, faults: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  let position = 0;
  for (const [header, value] of Object.entries(headers)) {
    position++;
    if (!HEADER_NAME.test(header)) {
      // The name is not quoted either: a key may be a value written in the wrong place.
      faults.push(`http-response.headers: header ${position} has a name that is not an HTTP token (RFC 9110, 5.6.2)`);
      continue;
    }
    if (typeof value !== 'string') faults.push(`http-response.headers.${header}: must be a string, not ${typeOf(value)}`);
    else if (UNSENDABLE_IN_HEADER.test(value))
      faults.push(
        `http-response.headers.${header}: holds a character a header cannot carry as written (only tab and printable ASCII: no CR, LF or other control character, nothing past ASCII)`,
      );
    // The body's length is the sender's to state (a stated one may be another body's).
    else if (!FRAMING.has(header.toLowerCase())) out[header.toLowerCase()] = value;
  }
  return out;
}

/** One fixture read as a pair of `routes`, or the reasons it is refused: each names the field and the rule, never the value. */
export function readFixture(
  name: string,
  json: unknown,
  routes: RouteTable,
  check: FixtureChecks,
): { key: string; pair: ExamplePair } | { faults: string[] } {
  if (!isObject(json)) return { faults: ['the file must hold a JSON object with "http-request" and "http-response"'] };
  const request = json['http-request'];
  const response = json['http-response'];
  const faults: string[] = [];
  if (!isObject(request)) faults.push('http-request: must be an object');
  if (!isObject(response)) faults.push('http-response: must be an object');
  if (!isObject(request) || !isObject(response)) return { faults };
  // Bounded as the mock bounds a call's body, before any walk of it: a schema check or a copy of a hostile depth would exhaust the stack.
  const requestLimit = limitBroken(request.body);
  const responseLimit = limitBroken(response.body, { depth: LIMITS.depth, stringChars: Number.POSITIVE_INFINITY });
  if (requestLimit) faults.push(`http-request.body: ${requestLimit.detail} (LIMITS.${requestLimit.limit})`);
  if (responseLimit) faults.push(`http-response.body: ${responseLimit.detail} (LIMITS.${responseLimit.limit})`);
  if (requestLimit || responseLimit) return { faults };
  const method = typeof request.method === 'string' ? request.method.toLowerCase() : undefined;
  if (!method) faults.push('http-request.method: must be a string');
  if (typeof request.path !== 'string' || !request.path.startsWith('/'))
    return { faults: [...faults, 'http-request.path: must be a path starting with /'] };
  const pathname = request.path.split('?')[0] as string;
  const match = routes.lookup(pathname);
  // The path is not quoted: a password sent as a path segment is one the mock's log redacts too.
  if (!match) return { faults: [...faults, 'http-request.path: no operation of the served families is at this path'] };
  const op = method ? match.byMethod.get(method) : undefined;
  if (!op) {
    if (method)
      faults.push(
        `http-request.method: the operation at this path answers ${[...match.byMethod.keys()].map((m) => m.toUpperCase()).join(', ')} only`,
      );
    return { faults };
  }
  if (request.headers !== undefined && !isObject(request.headers)) faults.push('http-request.headers: must be an object');
  const requestCheck = check.request(op, request.body);
  if (requestCheck) faults.push(firstViolation('http-request.body', requestCheck));
  const status = response.status;
  const declared = typeof status === 'number' && op.declaredStatuses.includes(status);
  if (!declared)
    faults.push(
      `http-response.status: ${typeof status === 'number' ? 'is not' : `must be a number, not ${typeOf(status)}:`} a status ${op.method.toUpperCase()} ${op.template} declares (${op.declaredStatuses.join(', ')})`,
    );
  const headers = response.headers ?? {};
  const answerHeaders = isObject(headers) ? answerHeadersOf(headers, faults) : {};
  if (!isObject(headers)) faults.push('http-response.headers: must be an object of strings');
  if (response.body !== undefined) answerHeaders['content-type'] ??= 'application/json';
  const contentType = answerHeaders['content-type'] ?? '';
  // Sent as text, an object would answer `[object Object]` on every matching call.
  if (response.body !== undefined && !isJsonType(contentType) && typeof response.body !== 'string')
    faults.push(`http-response.body: must be a string, as the answer's Content-Type is not JSON; this is ${typeOf(response.body)}`);
  // The contract's answer schemas are of JSON: a text answer has none to fit.
  else if (declared && response.body !== undefined && isJsonType(contentType)) {
    const responseCheck = check.response?.(op, status, response.body);
    if (responseCheck) faults.push(firstViolation('http-response.body', responseCheck));
  }
  const conditions = conditionsOf(request.body);
  if (!conditions.ok) faults.push(`http-request.body: ${conditions.detail}`);
  if (faults.length > 0 || !conditions.ok) return { faults };
  return {
    key: routeKey(op.method, op.template),
    pair: {
      name: headerSafeName(name),
      status: status as number,
      conditions: conditions.conditions,
      answer: serializeAnswer(status as number, answerHeaders, response.body),
    },
  };
}

/**
 * The refusal of a set of fixtures: every fault, one line each naming its file, up to
 * LISTED_FAULTS of them, and how many files are refused in all (`note`: a fault of the whole
 * folder, such as its size).
 */
export function fixtureRefusal(faults: readonly FixtureFault[], note?: string): StartError {
  const files = new Set(faults.map((f) => f.where)).size;
  const lines = faults.slice(0, LISTED_FAULTS).map((f) => `${shownWhere(f.where)}: ${f.fault}`);
  if (faults.length > LISTED_FAULTS) lines.push(`… and ${faults.length - LISTED_FAULTS} more not listed`);
  const head =
    files === 0 ? 'examples: the fixtures are refused' : `examples: ${files === 1 ? 'a fixture is' : `${files} fixtures are`} refused`;
  return new StartError(
    'BAD_OPTION',
    `${head}, none loaded${note ? ` (${note})` : ''}:${lines.length > 0 ? `\n  ${lines.join('\n  ')}` : ''}`,
  );
}

/**
 * Every fixture as pairs of the operations `routes` serves, or a StartError listing every
 * refused one (`refused`: faults found before, such as a file that is not JSON). One refused
 * fixture refuses them all: nothing is half-loaded.
 */
export function fixturePairsOf(
  sources: readonly FixtureSource[],
  routes: RouteTable,
  check: FixtureChecks,
  refused: readonly FixtureFault[] = [],
): FixturePairs {
  const pairs = new Map<string, ExamplePair[]>();
  const faults = [...refused];
  for (const source of sources) {
    const read = readFixture(source.name, source.json, routes, check);
    if ('faults' in read) faults.push(...read.faults.map((fault) => ({ where: source.where, fault })));
    else pairs.set(read.key, [...(pairs.get(read.key) ?? []), read.pair]);
  }
  if (faults.length > 0) throw fixtureRefusal(faults);
  return pairs;
}

/**
 * Fixtures handed in as an object, as a bundler's glob import gives them
 * (`import.meta.glob('./fixtures/*.json', { eager: true, import: 'default' })`): each key a
 * file's path, its pair named by the file name without `.json`. A module namespace
 * (`{ default: … }`, the glob without `import: 'default'`) is read as its default export.
 */
export function fixtureSourcesOf(fixtures: Readonly<Record<string, unknown>>): FixtureSource[] {
  return Object.keys(fixtures)
    .sort()
    .map((key) => {
      const value = fixtures[key];
      const json = isObject(value) && !('http-request' in value) && 'default' in value && isObject(value.default) ? value.default : value;
      const name = key.slice(key.lastIndexOf('/') + 1).replace(/\.json$/i, '');
      return { name, where: key, json };
    });
}

/** The pairs a call may match: the fixtures' first (the integrator's own), then the document's. */
export function withFixtures(fixtures: FixturePairs | undefined): ((op: MockOperation) => readonly ExamplePair[]) | undefined {
  if (!fixtures || fixtures.size === 0) return undefined;
  const merged = new WeakMap<MockOperation, readonly ExamplePair[]>();
  return (op) => {
    let pairs = merged.get(op);
    if (!pairs) {
      const own = fixtures.get(routeKey(op.method, op.template));
      pairs = own ? [...own, ...op.pairs] : op.pairs;
      merged.set(op, pairs);
    }
    return pairs;
  };
}
