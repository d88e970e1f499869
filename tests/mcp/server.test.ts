// Issue 54: the MCP server's tools, resources, prompts and HTTP door, in this process
// (the SDK's Client over its in-memory transport; the HTTP door over a real port). Every
// family and flavour: input schemas a client accepts (object at the top, no $ref, no
// $defs, no x- keys, no credential), names within the strictest clients' rule, reads and
// read-only hints from the contract index (`x-effect`), removals from the sourced list, the
// dynamic mode within 8 kB. A tool call on the
// in-process mock answers as the mock on a port does.
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isReadPath, operationAt } from '../../src/lib/contract-index.ts';
import { createMcpServer, type McpServerOptions, serveMcpHttp } from '../../src/mcp.ts';
import { toolsOf, toolTable } from '../../src/mcp/tools.ts';
import type { JsonObject } from '../../src/lib/refs.ts';
import { type RunningMock, startMock } from '../../src/mock.ts';
import { CANARY, hidden } from '../support/canaries.ts';
import { rootDir } from '../support/package.ts';
import { connectedInMemory } from '../../scripts/lib/mcp-in-memory.ts';

const FLAVOURS = [
  ['v2-pt', false, 'v2-pt'],
  ['v2-pt', true, 'v2-pt-observed'],
  ['v2-en', false, 'v2-en'],
  ['v3', false, 'v3'],
  ['v1', false, 'v1'],
  ['legacy', false, 'legacy'],
  ['legacy', true, 'legacy-observed'],
] as const;
/** The strictest rule clients apply to tool names (MCP's own also allows `.`). */
const NAME = /^[A-Za-z0-9_-]{1,64}$/;
const CREDENTIALS = ['Login', 'Senha', 'ClienteId', 'login', 'senha', 'clienteId'];

const connected = (options: McpServerOptions) => connectedInMemory(options, 'server-test');

/** Every key of a schema at any depth, property names left out (they are field names). */
function schemaKeys(node: unknown, keys: Set<string> = new Set()): Set<string> {
  if (Array.isArray(node)) for (const item of node) schemaKeys(item, keys);
  else if (node !== null && typeof node === 'object')
    for (const [key, value] of Object.entries(node)) {
      keys.add(key);
      if (key === 'properties' && value !== null && typeof value === 'object')
        for (const inner of Object.values(value)) schemaKeys(inner, keys);
      else schemaKeys(value, keys);
    }
  return keys;
}

