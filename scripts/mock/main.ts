// `npm run mock`: every route family on one local port, validating each request
// against the contract. MOCK_PORT (default 4010) or --port N chooses the port.
// `--observed`: v2-pt and legacy are served from their observed flavours (docs/observed.md),
// which answer the observed operations with the sanitized example responses, on
// `/api/V2/Voos/<Operation>` and on `AereoNoSession.svc/<Operation>`.
// `--flows`: the certification flows are replayed on the route they were captured on,
// `AereoNoSession.svc/<Operation>` (docs/flows.md); combinable with `--observed`.
// `--log info` prints one line per request; `--engine prism` answers every call through
// Prism (the reference the fast front is tested against); `--head-timeout MS` and
// `--body-timeout MS` bound slow clients (docs/mock-and-proxy.md).
import { existsSync } from 'node:fs';
import { flushCompileCache } from 'node:module';
import path from 'node:path';
import { readFamilies } from '../pipeline/families.ts';
import { FLOWS_DOCUMENT_ID, loadFlows } from './flows/load.ts';
import { DEFAULT_BODY_TIMEOUT_MS, DEFAULT_HEADERS_TIMEOUT_MS, startMock, type LogLevel } from './server.ts';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

const port = Number(option('--port') ?? process.env.MOCK_PORT ?? 4010);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Not a port: ${option('--port') ?? process.env.MOCK_PORT}`);
  process.exit(2);
}
const LOG_LEVELS: LogLevel[] = ['silent', 'error', 'warn', 'info', 'debug'];
const logLevel = (option('--log') ?? 'warn') as LogLevel;
if (!LOG_LEVELS.includes(logLevel)) {
  console.error(`--log takes one of ${LOG_LEVELS.join(', ')}`);
  process.exit(2);
}
const engine = option('--engine') ?? 'front';
if (engine !== 'front' && engine !== 'prism') {
  console.error('--engine takes front (default) or prism');
  process.exit(2);
}
function milliseconds(name: string, fallback: number): number {
  const value = Number(option(name) ?? fallback);
  if (!Number.isInteger(value) || value < 100 || value > 600_000) {
    console.error(`${name} takes a whole number of milliseconds from 100 to 600000`);
    process.exit(2);
  }
  return value;
}
const headersTimeoutMs = milliseconds('--head-timeout', DEFAULT_HEADERS_TIMEOUT_MS);
const bodyTimeoutMs = milliseconds('--body-timeout', DEFAULT_BODY_TIMEOUT_MS);
const rootDir = process.cwd();
const families = (await readFamilies(rootDir)).map((f) => f.id);
const observed = args.includes('--observed');
const observedBundles: Record<string, string> = {
  'v2-pt': path.join(rootDir, 'generated/v2-pt-observed/openapi.yaml'),
  legacy: path.join(rootDir, 'generated/legacy-observed/openapi.yaml'),
};
const withFlows = args.includes('--flows');
// The flows' captured route reuses the v2-pt observed path items (same operation names).
const needed = [...(observed ? Object.values(observedBundles) : []), ...(withFlows ? [observedBundles['v2-pt'] as string] : [])];
for (const bundle of needed) {
  if (!existsSync(bundle)) {
    console.error(`${observed ? '--observed' : '--flows'} needs ${path.relative(rootDir, bundle)}: run \`npm run build\` first.`);
    process.exit(2);
  }
}
let flows: ReturnType<typeof loadFlows> | undefined;
try {
  flows = withFlows ? loadFlows(rootDir) : undefined;
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const mock = await startMock({
  rootDir,
  families,
  ...(observed ? { bundlePaths: observedBundles } : {}),
  ...(flows ? { documents: { [FLOWS_DOCUMENT_ID]: flows.document }, respond: flows.responder.respond } : {}),
  port,
  logLevel,
  engine,
  headersTimeoutMs,
  bodyTimeoutMs,
}).catch((error: NodeJS.ErrnoException) => {
  // The usual start failure gets one line, not a stack trace.
  if (error.code === 'EADDRINUSE')
    console.error(`Port ${port} is already in use: stop what listens there, or choose another with --port N or MOCK_PORT.`);
  else if (error.code === 'EACCES') console.error(`Port ${port} cannot be opened by this user: choose another with --port N or MOCK_PORT.`);
  else throw error;
  process.exit(2);
});

// Written now rather than at exit: a mock stopped by a signal or killed still leaves it.
flushCompileCache();

const served = families.map((id) =>
  observed && id in observedBundles ? `${id} (observed flavour: example answers from public integrations' bodies, not published)` : id,
);
console.log(`Mock of ${served.join(', ')} listening on ${mock.url}`);
for (const route of mock.routes) console.log(`  ${route}`);
if (flows) {
  console.log(
    `Certification flows: ${flows.scenarios.length} captured scenarios replayed on /AereoNoSession.svc (observed, not published).`,
  );
  console.log('  Send the header x-mock-flows-reset: all with any call to forget every flow.');
}
console.log('Both developer headers are required on every call. Ctrl-C stops the mock.');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void mock.close().then(() => {
      console.log('Mock stopped.');
      process.exit(0);
    });
  });
}
