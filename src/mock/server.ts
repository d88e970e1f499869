// startMock, in named phases: resolve what to serve (families, observed flavours, flows),
// prepare the contract (route table, pre-rendered answers), create the HTTP server with
// the front, listen. The running mock can swap its contract in place: the next request
// sees the new one, requests in flight finish on theirs, flow state is kept.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PACKAGE_ROOT } from '../lib/layout.ts';
import { LIMITS } from '../lib/limits.ts';
import { LocalAnswers } from './answers.ts';
import { type BehaviourChoice, refuseNulls, unknownChoices } from './behaviours.ts';
import { MockContract } from './contract.ts';
import type { FlowsResponderOptions } from './flows/replay.ts';
import { applyCors } from './cors.ts';
import { createFront, type Front } from './front.ts';
import { loadPrism } from './prism-adapter.ts';
import { type Problem, problem, type Violation } from './problem.ts';
import { RequestSecrets, redactedProblem } from './redaction.ts';
import { createRequestLog, type LogLevel, type RequestLog } from './request-log.ts';
import type { MockResponder } from './responder.ts';
import { sessionRule } from './session-rule.ts';
import { bundleDocument, resolveSources, type SourceOptions, type Sources } from './sources.ts';
import { portError, StartError } from './start-error.ts';
import { refuseUnparsed, sendProblem, unmetExpectation } from './wire.ts';

export type { LogLevel } from './request-log.ts';

export const DEFAULT_PORT = 4010;
/** LIMITS' time-outs, under the names the command's help reads. */
export const DEFAULT_HEADERS_TIMEOUT_MS = LIMITS.headersTimeoutMs;
export const DEFAULT_BODY_TIMEOUT_MS = LIMITS.bodyTimeoutMs;

export interface MockOptions {
  /** The package whose generated/ and evidence/ are served (default: this package). */
  rootDir?: string;
  /** Route families to serve (default: every one): `v2-pt`, `legacy`, `v1`, `v2-en`, `v3`. */
  families?: readonly string[];
  /** Serve v2-pt and legacy from their observed flavours (answers from public integrations' sanitized bodies). */
  observed?: boolean;
  /** Replay the certification flows on the route they were captured on (`true`, or how many flows to remember). */
  flows?: boolean | FlowsResponderOptions;
  /**
   * Replay the behaviours the observed flavour records (`x-observed-behaviours`: a null refused
   * in a Tarifar body, a repeated booking refused in the flows), each as the mock's own labelled
   * answer; only those stated for the sandbox and not contradicted by the captures
   * (`replayable`). Default true (all of those); false serves the observed flavour and the flows
   * without them; a list of behaviour ids replays only those.
   */
  behaviours?: BehaviourChoice;
  host?: string;
  /** Default 4010; 0 picks a free port (read it from `port` or `url`). */
  port?: number;
  /** `warn` (default) logs refusals, `info` every request, `silent` nothing. */
  logLevel?: LogLevel;
  /** Where log lines go (default stdout). */
  logSink?: { write(text: string): void };
  /** A request head must arrive whole within this time (408 otherwise). */
  headersTimeoutMs?: number;
  /** A request body must arrive whole within this time once its head has (408 otherwise). */
  bodyTimeoutMs?: number;
  /** `front` (default), or `prism`: every call through Prism, the reference the front is tested against (needs Prism installed). */
  engine?: 'front' | 'prism';
  /** Answers from state, asked only for a call that passed validation (the flows use it; tools may add their own). */
  respond?: MockResponder;
  /** Documents served beside the families, in memory (id → document); they serve only routes no family serves. */
  documents?: Record<string, Record<string, unknown>>;
  /** Called for every contract violation Prism reports on the reference path. */
  onViolation?: (route: string, violations: Violation[]) => void;
  /** Where answers of documents the start cache does not hold are kept (default node_modules/.cache/air-travel-mock). */
  cacheDir?: string;
  /**
   * Answer CORS preflights and add `Access-Control-Allow-*` to every answer, so a page on
   * another origin (the docs console) may call the mock. Default true (a local tool); false
   * turns it off (`--no-cors`). Says nothing of the service's own CORS, which is not published.
   */
  cors?: boolean;
  /**
   * A folder of fixtures in Specmatic's external example format (one pair per `*.json` file:
   * `{"http-request": …, "http-response": …}`): a call whose body matches one gets its answer,
   * as a named example pair of the contract would. Each is checked against its operation at
   * start (and at each reload); one invalid file refuses the folder, naming the file and the field.
   */
  examples?: string;
}

