// Issue 38, item 3: every client integrators use gets what curl gets. The packed package is
// installed in a fresh project (the run's one packed install; no Prism: it is an optional
// peer) and its `mock` runs on Node 20; each client sends its own default request, with its own Accept, Content-Type
// and encodings: axios, got, ky, undici, fetch, superagent, node-fetch (real packages,
// from this folder's lock, run on the same Node 20), Python `requests`, PHP's curl
// extension (a body over 1 KiB, which it sends with `Expect: 100-continue`), Java's
// HttpClient (an h2c upgrade offer), curl and newman. A valid call gets 200 and curl's
// body; a bad one the same 4xx problem as curl.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadOperations, validCall } from '../../scripts/lib/contract.ts';
import { startServerProcess, type MockProcess } from '../support/mock-process.ts';
import { runCollection } from '../support/newman.ts';
import { installNode, mustRun, rootDir, run } from '../support/package.ts';
import { packedInstall } from '../support/shared-fixtures.ts';
import { SHORT_JVM } from '../support/tools.ts';

const HERE = path.dirname(new URL(import.meta.url).pathname);
const NODE_20 = '20.20.2';
const ROUTE = '/api/V2/Voos/Disponibilidade';

interface Reply {
  status: number;
  body: string;
}

interface Case {
  name: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

let tmp: string;
let node20: string;
let clients: string;
let mock: MockProcess;
let cases: Case[];

/** The clients' packages, installed once per lock file. */
async function installClients(): Promise<string> {
  const lock = await readFile(path.join(HERE, 'package-lock.json'));
  const dir = path.join(rootDir, '.cache', 'clients', createHash('sha256').update(lock).digest('hex').slice(0, 16));
  if (existsSync(path.join(dir, 'node_modules', '.installed'))) return dir;
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) await cp(path.join(HERE, file), path.join(dir, file));
  await mustRun('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, timeoutMs: 300_000 });
  await writeFile(path.join(dir, 'node_modules', '.installed'), '');
  return dir;
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'clients-test-'));
  // The run's one packed install (shared-fixtures.ts): read only here, the mock run from it.
  const [install, binary, installed] = await Promise.all([packedInstall(), installNode(NODE_20), installClients()]);
  const project = install.project;
  node20 = binary;
  clients = installed;
  for (const file of ['call.mjs', 'call.py', 'call.php', 'Call.java']) await cp(path.join(HERE, file), path.join(clients, file));
  // Compiled once here, not by the source launcher on every call (seconds of JVM each).
  await mustRun('javac', [...SHORT_JVM.map((flag) => `-J${flag}`), '-d', clients, path.join(clients, 'Call.java')], { cwd: clients });
  expect(existsSync(path.join(project, 'node_modules', '@stoplight', 'prism-http'))).toBe(false);
  const bin = path.join(project, 'node_modules', 'air-travel-api-contract', 'dist', 'cli', 'main.js');
  mock = await startServerProcess(node20, [bin, 'mock', '--port', '0', '--log', 'silent'], { cwd: project });

  const op = (await loadOperations(rootDir)).find((o) => o.template === ROUTE)!;
  const valid = validCall(op);
  const headers = Object.fromEntries(Object.entries(valid.headers).filter(([name]) => name !== 'content-type'));
  const body = JSON.parse(valid.body ?? '{}') as Record<string, unknown>;
  cases = [
    { name: 'a valid call', headers, body },
    // Over 1 KiB: PHP's curl (and curl) send it with `Expect: 100-continue`.
    { name: 'a valid call over 1 KiB', headers, body: { ...body, Login: 'agencia-'.repeat(160) } },
    { name: 'a wrong type', headers, body: { ...body, QuantidadeAdultos: 'um' } },
    { name: 'a wrong type, over 1 KiB', headers, body: { ...body, QuantidadeAdultos: 'um', Login: 'agencia-'.repeat(160) } },
    { name: 'no developer headers', headers: {}, body },
  ];
}, 900_000);

