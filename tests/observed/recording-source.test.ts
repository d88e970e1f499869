// A recording in the recorder's folder format (format 2), written by hand, read as the
// import reads it: dotfiles (the lock, a file being written) are not the recording; a body
// the proxy found outside the published contract is held back unless accepted, and says so
// in source.json when it is; an answer that could not be parsed is counted, not typed.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readRecording, recordingSourceJson } from '../../scripts/observed/recording-source.ts';

let dir = '';
const OPERATIONS = new Set(['ObterMapaDeAssentos', 'ListarReservas']);
const seat = 'api-V2-Voos/ObterMapaDeAssentos';

async function put(file: string, value: unknown): Promise<void> {
  await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
  await writeFile(path.join(dir, file), JSON.stringify(value));
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'recording-format-'));
  await put('recording.json', {
    tool: { name: 'air-travel-api-contract proxy', version: '0.1.0' },
    upstream: { kind: 'sandbox' },
    started: '2026-01-01T00:00:00Z',
    ended: '2026-01-01T00:01:00Z',
    exchanges: 3,
    format: 2,
    complete: true,
    notRecorded: { count: 0, reasons: {} },
    unparsed: 1,
  });
  await put(`${seat}/0001.request.json`, { Login: 'agencia', Senha: 's3gredo', Localizador: 'XXXXX1' });
  await put(`${seat}/0001.response.json`, {
    status: 200,
    body: { Cabine: [{ Linha: 12 }], Exception: null },
    contract: { request: [{ path: '/Localizador', keyword: 'type' }], response: [] },
  });
  await put(`${seat}/0002.request.json`, { Login: 'agencia', Senha: 's3gredo' });
  await put(`${seat}/0002.response.json`, { status: 200, body: null, unparsed: { mediaType: 'application/json', bytes: 12 } });
  await put('api-V2-Voos/ListarReservas/0003.request.json', { Login: 'agencia', Senha: 's3gredo' });
  await put('api-V2-Voos/ListarReservas/0003.response.json', {
    status: 200,
    body: { Reservas: [], Exception: null },
    contract: { request: [], response: [] },
  });
  // A file being written: the recorder's, not the recording.
  await put(`${seat}/.0004.response.json.tmp`, '{"status": 2');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a recording of the recorder format 2, read by the import', () => {
  test('dotfiles are not read; an unparsed answer is counted as kept, typing nothing', () => {
    const recording = readRecording(dir, OPERATIONS);
    expect([...recording.files.keys()].some((f) => f.includes('.tmp'))).toBe(false);
    expect(recording.leaks).toEqual([]);
    expect(recording.locked).toBe(false);
    expect(recording.untyped.get('an answer labelled JSON that could not be parsed')).toBe(1);
  });

  test('a request outside the published contract is held back and listed, its conforming answer counts', () => {
    const recording = readRecording(dir, OPERATIONS);
    expect(recording.offContract.map((b) => [b.file, b.body, b.breaches])).toEqual([
      [`${seat}/0001.request.json`, 'request', [{ path: '/Localizador', keyword: 'type' }]],
    ]);
    const counted = recording.bodies.map((b) => b.file);
    expect(counted).not.toContain(`${seat}/0001.request.json`);
    expect(counted).toContain(`${seat}/0001.response.json`);
    expect(counted).toContain('api-V2-Voos/ListarReservas/0003.request.json');
  });

  test('accepted (--accept-off-contract), it counts and source.json says where it breaks the contract', () => {
    const recording = readRecording(dir, OPERATIONS, true);
    expect(recording.bodies.map((b) => b.file)).toContain(`${seat}/0001.request.json`);
    const source = recordingSourceJson('hand-made', recording) as { bodies: Array<{ from: string; outsideContract?: unknown }> };
    const flagged = source.bodies.filter((b) => b.outsideContract !== undefined);
    expect(flagged.map((b) => [b.from, b.outsideContract])).toEqual([
      [`${seat}/0001.request.json`, [{ path: '/Localizador', keyword: 'type' }]],
    ]);
  });

  test('a lock held by a recorder is seen', async () => {
    await writeFile(path.join(dir, '.lock'), '4242');
    try {
      expect(readRecording(dir, OPERATIONS).locked).toBe(true);
    } finally {
      await rm(path.join(dir, '.lock'));
    }
  });
});
