// Issue 58, the MCP server's part: every fact it acts on comes from the contract index and
// its limits from LIMITS. Credentials passed as arguments in any spelling or depth are
// refused by path and never sent; the legacy session token never comes back, whatever the
// upstream's content type or wrapper; reads (and what a --base-url hides) are the index's;
// arguments past a limit get the problem the mock on a port gives, as an isError result; a
// write whose answer breaks off after it was sent is reported as sent. Stub upstreams on
// 127.0.0.1 count what reaches them; the SDK's Client talks to the server in memory.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { type CallToolResult, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { connectedInMemory } from '../../scripts/lib/mcp-in-memory.ts';
import { credentialKind, isRedactedField, LIMITS, operationsOf } from '../../src/lib/contract-index.ts';
import { createMcpServer, type McpServerOptions } from '../../src/mcp.ts';
import { type RunningMock, startMock } from '../../src/mock.ts';
import { FLAVOURS } from '../../src/mcp/tools.ts';
import { CANARY, hidden } from '../support/canaries.ts';

const SEARCH = { Origem: 'GRU', Destino: 'GIG', DataIda: '2026-05-20T00:00:00', QuantidadeAdultos: 1 };
const ENV = {
  FLOWS_LOGIN: CANARY.login,
  FLOWS_PASSWORD: CANARY.senha,
  FLOWS_DEVELOPER_TOKEN: CANARY.developerToken,
  FLOWS_ACCESS_CODE: CANARY.accessCode,
};
/** A value passed where a credential goes: it must reach neither the upstream nor the result. */
const ARGUMENT_SECRET = 'ArgSecret-canary-73Kq';
const SESSION_TOKEN = 'SessionToken-canary-5f2a9c7e1d';

interface Received {
  path: string;
  body: string;
}

const servers: http.Server[] = [];
/** A stub upstream on 127.0.0.1: every request it receives is kept; `answer` writes the response. */
async function upstream(
  answer: (req: http.IncomingMessage, res: http.ServerResponse) => void,
): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      received.push({ path: req.url ?? '', body });
      answer(req, res);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A client that accepts every write the server asks to confirm (MCP elicitation), and the server's log lines. */
async function accepting(options: McpServerOptions): Promise<{ client: Client; logged: string[] }> {
  const logged: string[] = [];
  const server = await createMcpServer({ ...options, log: (line) => logged.push(line) });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'guards-test', version: '1.0.0' }, { capabilities: { elicitation: {} } });
  client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: { send: true } }));
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return { client, logged };
}

