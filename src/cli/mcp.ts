// `air-travel-api-contract mcp`: the MCP server over stdio (the default: stdout carries only
// the protocol, logs go to stderr) or Streamable HTTP on 127.0.0.1.
import { ENV } from '../flows/run.ts';
import { addCommand } from '../lib/install-command.ts';
import { DEFAULT_MCP_PORT, serveHttp } from '../mcp/http.ts';
import { loadFamily } from '../mcp/family.ts';
import { createMcpServer, type McpServerOptions } from '../mcp/server.ts';
import { SDK_PACKAGE } from '../mcp/sdk.ts';
import { boundedStdioTransport } from '../mcp/stdio.ts';
import { FAMILY_IDS, toolTable } from '../mcp/tools.ts';
import { type CommandSpec, helpText, onStop, parseCommand, UsageError, wholeNumber } from './args.ts';

export const MCP_COMMAND: CommandSpec = {
  name: 'mcp',
  summary:
    "An MCP server for agents: one tool per operation of a route family, made from its bundle, answered by the contract's mock in this process (no network) unless --base-url names a server.",
  options: {
    family: {
      type: 'string',
      value: 'NAME',
      help: `the route family whose operations are tools: ${FAMILY_IDS.join(', ')} (default v2-pt)`,
    },
    observed: { type: 'boolean', help: 'the observed flavour of v2-pt or legacy (typed from captured traffic)' },
    flows: { type: 'boolean', help: 'with --observed: the booking flow answered by the stateful observed mock (docs/flows.md)' },
    'base-url': { type: 'string', value: 'URL', help: 'a real server, such as the sandbox (default: the mock, in this process)' },
    'allow-writes': { type: 'boolean', help: 'with --base-url: offer the writes too; each is confirmed, then sent once' },
    tools: {
      type: 'string',
      value: 'MODE',
      help: 'all (one tool per operation, default) or dynamic (list, describe and call: three tools)',
    },
    transport: { type: 'string', value: 'NAME', help: 'stdio (default) or http (Streamable HTTP on 127.0.0.1, at /mcp)' },
    port: { type: 'string', value: 'N', help: `with --transport http: the port (default ${DEFAULT_MCP_PORT}; 0: any free port)` },
    'list-tools': { type: 'boolean', help: "print the family's tools as a Markdown table and stop (no SDK needed)" },
  },
  notes: [
    `Credentials come from the environment only: ${ENV.login}, ${ENV.password}, ${ENV.developerToken}, ${ENV.accessCode} (and ${ENV.clientId}, optional).`,
    'Against --base-url, only reads are offered unless --allow-writes; a write is never retried. Logs go to stderr.',
    `It needs ${SDK_PACKAGE} (${addCommand([SDK_PACKAGE])}). Exit code 2: bad usage.`,
  ],
};

export async function mcpCommand(argv: string[]): Promise<number | undefined> {
  const { values, help } = parseCommand(MCP_COMMAND, argv);
  if (help) {
    console.log(helpText(MCP_COMMAND));
    return 0;
  }
  if (values['list-tools'] === true) {
    const loaded = await loadFamily(typeof values.family === 'string' ? values.family : 'v2-pt', values.observed === true);
    console.log(toolTable(loaded.tools));
    return 0;
  }
  const tools = values.tools ?? 'all';
  if (tools !== 'all' && tools !== 'dynamic') throw new UsageError('--tools is all or dynamic.');
  const transport = values.transport ?? 'stdio';
  if (transport !== 'stdio' && transport !== 'http') throw new UsageError('--transport is stdio or http.');
  const baseUrl = typeof values['base-url'] === 'string' ? values['base-url'] : undefined;
  if (values['allow-writes'] === true && baseUrl === undefined)
    throw new UsageError('--allow-writes goes with --base-url: the mock in this process already offers every operation.');
  if (values.flows === true && values.observed !== true)
    throw new UsageError('--flows goes with --observed: the stateful observed mock answers the observed flavour (docs/flows.md).');
  if (values.flows === true && baseUrl !== undefined)
    throw new UsageError(
      '--flows answers from the mock in this process: it cannot go with --base-url, which sends every call to that server.',
    );
  if (values.port !== undefined && transport !== 'http') throw new UsageError('--port goes with --transport http.');
  const port = wholeNumber('port', values.port, DEFAULT_MCP_PORT, 0, 65_535);
  const options: McpServerOptions = {
    ...(typeof values.family === 'string' ? { family: values.family } : {}),
    observed: values.observed === true,
    flows: values.flows === true,
    ...(baseUrl ? { baseUrl } : {}),
    allowWrites: values['allow-writes'] === true,
    tools,
  };
  const log = (line: string): void => {
    process.stderr.write(`${line}\n`);
  };
  if (transport === 'stdio') {
    const server = await createMcpServer(options);
    await server.connect(await boundedStdioTransport(process.stdin, process.stdout, log));
    return undefined;
  }
  // One server is made first so a bad option fails now, in one line, not at the first client.
  await createMcpServer({ ...options, log: () => undefined });
  const running = await serveHttp(() => createMcpServer({ ...options, log }), port, log);
  log(`MCP server listening on ${running.url} (Streamable HTTP, 127.0.0.1 only)`);
  onStop(() => running.close());
  return undefined;
}
