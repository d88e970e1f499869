// `npm run mock`: every route family on one local port, validating each request
// against the contract. MOCK_PORT (default 4010) or --port N chooses the port.
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
const mock = await startMock({
  rootDir,
  families,
  port,
  logLevel: (option('--log') as LogLevel | undefined) ?? 'warn',
});

console.log(`Mock of ${families.join(', ')} listening on ${mock.url}`);
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
