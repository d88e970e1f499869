// `air-travel-api-contract mock` (and `npm run mock`): every route family on one local
// port, validating each request against the contract.
import module from 'node:module';
import { addCommand } from '../lib/install-command.ts';
import { PRISM_PACKAGES } from '../mock/prism-adapter.ts';
import { LOG_LEVELS, type LogLevel } from '../mock/request-log.ts';
import { DEFAULT_BODY_TIMEOUT_MS, DEFAULT_HEADERS_TIMEOUT_MS, DEFAULT_PORT, startMock } from '../mock/server.ts';
import { type CommandSpec, helpText, list, onStop, parseCommand, UsageError, wholeNumber } from './args.ts';

export const MOCK_COMMAND: CommandSpec = {
  name: 'mock',
  summary:
    'Serves every route family of the contract on one local port: each call is checked against the contract (a wrong one gets a problem body naming the field) and answered as the contract says.',
  options: {
    port: { type: 'string', value: 'N', help: `port to listen on (default ${DEFAULT_PORT}, or MOCK_PORT; 0 picks a free one)` },
    host: { type: 'string', value: 'ADDRESS', help: 'address to listen on (default 127.0.0.1)' },
    'no-cors': {
      type: 'boolean',
      help: 'no CORS headers and no answer to preflights (default: on, so a page such as the docs console may call the mock); docs/mock-and-proxy.md',
    },
    families: { type: 'string', value: 'LIST', help: 'route families to serve, comma-separated (default: all)' },
    observed: {
      type: 'boolean',
      help: "serve v2-pt and legacy from their observed flavours: answers from public integrations' sanitized bodies",
    },
    flows: { type: 'boolean', help: 'replay the certification flows on the route they were captured on (/AereoNoSession.svc)' },
    'no-behaviours': {
      type: 'boolean',
      help: 'with --observed or --flows: do not replay the behaviours integrations stated (a null refused in Tarifar, a repeated booking refused); docs/observed.md',
    },
    behaviours: {
      type: 'string',
      value: 'IDS',
      help: 'with --observed or --flows: replay only these behaviours, comma-separated ids (default: every one stated for the sandbox and not contradicted)',
    },
    examples: {
      type: 'string',
      value: 'DIR',
      help: "a folder of fixtures in Specmatic's external example format: a call whose body matches one gets its answer (docs/mock-and-proxy.md)",
    },
    log: { type: 'string', value: 'LEVEL', help: `${LOG_LEVELS.join(', ')} (default warn: refusals only)` },
    engine: {
      type: 'string',
      value: 'NAME',
      help: 'front (default) or prism: every call through Prism, the reference engine (needs Prism installed)',
    },
    'head-timeout': {
      type: 'string',
      value: 'MS',
      help: `a request line and headers must arrive within this (default ${DEFAULT_HEADERS_TIMEOUT_MS})`,
    },
    'body-timeout': {
      type: 'string',
      value: 'MS',
      help: `a body must arrive within this once its headers have (default ${DEFAULT_BODY_TIMEOUT_MS})`,
    },
  },
  notes: [
    `\`Prefer: code=…, example=…\` and a non-JSON Accept are answered by Prism: ${addCommand(PRISM_PACKAGES, { dev: true })}.`,
    'Example: air-travel-api-contract mock --port 0 --observed',
  ],
};

function behaviourOption(none: boolean, ids: string[] | undefined): { behaviours?: boolean | string[] } {
  if (none && ids) throw new UsageError('--no-behaviours and --behaviours cannot go together.');
  return none ? { behaviours: false } : ids ? { behaviours: ids } : {};
}

export async function mockCommand(argv: string[]): Promise<number | undefined> {
  const { values, help } = parseCommand(MOCK_COMMAND, argv);
  if (help) {
    console.log(helpText(MOCK_COMMAND));
    return 0;
  }
  const logLevel = (values.log ?? 'warn') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) throw new UsageError(`--log takes one of ${LOG_LEVELS.join(', ')}.`);
  const engine = values.engine ?? 'front';
  if (engine !== 'front' && engine !== 'prism') throw new UsageError('--engine takes front (default) or prism.');
  const families = list(values.families);
  const mock = await startMock({
    port: wholeNumber('port', values.port ?? process.env.MOCK_PORT, DEFAULT_PORT, 0, 65_535),
    ...(typeof values.host === 'string' ? { host: values.host } : {}),
    ...(values['no-cors'] === true ? { cors: false } : {}),
    ...(families ? { families } : {}),
    observed: values.observed === true,
    flows: values.flows === true,
    ...behaviourOption(values['no-behaviours'] === true, list(values.behaviours)),
    ...(typeof values.examples === 'string' ? { examples: values.examples } : {}),
    logLevel,
    engine,
    headersTimeoutMs: wholeNumber('head-timeout', values['head-timeout'], DEFAULT_HEADERS_TIMEOUT_MS, 100, 600_000),
    bodyTimeoutMs: wholeNumber('body-timeout', values['body-timeout'], DEFAULT_BODY_TIMEOUT_MS, 100, 600_000),
  });
  const served = mock.families.map((id) =>
    mock.observed.includes(id) ? `${id} (observed flavour: example answers from public integrations' bodies, not published)` : id,
  );
  console.log(`Mock of ${served.join(', ')} listening on ${mock.url}`);
  for (const route of mock.routes) console.log(`  ${route}`);
  if (mock.scenarios.length > 0) {
    console.log(
      `Certification flows: ${mock.scenarios.length} captured scenarios replayed on /AereoNoSession.svc (observed, not published).`,
    );
    console.log('  Send the header x-mock-flows-reset: all with any call to forget every flow.');
    if (mock.observed.length > 0)
      console.log(
        '  With --observed: the booking flow answers any search on /api/V2/Voos and /AereoNoSession.svc, state per caller (docs/flows.md).',
      );
  }
  if (typeof values.examples === 'string')
    console.log(`Fixtures from ${values.examples}: a call whose body matches one gets its answer (header x-mock-example).`);
  console.log('Both developer headers are required on every call. Ctrl-C stops the mock.');
  // Written now rather than at exit: a mock stopped by a signal or killed still leaves it.
  module.flushCompileCache?.();
  onStop(async () => {
    await mock.close();
    console.log('Mock stopped.');
  });
  return undefined;
}
