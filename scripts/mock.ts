// `npm run mock`: every route family on one local port, validating each request
// against the contract. MOCK_PORT (default 4010) or --port N chooses the port.
// `--observed`: v2-pt is served from the observed flavour (README, "Observed flavour"),
// which answers its 10 observed operations with the sanitized example responses.
// `--flows`: the certification flows are replayed on the route they were captured on,
// `AereoNoSession.svc/<Operation>` (docs/flows.md); combinable with `--observed`.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { readFamilies } from './build/families.ts';
import { loadFlows, FLOWS_DOCUMENT_ID } from './mock/flows/load.ts';
import { startMock, type LogLevel } from './mock/server.ts';

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
const rootDir = process.cwd();
const families = (await readFamilies(rootDir)).map((f) => f.id);
const observed = args.includes('--observed');
const observedBundle = path.join(rootDir, 'generated/v2-pt-observed/openapi.yaml');
const withFlows = args.includes('--flows');
if ((observed || withFlows) && !existsSync(observedBundle)) {
  console.error(`${observed ? '--observed' : '--flows'} needs ${path.relative(rootDir, observedBundle)}: run \`npm run build\` first.`);
  process.exit(2);
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
  ...(observed ? { bundlePaths: { 'v2-pt': observedBundle } } : {}),
  ...(flows ? { documents: { [FLOWS_DOCUMENT_ID]: flows.document }, respond: flows.responder.respond } : {}),
  port,
  logLevel: (option('--log') as LogLevel | undefined) ?? 'warn',
});

const served = families.map((id) => (observed && id === 'v2-pt' ? 'v2-pt (observed flavour: example answers from sandbox captures, not published)' : id));
console.log(`Mock of ${served.join(', ')} listening on ${mock.url}`);
for (const route of mock.routes) console.log(`  ${route}`);
if (flows) {
  console.log(`Certification flows: ${flows.scenarios.length} captured scenarios replayed on /AereoNoSession.svc (observed, not published).`);
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
