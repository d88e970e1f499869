// Issue 58, point 6: the canary. Canary credentials (a password with a non-ASCII letter and a
// quote, a GUID developer token, a Base64-looking access code, a login, and the legacy session
// token a stub upstream answers from Autenticar as a bare JSON string, text/plain, XML and
// wrapped) go through every door from the repository's own entry points, run for real: the
// client's errors and hooks, the mock's log at every level and its problem bodies, the proxy
// and its recorder, the flows runner, the MCP server over stdio and over HTTP, the MSW handlers
// and MSW's own console, the docs console's "Copy as curl", the fixture loader. Every output is
// searched for every form of every secret that tests/reliability/leak-scan.ts knows (the
// redactor's list of docs/client.md, Base64 of UTF-16LE and Base64 twice included). Each door
// is its own test; a failure lists door, output, secret's name, encoding and a context that
// spells no secret.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { type CallToolResult, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { setupServer } from 'msw/node';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { operationHref } from '../../scripts/docs-site/crossrefs.ts';
import { listOperations } from '../../scripts/docs-site/openapi.ts';
import { serveDocs } from '../../scripts/docs-site/serve.ts';
import type { CallErrorEvent, CallRequestEvent, CallResponseEvent } from '../../src/index.ts';
import { createLegacyClient } from '../../src/legacy.ts';
import { runFlows, startMock, startProxy } from '../../src/mock.ts';
import type { LogLevel } from '../../src/mock/server.ts';
import { createHandlers } from '../../src/msw.ts';
import { readScenarios } from '../../src/scenarios/read.ts';
import { createV2Client } from '../../src/v2.ts';
import { rootDir } from '../support/bundle.ts';
import { CHROMIUM_ARGS, chromiumForTests } from '../support/chromium.ts';
import {
  caught,
  DEVELOPER_HEADERS,
  echoed,
  expectNoLeak,
  leaksOf,
  FLOWS_ENV,
  type Output,
  SECRETS,
  startUpstream,
  TOKEN_SHAPES,
  type Upstream,
} from './upstream.ts';

const MAIN = path.join(rootDir, 'src', 'cli', 'main.ts');
const FAMILIES = ['v2-pt', 'legacy'];
const LEVELS: readonly LogLevel[] = ['silent', 'error', 'warn', 'info', 'debug'];
const SEARCH = { Origem: 'GRU', Destino: 'GIG', DataIda: '2026-05-20T00:00:00', QuantidadeAdultos: 1 };
const CREDENTIALS = { Login: SECRETS.login, Senha: SECRETS.password };
const JSON_HEADERS = { 'content-type': 'application/json', ...DEVELOPER_HEADERS };
/** The agency's pair as a Basic header, and the session token as a cookie: secret headers a door must not print. */
const SECRET_HEADERS = {
  authorization: `Basic ${Buffer.from(`${SECRETS.login}:${SECRETS.password}`).toString('base64')}`,
  cookie: `ASP.NET_SessionId=${SECRETS.sessionToken}`,
};

const DEVELOPER_HEADERS_OPTIONS = { developerToken: SECRETS.developerToken, accessCode: SECRETS.accessCode };

