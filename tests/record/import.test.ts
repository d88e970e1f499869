// `npm run observed:add` in a copy of the repository: a recording of a fake sandbox that
// answers with canaries in every encoding is imported; nothing of them reaches evidence/ or
// generated/; operations no source typed become typed (a seat map on both routes, Part 4.1);
// a source that contradicts a claim weakens it in the report; the same recording imported
// twice changes nothing; a recording whose values are not placeholders is refused.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { makeWorkspace, type Workspace } from '../../scripts/lib/workspace.ts';
import { startProxy } from '../../src/proxy/server.ts';
import { rootDir } from '../support/bundle.ts';
import { CANARY, HEADERS, hidden } from '../support/canaries.ts';

const SOURCE = 'fake-sandbox';
const b64 = (s: string): string => Buffer.from(s).toString('base64');

/** What the fake sandbox answers, per operation: canaries in every encoding, figures and codes beside them. */
function answer(operation: string): unknown {
  const passenger = { Nome: CANARY.nome, Sobrenome: CANARY.sobrenome, Email: CANARY.email, Telefone: CANARY.telefone };
  switch (operation) {
    case 'ObterMapaDeAssentos':
      return {
        Localizador: CANARY.localizador,
        Cabine: [{ Linha: 12, Coluna: 'C', Livre: true, Valor: 45.9 }],
        Observacao: `Mapa de ${CANARY.nome} ${CANARY.localizador}`,
        Exception: null,
      };
    case 'ListarReservas':
      return {
        Reservas: [{ Localizador: CANARY.localizador, Passageiros: [passenger], ValorTotal: 980.1, Origem: 'GRU' }],
        Exception: null,
      };
    case 'BuscarReserva':
      // Echoes the sanitizer does not look inside: the recorder's final check removes this answer.
      return {
        Eco: [encodeURIComponent(CANARY.email), b64(CANARY.senha), [...CANARY.nome].map((c) => `&#${c.charCodeAt(0)};`).join('')],
        Exception: null,
      };
    case 'Emitir':
      // The envelope's SessaoExpirada, non-null in both public sources, comes null here.
      return {
        SessaoExpirada: null,
        Bilhetes: [{ Numero: '9571234567890', Passageiro: `${CANARY.nome} ${CANARY.sobrenome}` }],
        Exception: null,
      };
    default:
      return { Exception: null };
  }
}

let ws: Workspace;
let upstream: http.Server;
let recording = '';
const runs: Array<{ code: number | null; stdout: string; stderr: string }> = [];
let dryRun: { code: number | null; stdout: string; stderr: string } | undefined;
let dryRunChanged = true;

