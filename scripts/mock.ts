// `npm run mock`: every route family on one local port, validating each request
// against the contract. MOCK_PORT (default 4010) or --port N chooses the port.
// `--observed`: v2-pt and legacy are served from their observed flavours (docs/observed.md),
// which answer the observed operations with the sanitized example responses, on
// `/api/V2/Voos/<Operation>` and on `AereoNoSession.svc/<Operation>`.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { readFamilies } from './build/families.ts';
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
const observedBundles: Record<string, string> = {
  'v2-pt': path.join(rootDir, 'generated/v2-pt-observed/openapi.yaml'),
  legacy: path.join(rootDir, 'generated/legacy-observed/openapi.yaml'),
};
for (const bundle of observed ? Object.values(observedBundles) : []) {
  if (!existsSync(bundle)) {
    console.error(`--observed needs ${path.relative(rootDir, bundle)}: run \`npm run build\` first.`);
    process.exit(2);
  }
}
const mock = await startMock({
  rootDir,
  families,
  ...(observed ? { bundlePaths: observedBundles } : {}),
  port,
  logLevel: (option('--log') as LogLevel | undefined) ?? 'warn',
});

const served = families.map((id) =>
  observed && id in observedBundles ? `${id} (observed flavour: example answers from public integrations' bodies, not published)` : id,
);
console.log(`Mock of ${served.join(', ')} listening on ${mock.url}`);
for (const route of mock.routes) console.log(`  ${route}`);
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
