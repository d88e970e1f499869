// `npm run dev` as a contributor runs it, in a copy of the repository: edits reach the
// running mock and the served docs, a broken edit is reported by file while the last good
// contract keeps being served, a call in flight finishes on its contract, Ctrl-C frees both ports.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Workspace } from '../../scripts/lib/workspace.ts';
import { builtCopy } from '../support/built-copy.ts';

const ROUTE = '/api/V3/Voos/Disponibilidade';
const SCHEMA = 'spec/v3/schemas/DisponibilidadeV3RQ.yaml';
const PAGE = 'v3.html';
const HEADERS = {
  'content-type': 'application/json',
  'developer-token': '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
  'developer-access-code': 'QUNDRVNTLUNPREU=',
};
const CALL = JSON.stringify({ Login: 'agencia', Senha: 's3gredo' });
const WAIT = { timeout: 60_000, interval: 100 };
/** V2 Portuguese, the family whose rebuild is longest (types, observed flavour, two pages). */
const V2 = {
  schema: 'spec/v2-pt/schemas/DisponibilidadeRQ.yaml',
  route: '/api/V2/Voos/Disponibilidade',
  call: JSON.stringify({ Login: 'agencia', Senha: 's3gredo', QuantidadeAdultos: 2 }),
  integer: 'QuantidadeAdultos:\n    type: integer',
  string: 'QuantidadeAdultos:\n    type: string',
  summary: 'Flight search request of the Portuguese route.',
};
/** The fixture folder dev is given (`--examples`): a saved fixture reaches the mock as a saved spec file does. */
const FIXTURES = 'dev-fixtures';
const FIXTURE = {
  'http-request': { method: 'POST', path: ROUTE, body: { Login: 'agencia', Senha: 's3gredo', ClienteId: 77 } },
  'http-response': { status: 200, body: { Nota: 'cliente 77' } },
};
type V2Bundle = { components: { schemas: { DisponibilidadeRQ: { properties: { QuantidadeAdultos: { type: string } } } } } };

let ws: Workspace;
let child: ChildProcess;
let output = '';
let mockUrl = '';
let docsUrl = '';
let original = '';

async function call(body = CALL): Promise<{ status: number; text: string }> {
  const response = await fetch(`${mockUrl}${ROUTE}`, { method: 'POST', headers: HEADERS, body });
  return { status: response.status, text: await response.text() };
}

/** Makes ClienteId required: the call without it, valid until now, is refused naming it. */
const requireClienteId = (text: string) => text.replace('required: [Login, Senha]', 'required: [Login, Senha, ClienteId]');

async function edit(file: string, change: (text: string) => string): Promise<void> {
  const full = path.join(ws.dir, file);
  const before = await readFile(full, 'utf8');
  const after = change(before);
  expect(after).not.toBe(before);
  await writeFile(full, after);
}

/** Saves as `sed -i` and editors' safe-write do: a new file written beside, then moved over the old one. */
async function saveByRename(file: string, text: string): Promise<void> {
  const full = path.join(ws.dir, file);
  const temporary = path.join(path.dirname(full), `.${path.basename(full)}.${process.pid}.save`);
  await writeFile(temporary, text);
  await rename(temporary, full);
}

beforeAll(async () => {
  // Built already (the project's build reused, built-copy.ts): dev starts with little or nothing to build.
  ws = await builtCopy({ prefix: 'dev-loop-' });
  original = await readFile(path.join(ws.dir, SCHEMA), 'utf8');
  await mkdir(path.join(ws.dir, FIXTURES));
  // The mock's body time-out at its ceiling (10 min, never reached): a call held mid-body across a rebuild must not meet it on a slow machine.
  const args = ['--port', '0', '--docs-port', '0', '--examples', FIXTURES, '--body-timeout', '600000'];
  child = spawn(process.execPath, ['scripts/dev/main.ts', ...args], {
    cwd: ws.dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Ready when it says it is watching (a copy of an unbuilt project builds everything first).
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/^watching /m.test(output)) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`npm run dev exited with ${code}:\n${output}`)));
  });
  mockUrl = /^mock {2}(http:\/\/127\.0\.0\.1:\d+)/m.exec(output)?.[1] ?? '';
  docsUrl = /^docs {2}(http:\/\/127\.0\.0\.1:\d+)\//m.exec(output)?.[1] ?? '';
  expect(mockUrl && docsUrl, output).toBeTruthy();
}, 200_000);

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
  }
  await ws?.dispose();
});

