// An integrator's own pairs from fixtures in Specmatic's external example format
// (`{"http-request": {method, path, headers, body}, "http-response": {status, headers, body}}`),
// so one set of files serves both tools. Each fixture is one pair, named by its file name; its
// request routes to an operation, its body is checked against the request schema, its status
// must be one the operation declares and its answer body must fit that status's schema (where
// the caller can check it). One invalid fixture refuses them all, naming the file and the
// field: nothing is half-loaded. Calls are matched on the request body (pairs.ts); request
// headers are not compared (the developer headers are credentials). No Node module: the MSW
// handlers read fixtures a page hands in (`import.meta.glob`) the same way; fixtures.ts reads
// a folder in Node.
import { isObject, type JsonObject } from '../lib/refs.ts';
import { routeKey, serializeAnswer } from './answer-keys.ts';
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

/** Headers of an answer's framing, never taken from a fixture. */
const FRAMING = new Set(['content-length', 'transfer-encoding']);

/** The first violation of a check, as `field: message`. */
function firstViolation(prefix: string, check: BodyCheck): string {
  const v = check.listed[0];
  if (!v) return `${prefix}: does not fit the schema`;
  const where = v.location.slice(2).join('.');
  return `${prefix}${where ? `.${where}` : ''}: ${v.message}`;
}

/** One fixture read as a pair of `routes`, or the reasons it is refused. */
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
  const method = typeof request.method === 'string' ? request.method.toLowerCase() : undefined;
  if (!method) faults.push('http-request.method: must be a string');
  if (typeof request.path !== 'string' || !request.path.startsWith('/'))
    return { faults: [...faults, 'http-request.path: must be a path starting with /'] };
  const pathname = request.path.split('?')[0] as string;
  const match = routes.lookup(pathname);
  if (!match) return { faults: [...faults, `http-request.path: no operation at ${pathname}`] };
  const op = method ? match.byMethod.get(method) : undefined;
  if (!op) {
    if (method)
      faults.push(
        `http-request.method: ${pathname} answers ${[...match.byMethod.keys()].map((m) => m.toUpperCase()).join(', ')}, not ${method.toUpperCase()}`,
      );
    return { faults };
  }
  if (request.headers !== undefined && !isObject(request.headers)) faults.push('http-request.headers: must be an object');
  const requestCheck = check.request(op, request.body);
  if (requestCheck) faults.push(firstViolation('http-request.body', requestCheck));
  const status = response.status;
  if (typeof status !== 'number' || !op.declaredStatuses.includes(status))
    faults.push(
      `http-response.status: ${JSON.stringify(status)} is not a status ${op.method.toUpperCase()} ${op.template} declares (${op.declaredStatuses.join(', ')})`,
    );
  const headers = response.headers ?? {};
  if (!isObject(headers) || Object.values(headers).some((v) => typeof v !== 'string'))
    faults.push('http-response.headers: must be an object of strings');
  if (typeof status === 'number' && op.declaredStatuses.includes(status) && response.body !== undefined) {
    const responseCheck = check.response?.(op, status, response.body);
    if (responseCheck) faults.push(firstViolation('http-response.body', responseCheck));
  }
  const conditions = conditionsOf(request.body);
  if (!conditions.ok) faults.push(`http-request.body: ${conditions.detail}`);
  if (faults.length > 0 || !conditions.ok) return { faults };
  const answerHeaders: Record<string, string> = {};
  // The body's length is the sender's to state (a stated one may be another body's).
  for (const [header, value] of Object.entries(headers as JsonObject))
    if (!FRAMING.has(header.toLowerCase())) answerHeaders[header.toLowerCase()] = value as string;
  if (response.body !== undefined) answerHeaders['content-type'] ??= 'application/json';
  return {
    key: routeKey(op.method, op.template),
    pair: {
      name,
      status: status as number,
      conditions: conditions.conditions,
      answer: serializeAnswer(status as number, answerHeaders, response.body),
    },
  };
}

/**
 * Every fixture as pairs of the operations `routes` serves, or a StartError listing every
 * refused one (`refused`: faults found before, such as a file that is not JSON).
 */
export function fixturePairsOf(
  sources: readonly FixtureSource[],
  routes: RouteTable,
  check: FixtureChecks,
  refused: string[] = [],
): FixturePairs {
  const pairs = new Map<string, ExamplePair[]>();
  const faults = [...refused];
  for (const source of sources) {
    const read = readFixture(source.name, source.json, routes, check);
    if ('faults' in read) faults.push(...read.faults.map((fault) => `${source.where}: ${fault}`));
    else pairs.set(read.key, [...(pairs.get(read.key) ?? []), read.pair]);
  }
  if (faults.length > 0)
    throw new StartError(
      'BAD_OPTION',
      `examples: ${faults.length === 1 ? 'a fixture is' : 'fixtures are'} refused, none loaded:\n  ${faults.join('\n  ')}`,
    );
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
