// Issue 54: the MCP server under the ecosystem's own test tools, from this folder's lock
// (installTool('mcp')), on the pinned Node 24 they need. The Inspector's CLI: `tools/list`
// with its strict portability check for every family and flavour, `tools/call` (exit 0 on
// an answer, 5 on an isError result). The conformance suite's server scenarios that apply
// to a server of the contract's own tools (not those of the reference server's fixtures).
// Specmatic's `mcp test` with resiliency tests: every positive case passes, and the only
// failures are "negative" cases whose arguments the tool's own input schema accepts.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rootDir, run } from '../support/package.ts';
import { installTool, SHORT_JVM } from '../support/tools.ts';

const NODE = process.execPath;
const MAIN = path.join(rootDir, 'src', 'cli', 'main.ts');
const JAR = path.join(rootDir, 'node_modules', 'specmatic', 'specmatic.jar');
const FLAVOURS = [['v2-pt'], ['v2-pt', '--observed'], ['v2-en'], ['v3'], ['v1'], ['legacy'], ['legacy', '--observed']] as const;

let tmp: string;
let modules: string;
let http: { url: string; child: ChildProcess };

/** `mcp --transport http --port 0`, once it says where it listens (on stderr: its logs never go to stdout). */
async function startHttp(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(NODE, [MAIN, 'mcp', '--transport', 'http', '--port', '0'], { cwd: rootDir, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  // Read to the end: a closed pipe would stop the server at its next log line.
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const match = /listening on (http:\/\/127\.0\.0\.1:\d+)\/mcp/.exec(stderr);
    if (match?.[1]) return { url: match[1], child };
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`mcp --transport http did not listen:\n${stderr}`);
    // real time: the interval of a poll for a real MCP process to listen.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The Inspector's CLI on a server named in a config file (its target arguments would be read as its own options). */
async function inspector(args: string[], serverArgs: string[] = []) {
  const config = path.join(tmp, `config-${serverArgs.join('_') || 'default'}.json`);
  await writeFile(config, JSON.stringify({ mcpServers: { contract: { command: NODE, args: [MAIN, 'mcp', ...serverArgs] } } }));
  const launcher = path.join(modules, '@modelcontextprotocol', 'inspector', 'clients', 'launcher', 'build', 'index.js');
  // HOME: the Inspector writes its catalog under it.
  return run(NODE, [launcher, '--cli', '--config', config, '--server', 'contract', ...args], {
    cwd: tmp,
    env: { ...process.env, HOME: tmp },
  });
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'mcp-tools-'));
  [modules, http] = await Promise.all([installTool('mcp'), startHttp()]);
}, 300_000);

afterAll(async () => {
  if (http && http.child.exitCode === null) {
    http.child.kill('SIGINT');
    await once(http.child, 'exit');
  }
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('MCP Inspector CLI', () => {
  test.each(FLAVOURS.map((flavour) => [flavour.join(' '), flavour] as const))(
    'tools/list --strict: %s has no portability error',
    async (_name, [family, ...rest]) => {
      const result = await inspector(['--method', 'tools/list', '--strict'], ['--family', family, ...rest]);
      expect(result.stderr.split('\n').filter((line) => line.startsWith('Error:'))).toEqual([]);
      expect(result.code).toBe(0);
      expect((JSON.parse(result.stdout) as { tools: unknown[] }).tools.length).toBeGreaterThan(0);
    },
  );

  test('tools/call: an answer exits 0; a bad argument is an isError result, exit 5', async () => {
    const good = await inspector([
      '--method',
      'tools/call',
      '--tool-name',
      'Disponibilidade',
      '--tool-arg',
      'Origem=GRU',
      '--tool-arg',
      'QuantidadeAdultos=1',
    ]);
    expect(good.code).toBe(0);
    expect(JSON.parse(good.stdout)).toMatchObject({ structuredContent: { status: 200, body: {} } });
    const bad = await inspector(['--method', 'tools/call', '--tool-name', 'Disponibilidade', '--tool-arg', 'QuantidadeAdultos="um"']);
    expect(bad.code).toBe(5);
    expect(bad.stdout).toContain('QuantidadeAdultos');
  });
});

describe('@modelcontextprotocol/conformance, over Streamable HTTP', () => {
  // The scenarios that apply: the others call the reference server's fixture tools, resources and prompts.
  const SCENARIOS = [
    'server-initialize',
    'ping',
    'tools-list',
    // It calls a tool the server does not have: an unknown tool is an isError result.
    'tools-call-error',
    'resources-list',
    'prompts-list',
    'dns-rebinding-protection',
  ];
  test.each(SCENARIOS)('%s passes', async (scenario) => {
    const cli = path.join(modules, '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
    const result = await run(NODE, [cli, 'server', '--url', `${http.url}/mcp`, '--scenario', scenario], { cwd: tmp });
    const summary = /Passed: (\d+)\/(\d+), (\d+) failed/.exec(result.stdout);
    expect(summary, result.stdout + result.stderr).not.toBeNull();
    expect(Number(summary![1])).toBeGreaterThan(0);
    expect(summary![1]).toBe(summary![2]);
    expect(result.code).toBe(0);
  });
});

test('Specmatic\'s mcp test with resiliency tests: positives pass, and only schema-valid "negatives" get an answer', async () => {
  const result = await run(
    'java',
    [...SHORT_JVM, '-jar', JAR, 'mcp', 'test', `--url=${http.url}/mcp`, '--transport-kind=STREAMABLE_HTTP', '--enable-resiliency-tests'],
    { cwd: tmp },
  );
  expect(result.stdout).toMatch(/Total: \d+/);
  const report = JSON.parse(
    await readFile(path.join(tmp, 'build', 'reports', 'specmatic', 'mcp', 'mcp_test_report.json'), 'utf8'),
  ) as Array<{
    toolName: string;
    request: unknown;
    verdict: string;
    negative: boolean;
  }>;
  const list = await inspector(['--method', 'tools/list']);
  const schemas = new Map(
    (JSON.parse(list.stdout) as { tools: Array<{ name: string; inputSchema: object }> }).tools.map((t) => [t.name, t.inputSchema]),
  );
  const ajv = new Ajv({ strict: false, allErrors: false });
  expect(report.filter((t) => !t.negative).length).toBeGreaterThan(30);
  expect(report.filter((t) => !t.negative && t.verdict !== 'PASSED')).toEqual([]);
  const negatives = report.filter((t) => t.negative);
  expect(negatives.filter((t) => t.verdict === 'PASSED').length).toBeGreaterThan(50);
  // A "negative" case the server answered: its arguments are valid by the tool's own schema (an open body accepts `{}`).
  for (const failed of negatives.filter((t) => t.verdict !== 'PASSED')) {
    expect(ajv.validate(schemas.get(failed.toolName)!, failed.request), `${failed.toolName} ${JSON.stringify(failed.request)}`).toBe(true);
  }
});