let upstream: Upstream;
let tmp: string;
beforeAll(async () => {
  [upstream, tmp] = await Promise.all([startUpstream(), mkdtemp(path.join(os.tmpdir(), 'canary-'))]);
});
afterAll(async () => {
  await upstream?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

/** The secrets reached the door's other side, so their absence from its outputs means something. */
function expectSecretsSent(texts: readonly string[], which: readonly (keyof typeof SECRETS)[]): void {
  const all = texts.join('\n');
  for (const name of which)
    expect(all.includes(SECRETS[name]) || all.includes(JSON.stringify(SECRETS[name]).slice(1, -1)), `${name} was sent`).toBe(true);
}
const receivedTexts = (): string[] => upstream.received.map((r) => `${r.url}\n${JSON.stringify(r.headers)}\n${r.body}`);

interface Answer {
  status: number;
  type: string;
  headers: Record<string, string>;
  body: string;
}
async function post(url: string, init: { headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  const response = await fetch(url, { method: 'POST', headers: init.headers ?? JSON_HEADERS, body: init.body ?? '{}' });
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    headers,
    body: await response.text(),
  };
}

/** Calls that carry the credentials where a careless door prints them: in the path, the query, as a key, in secret headers, in bad JSON. */
async function hostileCalls(base: string): Promise<Answer[]> {
  const valid = JSON.stringify({ ...CREDENTIALS, ...SEARCH });
  return [
    await post(`${base}/api/V2/Voos/${encodeURIComponent(SECRETS.password)}`, { body: valid }),
    await post(`${base}/api/V2/Voos/${SECRETS.login}/${encodeURIComponent(SECRETS.accessCode)}`, { body: valid }),
    await post(
      `${base}/api/V2/Voos/Disponibilidade?developer-token=${SECRETS.developerToken}&developer-access-code=${encodeURIComponent(SECRETS.accessCode)}`,
      { headers: { 'content-type': 'application/json' }, body: valid },
    ),
    await post(`${base}/api/V2/Voos/ObterMapaDeAssentos`, {
      body: JSON.stringify({
        ...CREDENTIALS,
        Localizador: 'ABC123',
        [SECRETS.password]: 1,
        Extra: { [SECRETS.login]: 2 },
      }),
    }),
    await post(`${base}/api/V2/Voos/ObterMapaDeAssentos`, {
      body: JSON.stringify({ Login: SECRETS.password, Senha: 7, Localizador: SECRETS.login }),
    }),
    await post(`${base}/api/V2/Voos/Disponibilidade`, {
      headers: { ...DEVELOPER_HEADERS, ...SECRET_HEADERS, 'content-type': 'text/plain' },
      body: `Senha=${SECRETS.password}`,
    }),
    await post(`${base}/api/V2/Voos/Disponibilidade`, {
      body: `{"Login": "${SECRETS.login}", "Senha": ${JSON.stringify(SECRETS.password)},`,
    }),
    await post(`${base}/api/V2/Voos/Disponibilidade`, { headers: { ...JSON_HEADERS, ...SECRET_HEADERS }, body: valid }),
    await post(`${base}/AereoNoSession.svc/ObterMapaDeAssentos`, {
      headers: { ...JSON_HEADERS, ...SECRET_HEADERS },
      body: JSON.stringify({ ...CREDENTIALS, token: SECRETS.sessionToken, Localizador: 'ABC123' }),
    }),
  ];
}

/** A door's own refusals: its problem bodies and `sl-violations` headers (what it wrote, not what it passed on). */
const ownOutputs = (label: string, answers: readonly Answer[]): Output[] =>
  answers.flatMap((a, i) => [
    ...(a.type.includes('problem+json') ? [{ output: `${label}: problem body of call ${i + 1} (${a.status})`, value: a.body }] : []),
    ...Object.entries(a.headers)
      .filter(([name]) => name.startsWith('sl-') || name.startsWith('x-mock'))
      .map(([name, value]) => ({ output: `${label}: ${name} header of call ${i + 1}`, value })),
  ]);

async function filesUnder(dir: string): Promise<Output[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return Promise.all(
    entries
      .filter((e) => e.isFile())
      .map(async (e) => {
        const file = path.join(e.parentPath, e.name);
        return { output: `file ${path.relative(dir, file)}`, value: `${e.name}\n${await readFile(file, 'utf8')}` };
      }),
  );
}

test('the scan finds every secret in every encoding the stub echoes (so a door that passes holds none)', () => {
  const text = `{"Login":"${SECRETS.login}","Senha":${JSON.stringify(SECRETS.password)},"token":"${SECRETS.sessionToken}"} developer-token: ${SECRETS.developerToken}, developer-access-code: ${SECRETS.accessCode}`;
  const expected = {
    raw: 'as given',
    url: 'URL-encoded',
    base64: 'Base64 of UTF-8',
    base64url: 'Base64 of UTF-8',
    base64Utf16le: 'Base64 of UTF-16LE',
    base64Twice: 'Base64 of its Base64',
    hex: 'hex of UTF-8',
    entities: 'decimal entities',
  };
  for (const [encoding, value] of Object.entries(echoed(text))) {
    const leaks = leaksOf('the stub', [{ output: encoding, value }]);
    expect(leaks.map((l) => l.secret).sort(), encoding).toEqual(Object.keys(SECRETS).sort());
    for (const leak of leaks) {
      const secret = SECRETS[leak.secret as keyof typeof SECRETS];
      // A secret that URL-encoding leaves as it is shows as given there.
      const wanted = encoding === 'url' && encodeURIComponent(secret) === secret ? 'as given' : expected[encoding as keyof typeof expected];
      expect(leak.encodings.join('; '), `${encoding}, ${leak.secret}`).toContain(wanted);
    }
    // The report spells no secret: its context holds none of their forms.
    expect(leaksOf('the report', [{ output: 'contexts', value: leaks.map((l) => l.context) }])).toEqual([]);
  }
});

test('client: errors and hooks of V2 and legacy calls against an upstream that echoes them', async () => {
  upstream.received.length = 0;
  const events: { requests: CallRequestEvent[]; responses: CallResponseEvent[]; errors: CallErrorEvent[] } = {
    requests: [],
    responses: [],
    errors: [],
  };
  const hooks = {
    onRequest: (e: CallRequestEvent) => void events.requests.push(e),
    onResponse: (e: CallResponseEvent) => void events.responses.push(e),
    onError: (e: CallErrorEvent) => void events.errors.push(e),
  };
  const options = (mode: string) => ({ baseUrl: `${upstream.url}/${mode}`, ...DEVELOPER_HEADERS_OPTIONS, credentials: CREDENTIALS, hooks });
  const outputs: Output[] = [];
  for (const mode of ['echo', 'echo-html', 'echo-text', 'keys']) {
    const v2 = createV2Client(options(mode));
    outputs.push({ output: `error of V2 Disponibilidade (${mode})`, value: await caught(() => v2.Disponibilidade(SEARCH)) });
  }
  const legacy = createLegacyClient(options('echo'));
  for (const shape of TOKEN_SHAPES)
    outputs.push({
      output: `error of legacy Autenticar (token as ${shape})`,
      value: await caught(() => legacy.call('/AereoNoSession.svc/Autenticar', {})),
    });
  outputs.push({
    output: 'error of legacy Aereo.svc ValidarTokenSeguranca carrying the session token (echo)',
    value: await caught(() => legacy.call('/Aereo.svc/ValidarTokenSeguranca', { token: SECRETS.sessionToken, TokenDeSeguranca: '1234' })),
  });
  const reauthenticating = createLegacyClient({ ...options('expired'), reauthenticate: true });
  for (const shape of TOKEN_SHAPES)
    outputs.push({
      output: `error of legacy ObterMapaDeAssentos re-authenticated (token as ${shape})`,
      value: await caught(() => reauthenticating.call('/AereoNoSession.svc/ObterMapaDeAssentos', { Localizador: 'ABC123' })),
    });
  expectSecretsSent(receivedTexts(), ['password', 'login', 'developerToken', 'accessCode', 'sessionToken']);
  for (const kind of ['requests', 'responses', 'errors'] as const)
    for (const [i, event] of events[kind].entries())
      outputs.push({ output: `hook on${kind[0]!.toUpperCase()}${kind.slice(1, -1)} #${i + 1} (${event.operation})`, value: event });
  expect(events.responses.length).toBeGreaterThan(0);
  expectNoLeak('client', outputs);
}, 30_000);

describe('mock', () => {
  test.each(LEVELS)(
    'mock: its log at level %s',
    async (level) => {
      const lines: string[] = [];
      const mock = await startMock({
        rootDir,
        families: FAMILIES,
        port: 0,
        logLevel: level,
        logSink: { write: (t) => void lines.push(t) },
      });
      try {
        await hostileCalls(mock.url);
        // A last refusal every level from warn up prints: once it shows, every line before it was written.
        await post(`${mock.url}/canary-end`, { body: JSON.stringify(CREDENTIALS) });
        if (level === 'warn' || level === 'info' || level === 'debug') await expect.poll(() => lines.join('')).toContain('/canary-end');
      } finally {
        await mock.close();
      }
      expectNoLeak(`mock (log ${level})`, [{ output: `log at ${level}`, value: lines.join('') }]);
    },
    30_000,
  );

  test('mock: its problem bodies', async () => {
    const mock = await startMock({ rootDir, families: FAMILIES, port: 0, logLevel: 'silent' });
    let answers: Answer[];
    try {
      answers = await hostileCalls(mock.url);
    } finally {
      await mock.close();
    }
    expect(answers.filter((a) => a.status >= 400).length).toBeGreaterThan(5);
    expectNoLeak('mock (problem bodies)', ownOutputs('mock', answers));
  }, 30_000);
});

test('proxy: its log lines, problem bodies and sl-violations, in front of an echoing upstream', async () => {
  upstream.received.length = 0;
  let logged = '';
  const log = new PassThrough();
  log.on('data', (chunk: Buffer) => (logged += chunk.toString('utf8')));
  const answers: Answer[] = [];
  for (const mode of ['keys', 'echo', 'echo-text', 'ok']) {
    const proxy = await startProxy({ rootDir, upstream: `${upstream.url}/${mode}`, port: 0, log, families: FAMILIES });
    try {
      answers.push(...(await hostileCalls(proxy.url)));
      for (const _shape of TOKEN_SHAPES)
        answers.push(
          await post(`${proxy.url}/AereoNoSession.svc/Autenticar`, {
            body: JSON.stringify({ login: SECRETS.login, senha: SECRETS.password }),
          }),
        );
      // One line per call: once they are all there, nothing of this proxy is left to print.
      await expect.poll(() => logged.split('\n').filter((l) => l.includes('→')).length).toBeGreaterThanOrEqual(answers.length);
    } finally {
      await proxy.close();
    }
  }
  expectSecretsSent(receivedTexts(), ['password', 'login', 'developerToken', 'accessCode', 'sessionToken']);
  expectNoLeak('proxy', [{ output: 'log', value: logged }, ...ownOutputs('proxy', answers)]);
}, 60_000);

test('recorder: every file the proxy records', async () => {
  const record = path.join(tmp, 'proxy-recording');
  const proxy = await startProxy({ rootDir, upstream: `${upstream.url}/ok`, port: 0, log: new PassThrough(), families: FAMILIES, record });
  let summary: unknown;
  try {
    await hostileCalls(proxy.url);
    for (const _shape of TOKEN_SHAPES)
      await post(`${proxy.url}/AereoNoSession.svc/Autenticar`, { body: JSON.stringify({ login: SECRETS.login, senha: SECRETS.password }) });
    summary = await proxy.finishRecording();
  } finally {
    await proxy.close();
  }
  const files = await filesUnder(record);
  expect(files.length).toBeGreaterThan(0);
  expectNoLeak('recorder', [{ output: 'recording summary', value: summary }, ...files]);
}, 60_000);

describe('flows', () => {
  const scenario = readScenarios(rootDir)[0]!.name;
  test.each([
    ['an echoing upstream', 'ok'],
    ['the in-process flows mock', undefined],
  ] as const)(
    'flows: the report, the result and the recording of a run against %s',
    async (_name, mode) => {
      upstream.received.length = 0;
      const outDir = await mkdtemp(path.join(tmp, 'flows-out-'));
      const record = path.join(outDir, 'recording');
      const run = await runFlows({
        rootDir,
        ...(mode ? { baseUrl: `${upstream.url}/${mode}` } : {}),
        scenario,
        outDir,
        env: FLOWS_ENV,
        record,
      });
      if (mode) expectSecretsSent(receivedTexts(), ['password', 'login', 'developerToken', 'accessCode']);
      expectNoLeak(`flows (${mode ?? 'mock'})`, [
        { output: 'the run (model, reports, recording summary)', value: run },
        ...(await filesUnder(outDir)),
      ]);
    },
    120_000,
  );
});

/** A tool call that confirms a write when asked (by a token when the client gives no elicitation). */
async function callTool(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  const first = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const confirmation = (first.structuredContent as { confirmationRequired?: { confirmation?: string } } | undefined)?.confirmationRequired
    ?.confirmation;
  if (confirmation === undefined) return first;
  return (await client.callTool({ name, arguments: { ...args, confirmation } })) as CallToolResult;
}

/** The calls an agent makes through the legacy family's tools: four Autenticar (one per token shape), an echoed read, and a secret given as an argument. */
async function mcpSession(client: Client): Promise<Output[]> {
  client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: { send: true } }));
  const outputs: Output[] = [];
  for (const shape of TOKEN_SHAPES)
    outputs.push({ output: `result of Autenticar (token as ${shape})`, value: await callTool(client, 'Autenticar', {}) });
  outputs.push({
    output: 'result of ObterMapaDeAssentos (echoed)',
    value: await callTool(client, 'ObterMapaDeAssentos', { Localizador: 'ABC123' }),
  });
  // A secret as an argument is refused before anything is sent (docs/mcp.md): the refusal names the argument, not its value.
  const refused = await callTool(client, 'Aereo_ValidarTokenSeguranca', { token: SECRETS.sessionToken, TokenDeSeguranca: '1234' });
  expect(refused.isError).toBe(true);
  outputs.push({ output: 'result of Aereo_ValidarTokenSeguranca with the session token (refused)', value: refused });
  return outputs;
}
const mcpArgs = ['mcp', '--family', 'legacy', '--base-url', '', '--allow-writes'];
const mcpEnv = () => ({ PATH: process.env.PATH ?? '', ...FLOWS_ENV });
const newClient = () => new Client({ name: 'canary', version: '1.0.0' }, { capabilities: { elicitation: {} } });

