// Everything the mock takes from Prism, in one place. Prism is loaded on first need
// (its import alone costs about 0.9 s), and reached through its public entries except
// for one function: the parser of `Prefer` and its `__code`/`__example` query
// fallbacks, which only @stoplight/prism-http-server's compiled files hold.
// `checkPrismAdapter()` says in plain words when an upgrade breaks what this relies on.
import { createRequire } from 'node:module';
import { addCommand } from '../lib/install-command.ts';
import type { Preferences } from './prefer.ts';
import type { LogLevel } from './request-log.ts';
import { StartError } from './start-error.ts';

/** Prism's deep module this adapter relies on, and the export it takes from it. */
export const PREFER_PARSER_MODULE = '@stoplight/prism-http-server/dist/getHttpConfigFromRequest.js';
/** The Prism release these expectations were checked on. */
export const PRISM_CHECKED_VERSION = '5.16.0';

export type { Preferences } from './prefer.ts';

export interface PrismViolation {
  path?: ReadonlyArray<string | number>;
  code?: string | number;
  message: string;
  severity: unknown;
}

export type PrismOutcome =
  | { kind: 'answer'; status: number; headers: Record<string, string>; body: unknown; input: PrismViolation[]; output: PrismViolation[] }
  | { kind: 'error'; status: number; detail: string };

export interface PrismEngine {
  /** The operations Prism read from the document (its own model). */
  operationCount: number;
  preferences(request: Pick<PrismRequest, 'headers' | 'url'>): { ok: true; value: Preferences } | { ok: false; detail: string };
  /** `template`: the path template the front routed the call to; Prism then scores only its operations. */
  request(request: PrismRequest, preferences: Preferences, template?: string): Promise<PrismOutcome>;
}

/** A request as Prism reads it. */
export interface PrismRequest {
  method: string;
  url: { path: string; query?: Record<string, string | string[]> };
  headers?: Record<string, string>;
  body?: unknown;
}

export interface PrismEngineOptions {
  /** Prism validates the request and checks security (the reference path), or trusts the front's checks. */
  validateRequest: boolean;
  logLevel: LogLevel;
  /** Where Prism's own log lines go (bounded by the caller). */
  logSink: { write(line: string): void };
}

// What the adapter calls in Prism, declared here rather than imported from Prism's own
// types: Prism is an optional peer, so the package's declarations must not need it, and
// its type tree (fp-ts and more) doubled the client compile.
interface PrismOperation {
  path: string;
}
type Either<L, R> = { _tag: 'Left'; left: L } | { _tag: 'Right'; right: R };
interface PrismInstance {
  request(request: PrismRequest, operations: PrismOperation[], config: object): () => Promise<Either<unknown, unknown>>;
}
interface PrismHttp {
  getHttpOperationsFromSpec(document: Record<string, unknown>): Promise<PrismOperation[]>;
  createInstance(config: object, components: { logger: unknown }): PrismInstance;
  ProblemJsonError: { toProblemJson(error: Error): { detail?: string } };
}
interface PrismCore {
  createLogger(name: string, options: { level: string }, sink: { write(line: string): void }): unknown;
}
interface PrismResponse {
  statusCode: number;
  headers?: Record<string, unknown>;
  body?: unknown;
}
type PreferParser = (req: Pick<PrismRequest, 'headers' | 'url'>) => Either<Error, Preferences>;

interface PrismModules {
  http: PrismHttp;
  core: PrismCore;
  parsePreferences: PreferParser;
  version: string;
}

let loading: Promise<PrismModules> | undefined;

/**
 * What a consumer installs for the features that need Prism: the adapter loads all three, so
 * all three are optional peers (under pnpm's `hoist=false` and Yarn's Plug'n'Play a package
 * reaches only what it declares, not what another package brought).
 */
