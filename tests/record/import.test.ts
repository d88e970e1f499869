// `npm run observed:add` in a copy of the repository built once (the usual clone): a
// recording of a fake sandbox that answers with canaries in every encoding is imported;
// nothing of them reaches evidence/ or generated/; operations no source typed become typed
// in the built bundles (a seat map on both routes, Part 4.1) with no --force, and a plain
// build after it has nothing to do; the report says what the bundles hold; a key the
// recorder replaced by a placeholder is no property; a source that contradicts a claim
// weakens it in the report; the same recording imported twice changes nothing; a recording
// whose values are not placeholders, from a local upstream, incomplete or still locked is
// refused without the reviewer's flag; bodies the proxy found outside the published
// contract are listed apart and count only with --accept-off-contract.
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
import type { Workspace } from '../../scripts/lib/workspace.ts';
import { isPlaceholder } from '../../src/record/sanitize.ts';
import { startProxy } from '../../src/proxy/server.ts';
import { rootDir } from '../support/bundle.ts';
import { builtCopy } from '../support/built-copy.ts';
import { CANARY, HEADERS, hidden } from '../support/canaries.ts';

const SOURCE = 'fake-sandbox';
const b64 = (s: string): string => Buffer.from(s).toString('base64');

/** What the fake sandbox answers, per operation: canaries in every encoding, figures and codes beside them. */
function answer(operation: string): unknown {
  const passenger = { Nome: CANARY.nome, Sobrenome: CANARY.sobrenome, Email: CANARY.email, Telefone: CANARY.telefone };
  switch (operation) {
    case 'ObterMapaDeAssentos':
      return {
        // A secret standing as a key: the recorder writes its placeholder, which must type nothing.
        [CANARY.senha]: { Liberado: true },
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
      // The envelope's SessaoExpirada, non-null in both public sources, comes null here; EMDs,
      // in every answer of facilita-corp but not in noro-guru's template, comes too: noro-guru's fold moves.
      return {
        SessaoExpirada: null,
        EMDs: [],
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
/** evidence/, generated/, spec/ and docs/ of the copy before any import, by file. */
let beforeImport = new Map<string, string>();

type Media = { content?: Record<string, { schema?: { $ref?: string } }> };
type Run = { code: number | null; stdout: string; stderr: string };

/** `observed:add` as the tests run it: the fake sandbox listens on 127.0.0.1, a local upstream the reviewer accepts. */
function importRecording(dir: string, source: string, ...flags: string[]): Promise<Run> {
  return command(['scripts/observed/add.ts', dir, '--source', source, '--allow-local-upstream', ...flags]);
}

function command(args: string[]): Promise<Run> {
  const child = spawn(process.execPath, args, {
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
  // Built, as a clone is before its first import (the project's build reused, built-copy.ts):
  // the build cache knows the evidence as it was; the build below then has little or nothing to do.
  ws = await builtCopy({ prefix: 'observed-add-' });
  const built = await command(['--max-opt=2', 'scripts/pipeline/main.ts']);
  expect(built.code, built.stderr).toBe(0);
  upstream = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const operation = (req.url ?? '').split('/').at(-1) ?? '';
      // The surname travels as JSON \u escapes wherever it stands.
      const escaped = [...CANARY.sobrenome].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
      // One answer labelled JSON breaks off mid-body: recorded unparsed, its request left without a pair.
      const text =
        operation === 'ConsultarEticket'
          ? '{"Exception": null, "Bilhetes": [{"Numero": '
          : JSON.stringify(answer(operation)).replaceAll(CANARY.sobrenome, escaped);
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
    ['/api/V2/Voos/ConsultarEticket', { ...credentials, Localizador: CANARY.localizador }],
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
  beforeImport = await treeOf('evidence', 'generated', 'spec', 'docs');
  const untouched = digest(beforeImport);
  dryRun = await importRecording(recording, SOURCE, '--dry-run');
  dryRunChanged = digest(await treeOf('evidence', 'generated', 'spec', 'docs')) !== untouched;
  runs.push(await importRecording(recording, SOURCE, '--report', path.join(ws.dir, 'import-report.md')));
}, 400_000);

afterAll(async () => {
  await new Promise<void>((resolve) => (upstream ? upstream.close(() => resolve()) : resolve()));
  await rm(recording, { recursive: true, force: true });
  await ws?.dispose();
});

describe('npm run observed:add', () => {
  test('imports the recording and prints a Markdown report, headed by the local upstream the reviewer accepted', async () => {
    const run = runs[0];
    expect(run?.code, run?.stderr).toBe(0);
    expect(run?.stdout).toMatch(/^## Warnings\n\n- Recorded from a \*\*local upstream\*\*/);
    expect(run?.stdout).toContain('\n## Evidence: `fake-sandbox`');
    expect(run?.stdout).toContain('### Operations newly typed');
    expect(await readFile(path.join(ws.dir, 'import-report.md'), 'utf8')).toBe(run?.stdout);
  });

  test('an answer that could not be parsed: the import builds, and the report names the request it left without a pair', async () => {
    const run = runs[0];
    expect(run?.code, run?.stderr).toBe(0);
    expect(run?.stdout).toContain(
      '`api-V2-Voos/ConsultarEticket/0001.request.json` (ConsultarEticket) was left without a pair and types nothing: an answer labelled JSON that could not be parsed',
    );
    const source = JSON.parse(await readFile(path.join(ws.dir, 'evidence', SOURCE, 'source.json'), 'utf8')) as {
      bodies: Array<{ operation: string }>;
    };
    expect(source.bodies.map((b) => b.operation)).not.toContain('ConsultarEticket');
    // Its files are kept as evidence all the same.
    const kept = await readdir(path.join(ws.dir, 'evidence', SOURCE, 'recording', 'api-V2-Voos', 'ConsultarEticket'));
    expect(kept.sort()).toEqual(['0001.request.json', '0001.response.json']);
  });

  test('a plain build after the import has nothing to do, and every operation the report calls newly typed is in the built bundle', async () => {
    const build = await command(['--max-opt=2', 'scripts/pipeline/main.ts']);
    expect(build.code, build.stderr).toBe(0);
    expect(build.stdout).toContain('v2-pt-observed: unchanged, skipped');
    expect(build.stdout).not.toMatch(/: built in /);
    const rows = [...(runs[0]?.stdout ?? '').matchAll(/^\| (v2-pt|legacy) \| `(\w+)` \|$/gm)];
    expect(rows.length).toBeGreaterThan(0);
    for (const [, flavour, operation] of rows) {
      const bundle = JSON.parse(await readFile(path.join(ws.dir, `generated/${flavour}-observed/openapi.json`), 'utf8')) as {
        paths: Record<string, { post?: { requestBody?: Media; responses?: Record<string, Media> } }>;
      };
      const prefix = flavour === 'legacy' ? '/AereoNoSession.svc' : '/api/V2/Voos';
      const post = bundle.paths[`${prefix}/${operation}`]?.post;
      const refs = [
        post?.requestBody?.content?.['application/json']?.schema?.$ref,
        post?.responses?.['200']?.content?.['application/json']?.schema?.$ref,
      ];
      expect(
        refs.some((ref) => new RegExp(`/${operation}R[QS]Observado(Legado)?$`).test(ref ?? '')),
        `${flavour} ${operation}`,
      ).toBe(true);
    }
  });

  test('a key the recorder replaced by its placeholder is kept in evidence/ but is no property of either flavour', async () => {
    const seat = await readFile(
      path.join(ws.dir, 'evidence', SOURCE, 'recording/api-V2-Voos/ObterMapaDeAssentos/0001.response.json'),
      'utf8',
    );
    const keys = Object.keys((JSON.parse(seat) as { body: Record<string, unknown> }).body);
    expect(keys.filter(isPlaceholder).length).toBe(1);
    for (const flavour of ['v2-pt-observed', 'legacy-observed']) {
      const names: string[] = [];
      const walk = (node: unknown): void => {
        if (Array.isArray(node)) for (const item of node) walk(item);
        else if (node !== null && typeof node === 'object') {
          for (const [key, child] of Object.entries(node)) {
            if (key === 'properties' && child !== null && typeof child === 'object') names.push(...Object.keys(child));
            walk(child);
          }
        }
      };
      const bundle = JSON.parse(await readFile(path.join(ws.dir, `generated/${flavour}/openapi.json`), 'utf8')) as {
        components: { schemas: Record<string, unknown> };
      };
      walk(bundle.components.schemas);
      expect(names.length).toBeGreaterThan(0);
      expect(names.filter(isPlaceholder), flavour).toEqual([]);
      expect(names, flavour).toContain('Cabine');
    }
  });

  test("the report lists every other source's fold that the import moved, as the figures compute it", async () => {
    const report = runs[0]?.stdout ?? '';
    const section = report.split("### Other sources' folds that change")[1] ?? '';
    const rows = [
      ...section.matchAll(
        /^\| (v2-pt|legacy) \| ([\w-]+) \| .+ → ([\d.]+ %) \((\d+) of \d+ keys\) \| .+ → (\d+ of \d+) bodies accepted \|$/gm,
      ),
    ];
    expect(section).toMatch(/^\| v2-pt \| noro-guru \| .+ \| 2 of 2 bodies accepted → 1 of 2 bodies accepted \|$/m);
    const doc = await readFile(path.join(ws.dir, 'docs/observed.md'), 'utf8');
    for (const [, flavour, source, share, typed, accepted] of rows) {
      expect(source).not.toBe(SOURCE);
      expect(doc).toContain(`| ${flavour} | ${source} | `);
      expect(doc).toMatch(new RegExp(`\\| ${flavour} \\| ${source} \\| \\d+ \\| ${share} \\(${typed}\\) \\| [^|]+ \\| ${accepted} \\|`));
    }
  });

  test('--dry-run prints the same report and writes nothing', () => {
    expect(dryRun?.code, dryRun?.stderr).toBe(0);
    expect(dryRunChanged).toBe(false);
    expect(dryRun?.stdout).toBe(runs[0]?.stdout);
  });

  test('no canary, in any encoding, reaches evidence/ or generated/', async () => {
    const tree = await treeOf(path.join('evidence', SOURCE), 'generated', 'spec');
    expect([...tree.keys()].some((f) => f.startsWith(path.join('evidence', SOURCE)))).toBe(true);
    // A file the import left as it was holds nothing of the recording: only what it wrote is read
    // (the detector decodes every string of a file: seconds for the 25 MB of pages).
    const written = [...tree].filter(([file, text]) => beforeImport.get(file) !== text);
    expect(written.some(([file]) => file.startsWith('generated'))).toBe(true);
    for (const [file, text] of written) expect(hidden(text), file).toEqual([]);
    expect(hidden(runs[0]?.stdout ?? '')).toEqual([]);
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
    const again = await importRecording(recording, 'another-name');
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(`already evidence/${SOURCE}/: nothing changed`);
    expect(digest(await treeOf('evidence', 'generated', 'spec', 'docs'))).toBe(before);
  }, 120_000);

  test('a local upstream, an incomplete recording or one a recorder still holds is refused without the flag it names', async () => {
    const edited = await mkdtemp(path.join(os.tmpdir(), 'recording-weighed-'));
    try {
      await cp(recording, edited, { recursive: true });
      const file = path.join(edited, 'recording.json');
      const provenance = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      // The recorder's later format (format 2): what changes is the hash, so it is not the recording imported above.
      await writeFile(file, JSON.stringify({ ...provenance, format: 2, complete: true, unparsed: 0 }));
      const local = await command(['scripts/observed/add.ts', edited, '--source', 'weighed']);
      expect(local.code).toBe(1);
      expect(local.stderr).toContain('local upstream');
      expect(local.stderr).toContain('--allow-local-upstream');
      await writeFile(file, JSON.stringify({ ...provenance, format: 2, complete: false }));
      const incomplete = await importRecording(edited, 'weighed');
      expect(incomplete.code).toBe(1);
      expect(incomplete.stderr).toContain('--allow-incomplete');
      await writeFile(path.join(edited, '.lock'), '4242');
      const locked = await importRecording(edited, 'weighed', '--allow-incomplete');
      expect(locked.code).toBe(1);
      expect(locked.stderr).toContain('.lock');
      await expect(readdir(path.join(ws.dir, 'evidence', 'weighed'))).rejects.toThrow();
    } finally {
      await rm(edited, { recursive: true, force: true });
    }
  }, 120_000);

  test('bodies the proxy found outside the published contract are listed apart, an answer heads the report, and count only with --accept-off-contract', async () => {
    const edited = await mkdtemp(path.join(os.tmpdir(), 'recording-contract-'));
    try {
      await cp(recording, edited, { recursive: true });
      // What the proxy writes (the recorder's format 2): the seat map's request and answer break the contract, the rest conform.
      for (const operation of ['ObterMapaDeAssentos', 'ListarReservas', 'Emitir']) {
        const file = path.join(edited, 'api-V2-Voos', operation, '0001.response.json');
        const answer = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
        const broken = operation === 'ObterMapaDeAssentos';
        answer.contract = {
          request: broken ? [{ path: '/Localizador', keyword: 'type' }] : [],
          response: broken ? [{ path: '/Cabine', keyword: 'additionalProperties' }] : [],
        };
        await writeFile(file, JSON.stringify(answer));
      }
      const bodies = (report: string): number => Number(/ (\d+) bodies type an observed flavour/.exec(report)?.[1]);
      const held = await importRecording(edited, 'off-contract', '--dry-run');
      expect(held.code, held.stderr).toBe(0);
      const heads = held.stdout.split('\n## ').map((part) => part.split('\n')[0]);
      expect(heads.slice(0, 3)).toEqual(['## Warnings', 'Findings about the published contract', 'Evidence: `off-contract`']);
      expect(held.stdout).toMatch(
        /\| `ObterMapaDeAssentos` \| `api-V2-Voos\/ObterMapaDeAssentos\/0001\.response\.json` \| `\/Cabine` \(additionalProperties\) \|/,
      );
      expect(held.stdout).toContain('### Bodies outside the published contract\n\nKept in `evidence/` but not counted');
      expect(held.stdout).toMatch(/\| `ObterMapaDeAssentos` \| request \| `api-V2-Voos\/ObterMapaDeAssentos\/0001\.request\.json` \|/);
      expect(bodies(held.stdout)).toBe(bodies(runs[0]?.stdout ?? '') - 2);
      const counted = await importRecording(edited, 'off-contract', '--dry-run', '--accept-off-contract');
      expect(counted.code, counted.stderr).toBe(0);
      expect(counted.stdout).toContain('Counted as evidence: the reviewer passed `--accept-off-contract`.');
      expect(bodies(counted.stdout)).toBe(bodies(runs[0]?.stdout ?? ''));
    } finally {
      await rm(edited, { recursive: true, force: true });
    }
  }, 300_000);

  test('a recording holding a value that is not a placeholder is refused: field named, value never, nothing imported', async () => {
    const edited = await mkdtemp(path.join(os.tmpdir(), 'recording-edited-'));
    try {
      await cp(recording, edited, { recursive: true });
      const file = path.join(edited, 'api-V2-Voos', 'ListarReservas', '0001.response.json');
      const value = JSON.parse(await readFile(file, 'utf8')) as { body: { Reservas: Array<{ Passageiros: Array<{ Nome: string }> }> } };
      const first = value.body.Reservas[0]?.Passageiros[0];
      if (first) first.Nome = CANARY.nome;
      await writeFile(file, JSON.stringify(value));
      const run = await importRecording(edited, 'edited-recording');
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(path.join('api-V2-Voos', 'ListarReservas', '0001.response.json').split(path.sep).join('/'));
      expect(run.stderr).toContain('$.body.Reservas[0].Passageiros[0].Nome');
      expect(hidden(run.stderr + run.stdout)).toEqual([]);
      await expect(readdir(path.join(ws.dir, 'evidence', 'edited-recording'))).rejects.toThrow();
    } finally {
      await rm(edited, { recursive: true, force: true });
    }
  }, 120_000);
});