describe('MCP', () => {
  test('MCP over stdio: results and stderr', async () => {
    upstream.received.length = 0;
    const args = mcpArgs.map((a) => (a === '' ? `${upstream.url}/ok` : a));
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [MAIN, ...args],
      cwd: rootDir,
      env: mcpEnv(),
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const client = newClient();
    let outputs: Output[];
    try {
      await client.connect(transport as Transport);
      outputs = await mcpSession(client);
    } finally {
      await client.close();
    }
    expectSecretsSent(receivedTexts(), ['password', 'login', 'developerToken', 'accessCode']);
    expect(
      receivedTexts().some((text) => text.includes(SECRETS.sessionToken)),
      'the agent sent the session token upstream',
    ).toBe(false);
    expectNoLeak('MCP stdio', [...outputs, { output: 'stderr', value: stderr }]);
  }, 60_000);

  test('MCP over HTTP: results and stderr', async () => {
    upstream.received.length = 0;
    const args = [...mcpArgs.map((a) => (a === '' ? `${upstream.url}/ok` : a)), '--transport', 'http', '--port', '0'];
    const child: ChildProcess = spawn(process.execPath, [MAIN, ...args], {
      cwd: rootDir,
      env: mcpEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let stdout = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    const client = newClient();
    let outputs: Output[];
    try {
      await expect
        .poll(() => /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr)?.[1] ?? child.exitCode, { timeout: 30_000 })
        .toMatch(/^http:/);
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr)![1]!;
      await client.connect(new StreamableHTTPClientTransport(new URL(url)) as Transport);
      outputs = await mcpSession(client);
    } finally {
      await client.close();
      // Gone before the next test: the server this test started ends with it.
      const exited = child.exitCode === null ? once(child, 'exit') : Promise.resolve();
      child.kill('SIGTERM');
      await exited;
    }
    expectSecretsSent(receivedTexts(), ['password', 'login', 'developerToken', 'accessCode']);
    expect(
      receivedTexts().some((text) => text.includes(SECRETS.sessionToken)),
      'the agent sent the session token upstream',
    ).toBe(false);
    expectNoLeak('MCP HTTP', [...outputs, { output: 'stderr', value: stderr }, { output: 'stdout', value: stdout }]);
  }, 60_000);
});

