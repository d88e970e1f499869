// Issue 54: the MCP server as an agent meets it. The SDK's own Client talks over stdio to
// the INSTALLED package (the packed tarball with the SDK beside it) running on Node 20. A
// stub upstream counts what reaches it: by default no write; with --allow-writes a write is
// confirmed first (an echoed token, or elicitation when the client offers it) and reaches it
// exactly once, even when it answers 503. Canary credentials in the environment appear in
// no stdout byte, no stderr line and no result, in any encoding.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { type CallToolResult, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { isReadPath, operationsOf } from '../../src/lib/contract-index.ts';
import { CANARIES, CANARY, hidden } from '../support/canaries.ts';
import { installNode, mustRun, run } from '../support/package.ts';
import { packedInstall } from '../support/shared-fixtures.ts';

// Real time stays: each test talks to a real Node 20 child over stdio, awaiting its answers (events, no fixed wait);
// 1-3 s each alone, so this ceiling (and the SDK's own 60 s per request) is never reached when all is well.
vi.setConfig({ testTimeout: 120_000 });

const NODE_20 = '20.20.2';
const SDK = '@modelcontextprotocol/sdk@1.32.2';
const SEARCH = { Origem: 'GRU', Destino: 'GIG', DataIda: '2026-05-20T00:00:00', QuantidadeAdultos: 1 };
const ENV = {
  FLOWS_LOGIN: CANARY.login,
  FLOWS_PASSWORD: CANARY.senha,
  FLOWS_DEVELOPER_TOKEN: CANARY.developerToken,
  FLOWS_ACCESS_CODE: CANARY.accessCode,
};

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let tmp: string;
let node20: string;
let bin: string;
let plainProject: string;
let stub: http.Server;
let stubUrl: string;
const received: Received[] = [];
/** Everything each server printed, for the leak check at the end. */
const printed: string[] = [];

interface Session {
  client: Client;
  stdoutFile: string;
  stderr: () => string;
  close(): Promise<void>;
}

/** The installed bin on Node 20, its stdout copied to a file by `tee` (the client reads the same bytes). */
async function connect(args: string[], options: { elicit?: 'accept' | 'decline' } = {}): Promise<Session> {
  const stdoutFile = path.join(tmp, `stdout-${printed.length}-${Date.now()}.txt`);
  const quoted = [node20, bin, 'mcp', ...args].map((a) => `'${a}'`).join(' ');
  const transport = new StdioClientTransport({
    command: 'sh',
    args: ['-c', `${quoted} | tee '${stdoutFile}'`],
    env: { PATH: process.env.PATH ?? '', ...ENV },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const client = new Client({ name: 'stdio-test', version: '1.0.0' }, { capabilities: options.elicit ? { elicitation: {} } : {} });
  if (options.elicit) {
    const action = options.elicit;
    client.setRequestHandler(ElicitRequestSchema, () => (action === 'accept' ? { action, content: { send: true } } : { action }));
  }
  await client.connect(transport);
  return {
    client,
    stdoutFile,
    stderr: () => stderr,
    async close() {
      await client.close();
      printed.push(stderr, existsSync(stdoutFile) ? await readFile(stdoutFile, 'utf8') : '');
    },
  };
}

/** The v2-pt operations that only read, by the contract index (`x-effect: read`). */
const V2_READS = operationsOf('v2-pt')
  .filter((op) => op.effect === 'read')
  .map((op) => op.name);
const writesReceived = (): Received[] => received.filter((r) => !isReadPath('v2-pt', r.path));

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'mcp-stdio-'));
  const [install, binary] = await Promise.all([packedInstall(), installNode(NODE_20)]);
  node20 = binary;
  plainProject = await install.workDir('mcp-stdio');
  // The SDK is an optional peer: installed beside the package in a project of this test's own.
  const project = path.join(tmp, 'agent');
  await mkdir(project, { recursive: true });
  await writeFile(path.join(project, 'package.json'), `${JSON.stringify({ name: 'agent', private: true, type: 'module' }, null, 2)}\n`);
  await mustRun('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--prefer-offline', install.tarball, SDK], {
    cwd: project,
    timeoutMs: 300_000,
  });
  bin = path.join(project, 'node_modules', 'air-travel-api-contract', 'dist', 'cli', 'main.js');
  stub = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      const read = isReadPath('v2-pt', req.url ?? '');
      // A read's answer echoes what it got: the secrets must not come back through the server.
      res.writeHead(read ? 200 : 503, { 'content-type': 'application/json' });
      res.end(read ? JSON.stringify({ echo: JSON.parse(body) as unknown, token: CANARY.developerToken }) : '{"Erro":"indisponivel"}');
    });
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
}, 600_000);

