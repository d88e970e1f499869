// An integrator's own pairs, from a folder of JSON files in Specmatic's external example
// format (`{"http-request": {method, path, headers, body}, "http-response": {status, headers,
// body}}`), so one folder serves both tools. Each file is one pair, named by its file name; its
// request routes to an operation, its body is checked against the request schema, its status
// must be one the operation declares and its answer body must fit that status's schema. One
// invalid file refuses the whole folder, naming the file and the field: nothing is half-loaded.
// Calls are matched on the request body (pairs.ts); request headers are not compared (the
// developer headers are credentials).
import { readdir, readFile } from 'node:fs/promises';
import { bundleFile, PACKAGE_ROOT } from '../lib/layout.ts';
import path from 'node:path';
import { followRefs, isObject, type JsonObject } from '../lib/refs.ts';
import { routeKey } from './answer-keys.ts';
import { serializeAnswer } from './answers.ts';
import { jsonSyntaxReason } from './body-text.ts';
import { conditionsOf, type ExamplePair } from './pairs.ts';
import { type MockOperation, RouteTable } from './routes.ts';
import { StartError } from './start-error.ts';
import { compileBodyValidator, compileSchemaValidator, validatorCompilers, type BodyCheck } from './validators.ts';

/** Pairs by operation (`routeKey`), in file-name order. */
export type FixturePairs = ReadonlyMap<string, readonly ExamplePair[]>;

/** The first violation of a check, as `field: message`. */
function firstViolation(prefix: string, check: BodyCheck): string {
  const v = check.listed[0];
  if (!v) return `${prefix}: does not fit the schema`;
  const where = v.location.slice(2).join('.');
  return `${prefix}${where ? `.${where}` : ''}: ${v.message}`;
}

function responseSchema(op: MockOperation, status: number): unknown {
  const spec = op.responses.find((r) => r.code === String(status));
  return spec?.contents.find((c) => c.mediaType.toLowerCase() === 'application/json')?.schema;
}

/** One file read as a pair of `routes`, or the reasons it is refused. */
function readFixture(
  name: string,
  json: unknown,
  routes: RouteTable,
  check: {
    request(op: MockOperation, body: unknown): BodyCheck | undefined;
    response(op: MockOperation, status: number, body: unknown): BodyCheck | undefined;
  },
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
    const responseCheck = check.response(op, status, response.body);
    if (responseCheck) faults.push(firstViolation('http-response.body', responseCheck));
  }
  const conditions = conditionsOf(request.body);
  if (!conditions.ok) faults.push(`http-request.body: ${conditions.detail}`);
  if (faults.length > 0 || !conditions.ok) return { faults };
  const answerHeaders: Record<string, string> = {};
  for (const [header, value] of Object.entries(headers as JsonObject)) answerHeaders[header.toLowerCase()] = value as string;
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
 * Every `*.json` file of `dir` as pairs of the operations `routes` serves (built from
 * `documents`, whose schemas check them). Throws a StartError listing every refused file.
 */
export async function loadFixtures(dir: string, routes: RouteTable, documents: ReadonlyArray<{ doc: unknown }>): Promise<FixturePairs> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  } catch {
    throw new StartError('MISSING_FILE', `examples: no folder ${dir} to read fixtures from.`);
  }
  const compilers = validatorCompilers(documents);
  const requestValidators = new Map<MockOperation, ReturnType<typeof compileBodyValidator>>();
  const check = {
    request(op: MockOperation, body: unknown) {
      let validator = requestValidators.get(op);
      if (!validator) {
        validator = compileBodyValidator(compilers, op);
        requestValidators.set(op, validator);
      }
      return validator(body);
    },
    response(op: MockOperation, status: number, body: unknown) {
      const schema = responseSchema(op, status);
      if (schema === undefined) return undefined;
      return compileSchemaValidator(compilers, op.doc, followRefs(op.doc, schema), 'response')(body);
    },
  };
  const pairs = new Map<string, ExamplePair[]>();
  const refused: string[] = [];
  for (const file of names) {
    const where = path.join(dir, file);
    let json: unknown;
    try {
      json = JSON.parse(await readFile(where, 'utf8'));
    } catch (error) {
      // The reason, never the text around it: a fixture may hold a password.
      refused.push(`${where}: not JSON (${jsonSyntaxReason(error as Error)})`);
      continue;
    }
    const read = readFixture(path.basename(file, '.json'), json, routes, check);
    if ('faults' in read) refused.push(...read.faults.map((fault) => `${where}: ${fault}`));
    else pairs.set(read.key, [...(pairs.get(read.key) ?? []), read.pair]);
  }
  if (refused.length > 0)
    throw new StartError(
      'BAD_OPTION',
      `examples: ${refused.length === 1 ? 'a fixture is' : 'fixtures are'} refused, none loaded:\n  ${refused.join('\n  ')}`,
    );
  return pairs;
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

/** The fixtures of a folder checked against the package's own bundles (these document ids): the MSW handlers' loader, in Node. */
export async function loadFixturesOfBundles(dir: string, documentIds: readonly string[]): Promise<FixturePairs> {
  const documents = await Promise.all(
    documentIds.map(async (id) => ({ id, doc: JSON.parse(await readFile(bundleFile(PACKAGE_ROOT, id), 'utf8')) as JsonObject })),
  );
  return loadFixtures(path.resolve(dir), new RouteTable(documents), documents);
}
