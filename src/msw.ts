// Entry point `./msw`: request handlers for MSW 2 or 3 (Mock Service Worker, an optional peer
// dependency) that answer as the mock answers, in Node (`setupServer`) and in a browser
// (`setupWorker`). They are an adapter: the decisions are the mock's (mock/decide.ts), on the
// contract the build compiled ahead of time (generated/msw/), so no validator is compiled in the
// page and no Node module is loaded (an `examples` folder is read in Node only; fixtures handed in are read anywhere). Not served here: `Prefer: dynamic=true` (Prism's generator:
// 501) and the replay of the certification flows on their own route (`startMock({ flows: true })`); in Node, `observed`
// with `flows` answers the booking flow as `mock --observed --flows` does (the legacy route's exact captures replayed, the rest stateful).
import type { RequestHandler } from 'msw';
import { addCommand } from './lib/install-command.ts';
import { LIMITS } from './lib/limits.ts';
import { CompiledContract, type CompiledDocument, compiledDecider } from './mock/compiled.ts';
import { CORS_ALLOWED_HEADERS, CORS_ALLOWED_METHODS, CORS_MAX_AGE_SECONDS } from './mock/cors.ts';
import { type Decision, engineUnavailable, refusal } from './mock/decide.ts';
import { problem, TOO_LARGE_DETAIL } from './mock/problem.ts';
import type { MockResponder } from './mock/responder.ts';

export type { MockCall, MockDecision, MockResponder } from './mock/responder.ts';
export type { Problem, Violation } from './mock/problem.ts';

/** The route families, as the mock names them. */
export const MSW_FAMILIES = ['v2-pt', 'legacy', 'v1', 'v2-en', 'v3'] as const;
export type MswFamily = (typeof MSW_FAMILIES)[number];

/** Each document's compiled contract, loaded on first need (a bundler makes one chunk of each). */
const LOADERS: Record<string, () => Promise<{ default: unknown }>> = {
  'v2-pt': () => import('../generated/msw/v2-pt.js'),
  'v2-pt-observed': () => import('../generated/msw/v2-pt-observed.js'),
  legacy: () => import('../generated/msw/legacy.js'),
  'legacy-observed': () => import('../generated/msw/legacy-observed.js'),
  v1: () => import('../generated/msw/v1.js'),
  'v2-en': () => import('../generated/msw/v2-en.js'),
  v3: () => import('../generated/msw/v3.js'),
};
const OBSERVED: Partial<Record<MswFamily, string>> = { 'v2-pt': 'v2-pt-observed', legacy: 'legacy-observed' };

export interface HandlerOptions {
  /** Route families to answer (default: every one). */
  families?: readonly MswFamily[];
  /** Answer v2-pt and legacy from their observed flavours. */
  observed?: boolean;
  /**
   * Where the handlers listen, e.g. `https://sandbox.example` or `http://localhost:5173/api-base`.
   * Default: each family's server with its variables' defaults (`https://sandbox.invalid`, the
   * legacy route at `https://legacy.invalid`), as the generated docs show them.
   */
  baseUrl?: string;
  /** Replay the observed flavour's behaviours (default true), as `startMock({ behaviours })`. */
  behaviours?: boolean;
  /** Answers from state, asked only for a call that passed validation, as `startMock({ respond })`. */
  respond?: MockResponder;
  /**
   * With `observed`, in Node only (it reads the captured flows): the stateful observed mock answers
   * the booking flow for any search, as `startMock({ observed: true, flows: true })` does (docs/flows.md).
   * A `respond` given is asked instead.
   */
  flows?: boolean;
  /**
   * An integrator's own fixtures in Specmatic's external example format, as `startMock({ examples })`:
   * a folder's path (Node only: it reads files), or the fixtures themselves, file path → JSON, as a
   * bundler's glob import gives them, in a page too:
   * `import.meta.glob('./fixtures/*.json', { eager: true, import: 'default' })`. Checked when the
   * handlers are made, and refused whole, naming the file and the field, when one is wrong. In Node
   * both bodies are checked against their schemas; in a page, the route, the request body (with
   * the validators the handlers run) and the status, not the answer body: a page holds no answer
   * schemas (`mock --examples` or a test in Node checks the same files whole).
   */
  examples?: string | Readonly<Record<string, unknown>>;
}

/** Where the fixtures' full checks run: Node, where the bundles and ajv are at hand. */
const IN_NODE = typeof process !== 'undefined' && typeof process.versions?.node === 'string';