afterAll(async () => {
  await new Promise<void>((resolve) => (stub ? stub.close(() => resolve()) : resolve()));
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

test('a plain install carries no SDK; the command names the package to add, in one line', async () => {
  expect(existsSync(path.join(plainProject, '..', 'node_modules', '@modelcontextprotocol'))).toBe(false);
  const plainBin = path.join(plainProject, '..', 'node_modules', 'air-travel-api-contract', 'dist', 'cli', 'main.js');
  const result = await run(node20, [plainBin, 'mcp'], { cwd: plainProject });
  expect(result.code).toBe(2);
  expect(result.stdout).toBe('');
  expect(result.stderr.trim().split('\n')).toEqual([
    'air-travel-api-contract: The MCP server needs @modelcontextprotocol/sdk: npm install @modelcontextprotocol/sdk',
  ]);
});

describe('on the in-process mock (the default)', () => {
  test('tools/list: one tool per v2-pt operation, reads marked from the contract index, within 40 kB', async () => {
    const session = await connect([]);
    try {
      const { tools } = await session.client.listTools();
      const bundle = JSON.parse(await readFile(path.join(path.dirname(bin), '..', '..', 'generated', 'v2-pt', 'openapi.json'), 'utf8')) as {
        paths: Record<string, { post: { operationId: string } }>;
      };
      expect(tools.map((t) => t.name)).toEqual(Object.values(bundle.paths).map((item) => item.post.operationId));
      expect(Buffer.byteLength(JSON.stringify({ tools }))).toBeLessThanOrEqual(40_000);
      expect(tools.filter((t) => t.annotations?.readOnlyHint === true).map((t) => t.name)).toEqual(
        tools.map((t) => t.name).filter((name) => V2_READS.includes(name)),
      );
      for (const tool of tools) {
        expect(tool.inputSchema.type).toBe('object');
        expect(Object.keys(tool.inputSchema.properties ?? {})).not.toContain('Senha');
        if (!tool.annotations?.readOnlyHint) expect(tool.annotations?.idempotentHint).toBe(false);
      }
      expect(tools.filter((t) => t.annotations?.destructiveHint === true).map((t) => t.name)).toEqual([
        'Cancelar',
        'CancelarEticket',
        'RemoverAssentos',
        'CancelarServicoAuxiliar',
        'ExcluirNotificacao',
      ]);
    } finally {
      await session.close();
    }
  });

  test('a call gets the mock decision; a bad argument is an isError result naming the field', async () => {
    const session = await connect([]);
    try {
      const good = (await session.client.callTool({ name: 'Disponibilidade', arguments: SEARCH })) as CallToolResult;
      expect(good.isError).toBeUndefined();
      expect(good.structuredContent).toEqual({ status: 200, body: {}, target: 'in-process mock POST /api/V2/Voos/Disponibilidade' });
      // A write reaches only the mock: no confirmation, nothing booked.
      const booked = (await session.client.callTool({ name: 'Reservar', arguments: {} })) as CallToolResult;
      expect(booked.structuredContent).toMatchObject({ status: 200 });
      const bad = (await session.client.callTool({
        name: 'Disponibilidade',
        arguments: { ...SEARCH, QuantidadeAdultos: 'um' },
      })) as CallToolResult;
      expect(bad.isError).toBe(true);
      expect(bad.structuredContent).toMatchObject({
        sent: false,
        problem: { status: 400, validation: [{ location: ['arguments', 'QuantidadeAdultos'] }] },
      });
      const credential = (await session.client.callTool({
        name: 'Disponibilidade',
        arguments: { ...SEARCH, Senha: 'x' },
      })) as CallToolResult;
      expect(credential.isError).toBe(true);
      expect(JSON.stringify(credential.structuredContent)).toContain('FLOWS_PASSWORD');
      expect(session.stderr()).toContain('Disponibilidade in-process mock POST /api/V2/Voos/Disponibilidade 200');
    } finally {
      await session.close();
    }
    expect(received).toEqual([]);
  });
});

describe('against a real base URL (a stub upstream)', () => {
  test('by default only reads are offered: a write is refused and never reaches the upstream', async () => {
    const session = await connect(['--base-url', stubUrl]);
    try {
      const { tools } = await session.client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual([...V2_READS].sort());
      const write = (await session.client.callTool({ name: 'Reservar', arguments: {} })) as CallToolResult;
      expect(write.isError).toBe(true);
      expect(JSON.stringify(write.structuredContent)).toContain('--allow-writes');
      const read = (await session.client.callTool({ name: 'Disponibilidade', arguments: SEARCH })) as CallToolResult;
      expect(read.structuredContent).toMatchObject({ status: 200, target: `${stubUrl}/api/V2/Voos/Disponibilidade` });
      // The answer is checked against the contract: its violations come beside it.
      expect(read.structuredContent).toHaveProperty('violations');
      // The upstream got the credentials from the environment; the result shows none of them.
      const last = received.at(-1)!;
      expect(last.headers['developer-token']).toBe(CANARY.developerToken);
      expect(JSON.parse(last.body)).toMatchObject({ ...SEARCH, Login: CANARY.login, Senha: CANARY.senha });
      expect(hidden(JSON.stringify(read))).toEqual([]);
    } finally {
      await session.close();
    }
    expect(writesReceived()).toEqual([]);
  });

  test('--allow-writes without elicitation: a token first, nothing sent; echoed, one request, no retry on 503', async () => {
    const session = await connect(['--base-url', stubUrl, '--allow-writes']);
    try {
      const first = (await session.client.callTool({ name: 'Reservar', arguments: { Localizador: 'ABC123' } })) as CallToolResult;
      expect(first.isError).toBe(true);
      const token = (first.structuredContent as { confirmationRequired: { confirmation: string } }).confirmationRequired.confirmation;
      expect(writesReceived()).toEqual([]);
      const other = (await session.client.callTool({
        name: 'Reservar',
        arguments: { Localizador: 'XYZ999', confirmation: token },
      })) as CallToolResult;
      expect(other.isError).toBe(true);
      expect(writesReceived()).toEqual([]);
      // That token is spent: a fresh one for the real call.
      const again = (await session.client.callTool({ name: 'Reservar', arguments: { Localizador: 'ABC123' } })) as CallToolResult;
      const fresh = (again.structuredContent as { confirmationRequired: { confirmation: string } }).confirmationRequired.confirmation;
      const sent = (await session.client.callTool({
        name: 'Reservar',
        arguments: { Localizador: 'ABC123', confirmation: fresh },
      })) as CallToolResult;
      expect(sent.structuredContent).toMatchObject({ status: 503, body: { Erro: 'indisponivel' } });
      expect(writesReceived().map((r) => r.path)).toEqual(['/api/V2/Voos/Reservar']);
      const replay = (await session.client.callTool({
        name: 'Reservar',
        arguments: { Localizador: 'ABC123', confirmation: fresh },
      })) as CallToolResult;
      expect(replay.isError).toBe(true);
      expect(writesReceived()).toHaveLength(1);
    } finally {
      await session.close();
    }
    expect(writesReceived()).toHaveLength(1);
  });

  test('--allow-writes with elicitation: declined, nothing; accepted, exactly one', async () => {
    const before = writesReceived().length;
    const declining = await connect(['--base-url', stubUrl, '--allow-writes'], { elicit: 'decline' });
    try {
      const refused = (await declining.client.callTool({ name: 'Cancelar', arguments: {} })) as CallToolResult;
      expect(refused.isError).toBe(true);
      expect(writesReceived()).toHaveLength(before);
    } finally {
      await declining.close();
    }
    const accepting = await connect(['--base-url', stubUrl, '--allow-writes'], { elicit: 'accept' });
    try {
      const done = (await accepting.client.callTool({ name: 'Cancelar', arguments: {} })) as CallToolResult;
      expect(done.structuredContent).toMatchObject({ status: 503 });
      expect(
        writesReceived()
          .slice(before)
          .map((r) => r.path),
      ).toEqual(['/api/V2/Voos/Cancelar']);
    } finally {
      await accepting.close();
    }
  });
});

test('no canary credential appears in any stdout byte or stderr line of any server run', () => {
  expect(printed.length).toBeGreaterThan(0);
  expect(printed.join('').length).toBeGreaterThan(0);
  for (const text of printed) expect(hidden(text, CANARIES)).toEqual([]);
});
