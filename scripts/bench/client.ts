// The typed client's costs: per-call overhead against bare fetch (same local server,
// sequential calls), the consumer's type-check cost, and the runtime's size.
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { alternate, repeat, summarise, timeMs, type Figure } from '../lib/stats.ts';
import { createV2Client } from '../../src/v2.ts';

const run = promisify(execFile);
// A read: the only kind of operation `retry` applies to, so the configured retry is on its path.
const ROUTE = '/api/V2/Voos/Consultar';

async function startPlainServer(rootDir: string, table: Record<string, string>): Promise<{ url: string; stop(): void; dir: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-client-'));
  await writeFile(path.join(dir, 'table.json'), JSON.stringify(table));
  const child = spawn(process.execPath, [path.join(rootDir, 'scripts/bench/plain-server.ts'), path.join(dir, 'table.json')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve) => {
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening on (\S+)/.exec(out);
      if (m?.[1]) resolve(m[1]);
    });
  });
  return { url, dir, stop: () => child.kill('SIGINT') };
}

export interface ClientFigures {
  bare: Figure;
  client: Figure;
  /** The same client called by operation name (`v2.Reservar(body)`). */
  named: Figure;
  /** CPU time of this process per call (user + system), bare / call() / by name: what the client itself costs, less swayed by other processes than wall time. */
  cpu: { bare: Figure; client: Figure; named: Figure };
  /** client / bare, round by round (the sides alternate call by call). */
  ratio: Figure;
  /** named / bare, round by round, as `ratio`. */
  namedRatio: Figure;
  calls: number;
}

/**
 * Microseconds per call, sequential, bare fetch vs the typed client (by path and by operation
 * name) with all its middleware, and `retry` and an `onError` hook configured: neither is
 * used when calls succeed, and neither may cost a call much (issue 42).
 */