/** The Node loader (src/mock/fixtures.ts). Its path is computed, so a bundler making a page's chunks never follows it into Node's file system modules. */
async function nodeFixtures() {
  const loader = new URL(`./mock/fixtures${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url).href;
  return (await import(/* @vite-ignore */ loader)) as typeof import('./mock/fixtures.ts');
}

/** The stateful observed mock (src/mock/stateful/load.ts), by a computed path as the fixtures' loader. */
async function statefulResponder(behaviours: boolean): Promise<MockResponder> {
  if (!IN_NODE) throw new TypeError('flows: the stateful observed mock reads the captured flows, in Node only');
  const loader = new URL(`./mock/stateful/load${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url).href;
  const { loadObservedFlows } = (await import(/* @vite-ignore */ loader)) as typeof import('./mock/stateful/load.ts');
  const flows = loadObservedFlows(undefined, behaviours);
  return (call) => flows.respond(call);
}

/** The fixtures' pairs: a folder read in Node, or fixtures handed in, checked in Node in full and in a page by the compiled contract. */
async function fixturePairs(examples: NonNullable<HandlerOptions['examples']>, ids: readonly string[], documents: CompiledDocument[]) {
  if (typeof examples === 'string') {
    if (!IN_NODE)
      throw new TypeError('examples: a folder is read in Node only; in a page, hand in the fixtures themselves (import.meta.glob)');
    const { loadFixturesOfBundles, withFixtures } = await nodeFixtures();
    return withFixtures(await loadFixturesOfBundles(examples, ids));
  }
  if (typeof examples !== 'object' || examples === null || Array.isArray(examples))
    throw new TypeError('examples must be the path of a folder of fixtures, or the fixtures as an object of file name to JSON');
  // Loaded only when fixtures are given: a bundler makes a chunk of its own of it.
  const { fixturePairsOf, fixtureSourcesOf, withFixtures } = await import('./mock/fixture-read.ts');
  const sources = fixtureSourcesOf(examples);
  if (IN_NODE) return withFixtures(await (await nodeFixtures()).checkFixturesOfBundles(sources, ids));
  const contract = new CompiledContract(documents);
  return withFixtures(fixturePairsOf(sources, contract.routes, { request: (op, body) => contract.validatorOf(op)(body) }));
}

function checkBaseUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TypeError(
      `baseUrl must be an absolute URL, such as https://sandbox.example, not ${JSON.stringify(String(baseUrl).slice(0, 100))}`,
    );
  }
  if (url.search || url.hash) throw new TypeError('baseUrl must not carry a query or a fragment');
  return url;
}

function headersOf(request: Request): Record<string, string> {
  const out: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    out[name] = value;
  });
  return out;
}

type Msw = typeof import('msw');

/** msw, an optional peer, loaded when handlers are made: without it, one line saying what to install rather than a bare ERR_MODULE_NOT_FOUND at import. */
async function loadMsw(): Promise<Msw> {
  try {
    return await import('msw');
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if ((code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') || !String(message).includes('msw')) throw error;
    // msw 3 needs Node 22.12 or later: an older Node is told to add msw 2.
    const [major = 0, minor = 0] = (IN_NODE ? process.versions.node : '').split('.').map(Number);
    const spec = IN_NODE && (major < 22 || (major === 22 && minor < 12)) ? 'msw@2' : 'msw';
    throw new Error(
      `air-travel-api-contract/msw needs msw, an optional peer that is not installed: ${addCommand([spec], { dev: true, scriptsOff: ['msw'] })} (msw 3 needs Node 22.12 or later, msw 2 runs on Node 20).`,
      { cause: error },
    );
  }
}

/** What a door without Prism sends for a decision: every answer is compiled in, so only `dynamic=true` needs an engine. */
function sent(decision: Decision): Extract<Decision, { kind: 'send' }> {
  if (decision.kind === 'send') return decision;
  if (decision.kind === 'engine')
    return engineUnavailable('The MSW handlers do not run Prism: use startMock() from air-travel-api-contract/mock, with Prism installed.');
  return refusal(problem(500, `No answer was compiled for ${decision.op.method.toUpperCase()} ${decision.op.template}.`));
}

function responseOf(HttpResponse: Msw['HttpResponse'], decision: Decision): Response {
  const answer = sent(decision);
  return new HttpResponse(answer.body ?? null, { status: answer.status, headers: answer.headers });
}

/** The mock's 413 for a body past LIMITS.bodyBytes, as its HTTP layer sends it. */
const tooLarge = (HttpResponse: Msw['HttpResponse']) =>
  responseOf(HttpResponse, refusal(problem(413, TOO_LARGE_DETAIL), { connection: 'close' }));

/**
 * The body, unless it is past LIMITS.bodyBytes: a declared length past it is refused unread,
 * and a body sent without one is read no further than the bound.
 */
async function boundedBody(request: Request): Promise<Uint8Array | undefined> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > LIMITS.bodyBytes || !request.body) return declared > LIMITS.bodyBytes ? undefined : new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > LIMITS.bodyBytes) {
      void reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0];
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

/**
 * The path prefixes of the operations a handler serves (`/api/V2/Voos/`, `/AereoNoSession.svc/`…),
 * from its compiled routes: under one, an unknown operation is the family's to refuse (the
 * mock's 404), never a request to pass on to the network, which would then meet MSW's
 * unhandled-request warning that prints the body, the password with it.
 */
