// `npm run dev [-- --port 4010 --docs-port 4020 --flows --examples DIR --body-timeout MS]`: the mock and the docs site, both
// following every edit of the contract. Ctrl-C stops both and frees their ports.
import module from 'node:module';
import { LIMITS } from '../../src/lib/limits.ts';
import { scriptArgs, usageFailure } from '../lib/args.ts';

module.enableCompileCache?.();
process.env.REDOCLY_TELEMETRY ??= 'off';
process.env.REDOCLY_SUPPRESS_UPDATE_NOTICE ??= 'true';

const HELP = `Usage: npm run dev [-- --port N --docs-port N --flows --examples DIR --body-timeout MS]

Builds what changed, serves the mock (default port 4010) and the docs site (default 4020,
with the mock on its origin too, for the reference pages' console),
and rebuilds on every edit of spec/, evidence/ or redocly.yaml: the mock swaps its contract
in place, open docs pages reload. A broken edit is printed as file:line:col and the last
good contract stays served. Ctrl-C stops both servers.

  --port N        the mock's port (or MOCK_PORT; 0 picks a free one)
  --docs-port N   the docs site's port (or DOCS_PORT; 0 picks a free one)
  --flows         replay the certification flows too
  --examples DIR  a fixture folder (Specmatic's external examples), read again on every save
  --body-timeout MS  the mock's limit for a body once its headers arrived (default ${LIMITS.bodyTimeoutMs}; 100 to 600000)
  --help          this text`;

const fail = (message: string): never => usageFailure('npm run dev', message);

function port(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n) || n < 0 || n > 65_535)
    fail(`--${name} takes a port from 0 to 65535, not ${JSON.stringify(value.slice(0, 40))}.`);
  return n;
}

const { values } = scriptArgs({
  command: 'npm run dev',
  usage: HELP,
  options: {
    port: { type: 'string' },
    'docs-port': { type: 'string' },
    flows: { type: 'boolean' },
    examples: { type: 'string' },
    'body-timeout': { type: 'string' },
  },
});

function bodyTimeout(value: string | boolean | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (typeof value !== 'string' || value.trim() === '' || !Number.isInteger(n) || n < 100 || n > 600_000)
    fail(`--body-timeout takes a whole number of ms from 100 to 600000, not ${JSON.stringify(String(value).slice(0, 40))}.`);
  return n;
}
const bodyTimeoutMs = bodyTimeout(values['body-timeout']);

const { startDev } = await import('./loop.ts');
const { StartError } = await import('../../src/mock/start-error.ts');
try {
  const dev = await startDev({
    rootDir: process.cwd(),
    port: port('port', values.port ?? process.env.MOCK_PORT, 4010),
    docsPort: port('docs-port', values['docs-port'] ?? process.env.DOCS_PORT, 4020),
    flows: values.flows === true,
    ...(typeof values.examples === 'string' ? { examples: values.examples } : {}),
    ...(bodyTimeoutMs === undefined ? {} : { bodyTimeoutMs }),
  });
  console.log(`mock  ${dev.mockUrl}\ndocs  ${dev.docsUrl}\nwatching spec/, evidence/ and redocly.yaml (Ctrl-C stops)`);
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      void dev.close().then(() => {
        console.log('stopped; both ports are free');
        process.exit(0);
      });
    });
  }
} catch (error) {
  if (error instanceof StartError) fail(error.message);
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') fail(`the docs port is in use: choose another with --docs-port N.`);
  throw error;
}