export interface RunningMock {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** `POST /api/V2/Voos/Disponibilidade`, … sorted. */
  routes: string[];
  /** The families served. */
  families: string[];
  /** The families served from their observed flavours. */
  observed: string[];
  /** The certification scenarios replayed, when `flows` is on. */
  scenarios: string[];
  /** Reads the documents (after a rebuild) and the `examples` folder again, and serves them from the next request on. */
  reload(): Promise<void>;
  /**
   * Serves these families from the bundles' JSON texts given (as generated/<id>/openapi.json
   * would hold them) from the next request on; every other document stays as it is. A family
   * not served, or served from its observed flavour, is left alone. `npm run dev` swaps the
   * edited family this way before its files are written.
   */
  swap(bundles: Readonly<Record<string, string>>): Promise<void>;
  /** Ends every connection and resolves when the port is free. */
  close(): Promise<void>;
}

function checkOptions(options: MockOptions): void {
  const port = options.port ?? DEFAULT_PORT;
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new StartError('BAD_OPTION', `port must be a whole number from 0 to 65535, not ${port}.`);
  for (const [name, value] of [
    ['headersTimeoutMs', options.headersTimeoutMs],
    ['bodyTimeoutMs', options.bodyTimeoutMs],
  ] as const) {
    if (value !== undefined && (!Number.isInteger(value) || value < 100 || value > 600_000))
      throw new StartError('BAD_OPTION', `${name} must be a whole number of milliseconds from 100 to 600000, not ${value}.`);
  }
  if (options.engine !== undefined && options.engine !== 'front' && options.engine !== 'prism')
    throw new StartError('BAD_OPTION', `engine must be front or prism, not ${String(options.engine)}.`);
}

/** Phase 1: what to serve, read from the package. */
function sourceOptions(options: MockOptions, rootDir: string): SourceOptions {
  return {
    rootDir,
    ...(options.families ? { families: options.families } : {}),
    ...(options.observed ? { observed: true } : {}),
    ...(options.flows ? { flows: options.flows } : {}),
    ...(options.behaviours !== undefined ? { behaviours: options.behaviours } : {}),
    ...(options.documents ? { documents: options.documents } : {}),
  };
}

/** Phase 2: the contract those documents make, its answers filed. */
async function prepareContract(
  sources: Sources,
  reference: boolean,
  cache: LocalAnswers,
  log: RequestLog,
  examples: string | undefined,
): Promise<MockContract> {
  const contract = new MockContract(sources.documents, sources.familyIds, {
    reference,
    startCache: sources.startCache,
    localAnswers: cache,
    log,
  });
  if (examples !== undefined) await contract.useFixtures(examples);
  await contract.prepare(sources.documents);
  return contract;
}

/** Phase 3: the HTTP server around the front, every refusal a problem body, one log line per request. */
function createServer(front: Front, log: RequestLog, headersTimeoutMs: number, cors: boolean): http.Server {
  const server = http.createServer(
    // No Host is refused by the front, with a problem body like every other refusal.
    { headersTimeout: headersTimeoutMs, requestTimeout: 0, connectionsCheckingInterval: 1_000, requireHostHeader: false },
    (req, res) => {
      const started = performance.now();
      const method = req.method ?? '';
      const target = req.url ?? '';
      if (cors && applyCors(req, res)) {
        if (log.wants(res.statusCode))
          log.request(method, target, res.statusCode, performance.now() - started, undefined, headerSecrets(req));
        return;
      }
      const answered = (error: unknown, refusal?: Problem, secrets?: RequestSecrets) => {
        // The request's secrets (its body's once read), found only when a line is written.
        const redact = () => (secrets ?? new RequestSecrets(req.headers, target)).redact;
        if (error !== undefined) {
          log.failure(method, target, error, redact());
          refusal = problem(500, 'The mock failed to answer this request.');
          sendProblem(res, refusal);
        }
        if (log.wants(res.statusCode)) log.request(method, target, res.statusCode, performance.now() - started, refusal?.detail, redact());
      };
      try {
        front(req, res, answered);
      } catch (error) {
        answered(error);
      }
    },
  );
  server.keepAliveTimeout = 5_000;
  server.on('clientError', refuseUnparsed);
  server.on('checkExpectation', (req: http.IncomingMessage, res: http.ServerResponse) => {
    // It quotes the Expect header: redacted as every problem is, with what the head holds.
    const redact = headerSecrets(req);
    const p = redactedProblem(unmetExpectation(req), redact);
    sendProblem(res, p, { connection: 'close' });
    log.request(req.method ?? '', req.url ?? '', p.status, 0, p.detail, redact);
  });
  return server;
}