describe('npm run dev', () => {
  test('an edit that makes a valid call invalid reaches the mock; reverting it makes it valid again', async () => {
    expect((await call()).status).toBe(200);
    await edit(SCHEMA, requireClienteId);
    await expect.poll(async () => (await call()).status, WAIT).toBe(422);
    expect((await call()).text).toContain('ClienteId');
    await writeFile(path.join(ws.dir, SCHEMA), original);
    await expect.poll(async () => (await call()).status, WAIT).toBe(200);
  }, 120_000);

  test('a saved fixture reaches the mock; a broken one is reported and the last good folder stays served', async () => {
    const body = JSON.stringify(FIXTURE['http-request'].body);
    const example = async () =>
      (await fetch(`${mockUrl}${ROUTE}`, { method: 'POST', headers: HEADERS, body })).headers.get('x-mock-example');
    expect(await example()).toBeNull();
    await writeFile(path.join(ws.dir, FIXTURES, 'cliente-77.json'), JSON.stringify(FIXTURE));
    await expect.poll(example, WAIT).toBe('cliente-77');
    await writeFile(path.join(ws.dir, FIXTURES, 'quebrado.json'), JSON.stringify({ ...FIXTURE, 'http-response': { status: 299 } }));
    await expect.poll(() => output, WAIT).toContain('quebrado.json: http-response.status');
    expect(await example()).toBe('cliente-77');
    await rm(path.join(ws.dir, FIXTURES, 'quebrado.json'));
    await rm(path.join(ws.dir, FIXTURES, 'cliente-77.json'));
    await expect.poll(example, WAIT).toBeNull();
  }, 120_000);

  test('every save is seen, by rename or in place, several in a row', async () => {
    const broken = requireClienteId(original);
    const saves: Array<[kind: string, save: () => Promise<void>, expected: number]> = [
      ['by rename', () => saveByRename(SCHEMA, broken), 422],
      ['by rename', () => saveByRename(SCHEMA, original), 200],
      ['in place', () => writeFile(path.join(ws.dir, SCHEMA), broken), 422],
      ['by rename', () => saveByRename(SCHEMA, original), 200],
      ['by rename', () => saveByRename(SCHEMA, broken), 422],
      ['in place', () => writeFile(path.join(ws.dir, SCHEMA), original), 200],
    ];
    for (const [kind, save, expected] of saves) {
      await save();
      await expect.poll(async () => (await call()).status, { ...WAIT, message: `a save ${kind} reaching the mock` }).toBe(expected);
    }
  }, 240_000);

  test('the served docs page changes, the open page is told to reload, and the types follow', async () => {
    const page = async () => (await fetch(`${docsUrl}/${PAGE}`)).text();
    expect(await page()).toContain('new EventSource');
    // An open page's event stream: it must hear a reload after the edit.
    const stream = await fetch(`${docsUrl}/__live`);
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    let heard = '';
    const listening = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        heard += Buffer.from(value).toString();
      }
    })();
    const marker = `dev loop edit ${Date.now()}`;
    await edit('spec/v3/paths/Disponibilidade.yaml', (t) => t.replace('summary: ', `summary: ${marker} `));
    await expect.poll(async () => (await page()).includes(marker), WAIT).toBe(true);
    await expect.poll(() => heard.includes('event: reload'), WAIT).toBe(true);
    // The types an editor's TypeScript server reads (src/ imports them) carry the edit too.
    await expect
      .poll(async () => (await readFile(path.join(ws.dir, 'generated/v3/schema.d.ts'), 'utf8')).includes(marker), WAIT)
      .toBe(true);
    await reader.cancel();
    await listening.catch(() => undefined);
  }, 120_000);

  test('a broken edit is reported with its file and the mock keeps the last good contract; the next good edit clears it', async () => {
    const before = output.length;
    await edit(SCHEMA, (t) => t.replace('$ref: ../../shared/schemas/Login.yaml', '$ref: ../../shared/schemas/NoSuchFile.yaml'));
    await expect
      .poll(() => output.slice(before), WAIT)
      .toMatch(/spec\/v3\/schemas\/DisponibilidadeV3RQ\.yaml:\d+:\d+ error no-unresolved-refs: /);
    // Reported once, not once by lint and again by the bundler.
    expect(output.slice(before).match(/NoSuchFile\.yaml/g)?.length).toBe(1);
    expect((await call()).status).toBe(200);
    await writeFile(path.join(ws.dir, SCHEMA), original);
    await expect.poll(() => output.slice(before), WAIT).toContain('✓ fixed');
    expect((await call()).status).toBe(200);
  }, 120_000);

  test('an edit Redocly passes and Spectral refuses: the mock, swapped to it first, goes back to the last good contract', async () => {
    const before = output.length;
    // ClienteId required (the call would be refused) and a field the description never gives (Spectral refuses it).
    await edit(SCHEMA, (t) => requireClienteId(t).replace('properties:\n', 'properties:\n  CampoInventado:\n    type: string\n'));
    await expect.poll(() => output.slice(before), WAIT).toMatch(/error property-names-published: /);
    await expect.poll(() => output.slice(before), WAIT).toMatch(/the mock is back on the last good v3/);
    await expect.poll(async () => (await call()).status, WAIT).toBe(200);
    await writeFile(path.join(ws.dir, SCHEMA), original);
    await expect.poll(() => output.slice(before), WAIT).toContain('✓ fixed');
    expect((await call()).status).toBe(200);
  }, 120_000);

  test('a call in flight during a swap completes, on the contract it started with', async () => {
    const url = new URL(`${mockUrl}${ROUTE}`);
    let inFlight: () => void = () => {};
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { ...HEADERS, 'content-length': CALL.length } },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      // Head and half the body now; the rest once the mock has swapped to a contract refusing this call
      // (real time stays, a real dev process rebuilding: the body time-out is set far past any rebuild).
      req.write(CALL.slice(0, 10));
      inFlight = () => req.end(CALL.slice(10));
    });
    const before = output.length;
    await edit(SCHEMA, requireClienteId);
    await expect.poll(() => output.slice(before), WAIT).toMatch(/mock swapped/);
    await expect.poll(async () => (await call()).status, WAIT).toBe(422);
    inFlight();
    expect((await answer).status).toBe(200);
    await writeFile(path.join(ws.dir, SCHEMA), original);
    await expect.poll(async () => (await call()).status, WAIT).toBe(200);
  }, 120_000);

  test('a save while the previous one is still building supersedes it: the newest reaches the mock, the stale build is dropped', async () => {
    const file = path.join(ws.dir, V2.schema);
    const text = await readFile(file, 'utf8');
    const v2 = async () => {
      const response = await fetch(`${mockUrl}${V2.route}`, { method: 'POST', headers: HEADERS, body: V2.call });
      await response.arrayBuffer();
      return response.status;
    };
    expect(await v2()).toBe(200);
    const before = output.length;
    const reports = () => output.slice(before).match(/^✓ .*$/gm) ?? [];
    // A: the call refused. Its build swaps the mock first, then types, the observed flavour, pages…
    await writeFile(file, text.replace(V2.integer, V2.string));
    await expect.poll(v2, WAIT).toBe(422);
    // …still in flight when B is saved (no build has reported since A).
    expect(reports()).toEqual([]);
    const marker = `superseding save ${Date.now()}`;
    await writeFile(file, text.replace(V2.summary, `${V2.summary} (${marker})`));
    await expect.poll(v2, WAIT).toBe(200);
    // One build reports, B's: A's was dropped, not finished and applied after it.
    await expect.poll(() => reports().length, WAIT).toBe(1);
    expect(reports()[0]).toContain(V2.schema);
    const bundle = await readFile(path.join(ws.dir, 'generated/v2-pt/openapi.json'), 'utf8');
    expect(bundle).toContain(marker);
    expect((JSON.parse(bundle) as V2Bundle).components.schemas.DisponibilidadeRQ.properties.QuantidadeAdultos.type).toBe('integer');
    expect(await readFile(path.join(ws.dir, 'generated/v2-pt/schema.d.ts'), 'utf8')).toContain(marker);
    expect(await v2()).toBe(200);
    await writeFile(file, text);
    await expect.poll(() => reports().length, WAIT).toBe(2);
    expect(await v2()).toBe(200);
  }, 180_000);

  test('Ctrl-C stops both servers and frees both ports', async () => {
    const ports = [mockUrl, docsUrl].map((u) => Number(new URL(u).port));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    for (const port of ports) {
      const server = net.createServer();
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', resolve);
      });
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }, 60_000);
});
