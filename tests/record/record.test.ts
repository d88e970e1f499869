// Recording sandbox traffic through the proxy: a fake sandbox echoes the canaries in every
// encoding of tests/support/canaries.ts; after a clean stop nothing of them is on disk or in
// the proxy's console, no answer is dropped, a locator keeps one placeholder across
// exchanges, figures (card figures too), codes, flight dates and a 20-digit number survive,
// the trip identifier keeps its structure, an unparseable answer is recorded as such, and
// what the in-memory check replaced is listed by field path.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startProxy, type RunningProxy } from '../../src/proxy/server.ts';
import { createRecorder, MAX_RECORDED_BYTES, type RecordingSummary } from '../../src/record/recorder.ts';
import { unsanitizedPaths } from '../../src/record/sanitize.ts';
import { rootDir } from '../support/bundle.ts';
import { HEADERS, hidden, openTripIdentifier } from '../support/canaries.ts';
import { LOSSLESS, requestFor, startFakeSandbox, type FakeSandbox } from '../support/fake-sandbox.ts';
import { startMockProcess } from '../support/mock-process.ts';

let sandbox: FakeSandbox;
let proxy: RunningProxy;
let dir = '';
let summary: RecordingSummary | undefined;
let console = '';
const files = new Map<string, string>();
const OPERATIONS = ['Reservar', 'Emitir', 'Tarifar', 'BuscarReserva'];
const statuses: number[] = [];

const file = (operation: string, which: 'request' | 'response', n = 1) =>
  files.get(path.join('api-V2-Voos', operation, `${String(n).padStart(4, '0')}.${which}.json`)) ?? '';
const answerOf = (operation: string) =>
  JSON.parse(file(operation, 'response')) as { status: number; body: Record<string, unknown> | null } & Record<string, unknown>;

beforeAll(async () => {
  sandbox = await startFakeSandbox();
  dir = await mkdtemp(path.join(os.tmpdir(), 'recording-'));
  const log = new PassThrough();
  log.on('data', (c: Buffer) => (console += c.toString()));
  proxy = await startProxy({ rootDir, upstream: sandbox.url, port: 0, record: dir, log });
  for (const operation of OPERATIONS) {
    const res = await fetch(`${proxy.url}/api/V2/Voos/${operation}`, {
      method: 'POST',
      headers: HEADERS,
      body: JSON.stringify(requestFor(operation)),
    });
    statuses.push(res.status);
    await res.text();
  }
  await proxy.close();
  summary = await proxy.finishRecording();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile())
      files.set(
        path.relative(dir, path.join(entry.parentPath, entry.name)),
        await readFile(path.join(entry.parentPath, entry.name), 'utf8'),
      );
}, 60_000);

