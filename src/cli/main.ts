#!/usr/bin/env node
// `air-travel-api-contract <mock|proxy|flows|mcp>`: the commands an integrator runs from the
// installed package (npm scripts of this repository run the same entry). Node's compile
// cache is turned on first, where Node has it (22.1 and later), so every module loaded
// after it starts from cached bytecode.
import module from 'node:module';
import path from 'node:path';

const USAGE = `Usage: air-travel-api-contract <command> [options]

Commands:
  mock     every route family of the contract on one local port, each call checked against it
  proxy    forward calls to the service and check both directions against the contract
  flows    run the certification scenarios against the flows mock or a sandbox
  mcp      an MCP server for agents: the contract's operations as tools (stdio or HTTP)

\`air-travel-api-contract <command> --help\` lists a command's options.`;

module.enableCompileCache?.(path.join(process.cwd(), 'node_modules', '.cache', 'air-travel-api-contract'));
const [command, ...rest] = process.argv.slice(2);
const { runCommand } = await import('./args.ts');
if (command === 'mock') await runCommand(async () => (await import('./mock.ts')).mockCommand(rest));
else if (command === 'proxy') await runCommand(async () => (await import('./proxy.ts')).proxyCommand(rest));
else if (command === 'flows') await runCommand(async () => (await import('./flows.ts')).flowsCommand(rest));
else if (command === 'mcp') await runCommand(async () => (await import('./mcp.ts')).mcpCommand(rest));
else if (command === '--help' || command === '-h' || command === 'help') console.log(USAGE);
else if (command === undefined) {
  // No command is a mistake, like an unknown one: the usage goes to stderr and the exit code says so.
  console.error(USAGE);
  process.exit(2);
} else if (command === '--version' || command === '-v') {
  const { readFileSync } = await import('node:fs');
  console.log((JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version);
} else {
  console.error(
    `air-travel-api-contract: unknown command ${JSON.stringify(command.slice(0, 40))}: the commands are mock, proxy, flows and mcp (see --help).`,
  );
  process.exit(2);
}