export async function benchClientOverhead(rootDir: string, runs: number, calls = 3000): Promise<ClientFigures> {
  const server = await startPlainServer(rootDir, { [ROUTE]: '{"Localizador":"ABC123"}' });
  try {
    const client = createV2Client({
      baseUrl: server.url,
      developerToken: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
      accessCode: () => 'QUNDRVNTLUNPREU=',
      credentials: { Login: 'agencia', Senha: 's3gredo' },
      timeout: 5_000,
      retry: { attempts: 3, backoff: 200 },
      hooks: { onError: () => {} },
    });
    const headers = {
      'content-type': 'application/json',
      'developer-token': '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
      'developer-access-code': 'QUNDRVNTLUNPREU=',
    };
    const bareCall = async () => {
      const response = await fetch(`${server.url}${ROUTE}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ Login: 'agencia', Senha: 's3gredo', Localizador: 'ABC123' }),
        signal: AbortSignal.timeout(5_000),
      });
      await response.json();
    };
    const clientCall = () => client.call('/api/V2/Voos/Consultar', { Localizador: 'ABC123' });
    const namedCall = () => client.Consultar({ Localizador: 'ABC123' });
    // Warm every path (JIT, keep-alive sockets) before measuring.
    for (let i = 0; i < 300; i++) {
      await bareCall();
      await clientCall();
      await namedCall();
    }
    const ORDERS = [
      [0, 1, 2],
      [0, 2, 1],
      [1, 0, 2],
      [1, 2, 0],
      [2, 0, 1],
      [2, 1, 0],
    ];
    // The three sides take turns call by call (a round is `calls` calls of each), so a slow
    // moment of a shared machine lands on all three alike; each call is timed on its own,
    // in wall time and in this process's CPU time.
    const sides: { call: () => Promise<unknown>; figures: number[]; cpu: number[] }[] = [bareCall, clientCall, namedCall].map((call) => ({
      call,
      figures: [],
      cpu: [],
    }));
    await repeat(runs, async (round) => {
      const wall = [0, 0, 0];
      const cpu = [0, 0, 0];
      for (let i = 0; i < calls * sides.length; i++) {
        // Each triple of calls in another of the six orders, so none always follows another.
        const index = ORDERS[(Math.floor(i / sides.length) + round) % ORDERS.length]![i % sides.length]!;
        const cpuBefore = process.cpuUsage();
        const started = performance.now();
        await sides[index]!.call();
        wall[index]! += performance.now() - started;
        const used = process.cpuUsage(cpuBefore);
        cpu[index]! += used.user + used.system;
      }
      sides.forEach((side, index) => {
        side.figures.push((wall[index]! * 1000) / calls);
        side.cpu.push(cpu[index]! / calls);
      });
      return 0;
    });
    const [bare, typed, byName] = sides.map((side) => side.figures) as [number[], number[], number[]];
    const [bareCpu, typedCpu, byNameCpu] = sides.map((side) => summarise(side.cpu)) as [Figure, Figure, Figure];
    return {
      bare: summarise(bare),
      client: summarise(typed),
      ratio: summarise(typed.map((t, i) => t / bare[i]!)),
      named: summarise(byName),
      namedRatio: summarise(byName.map((t, i) => t / bare[i]!)),
      cpu: { bare: bareCpu, client: typedCpu, named: byNameCpu },
      calls,
    };
  } finally {
    server.stop();
    await rm(server.dir, { recursive: true, force: true });
  }
}

export interface TypecheckFigures {
  empty: Figure;
  consumer: Figure;
  /** consumer / empty, round by round. */
  ratio: Figure;
}

const CONSUMER = `import { createV2Client } from 'air-travel-api-contract/v2';
import { createV2EnClient } from 'air-travel-api-contract/v2-en';
import { createV3Client } from 'air-travel-api-contract/v3';
import { createV1Client } from 'air-travel-api-contract/v1';
import { createLegacyClient } from 'air-travel-api-contract/legacy';

const base = { baseUrl: 'https://sandbox.invalid', developerToken: 't', accessCode: 'QQ==' };
const credentials = { Login: 'agencia', Senha: 's3gredo' };
export async function oneCallPerFamily(): Promise<void> {
  await createV2Client({ ...base, credentials }).call('/api/V2/Voos/MarcarAssentos', { Localizador: 'ABC123', Assentos: [{ PaxID: '1', TrechoID: '1', AssentoLinha: '10', AssentoColuna: 'A' }] });
  await createV2EnClient(base).call('/api/V2/Flights/Availability', { Origin: 'GRU', Destination: 'GIG', Adults: 1 });
  await createV3Client({ ...base, credentials }).call('/api/V3/Voos/Disponibilidade', {});
  await createV1Client({ ...base, credentials }).call('/api/Voos/{Operation}', {}, { params: { path: { Operation: 'Consultar' } } });
  await createLegacyClient({ ...base, credentials }).call('/AereoNoSession.svc/ObterMapaDeAssentos', { Localizador: 'ABC123' });
}
export async function oneNamedCallPerFamily(): Promise<void> {
  await createV2Client({ ...base, credentials }).MarcarAssentos({ Localizador: 'ABC123', Assentos: [{ PaxID: '1', TrechoID: '1', AssentoLinha: '10', AssentoColuna: 'A' }] });
  await createV2EnClient(base).Availability({ Origin: 'GRU', Destination: 'GIG', Adults: 1 });
  await createV3Client({ ...base, credentials }).Disponibilidade({});
  await createV1Client({ ...base, credentials }).Consultar!({});
  await createLegacyClient({ ...base, credentials }).Aereo.Autenticar({});
}
`;

/** tsc --noEmit of a consumer file making one typed call per family vs an empty project. */
export async function benchTypecheck(rootDir: string, runs: number): Promise<TypecheckFigures> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-consumer-'));
  try {
    const tsconfig = (files: string[]) =>
      JSON.stringify({
        compilerOptions: {
          target: 'ES2023',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: ['node'],
          typeRoots: [path.join(rootDir, 'node_modules/@types')],
          paths: { 'air-travel-api-contract/*': [path.join(rootDir, 'dist/*')] },
        },
        files,
      });
    await writeFile(path.join(dir, 'consumer.ts'), CONSUMER);
    await writeFile(path.join(dir, 'empty.ts'), 'export {};\n');
    await writeFile(path.join(dir, 'tsconfig.consumer.json'), tsconfig(['consumer.ts']));
    await writeFile(path.join(dir, 'tsconfig.empty.json'), tsconfig(['empty.ts']));
    const tsc = path.join(rootDir, 'node_modules/typescript/bin/tsc');
    const check = (project: string) => timeMs(() => run(process.execPath, [tsc, '-p', path.join(dir, project)], { cwd: dir }));
    await check('tsconfig.consumer.json'); // fails loudly if the consumer does not compile
    const paired = await alternate(
      runs,
      () => check('tsconfig.empty.json'),
      () => check('tsconfig.consumer.json'),
    );
    return { empty: paired.a, consumer: paired.b, ratio: paired.ratio };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface ClientSize {
  /** What a successful call loads: the entry chunk and the chunks it imports statically. */
  minified: number;
  gzipped: number;
  /** What loads only when needed (the redactor when an error is built; retries and hooks on first use), on top. */
  lazyGzipped: number;
}

/**
 * Minified and gzipped bytes of one family's client with its runtime dependencies, bundled
 * as an application's bundler does (esbuild, code splitting): the part a successful call
 * loads, and the part fetched on the error path only.
 */
export async function clientSize(rootDir: string, entry = 'dist/v2.js'): Promise<ClientSize> {
  const result = await build({
    entryPoints: [path.join(rootDir, entry)],
    bundle: true,
    minify: true,
    splitting: true,
    outdir: path.join(rootDir, '.cache', 'bench-size'),
    platform: 'node',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const outputs = result.metafile.outputs;
  const byPath = new Map(result.outputFiles.map((f) => [path.relative(process.cwd(), f.path), f.contents]));
  const entryOut = Object.keys(outputs).find((o) => outputs[o]?.entryPoint !== undefined);
  if (!entryOut) throw new Error(`bench: esbuild wrote no entry chunk for ${entry}`);
  // The entry and what it imports statically, transitively.
  const eager = new Set<string>();
  const visit = (out: string) => {
    if (eager.has(out)) return;
    eager.add(out);
    for (const i of outputs[out]?.imports ?? []) if (i.kind === 'import-statement') visit(i.path);
  };
  visit(entryOut);
  const gz = (files: string[]) => files.reduce((n, f) => n + gzipSync(byPath.get(f) ?? new Uint8Array(), { level: 9 }).byteLength, 0);
  const lazy = Object.keys(outputs).filter((o) => !eager.has(o) && !o.endsWith('.map'));
  return {
    minified: [...eager].reduce((n, f) => n + (byPath.get(f)?.byteLength ?? 0), 0),
    gzipped: gz([...eager]),
    lazyGzipped: gz(lazy),
  };
}