function addCommand(dir: string, source: string, ...flags: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['scripts/observed/add.ts', dir, '--source', source, ...flags], {
    cwd: ws.dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

/** Every file under some folders of the workspace, path → text. */
async function treeOf(...folders: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const folder of folders) {
    for (const entry of await readdir(path.join(ws.dir, folder), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      out.set(path.relative(ws.dir, file), await readFile(file, 'utf8'));
    }
  }
  return out;
}

function digest(tree: Map<string, string>): string {
  const hash = createHash('sha256');
  for (const [file, text] of [...tree].sort(([a], [b]) => a.localeCompare(b))) hash.update(`${file}\u0000${text}\u0000`);
  return hash.digest('hex');
}

beforeAll(async () => {
  ws = await makeWorkspace(rootDir, { prefix: 'observed-add-', also: ['generated'] });
  upstream = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const operation = (req.url ?? '').split('/').at(-1) ?? '';
      // The surname travels as JSON \u escapes wherever it stands.
      const escaped = [...CANARY.sobrenome].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
      const text = JSON.stringify(answer(operation)).replaceAll(CANARY.sobrenome, escaped);
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(text);
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  recording = await mkdtemp(path.join(os.tmpdir(), 'recording-'));
  const proxy = await startProxy({
    rootDir,
    upstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
    port: 0,
    record: recording,
    log: new PassThrough(),
  });
  const credentials = { Login: CANARY.login, Senha: CANARY.senha };
  const calls: Array<[string, unknown]> = [
    ['/api/V2/Voos/ObterMapaDeAssentos', { ...credentials, Localizador: CANARY.localizador }],
    ['/api/V2/Voos/ListarReservas', { ...credentials, Filtro: { Email: CANARY.email, Token: b64(CANARY.senha) } }],
    ['/api/V2/Voos/Emitir', { ...credentials, Localizador: CANARY.localizador }],
    ['/api/V2/Voos/BuscarReserva', { ...credentials, Localizador: CANARY.localizador }],
  ];
  for (const [route, body] of calls) {
    const res = await fetch(`${proxy.url}${route}`, { method: 'POST', headers: HEADERS, body: JSON.stringify(body) });
    await res.text();
  }
  await proxy.close();
  const summary = await proxy.finishRecording();
  // Every answer is kept: the echoes of BuscarReserva are placeholders now, not a removed file.
  expect(summary?.notRecorded.count).toBe(0);
  expect(summary?.exchanges).toBe(calls.length);
  const untouched = digest(await treeOf('evidence', 'generated', 'spec', 'docs'));
  dryRun = await addCommand(recording, SOURCE, '--dry-run');
  dryRunChanged = digest(await treeOf('evidence', 'generated', 'spec', 'docs')) !== untouched;
  runs.push(await addCommand(recording, SOURCE));
}, 240_000);

afterAll(async () => {
  await new Promise<void>((resolve) => (upstream ? upstream.close(() => resolve()) : resolve()));
  await rm(recording, { recursive: true, force: true });
  await ws?.dispose();
});

describe('npm run observed:add', () => {
  test('imports the recording and prints a Markdown report', () => {
    const run = runs[0];
    expect(run?.code, run?.stderr).toBe(0);
    expect(run?.stdout).toMatch(/^## Evidence: `fake-sandbox`/);
    expect(run?.stdout).toContain('### Operations newly typed');
  });

  test('--dry-run prints the same report and writes nothing', () => {
    expect(dryRun?.code, dryRun?.stderr).toBe(0);
    expect(dryRunChanged).toBe(false);
    expect(dryRun?.stdout).toBe(runs[0]?.stdout);
  });

  test('no canary, in any encoding, reaches evidence/ or generated/', async () => {
    const tree = await treeOf(path.join('evidence', SOURCE), 'generated', 'spec');
    expect([...tree.keys()].some((f) => f.startsWith(path.join('evidence', SOURCE)))).toBe(true);
    for (const [file, text] of tree) expect(hidden(text), file).toEqual([]);
    expect(hidden(runs[0]?.stdout ?? '')).toEqual([]);
    // The detector decodes every string of every generated file: seconds on a busy machine.
  }, 180_000);

  test('operations no source typed become typed: the seat map on both routes (Part 4.1), the listing on V2 only', async () => {
    const report = runs[0]?.stdout ?? '';
    expect(report).toMatch(/\| v2-pt \| `ObterMapaDeAssentos` \|/);
    expect(report).toMatch(/\| legacy \| `ObterMapaDeAssentos` \|/);
    expect(report).toMatch(/\| v2-pt \| `ListarReservas` \|/);
    expect(report).not.toMatch(/\| legacy \| `ListarReservas` \|/);
    const legacy = parse(await readFile(path.join(ws.dir, 'generated/legacy-observed/openapi.yaml'), 'utf8')) as {
      paths: Record<string, { post: { responses: Record<string, { content: Record<string, { schema: { $ref: string } }> }> } }>;
      components: { schemas: Record<string, { 'x-inferred'?: string }> };
    };
    const seatMap = legacy.paths['/AereoNoSession.svc/ObterMapaDeAssentos']?.post.responses['200']?.content['application/json']?.schema;
    expect(seatMap?.$ref).toBe('#/components/schemas/ObterMapaDeAssentosRSObservadoLegado');
    expect(legacy.components.schemas.ObterMapaDeAssentosRSObservadoLegado?.['x-inferred']).toMatch(/Part 4\.1/);
    expect(legacy.paths['/AereoNoSession.svc/ListarReservas']).toBeUndefined();
    // One source: typed, but nothing required and null allowed (docs/observed.md, "Rules that generalise").
    const v2 = parse(await readFile(path.join(ws.dir, 'generated/v2-pt-observed/openapi.yaml'), 'utf8')) as {
      components: { schemas: Record<string, { allOf?: Array<{ required?: string[]; properties?: Record<string, { type?: unknown }> }> }> };
    };
    const own = v2.components.schemas.ListarReservasRSObservado?.allOf?.[1];
    expect(own?.required).toBeUndefined();
    expect(own?.properties?.Reservas?.type).toEqual(['array', 'null']);
  });

  test("docs/observed.md's figures count the new source and its operations", async () => {
    const doc = await readFile(path.join(ws.dir, 'docs/observed.md'), 'utf8');
    expect(doc).toMatch(/\| v2-pt \| 13 \| 3 \|/);
    expect(doc).toMatch(/\| legacy \| fake-sandbox \| \d+ \| [\d.]+ % \(\d+\) \| 100\.0 % \(\d+\) \|/);
  });

  test('a locator stays one placeholder across the exchanges in evidence/', async () => {
    const dir = path.join(ws.dir, 'evidence', SOURCE, 'recording', 'api-V2-Voos');
    const seat = JSON.parse(await readFile(path.join(dir, 'ObterMapaDeAssentos', '0001.response.json'), 'utf8')) as {
      body: { Localizador: string; Cabine: Array<{ Valor: number }> };
    };
    const issue = JSON.parse(await readFile(path.join(dir, 'Emitir', '0001.request.json'), 'utf8')) as { Localizador: string };
    expect(seat.body.Localizador).not.toBe(CANARY.localizador);
    expect(issue.Localizador).toBe(seat.body.Localizador);
    expect(seat.body.Cabine[0]?.Valor).toBe(45.9);
  });

  test('a source that contradicts a claim weakens it in the report', () => {
    expect(runs[0]?.stdout).toMatch(/\| v2-pt \| `EnvelopeDeResposta\.SessaoExpirada` \| may be null \|/);
  });

  test('the same recording imported twice changes nothing', async () => {
    const before = digest(await treeOf('evidence', 'generated', 'spec', 'docs'));
    const again = await addCommand(recording, 'another-name');
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(`already evidence/${SOURCE}/: nothing changed`);
    expect(digest(await treeOf('evidence', 'generated', 'spec', 'docs'))).toBe(before);
  });

  test('a recording holding a value that is not a placeholder is refused: field named, value never, nothing imported', async () => {
    const edited = await mkdtemp(path.join(os.tmpdir(), 'recording-edited-'));
    try {
      await cp(recording, edited, { recursive: true });
      const file = path.join(edited, 'api-V2-Voos', 'ListarReservas', '0001.response.json');
      const value = JSON.parse(await readFile(file, 'utf8')) as { body: { Reservas: Array<{ Passageiros: Array<{ Nome: string }> }> } };
      const first = value.body.Reservas[0]?.Passageiros[0];
      if (first) first.Nome = CANARY.nome;
      await writeFile(file, JSON.stringify(value));
      const run = await addCommand(edited, 'edited-recording');
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(path.join('api-V2-Voos', 'ListarReservas', '0001.response.json').split(path.sep).join('/'));
      expect(run.stderr).toContain('$.body.Reservas[0].Passageiros[0].Nome');
      expect(hidden(run.stderr + run.stdout)).toEqual([]);
      await expect(readdir(path.join(ws.dir, 'evidence', 'edited-recording'))).rejects.toThrow();
    } finally {
      await rm(edited, { recursive: true, force: true });
    }
  });
});