test("MSW: the handlers' answers, MSW's own console under onUnhandledRequest: 'error' (docs/contract-tests.md), what reaches the network", async () => {
  upstream.received.length = 0;
  // The base URL is the echoing stub: a call the handlers let through reaches it, and shows here.
  const base = `${upstream.url}/echo`;
  const server = setupServer(...(await createHandlers({ families: ['v2-pt', 'legacy'], baseUrl: base })));
  const printed: unknown[][] = [];
  const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) =>
    vi.spyOn(console, m).mockImplementation((...args: unknown[]) => void printed.push(args)),
  );
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    printed.push([String(chunk)]);
    return true;
  });
  server.listen({ onUnhandledRequest: 'error' });
  const answers: Answer[] = [];
  const errors: Output[] = [];
  try {
    const body = JSON.stringify({ ...CREDENTIALS, ...SEARCH });
    // Unknown operations under a family's prefix: the handlers' to answer (a 404 problem), never the network's.
    for (const route of ['/api/V2/Voos/NaoExiste', '/AereoNoSession.svc/NaoExiste']) {
      const answer = await caught(async () =>
        answers.push(await post(`${base}${route}`, { headers: { ...JSON_HEADERS, ...SECRET_HEADERS }, body })),
      );
      if (answer !== undefined) errors.push({ output: `error of ${route}`, value: answer });
    }
    answers.push(...(await hostileCalls(base)));
  } finally {
    server.close();
    for (const spy of spies) spy.mockRestore();
    stderr.mockRestore();
  }
  const outputs: Output[] = [
    ...errors,
    ...ownOutputs('MSW', answers),
    ...printed.map((args, i) => ({ output: `console or stderr line ${i + 1}`, value: args })),
    // Named by number: the path itself may hold a secret.
    ...upstream.received.map((r, i) => ({ output: `request ${i + 1} sent to the network past the handlers`, value: r })),
  ];
  expect(answers.filter((a) => a.status >= 400).length).toBeGreaterThan(5);
  expectNoLeak('MSW', outputs);
}, 30_000);