/** The redactor of a request answered before its body is read: its headers' and query's secrets. */
const headerSecrets = (req: http.IncomingMessage) => new RequestSecrets(req.headers, req.url ?? '').redact;

/** Phase 4: listening, or a StartError naming the port's problem. */
async function listen(server: http.Server, host: string, port: number): Promise<AddressInfo> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  }).catch((error: unknown) => {
    throw portError(error, port, 'choose another (the command: --port N or MOCK_PORT; 0 picks a free one)') ?? error;
  });
  return server.address() as AddressInfo;
}

export async function startMock(options: MockOptions = {}): Promise<RunningMock> {
  checkOptions(options);
  const rootDir = options.rootDir ?? PACKAGE_ROOT;
  const reference = options.engine === 'prism';
  if (reference) await loadPrism();
  const log = createRequestLog(options.logLevel ?? 'warn', options.logSink ?? process.stdout);
  const cache = new LocalAnswers(options.cacheDir ?? path.join(process.cwd(), 'node_modules', '.cache', 'air-travel-mock'));
  const sources = await resolveSources(sourceOptions(options, rootDir));
  const { unknown, known } = unknownChoices(sources.documents, options.behaviours ?? true);
  if (unknown.length > 0)
    throw new StartError(
      'BAD_OPTION',
      `behaviours: no behaviour the mock may replay is named ${unknown.join(', ')}; the ones it may replay with these options: ${known.join(', ') || 'none (serve --observed or --flows)'}.`,
    );
  const examples = options.examples === undefined ? undefined : path.resolve(options.examples);
  let contract = await prepareContract(sources, reference, cache, log, examples);
  // The legacy session rule (Part 5, item 6) comes first: it is the contract's own answer.
  const respond = sessionRule(() => contract.routes, options.respond ?? sources.flows?.responder.respond);
  const front = createFront(() => contract, {
    reference,
    bodyTimeoutMs: options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS,
    respond,
    ...(options.onViolation ? { onViolation: options.onViolation } : {}),
    ...(options.behaviours === false ? {} : { screen: (op, body) => refuseNulls(op, body, options.behaviours ?? true) }),
  });
  const server = createServer(front, log, options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS, options.cors !== false);
  const { address, port } = await listen(server, options.host ?? '127.0.0.1', options.port ?? DEFAULT_PORT);
  const routesOf = (c: MockContract) => c.routes.operations.map((op) => `${op.method.toUpperCase()} ${op.template}`).sort();
  // What is served now: a swap replaces some documents and keeps the rest.
  let served: Sources = sources;
  const serve = async (next: Sources) => {
    const prepared = await prepareContract(next, reference, cache, log, examples);
    const previous = contract;
    contract = prepared;
    served = next;
    running.routes = routesOf(prepared);
    void previous.close();
  };
  const running: RunningMock = {
    url: `http://${address.includes(':') ? `[${address}]` : address}:${port}`,
    port,
    routes: routesOf(contract),
    families: sources.familyIds,
    observed: options.observed ? sources.familyIds.filter((id) => id in sources.startCache.observed) : [],
    scenarios: sources.flows?.scenarios.map((s) => s.name) ?? [],
    async reload() {
      const fresh = await resolveSources({ ...sourceOptions(options, rootDir), flows: false });
      // The flows' document and responder stay: their state survives a swap of the families.
      const flowsDocument = sources.documents.find((d) => sources.flows && d.doc === sources.flows.document);
      await serve({ ...fresh, documents: [...fresh.documents, ...(flowsDocument ? [flowsDocument] : [])] });
    },
    async swap(bundles) {
      const swappable = new Set(running.families.filter((id) => !running.observed.includes(id) && id in bundles));
      if (swappable.size === 0) return;
      await serve({
        ...served,
        documents: served.documents.map((d) => (swappable.has(d.id) ? bundleDocument(d.id, bundles[d.id] as string) : d)),
      });
    },
    close: async () => {
      await new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      });
      await contract.close();
    },
  };
  return running;
}