const call = async (client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;

describe('credentials as arguments: refused by path, in any spelling or depth, never sent', () => {
  const SPELLINGS: Array<[string, Record<string, unknown>, string[]]> = [
    ['senha', { senha: ARGUMENT_SECRET }, ['senha']],
    ['SENHA', { SENHA: ARGUMENT_SECRET }, ['SENHA']],
    ['password', { password: ARGUMENT_SECRET }, ['password']],
    ['login', { login: ARGUMENT_SECRET }, ['login']],
    ['Dados.Senha', { Dados: { Senha: ARGUMENT_SECRET } }, ['Dados', 'Senha']],
    ['Senha and a zero-width space', { 'Senha\u200b': ARGUMENT_SECRET }, ['Senha\u200b']],
    ['inside an array', { Passageiros: [{ Nome: 'A' }, { Dados: { Senha: ARGUMENT_SECRET } }] }, ['Passageiros', '1', 'Dados', 'Senha']],
    ['ClienteId in another case', { CLIENTEID: 7 }, ['CLIENTEID']],
    ['TokenDeSeguranca', { tokendeseguranca: ARGUMENT_SECRET }, ['tokendeseguranca']],
  ];
  let stub: Awaited<ReturnType<typeof upstream>>;
  let real: Client;
  let mock: Client;
  beforeAll(async () => {
    stub = await upstream((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    [real, mock] = await Promise.all([
      connectedInMemory({ baseUrl: stub.url, env: ENV }, 'guards-test'),
      connectedInMemory({}, 'guards-test'),
    ]);
  });
  afterAll(async () => {
    await Promise.all([real?.close(), mock?.close()]);
  });

  test.each(SPELLINGS)('%s: an isError result naming the path, not the value; nothing reaches the upstream', async (_name, extra, at) => {
    for (const client of [real, mock]) {
      const result = await call(client, 'Disponibilidade', { ...SEARCH, ...extra });
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toMatchObject({
        sent: false,
        problem: { status: 400, validation: [{ location: ['arguments', ...at], code: 'credential' }] },
      });
      expect((result.structuredContent as { problem: { detail: string } }).problem.detail).toContain('FLOWS_PASSWORD');
      expect(hidden(JSON.stringify(result), [ARGUMENT_SECRET])).toEqual([]);
    }
    expect(stub.received).toEqual([]);
  });

  test('the call_operation of --tools dynamic refuses them as well', async () => {
    const dynamic = await connectedInMemory({ baseUrl: stub.url, env: ENV, tools: 'dynamic' }, 'guards-test');
    const result = await call(dynamic, 'call_operation', {
      operation: 'Disponibilidade',
      arguments: { Dados: { sEnHa: ARGUMENT_SECRET } },
    });
    await dynamic.close();
    expect(result.structuredContent).toMatchObject({
      sent: false,
      problem: { validation: [{ location: ['arguments', 'Dados', 'sEnHa'] }] },
    });
    expect(stub.received).toEqual([]);
  });

  test('no tool of any family lists a credential or secret field at any depth', async () => {
    const found: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (Array.isArray(node)) for (const item of node) walk(item, at);
      else if (node !== null && typeof node === 'object')
        for (const [key, value] of Object.entries(node)) {
          if (key === 'properties' && value !== null && typeof value === 'object')
            for (const [name, inner] of Object.entries(value)) {
              if (credentialKind(name) !== undefined || isRedactedField(name)) found.push(`${at}.${name}`);
              walk(inner, `${at}.${name}`);
            }
          else walk(value, at);
        }
    };
    for (const [family, observed] of FLAVOURS) {
      const client = await connectedInMemory({ family, observed }, 'guards-test');
      for (const tool of (await client.listTools()).tools) walk(tool.inputSchema, `${family}${observed ? '-observed' : ''} ${tool.name}`);
      await client.close();
    }
    expect(found).toEqual([]);
  });
});

describe("the legacy session token never comes back, in the upstream's every shape", () => {
  const SHAPES: Array<[string, string, string]> = [
    ['text/plain', 'text/plain; charset=utf-8', SESSION_TOKEN],
    ['XML', 'application/xml', `<string xmlns="http://schemas.microsoft.com/2003/10/Serialization/">${SESSION_TOKEN}</string>`],
    ['wrapped JSON', 'application/json', JSON.stringify({ AutenticarResult: SESSION_TOKEN })],
    ['a bare JSON string', 'application/json', JSON.stringify(SESSION_TOKEN)],
    ['JSON nested in a list', 'application/json', JSON.stringify({ d: [{ Valor: SESSION_TOKEN }] })],
  ];

  test.each(SHAPES)('%s: not in the result, not on the log', async (_name, type, text) => {
    const stub = await upstream((_req, res) => res.writeHead(200, { 'content-type': type }).end(text));
    const { client, logged } = await accepting({ family: 'legacy', baseUrl: stub.url, env: ENV, allowWrites: true });
    for (const name of ['Autenticar', 'Aereo_Autenticar']) {
      const result = await call(client, name, {});
      expect(result.isError).toBeUndefined();
      expect(result.structuredContent).toMatchObject({ status: 200, body: '[redacted]' });
      expect(hidden(JSON.stringify(result), [SESSION_TOKEN])).toEqual([]);
    }
    await client.close();
    expect(stub.received.map((r) => r.path)).toEqual(['/AereoNoSession.svc/Autenticar', '/Aereo.svc/Autenticar']);
    expect(logged.length).toBeGreaterThan(0);
    expect(hidden(logged.join('\n'), [SESSION_TOKEN, ...Object.values(ENV)])).toEqual([]);
  });
});

describe("reads, and what a --base-url hides, are the contract index's", () => {
  test.each([
    ['v2-pt', false],
    ['v2-en', false],
    ['v3', false],
    ['v1', false],
    ['legacy', false],
    ['legacy', true],
  ] as const)('%s (observed: %s): only the operations with x-effect read are offered', async (family, observed) => {
    const client = await connectedInMemory({ family, observed, baseUrl: 'http://127.0.0.1:9', env: ENV }, 'guards-test');
    const { tools } = await client.listTools();
    await client.close();
    const id = observed ? `${family}-observed` : family;
    expect(tools.map((t) => t.name).sort()).toEqual(
      operationsOf(id)
        .filter((op) => op.effect === 'read')
        .map((op) => op.operationId)
        .sort(),
    );
    for (const tool of tools) expect(tool.annotations?.readOnlyHint).toBe(true);
  });
});

describe('one set of limits: the problem the mock on a port gives, as an isError result', () => {
  let mock: RunningMock;
  let client: Client;
  beforeAll(async () => {
    [mock, client] = await Promise.all([
      startMock({ port: 0, families: ['v2-pt'], logLevel: 'silent' }),
      connectedInMemory({}, 'guards-test'),
    ]);
  });
  afterAll(async () => {
    await client?.close();
    await mock?.close();
  });

  test(`arguments past ${LIMITS.bodyBytes} bytes: the mock's own 413 problem, word for word`, async () => {
    // Many short strings: past the body's bytes, within every other limit.
    const args = { ...SEARCH, Lista: Array.from({ length: 40_000 }, (_, i) => `item-${i}-${'x'.repeat(40)}`) };
    const result = await call(client, 'Disponibilidade', args);
    const answer = await fetch(`${mock.url}/api/V2/Voos/Disponibilidade`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'developer-token': 't', 'developer-access-code': 'c' },
      body: JSON.stringify({ Login: 'mock-login', Senha: 'mock-password', ...args }),
    });
    expect(answer.status).toBe(413);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toEqual({ sent: false, problem: await answer.json() });
  });

  test(`nesting deeper than ${LIMITS.depth} levels (10,000 here): an isError problem, not a JSON-RPC error`, async () => {
    let deep: unknown = 'end';
    for (let i = 0; i < 10_000; i++) deep = { Dados: deep };
    const result = await call(client, 'Disponibilidade', { ...SEARCH, Dados: deep });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ sent: false, problem: { status: 413 } });
    expect((result.structuredContent as { problem: { detail: string } }).problem.detail).toContain(`deeper than ${LIMITS.depth} levels`);
    // And the server keeps serving.
    expect((await call(client, 'Disponibilidade', SEARCH)).structuredContent).toMatchObject({ status: 200 });
  });

  test('a prompt whose legacy body nests too deep is refused by the same limit, before the migration walks it', async () => {
    // Written as text: JSON.stringify itself overflows the stack on 10,000 levels.
    const body = `{"Localizador":"ABC123","Dados":${'{"Dados":'.repeat(10_000)}"end"${'}'.repeat(10_000)}}`;
    await expect(
      client.getPrompt({ name: 'migrate_legacy_call', arguments: { path: '/AereoNoSession.svc/MarcarAssentos', body } }),
    ).rejects.toThrow(`deeper than ${LIMITS.depth} levels`);
  });

  test(`a string longer than ${LIMITS.stringChars} characters: an isError problem that quotes none of it`, async () => {
    const long = `${ARGUMENT_SECRET}${'y'.repeat(LIMITS.stringChars)}`;
    const result = await call(client, 'Disponibilidade', { ...SEARCH, Observacao: long });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ sent: false, problem: { status: 413 } });
    expect((result.structuredContent as { problem: { detail: string } }).problem.detail).toContain(
      `longer than ${LIMITS.stringChars} characters`,
    );
    expect(JSON.stringify(result)).not.toContain(ARGUMENT_SECRET);
  });
});

test('a write whose answer breaks off after it was sent is reported as sent, with the failure, never as a protocol error', async () => {
  const stub = await upstream((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
    // Part of the body, then the connection is cut: the status came, the answer did not.
    res.write('{"Localizador":', () => res.socket?.destroy());
  });
  const { client, logged } = await accepting({ baseUrl: stub.url, env: ENV, allowWrites: true });
  const result = await call(client, 'Reservar', { Localizador: 'ABC123' });
  await client.close();
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toMatchObject({
    sent: true,
    status: 200,
    target: `${stub.url}/api/V2/Voos/Reservar`,
    problem: { status: 502 },
  });
  const detail = (result.structuredContent as { problem: { detail: string } }).problem.detail;
  expect(detail).toContain('Reservar was sent');
  expect(detail).toContain('may have taken effect');
  expect(detail).toContain('never retry it blindly');
  // Sent once: nothing is retried.
  expect(stub.received.map((r) => r.path)).toEqual(['/api/V2/Voos/Reservar']);
  expect(logged.some((line) => line.includes('the answer broke off'))).toBe(true);
  expect(hidden(JSON.stringify(result) + logged.join('\n'), Object.values(ENV))).toEqual([]);
});