describe.each(FLAVOURS)('%s (observed: %s)', (family, observed, documentId) => {
  let tools: Tool[];
  let paths: Record<string, Record<string, { operationId: string }>>;
  beforeAll(async () => {
    const client = await connected({ family, observed });
    tools = (await client.listTools()).tools;
    await client.close();
    paths = (JSON.parse(await readFile(path.join(rootDir, 'generated', documentId, 'openapi.json'), 'utf8')) as { paths: typeof paths })
      .paths;
  });

  test('one tool per operation, named by its operationId, every schema one a client accepts', () => {
    const operations = Object.values(paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(tools.map((t) => t.name)).toEqual(operations);
    for (const tool of tools) {
      expect(tool.name).toMatch(NAME);
      expect(tool.inputSchema.type).toBe('object');
      const keys = [...schemaKeys(tool.inputSchema)];
      expect(keys.filter((k) => k === '$ref' || k === '$defs' || k === 'definitions' || k.startsWith('x-'))).toEqual([]);
      // v2-en publishes no credential field names: the server adds none there, so none is taken out.
      if (family !== 'v2-en') expect(Object.keys(tool.inputSchema.properties ?? {}).filter((k) => CREDENTIALS.includes(k))).toEqual([]);
      expect(tool.description).toBeTruthy();
    }
  });

  test("reads come from the contract index's effects, removals from the sourced list, not the method", () => {
    const pathOf = new Map(Object.entries(paths).map(([p, item]) => [Object.values(item)[0]!.operationId, p]));
    for (const tool of tools) {
      const p = pathOf.get(tool.name)!;
      expect(tool.annotations?.readOnlyHint).toBe(isReadPath(documentId, p));
      if (!tool.annotations?.readOnlyHint) {
        expect(tool.annotations?.idempotentHint).toBe(false);
        expect(tool.annotations?.destructiveHint).toBe(operationAt(documentId, p)?.destructive === true);
      }
    }
  });

  test('--tools dynamic lists three tools within 8 kB', async () => {
    const client = await connected({ family, observed, tools: 'dynamic' });
    const listed = await client.listTools();
    await client.close();
    expect(listed.tools.map((t) => t.name)).toEqual(['list_operations', 'describe_operation', 'call_operation']);
    expect(Buffer.byteLength(JSON.stringify(listed))).toBeLessThanOrEqual(8_000);
  });
});

test("docs/mcp.md's tool list is the one the bundle makes", async () => {
  const doc = await readFile(path.join(rootDir, 'docs', 'mcp.md'), 'utf8');
  const listed = /<!-- mcp-tools:v2-pt -->\n([\s\S]*?)\n<!-- \/mcp-tools -->/.exec(doc)?.[1];
  const bundle = JSON.parse(await readFile(path.join(rootDir, 'generated', 'v2-pt', 'openapi.json'), 'utf8')) as JsonObject;
  expect(listed).toBe(toolTable(toolsOf('v2-pt', bundle)));
});

test('v2-pt tools/list stays within 40 kB of JSON', async () => {
  const client = await connected({});
  const listed = await client.listTools();
  await client.close();
  expect(Buffer.byteLength(JSON.stringify(listed))).toBeLessThanOrEqual(40_000);
});

describe('answers', () => {
  let mock: RunningMock;
  let client: Client;
  beforeAll(async () => {
    [mock, client] = await Promise.all([startMock({ port: 0, families: ['v2-pt'], logLevel: 'silent' }), connected({})]);
  });
  afterAll(async () => {
    await client?.close();
    await mock?.close();
  });

  test('each v2-pt tool answers as the mock on a port answers the same call', async () => {
    const { tools } = await client.listTools();
    let compared = 0;
    for (const tool of tools) {
      const result = (await client.callTool({ name: tool.name, arguments: {} })) as CallToolResult;
      if (result.isError) {
        // Refused before sending: the mock refuses the same body too.
        expect(result.structuredContent).toMatchObject({ sent: false, problem: { status: 400 } });
        continue;
      }
      const route = `/api/V2/Voos/${tool.name}`;
      const answer = await fetch(`${mock.url}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'developer-token': 't', 'developer-access-code': 'c' },
        body: JSON.stringify({ Login: 'mock-login', Senha: 'mock-password' }),
      });
      const text = await answer.text();
      expect(result.structuredContent).toEqual({
        status: answer.status,
        body: text === '' ? null : JSON.parse(text),
        target: `in-process mock POST ${route}`,
      });
      compared++;
    }
    expect(compared).toBeGreaterThan(20);
  });

  test('dynamic mode: list, describe, call; an unknown operation is an isError result', async () => {
    const dynamic = await connected({ tools: 'dynamic' });
    const { tools } = await client.listTools();
    const listed = (await dynamic.callTool({ name: 'list_operations', arguments: {} })) as CallToolResult;
    expect((listed.structuredContent as { operations: Array<{ name: string }> }).operations.map((o) => o.name)).toEqual(
      tools.map((t) => t.name),
    );
    const described = (await dynamic.callTool({
      name: 'describe_operation',
      arguments: { operation: 'Disponibilidade' },
    })) as CallToolResult;
    expect((described.structuredContent as { inputSchema: unknown }).inputSchema).toEqual(
      tools.find((t) => t.name === 'Disponibilidade')!.inputSchema,
    );
    const called = (await dynamic.callTool({
      name: 'call_operation',
      arguments: { operation: 'Disponibilidade', arguments: { Origem: 'GRU', QuantidadeAdultos: 1 } },
    })) as CallToolResult;
    expect(called.structuredContent).toMatchObject({ status: 200 });
    const unknown = (await dynamic.callTool({ name: 'call_operation', arguments: { operation: 'Voar' } })) as CallToolResult;
    expect(unknown.isError).toBe(true);
    await dynamic.close();
  });

  test('resources: every bundle as built, each operation reference text', async () => {
    const { resources } = await client.listResources();
    expect(resources.filter((r) => r.mimeType === 'application/json').map((r) => r.uri)).toHaveLength(7);
    const bundle = await client.readResource({ uri: 'air-travel-api-contract://openapi/v2-pt.json' });
    expect((bundle.contents[0] as { text: string }).text).toBe(
      await readFile(path.join(rootDir, 'generated', 'v2-pt', 'openapi.json'), 'utf8'),
    );
    const uri = resources.find((r) => r.uri.endsWith('/v2-pt/Cancelar.md'))!.uri;
    const text = ((await client.readResource({ uri })).contents[0] as { text: string }).text;
    expect(text).toContain('`POST /api/V2/Voos/Cancelar`. Writes: cancels or removes something.');
  });

  test('prompts: the certification scenario and a legacy call migrated, no secret echoed', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['certification_scenario', 'migrate_legacy_call']);
    const scenario = await client.getPrompt({ name: 'certification_scenario', arguments: { origin: 'CNF' } });
    const steps = (scenario.messages[0]!.content as { text: string }).text;
    expect(steps.indexOf('Disponibilidade')).toBeLessThan(steps.indexOf('Tarifar'));
    expect(steps.indexOf('Tarifar')).toBeLessThan(steps.indexOf('Reservar'));
    expect(steps).toContain('"Origem": "CNF"');
    const body = JSON.stringify({ Login: CANARY.login, Senha: CANARY.senha, token: CANARY.accessCode, Localizador: 'ABC123' });
    const migrated = await client.getPrompt({
      name: 'migrate_legacy_call',
      arguments: { path: '/AereoNoSession.svc/MarcarAssentos', body },
    });
    const text = (migrated.messages[0]!.content as { text: string }).text;
    expect(text).toContain('POST /api/V2/Voos/MarcarAssentos');
    expect(text).toContain('"Localizador": "ABC123"');
    expect(hidden(text, [CANARY.senha, CANARY.accessCode])).toEqual([]);
    const none = await client.getPrompt({ name: 'migrate_legacy_call', arguments: { path: '/AereoNoSession.svc/Autenticar', body: '{}' } });
    expect((none.messages[0]!.content as { text: string }).text).toContain('no V2 equivalent');
  });
});

test('a legacy session token is not handed to the agent', async () => {
  const client = await connected({ family: 'legacy' });
  const result = (await client.callTool({ name: 'Autenticar', arguments: {} })) as CallToolResult;
  await client.close();
  expect(result.structuredContent).toEqual({
    status: 200,
    body: '[redacted]',
    target: 'in-process mock POST /AereoNoSession.svc/Autenticar',
  });
});

describe('a real base URL', () => {
  const servers: http.Server[] = [];
  const hits: string[] = [];
  const listen = async (handler: http.RequestListener): Promise<string> => {
    const server = http.createServer(handler);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  });
  const env = {
    FLOWS_LOGIN: CANARY.login,
    FLOWS_PASSWORD: CANARY.senha,
    FLOWS_DEVELOPER_TOKEN: CANARY.developerToken,
    FLOWS_ACCESS_CODE: CANARY.accessCode,
  };

  test('a redirect is not followed: the credentials go to the chosen origin only', async () => {
    const elsewhere = await listen((req, res) => {
      hits.push(req.url ?? '');
      res.end('{}');
    });
    const base = await listen((_req, res) => {
      res.writeHead(307, { location: `${elsewhere}/api/V2/Voos/Disponibilidade` }).end();
    });
    const client = await connected({ baseUrl: base, env });
    const result = (await client.callTool({ name: 'Disponibilidade', arguments: { Origem: 'GRU' } })) as CallToolResult;
    await client.close();
    expect(result.structuredContent).toMatchObject({ status: 307 });
    expect(hits).toEqual([]);
  });

  test("an answer off the contract comes back with the proxy check's violations beside it", async () => {
    const base = await listen((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<p>ok</p>');
    });
    const client = await connected({ baseUrl: base, env });
    const result = (await client.callTool({ name: 'Disponibilidade', arguments: { Origem: 'GRU' } })) as CallToolResult;
    await client.close();
    expect(result.structuredContent).toMatchObject({
      status: 200,
      body: '<p>ok</p>',
      violations: [{ location: ['response'], code: 'media-type' }],
      violationCount: 1,
    });
  });

  test('no answer: one line with the code, no foreign error, no secret', async () => {
    const closed = await listen(() => undefined);
    const url = closed;
    await new Promise((resolve) => servers.pop()!.close(resolve));
    const client = await connected({ baseUrl: url, env });
    const result = (await client.callTool({ name: 'Disponibilidade', arguments: { Origem: 'GRU' } })) as CallToolResult;
    await client.close();
    expect(result.isError).toBe(true);
    expect((result.structuredContent as { problem: { detail: string } }).problem.detail).toBe(
      `No answer from ${url}: ECONNREFUSED. Nothing is retried.`,
    );
    expect(hidden(JSON.stringify(result))).toEqual([]);
  });

  test('without the credentials in the environment nothing is sent, and the variables are named', async () => {
    const base = await listen((req, res) => {
      hits.push(req.url ?? '');
      res.end('{}');
    });
    const client = await connected({ baseUrl: base, env: {} });
    const result = (await client.callTool({ name: 'Disponibilidade', arguments: {} })) as CallToolResult;
    await client.close();
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.structuredContent)).toContain('FLOWS_DEVELOPER_TOKEN, FLOWS_ACCESS_CODE, FLOWS_LOGIN, FLOWS_PASSWORD');
    expect(hits).toEqual([]);
  });
});

describe('Streamable HTTP on 127.0.0.1', () => {
  test('a client lists and calls; a foreign Host or Origin (DNS rebinding) gets 403', async () => {
    const running = await serveMcpHttp(
      () => createMcpServer({ log: () => undefined }),
      0,
      () => undefined,
    );
    try {
      expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      const client = new Client({ name: 'http-test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(running.url)));
      expect((await client.listTools()).tools).toHaveLength(36);
      await client.ping();
      await client.close();
      const initialize = JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
      });
      const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
      const status = (extra: Record<string, string>) =>
        new Promise<number>((resolve, reject) => {
          const req = http.request(running.url, { method: 'POST', headers: { ...headers, ...extra } }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          });
          req.on('error', reject);
          req.end(initialize);
        });
      expect(await status({ host: `evil.example:${running.port}` })).toBe(403);
      expect(await status({ origin: 'http://evil.example' })).toBe(403);
      expect(await status({ origin: `http://localhost:${running.port}` })).toBe(200);
    } finally {
      await running.close();
    }
  });
});