afterAll(async () => {
  await sandbox?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('proxy --record, a clean stop', () => {
  test('no canary, in any encoding, is in any file of the recording or in the console', () => {
    expect(files.size).toBe(2 * OPERATIONS.length + 1);
    for (const [name, text] of files) expect(hidden(text), name).toEqual([]);
    expect(console).toMatch(/Reservar/);
    expect(hidden(console)).toEqual([]);
  });

  test('no answer is dropped: every exchange has its pair, the lock is gone, the import finds nothing unsanitized', () => {
    for (const operation of OPERATIONS) {
      expect(file(operation, 'request'), operation).not.toBe('');
      expect(answerOf(operation).status).toBe(200);
    }
    expect([...files.keys()].filter((f) => path.basename(f).startsWith('.'))).toEqual([]);
    for (const [name, text] of files) if (name !== 'recording.json') expect(unsanitizedPaths(JSON.parse(text)), name).toEqual([]);
  });

  test("a locator keeps one placeholder: Reservar's answer, its message and Emitir's request", () => {
    const answer = answerOf('Reservar').body ?? {};
    const request = JSON.parse(file('Emitir', 'request')) as Record<string, unknown>;
    expect(answer.Localizador).toMatch(/^[XYZ]{3}\d{3}$/);
    expect(request.Localizador).toBe(answer.Localizador);
    expect(String(answer.MensagemSucesso)).toContain(String(answer.Localizador));
  });

  test('figures, card figures, airport codes, flight dates, closed-set values and a 20-digit number survive', () => {
    const answer = answerOf('Reservar').body ?? {};
    expect(answer).toMatchObject({ Origem: 'GRU', Destino: 'GIG', DataIda: '2026-05-20T10:00:00', Classe: 'Y', Exception: null });
    expect(answer.Pagamento).toMatchObject({ CartaoDeCredito: { Bandeira: 3, Parcelas: 1 } });
    expect((answer.Passageiros as Array<Record<string, unknown>>)[0]?.Tipo).toBe('ADT');
    expect(file('Reservar', 'response')).toContain(`"Valor": ${LOSSLESS},`);
    const request = JSON.parse(file('Reservar', 'request')) as Record<string, unknown>;
    expect(request).toMatchObject({ Login: 'agencia', Senha: 's3gredo' });
    // A birth date under a field no document names: a date that is nobody's, its key a placeholder.
    expect(Object.values((request.Passageiros as Array<Record<string, unknown>>)[0] ?? {})).toContain('1980-01-01');
  });

  test('the trip identifier is opened, sanitized inside and closed with the right length', () => {
    const trip = String(answerOf('Reservar').body?.IdentificacaoDaViagem);
    const bytes = Buffer.from(trip, 'base64');
    expect([bytes[4], bytes[5]]).toEqual([0x1f, 0x8b]);
    const inner = openTripIdentifier(trip) ?? '';
    expect(bytes.readUInt32LE(0)).toBe(Buffer.byteLength(inner));
    expect(JSON.parse(inner)).toMatchObject({ Origem: 'GRU', Destino: 'GIG', DataIda: '2026-05-20T10:00:00', Senha: 's3gredo' });
    expect(hidden(inner)).toEqual([]);
  });

  test('__proto__, constructor and prototype stay ordinary members, and no object gains a prototype', () => {
    const answer = answerOf('Reservar').body ?? {};
    expect(Object.hasOwn(answer, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(answer)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(answer, '__proto__')?.value).toMatchObject({ Classe: 'Y' });
    expect(answer.constructor).toEqual({ prototype: 1 });
  });

  test('an answer labelled JSON that cannot be parsed is recorded as such and counted', () => {
    const answer = answerOf('Tarifar');
    expect(answer.body).toBeNull();
    expect(answer.unparsed).toEqual({ mediaType: 'application/json', bytes: expect.any(Number) });
    expect(summary?.unparsed).toBe(1);
    expect(JSON.parse(files.get('recording.json') ?? '{}')).toMatchObject({ format: 2, complete: true, unparsed: 1, exchanges: 4 });
  });

  test('a kept value that holds a secret is replaced where it stands, and its path listed; the answer is kept', () => {
    const answer = answerOf('Reservar');
    expect(answer.body?.HoraSaida).not.toBe('9876543');
    expect(answer.replaced).toEqual(['$.body.HoraSaida']);
    expect(summary?.replaced).toEqual([{ file: path.join('api-V2-Voos', 'Reservar', '0001.response.json'), field: '$.body.HoraSaida' }]);
    expect(summary?.notRecorded).toEqual({ count: 0, reasons: {} });
  });

  test('the proxy answered every call as the sandbox did', () => {
    // Tarifar's unreadable answer is the proxy's 502; the others pass through.
    expect(statuses).toEqual([200, 200, 502, 200]);
  });

  test('the provenance names the upstream by kind only', () => {
    const provenance = JSON.parse(files.get('recording.json') ?? '{}') as Record<string, unknown>;
    expect(provenance.upstream).toEqual({ kind: 'local' });
    expect(JSON.stringify(provenance)).not.toContain(sandbox.url.replace('http://', ''));
    expect(provenance.families).toEqual(['v2-pt']);
  });
});

test('flows --record needs --base-url: one line, exit 2', async () => {
  const child = spawn(process.execPath, [path.join(rootDir, 'src/cli/main.ts'), 'flows', '--record', 'somewhere'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(code).toBe(2);
  expect(stderr.trim()).toMatch(/--record records a run against a sandbox: give --base-url/);
});

test('flows --base-url --record: a certification run recorded, every exchange a sanitized pair, exit 0', async () => {
  const mock = await startMockProcess(rootDir, ['--flows']);
  const out = await mkdtemp(path.join(os.tmpdir(), 'flows-recording-'));
  try {
    const child = spawn(
      process.execPath,
      [
        path.join(rootDir, 'src/cli/main.ts'),
        'flows',
        '--base-url',
        mock.url,
        '--scenario',
        'cenario1-adulto-ida-nacional-faturado',
        '--record',
        path.join(out, 'rec'),
        '--out',
        path.join(out, 'report'),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code, output).toBe(0);
    expect(output).toMatch(/Recorded \d+ exchanges into /);
    const provenance = JSON.parse(await readFile(path.join(out, 'rec', 'recording.json'), 'utf8')) as {
      exchanges: number;
      families: string[];
      complete: boolean;
    };
    expect(provenance.families).toEqual(['legacy']);
    expect(provenance.complete).toBe(true);
    const pairs = (await readdir(path.join(out, 'rec'), { recursive: true })).filter((f) => String(f).endsWith('.request.json'));
    expect(pairs).toHaveLength(provenance.exchanges);
    const reserva = JSON.parse(
      await readFile(path.join(out, 'rec', 'AereoNoSession.svc', 'Reservar', '0001.request.json'), 'utf8'),
    ) as Record<string, unknown>;
    expect(reserva.Login).toBe('agencia');
  } finally {
    await mock.stop();
    await rm(out, { recursive: true, force: true });
  }
}, 120_000);

test('an answer over 1 MiB is recorded without its body (status, media type, size) and counted, never dropped', async () => {
  const out = await mkdtemp(path.join(os.tmpdir(), 'recording-large-'));
  try {
    const recorder = await createRecorder(path.join(out, 'mine'), { tool: 'test', toolVersion: '0', upstream: 'http://127.0.0.1/' });
    const big = JSON.stringify({ Itens: Array.from({ length: MAX_RECORDED_BYTES / 8 }, (_, i) => ({ Valor: i })) });
    await recorder.record({
      path: '/api/V2/Voos/Disponibilidade',
      request: {},
      status: 200,
      response: undefined,
      responseText: big,
      mediaType: 'application/json',
    });
    const summary = await recorder.finish();
    expect(summary).toMatchObject({ exchanges: 1, unparsed: 1 });
    const answer = JSON.parse(
      await readFile(path.join(out, 'mine', 'api-V2-Voos', 'Disponibilidade', '0001.response.json'), 'utf8'),
    ) as unknown;
    expect(answer).toEqual({ status: 200, body: null, unparsed: { mediaType: 'application/json', bytes: Buffer.byteLength(big) } });
  } finally {
    await rm(out, { recursive: true, force: true });
  }
});