const CHROMIUM = chromiumForTests();
test.skipIf(!CHROMIUM)(
  'console: "Copy as curl" with credentials typed in the fields and in the body',
  async () => {
    const mock = await startMock({ rootDir, port: 0, logLevel: 'silent' });
    const { server, url } = await serveDocs(path.join(rootDir, 'generated', 'docs'), 0, { mock: mock.url });
    const browser = await chromium.launch({ executablePath: CHROMIUM!, args: CHROMIUM_ARGS });
    const copies: Output[] = [];
    try {
      const doc: unknown = JSON.parse(await readFile(path.join(rootDir, 'generated', 'v2-pt', 'openapi.json'), 'utf8'));
      const op = listOperations(doc).find((o) => o.operationId === 'Tarifar')!;
      const page = await (await browser.newContext()).newPage();
      await page.route('**/*', (route) => (route.request().url().startsWith(url) ? route.continue() : route.abort()));
      await page.goto(new URL(operationHref('v2-pt', op), url).href, { waitUntil: 'load' });
      await page.locator('.try-it[data-operation="Tarifar"]').click();
      await expect.poll(() => page.locator('#try-console').getAttribute('data-operation')).toBe('Tarifar');
      await page.fill('#try-console-developer-token', SECRETS.developerToken);
      await page.fill('#try-console-developer-access-code', SECRETS.accessCode);
      await page.fill('#try-console-login', SECRETS.login);
      await page.fill('#try-console-senha', SECRETS.password);
      const bodies = {
        'credentials in other spellings and depths': JSON.stringify({
          senha: SECRETS.password,
          SENHA: SECRETS.password,
          password: SECRETS.password,
          login: SECRETS.login,
          'Senha\u200b': SECRETS.password,
          Dados: { Senha: SECRETS.password, token: SECRETS.sessionToken },
          AutenticacaoUsuario: { Login: SECRETS.login, Senha: SECRETS.password },
          TokenDeSeguranca: SECRETS.sessionToken,
        }),
        'a body that is not JSON': `{"Senha": ${JSON.stringify(SECRETS.password)}, token: ${SECRETS.sessionToken}`,
      };
      for (const [name, body] of Object.entries(bodies)) {
        await page.fill('#try-console-body', body);
        await page.locator('#try-console-curl').evaluate((node) => {
          node.textContent = '';
        });
        await page.locator('#try-console-copy').click();
        await expect.poll(() => page.locator('#try-console-curl').textContent()).toMatch(/^curl /);
        copies.push({ output: `copy (${name})`, value: (await page.locator('#try-console-curl').textContent()) ?? '' });
      }
    } finally {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
      await mock.close();
    }
    expectNoLeak('console', copies);
  },
  90_000,
);

