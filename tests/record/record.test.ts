// Recording sandbox traffic through the proxy: a fake upstream answers with canary secrets
// and personal data in every encoding; nothing of it reaches the recording, a locator keeps
// one placeholder across exchanges, figures, codes and flight dates survive, and a file the
// sanitizer could not clean is removed by the final check, named with its field path.
import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startProxy, type RunningProxy } from '../../src/proxy/server.ts';
import type { RecordingSummary } from '../../src/record/recorder.ts';
import { rootDir } from '../support/bundle.ts';
import { startMockProcess } from '../support/mock-process.ts';
import { CANARY, HEADERS, hidden } from '../support/canaries.ts';

let upstream: http.Server;
let upstreamUrl = '';
let proxy: RunningProxy;
let dir = '';
let summary: RecordingSummary | undefined;
const files = new Map<string, string>();

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const json = { 'content-type': 'application/json; charset=utf-8' };
      if (req.url?.endsWith('/Reservar')) {
        res.writeHead(200, json).end(
          JSON.stringify({
            Localizador: CANARY.localizador,
            ValorTotal: 1234.56,
            Origem: 'GRU',
            Destino: 'GIG',
            DataIda: '2026-05-20T10:00:00',
            Passageiros: [{ Nome: CANARY.nome, Sobrenome: CANARY.sobrenome, Email: CANARY.email }],
            Mensagem: `Reserva ${CANARY.localizador} criada para ${CANARY.nome}`,
            Exception: null,
          }),
        );
      } else {
        // An answer echoing the password in encodings the sanitizer does not look inside.
        res.writeHead(200, json).end(
          JSON.stringify({
            Localizador: CANARY.localizador,
            Bilhetes: ['9571234567890'],
            Mensagem: `eco ${Buffer.from(CANARY.senha).toString('base64')}`,
          }),
        );
      }
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  dir = await mkdtemp(path.join(os.tmpdir(), 'recording-'));
  proxy = await startProxy({ rootDir, upstream: upstreamUrl, port: 0, record: dir, log: new PassThrough() });
  const post = (route: string, body: unknown) =>
    fetch(`${proxy.url}${route}`, { method: 'POST', headers: HEADERS, body: JSON.stringify(body) }).then((r) => r.text());
  await post('/api/V2/Voos/Reservar', {
    Login: CANARY.login,
    Senha: CANARY.senha,
    Passageiros: [
      {
        Nome: CANARY.nome,
        Sobrenome: CANARY.sobrenome,
        Email: CANARY.email,
        Telefone: CANARY.telefone,
        Documento: CANARY.cpf,
        DataNascimento: CANARY.nascimento,
      },
    ],
  });
  await post('/api/V2/Voos/Emitir', { Login: CANARY.login, Senha: CANARY.senha, Localizador: CANARY.localizador });
  await proxy.close();
  summary = await proxy.finishRecording();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      files.set(
        path.relative(dir, path.join(entry.parentPath, entry.name)),
        await readFile(path.join(entry.parentPath, entry.name), 'utf8'),
      );
  }
}, 60_000);

afterAll(async () => {
  await new Promise<void>((resolve) => upstream?.close(() => resolve()));
  await rm(dir, { recursive: true, force: true });
});

describe('proxy --record', () => {
  test('no canary, in any encoding, is in any file of the recording', () => {
    expect(files.size).toBeGreaterThan(2);
    for (const [file, text] of files) expect(hidden(text), file).toEqual([]);
  });

  test("a locator keeps one placeholder: the one in Reservar's answer is the one sent to Emitir", () => {
    const answer = JSON.parse(files.get(path.join('api-V2-Voos', 'Reservar', '0001.response.json')) ?? '{}') as {
      body: Record<string, unknown>;
    };
    const request = JSON.parse(files.get(path.join('api-V2-Voos', 'Emitir', '0001.request.json')) ?? '{}') as Record<string, unknown>;
    expect(answer.body.Localizador).toMatch(/^[A-Z]{3}\d{3}$/);
    expect(answer.body.Localizador).not.toBe(CANARY.localizador);
    expect(request.Localizador).toBe(answer.body.Localizador);
    // Quoted in a message too, with the same placeholder.
    expect(String(answer.body.Mensagem)).toContain(String(answer.body.Localizador));
  });

  test('figures, airport codes, flight dates and the structure survive', () => {
    const answer = JSON.parse(files.get(path.join('api-V2-Voos', 'Reservar', '0001.response.json')) ?? '{}') as {
      status: number;
      body: Record<string, unknown>;
    };
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      ValorTotal: 1234.56,
      Origem: 'GRU',
      Destino: 'GIG',
      DataIda: '2026-05-20T10:00:00',
      Exception: null,
    });
    const request = JSON.parse(files.get(path.join('api-V2-Voos', 'Reservar', '0001.request.json')) ?? '{}') as {
      Login: string;
      Senha: string;
      Passageiros: Array<Record<string, string>>;
    };
    expect(request.Login).toBe('agencia');
    expect(request.Senha).toBe('s3gredo');
    expect(Object.keys(request.Passageiros[0] ?? {})).toEqual(['Nome', 'Sobrenome', 'Email', 'Telefone', 'Documento', 'DataNascimento']);
    expect(request.Passageiros[0]?.DataNascimento).toBe('1980-01-01');
    expect(request.Passageiros[0]?.Documento).toMatch(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
  });

  test('the provenance file counts what was replaced and names the upstream by kind only', () => {
    const provenance = JSON.parse(files.get('recording.json') ?? '{}') as Record<string, unknown>;
    expect(provenance.upstream).toEqual({ kind: 'local' });
    expect(JSON.stringify(provenance)).not.toContain(upstreamUrl.replace('http://', ''));
    expect(provenance.families).toEqual(['v2-pt']);
    expect(provenance.exchanges).toBe(2);
    const replaced = provenance.replaced as Record<string, number>;
    expect(replaced.credentials).toBeGreaterThan(0);
    expect(replaced.personal).toBeGreaterThan(0);
    expect(replaced.identifiers).toBeGreaterThan(0);
  });

  test('a file the sanitizer could not clean is removed, and named with its field path, never the value', () => {
    expect(summary?.leaks).toEqual([{ file: path.join('api-V2-Voos', 'Emitir', '0001.response.json'), field: '$.body.Mensagem' }]);
    expect(files.has(path.join('api-V2-Voos', 'Emitir', '0001.response.json'))).toBe(false);
  });

  test('the command: the leak is reported on stderr and the exit code is 1', async () => {
    // The command's own report of the same summary.
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { reportRecording } from ${JSON.stringify(path.join(rootDir, 'src/cli/recording.ts'))}; process.exitCode = reportRecording(${JSON.stringify(summary)});`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('Emitir');
    expect(stderr).toContain('$.body.Mensagem');
    expect(hidden(stderr)).toEqual([]);
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
    };
    expect(provenance.families).toEqual(['legacy']);
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