function familyPrefixes(templates: readonly string[]): string[] {
  // Lower case: a path in another case is no operation either, and still the family's (the mock's 404 names the closest).
  return [
    ...new Set(templates.map((template) => template.slice(0, template.lastIndexOf('/') + 1).toLowerCase()).filter((p) => p.length > 1)),
  ];
}

/** A CORS preflight answered as the mock's HTTP layer answers it (mock/cors.ts): 204 with what may be sent. */
function preflight(HttpResponse: Msw['HttpResponse'], request: Request): Response | undefined {
  const origin = request.headers.get('origin');
  if (request.method !== 'OPTIONS' || !origin || !request.headers.has('access-control-request-method')) return undefined;
  return new HttpResponse(null, {
    status: 204,
    headers: {
      'access-control-allow-origin': origin,
      vary: 'Origin',
      'access-control-expose-headers': '*',
      'access-control-allow-methods': CORS_ALLOWED_METHODS,
      'access-control-allow-headers': CORS_ALLOWED_HEADERS.join(', '),
      'access-control-max-age': CORS_MAX_AGE_SECONDS,
    },
  });
}

/**
 * MSW request handlers that answer every operation of the families as the mock does: the same
 * validation, problem bodies, status codes and answers; a HEAD gets the mock's status and
 * headers without a body, a CORS preflight its 204. Only the contract's routes under the base
 * URL are answered, and every other path under a family's prefix (`/api/V2/Voos/NaoExiste`: the
 * mock's 404): every other request (the page's own assets, lazy chunks, `/config.json`,
 * another API) passes through to the network, so the base URL may be the page's own origin.
 * `setupServer(...(await createHandlers()))` in Node, `setupWorker(...)` in a browser; start
 * the worker with `quiet: true` (MSW logs every request body, passwords included, otherwise).
 */
export async function createHandlers(options: HandlerOptions = {}): Promise<RequestHandler[]> {
  const families = options.families ?? MSW_FAMILIES;
  const unknown = families.filter((f) => !(MSW_FAMILIES as readonly string[]).includes(f));
  if (unknown.length > 0) throw new TypeError(`No route family named ${unknown.join(', ')}: the families are ${MSW_FAMILIES.join(', ')}.`);
  const base = options.baseUrl === undefined ? undefined : checkBaseUrl(options.baseUrl);
  const ids = [...new Set(families)].map((f) => (options.observed ? (OBSERVED[f] ?? f) : f));
  const documents = await Promise.all(
    ids.map(async (id) => (await (LOADERS[id] as () => Promise<{ default: unknown }>)()).default as CompiledDocument),
  );
  // One handler per base URL: a family's own server, or the caller's base for every family.
  const byBase = new Map<string, CompiledDocument[]>();
  for (const document of documents) {
    const url = base ?? new URL(document.servers[0] ?? 'https://sandbox.invalid');
    const key = url.href.replace(/\/$/, '');
    byBase.set(key, [...(byBase.get(key) ?? []), document]);
  }
  const pairsOf = options.examples === undefined ? undefined : await fixturePairs(options.examples, ids, documents);
  const { http, HttpResponse } = await loadMsw();
  const respond =
    options.respond ?? (options.flows && options.observed ? await statefulResponder(options.behaviours !== false) : undefined);
  return [...byBase].map(([root, served]) => {
    const decider = compiledDecider(served, {
      ...(options.behaviours === false ? { behaviours: false } : {}),
      ...(respond ? { respond } : {}),
      ...(pairsOf ? { pairsOf } : {}),
    });
    const prefix = new URL(root).pathname.replace(/\/$/, '');
    // A pattern without groups: MSW percent-decodes what a path pattern captures, and a request
    // with a malformed escape (`/%E0%`) would throw there instead of reaching the mock's 404.
    const under = new RegExp(`^${root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:/|$)`);
    const prefixes = familyPrefixes(decider.routes.operations.map((op) => op.template));
    return http.all(under, async ({ request }) => {
      const url = new URL(request.url);
      const path = url.pathname.slice(prefix.length) || '/';
      // Neither a route of the contract nor under a family's prefix: not ours to answer (undefined lets MSW pass it through).
      if (!decider.routes.lookup(path) && !prefixes.some((p) => path.toLowerCase().startsWith(p))) return undefined;
      const cors = preflight(HttpResponse, request);
      if (cors) return cors;
      const bytes = await boundedBody(request);
      if (!bytes) return tooLarge(HttpResponse);
      const decision = decider.decide({
        method: request.method,
        target: `${url.pathname.slice(prefix.length) || '/'}${url.search}`,
        headers: headersOf(request),
        body: { length: bytes.length, chunks: [bytes], bytes: () => bytes },
      });
      const response = responseOf(HttpResponse, decision);
      // As an HTTP server answers a HEAD: the status and headers, no body.
      return request.method === 'HEAD' ? new HttpResponse(null, { status: response.status, headers: response.headers }) : response;
    });
  });
}