describe('fixture loader', () => {
  const pair = (request: Record<string, unknown>, response: Record<string, unknown>) => ({
    'http-request': {
      method: 'POST',
      path: '/api/V2/Voos/ObterMapaDeAssentos',
      headers: { 'Content-Type': 'application/json' },
      body: { ...CREDENTIALS, Localizador: 'ABC123' },
      ...request,
    },
    'http-response': { status: 200, headers: { 'Content-Type': 'application/json' }, body: {}, ...response },
  });
  /** Bad fixtures, each holding a secret where the loader refuses it. */
  const BAD: Record<string, unknown> = {
    'status.json': pair({}, { status: SECRETS.password }),
    'header-value.json': pair(
      {},
      { headers: { 'Content-Type': 'application/json', 'X-Nota': `${SECRETS.password}\r\nSet-Cookie: ${SECRETS.sessionToken}` } },
    ),
    'header-name.json': pair({}, { headers: { 'Content-Type': 'application/json', [SECRETS.developerToken]: 'x' } }),
    'header-non-ascii.json': pair({}, { headers: { 'Content-Type': 'application/json', 'X-Nota': SECRETS.password } }),
    'path.json': pair({ path: `/api/V2/Voos/${SECRETS.password}` }, {}),
    'method.json': pair({ method: SECRETS.login }, {}),
    'body-key.json': pair({ body: { ...CREDENTIALS, Localizador: 'ABC123', [SECRETS.password]: 1 } }, {}),
    'body-type.json': pair({ body: { Login: SECRETS.password, Senha: 5, Localizador: SECRETS.accessCode } }, {}),
    'html-object.json': pair(
      {},
      { headers: { 'Content-Type': 'text/html' }, body: { Senha: SECRETS.password, token: SECRETS.sessionToken } },
    ),
    'answer-type.json': {
      'http-request': {
        method: 'POST',
        path: '/AereoNoSession.svc/Autenticar',
        headers: { 'Content-Type': 'application/json' },
        body: { login: SECRETS.login, senha: SECRETS.password },
      },
      'http-response': {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
        body: { token: SECRETS.sessionToken, [SECRETS.developerToken]: SECRETS.accessCode },
      },
    },
  };
  const NOT_JSON = `{"http-request": {"method": "POST", "body": {"Senha": ${JSON.stringify(SECRETS.password)}, "Login": "${SECRETS.login}" `;

  test('fixture loader: what startMock({ examples }) and createHandlers({ examples }) throw for bad fixtures', async () => {
    const dir = await mkdtemp(path.join(tmp, 'fixtures-'));
    await Promise.all(Object.entries(BAD).map(([name, value]) => writeFile(path.join(dir, name), JSON.stringify(value))));
    await writeFile(path.join(dir, 'not-json.json'), NOT_JSON);
    const lines: string[] = [];
    const outputs: Output[] = [];
    const started = await caught(async () => {
      const mock = await startMock({
        rootDir,
        families: FAMILIES,
        port: 0,
        logLevel: 'debug',
        logSink: { write: (t) => void lines.push(t) },
        examples: dir,
      });
      await mock.close();
    });
    expect(started, 'startMock refuses the folder').toBeInstanceOf(Error);
    for (const name of ['status.json', 'path.json', 'body-key.json', 'not-json.json']) expect(String(started)).toContain(name);
    outputs.push({ output: 'startMock error', value: started }, { output: 'mock log', value: lines.join('') });
    const made = await caught(() => createHandlers({ families: ['v2-pt', 'legacy'], examples: dir }));
    expect(made, 'createHandlers refuses the folder').toBeInstanceOf(Error);
    outputs.push({ output: 'createHandlers (folder) error', value: made });
    // A page hands the same files over as an object (the bundler's glob import).
    const paged = await caught(() =>
      createHandlers({
        families: ['v2-pt', 'legacy'],
        examples: Object.fromEntries(Object.entries(BAD).map(([n, v]) => [`/fixtures/${n}`, v])),
      }),
    );
    expect(paged, 'createHandlers refuses the object').toBeInstanceOf(Error);
    outputs.push({ output: 'createHandlers (object) error', value: paged });
    expectNoLeak('fixture loader', outputs);
  }, 30_000);
});