export const PRISM_PACKAGES = ['@stoplight/prism-http-server', '@stoplight/prism-http', '@stoplight/prism-core'].map(
  (name) => `${name}@${PRISM_CHECKED_VERSION}`,
);

/** Loads Prism once per process; without it installed, a StartError that names the package to add. */
export function loadPrism(): Promise<PrismModules> {
  loading ??= (async () => {
    const require = createRequire(import.meta.url);
    let modules: [PrismHttp, PrismCore];
    try {
      // Specifiers held in variables: the compiler does not load Prism's types for them.
      const [httpName, coreName] = ['@stoplight/prism-http', '@stoplight/prism-core'];
      modules = [(await import(httpName)) as PrismHttp, (await import(coreName)) as PrismCore];
      require.resolve(PREFER_PARSER_MODULE);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') throw error;
      throw new StartError(
        'NEEDS_PRISM',
        `This needs Prism, which is not installed: ${addCommand(PRISM_PACKAGES, { dev: true })} (Prism declares Node 24.18 or later).`,
      );
    }
    const [http, core] = modules;
    const deep = require(PREFER_PARSER_MODULE) as { getHttpConfigFromRequest?: PreferParser };
    const parser = deep.getHttpConfigFromRequest;
    if (typeof parser !== 'function')
      throw new Error(`${PREFER_PARSER_MODULE} no longer exports getHttpConfigFromRequest: see src/mock/prism-adapter.ts`);
    const version = (require('@stoplight/prism-http/package.json') as { version: string }).version;
    return { http, core, parsePreferences: parser, version };
  })();
  // A failed load is not remembered: installing Prism while the mock runs then works.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

export async function prismVersion(): Promise<string> {
  return (await loadPrism()).version;
}

function lowerCaseHeaders(headers: Record<string, unknown> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) out[name.toLowerCase()] = String(value);
  return out;
}

export async function createPrismEngine(document: Record<string, unknown>, options: PrismEngineOptions): Promise<PrismEngine> {
  const { http, core, parsePreferences } = await loadPrism();
  const operations = await http.getHttpOperationsFromSpec(document);
  const logger = core.createLogger('MOCK', { level: options.logLevel }, options.logSink);
  const config = {
    validateRequest: options.validateRequest,
    validateResponse: false,
    checkSecurity: options.validateRequest,
    errors: false,
    mock: { dynamic: false },
    isProxy: false as const,
    upstreamProxy: undefined,
  };
  const prism = http.createInstance(config, { logger });
  // Prism's router sorts every operation on each call (55-61 % of its CPU under load);
  // handed only the routed path's operations it does a fraction of that work.
  const byTemplate = new Map<string, typeof operations>();
  for (const op of operations) byTemplate.set(op.path, [...(byTemplate.get(op.path) ?? []), op]);
  return {
    operationCount: operations.length,
    preferences(request) {
      const parsed = parsePreferences(request);
      return parsed._tag === 'Left' ? { ok: false, detail: parsed.left.message } : { ok: true, value: parsed.right };
    },
    async request(request, preferences, template) {
      const requestConfig = { ...config, mock: { ...config.mock, ...dropUndefined(preferences) } };
      const candidates = (template === undefined ? undefined : byTemplate.get(template)) ?? operations;
      const result = await prism.request(request, candidates, requestConfig)();
      if (result._tag === 'Left') {
        const error = result.left as Error & { status?: number };
        const json = http.ProblemJsonError.toProblemJson(error);
        return { kind: 'error', status: error.status ?? 500, detail: json.detail || error.message };
      }
      const { output, validations } = result.right as {
        output: PrismResponse;
        validations: { input: PrismViolation[]; output: PrismViolation[] };
      };
      return {
        kind: 'answer',
        status: output.statusCode,
        headers: lowerCaseHeaders(output.headers),
        body: output.body,
        input: validations.input,
        output: validations.output,
      };
    },
  };
}