afterAll(async () => {
  await mock?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

async function requestFile(c: Case, kind: 'json' | 'lines'): Promise<string> {
  const file = path.join(tmp, `${c.name.replace(/\W+/g, '-')}.${kind === 'json' ? 'json' : 'txt'}`);
  const text =
    kind === 'json'
      ? JSON.stringify({ headers: c.headers, body: c.body })
      : [JSON.stringify(c.body), ...Object.entries(c.headers).map(([k, v]) => `${k}=${v}`)].join('\n');
  await writeFile(file, text);
  return file;
}

function parsed(stdout: string, label: string): Reply {
  try {
    return JSON.parse(stdout) as Reply;
  } catch {
    throw new Error(`${label} printed no reply: ${stdout.slice(0, 400)}`);
  }
}

const NODE_CLIENTS = ['axios', 'got', 'ky', 'undici', 'fetch', 'superagent', 'node-fetch'] as const;

/** Each client's call, resolving with what it got. */
const callers: Record<string, (c: Case) => Promise<Reply>> = {
  ...Object.fromEntries(
    NODE_CLIENTS.map((name) => [
      name,
      async (c: Case) => {
        const r = await run(node20, ['call.mjs', name, `${mock.url}${ROUTE}`, await requestFile(c, 'json')], {
          cwd: clients,
          timeoutMs: 60_000,
        });
        return parsed(r.stdout, `${name}: ${r.stderr}`);
      },
    ]),
  ),
  async requests(c) {
    const python = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
    const r = await run(python, ['call.py', `${mock.url}${ROUTE}`, await requestFile(c, 'json')], { cwd: clients, timeoutMs: 60_000 });
    return parsed(r.stdout, `requests: ${r.stderr}`);
  },
  async 'php-curl'(c) {
    const r = await run('php', ['call.php', `${mock.url}${ROUTE}`, await requestFile(c, 'json')], { cwd: clients, timeoutMs: 60_000 });
    return parsed(r.stdout, `php: ${r.stderr}`);
  },
  async 'java-httpclient'(c) {
    const r = await run('java', [...SHORT_JVM, '-cp', clients, 'Call', `${mock.url}${ROUTE}`, await requestFile(c, 'lines')], {
      cwd: clients,
      timeoutMs: 120_000,
    });
    const cut = r.stdout.indexOf('\n');
    if (cut < 0) throw new Error(`java printed no reply: ${r.stdout} ${r.stderr}`);
    return { status: Number(r.stdout.slice(0, cut)), body: r.stdout.slice(cut + 1) };
  },
  async newman(c) {
    const collection = {
      info: { name: 'client defaults', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
      item: [
        {
          name: c.name,
          request: {
            method: 'POST',
            url: `{{baseUrl}}${ROUTE}`,
            header: [
              { key: 'Content-Type', value: 'application/json' },
              ...Object.entries(c.headers).map(([key, value]) => ({ key, value })),
            ],
            body: { mode: 'raw', raw: JSON.stringify(c.body) },
          },
        },
      ],
    };
    const summary = await runCollection(collection, mock.url);
    const response = summary.run.executions[0]?.response;
    if (!response) throw new Error(`newman got no response: ${JSON.stringify(summary.run.failures)}`);
    return { status: response.code, body: response.text() };
  },
};

async function curl(c: Case, query = ''): Promise<Reply> {
  const args = [
    '-sS',
    '-o',
    '-',
    '-w',
    '\n%{http_code}',
    '-X',
    'POST',
    `${mock.url}${ROUTE}${query}`,
    '-H',
    'Content-Type: application/json',
  ];
  for (const [name, value] of Object.entries(c.headers)) args.push('-H', `${name}: ${value}`);
  args.push('--data-binary', JSON.stringify(c.body));
  const r = await mustRun('curl', args, { cwd: tmp });
  const cut = r.stdout.lastIndexOf('\n');
  return { status: Number(r.stdout.slice(cut + 1)), body: r.stdout.slice(0, cut) };
}

describe('every client gets what curl gets from the installed mock on Node 20, without Prism', () => {
  test('curl: 200 for the valid calls, the same 4xx problem for the bad ones', async () => {
    const replies = await Promise.all(cases.map((c) => curl(c)));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 422, 422, 401]);
    expect(JSON.parse(replies[2]!.body).detail).toMatch(/QuantidadeAdultos/);
  });

  test('without Prism, Prefer code=200 and dynamic=false are answered; only dynamic=true gets 501 naming Prism', async () => {
    const [plain, code, fallback, dynamicFalse, dynamic] = await Promise.all([
      curl(cases[0]!),
      curl({ ...cases[0]!, headers: { ...cases[0]!.headers, prefer: 'code=200' } }),
      curl(cases[0]!, '?__code=200'),
      curl({ ...cases[0]!, headers: { ...cases[0]!.headers, prefer: 'dynamic=false' } }),
      curl({ ...cases[0]!, headers: { ...cases[0]!.headers, prefer: 'dynamic=true' } }),
    ]);
    for (const r of [code, fallback, dynamicFalse]) expect(r).toEqual(plain);
    expect(dynamic.status).toBe(501);
    expect(JSON.parse(dynamic.body).detail).toMatch(/dynamic=true.*@stoplight\/prism-http-server@/s);
  });

  // A client process per call (a JVM takes a second or more to start on a busy machine).
  test.each(Object.keys(callers))(
    '%s',
    async (name) => {
      for (const c of cases) {
        const expected = await curl(c);
        const got = await callers[name]!(c);
        expect({ case: c.name, ...got }).toEqual({ case: c.name, ...expected });
      }
    },
    300_000,
  );
});