function dropUndefined(preferences: Preferences): Preferences {
  return Object.fromEntries(Object.entries(preferences).filter(([, v]) => v !== undefined)) as Preferences;
}

/**
 * What the mock relies on in Prism, checked on a two-operation document: a message per
 * expectation that no longer holds (empty when all hold).
 */
export async function checkPrismAdapter(): Promise<string[]> {
  const problems: string[] = [];
  let modules: PrismModules;
  try {
    modules = await loadPrism();
  } catch (error) {
    return [`Prism could not be loaded as the adapter loads it: ${(error as Error).message}`];
  }
  if (modules.version !== PRISM_CHECKED_VERSION) {
    problems.push(
      `@stoplight/prism-http is ${modules.version}, the adapter was checked on ${PRISM_CHECKED_VERSION}: re-check these expectations and update PRISM_CHECKED_VERSION`,
    );
  }
  for (const name of ['createInstance', 'getHttpOperationsFromSpec', 'ProblemJsonError'] as const) {
    if (!(name in modules.http)) problems.push(`@stoplight/prism-http no longer exports ${name}`);
  }
  if (typeof modules.core.createLogger !== 'function') problems.push('@stoplight/prism-core no longer exports createLogger');
  const prefer = modules.parsePreferences({ headers: { prefer: 'code=200, example=second' }, url: { path: '/x' } });
  if (prefer._tag !== 'Right' || prefer.right.code !== 200 || prefer.right.exampleKey !== 'second') {
    problems.push(
      `getHttpConfigFromRequest no longer reads "Prefer: code=200, example=second" as { code: 200, exampleKey: 'second' }: got ${JSON.stringify(prefer)}`,
    );
  }
  const query = modules.parsePreferences({ headers: {}, url: { path: '/x', query: { __example: 'second' } } });
  if (query._tag !== 'Right' || query.right.exampleKey !== 'second')
    problems.push('getHttpConfigFromRequest no longer reads the __example query fallback');
  const bad = modules.parsePreferences({ headers: { prefer: 'code=abc' }, url: { path: '/x' } });
  if (bad._tag !== 'Left') problems.push('getHttpConfigFromRequest no longer refuses "Prefer: code=abc"');
  const sink: string[] = [];
  const engine = await createPrismEngine(probeDocument, {
    validateRequest: false,
    logLevel: 'silent',
    logSink: { write: (line) => sink.push(line) },
  });
  const plain = await engine.request({ method: 'post', url: { path: '/probe' }, headers: {} }, {});
  const expected = { kind: 'answer', status: 200, headers: { 'content-type': 'application/json' }, body: { n: 1 } };
  if (
    plain.kind !== 'answer' ||
    JSON.stringify({ kind: plain.kind, status: plain.status, headers: plain.headers, body: plain.body }) !== JSON.stringify(expected)
  ) {
    problems.push(`Prism's default answer is no longer its first example with a lower-case content-type: got ${JSON.stringify(plain)}`);
  }
  const second = await engine.request({ method: 'post', url: { path: '/probe' }, headers: {} }, { exampleKey: 'second' });
  if (second.kind !== 'answer' || JSON.stringify(second.body) !== JSON.stringify({ n: 2 }))
    problems.push(`Prism no longer answers a named example: got ${JSON.stringify(second)}`);
  const missing = await engine.request({ method: 'post', url: { path: '/probe' }, headers: {} }, { exampleKey: 'nope' });
  if (missing.kind !== 'error' || missing.status !== 404)
    problems.push(`Prism no longer answers 404 for an unknown example name: got ${JSON.stringify(missing)}`);
  return problems;
}

const probeDocument = {
  openapi: '3.1.0',
  info: { title: 'adapter probe', version: '1' },
  paths: {
    '/probe': {
      post: {
        operationId: 'probe',
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': { schema: { type: 'object' }, examples: { first: { value: { n: 1 } }, second: { value: { n: 2 } } } },
            },
          },
        },
      },
    },
  },
};
