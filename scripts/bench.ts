// `npm run bench`: figures measured side by side on this machine, printed as a table
// and written to bench/results.md. Exits non-zero only when a ratio misses its target.
import { cpus, totalmem, platform, release } from 'node:os';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchPipeline, ONE_FAMILY_EDIT } from './bench/pipeline.ts';
import { benchMock } from './bench/mock.ts';
import { benchClientOverhead, benchTypecheck, clientSize } from './bench/client.ts';
import type { Figure } from './bench/stats.ts';

const rootDir = process.cwd();
const runs = Number(process.env.BENCH_RUNS ?? 3);
// `npm run bench -- --only pipeline` (or mock, client, typecheck, size) measures one
// group and prints it; bench/results.md is written by full runs only.
const FINDINGS_HEADING = '## Findings behind the settings';
const GROUPS = ['pipeline', 'mock', 'client', 'typecheck', 'size'] as const;
type Group = (typeof GROUPS)[number];
const { values: args } = parseArgs({ options: { only: { type: 'string', multiple: true } } });
for (const g of args.only ?? []) {
  if (!(GROUPS as readonly string[]).includes(g)) {
    console.error(`bench: unknown group "${g}" (one of ${GROUPS.join(', ')})`);
    process.exit(2);
  }
}
const only = new Set(args.only ?? GROUPS);
const measures = (g: Group) => only.has(g);

interface Row {
  what: string;
  figure: string;
  ratio?: { value: number; target?: number; label: string };
}

const rows: Row[] = [];
const ms = (f: Figure) => `${Math.round(f.median)} ms (min ${Math.round(f.min)}, max ${Math.round(f.max)}, ${f.runs} runs)`;
const perSecond = (f: Figure) => `${Math.round(f.median)} req/s (min ${Math.round(f.min)}, max ${Math.round(f.max)}, ${f.runs} runs)`;

console.log(`Benchmarking with ${runs} runs per figure…`);

if (measures('pipeline')) {
  const pipeline = await benchPipeline(rootDir, runs);
  rows.push({ what: `naive CLI sequence (${pipeline.families} families, 4 CLI calls each + openapi-typescript)`, figure: ms(pipeline.naive) });
  rows.push({
    what: 'full build (`build --force`: one process, its main thread and 3 worker threads)',
    figure: ms(pipeline.full),
    ratio: { value: pipeline.full.median / pipeline.naive.median, target: 0.3, label: 'full / naive' },
  });
  rows.push({
    what: 'no-change rebuild (`build`, one process)',
    figure: ms(pipeline.noChange),
    ratio: { value: pipeline.noChange.median / pipeline.full.median, target: 0.1, label: 'no-change / full' },
  });
  rows.push({
    what: `one family changed (a summary in ${ONE_FAMILY_EDIT.file}: that family, the docs and the client rebuilt)`,
    figure: ms(pipeline.oneFamily),
    ratio: { value: pipeline.oneFamily.median / pipeline.full.median, label: 'one family / full' },
  });
}

if (measures('mock')) {
  const mock = await benchMock(rootDir, runs);
  rows.push({ what: `plain node:http, same bodies (${mock.operations} operations, 10 connections, 5 s)`, figure: perSecond(mock.plain) });
  rows.push({
    what: `mock (Prism engine, validating; ${mock.non2xx} non-2xx, ${mock.errors} errors)`,
    figure: perSecond(mock.mock),
    ratio: { value: mock.mock.median / mock.plain.median, label: 'mock / plain' },
  });
}

if (measures('client')) {
  // Many short interleaved rounds: a slow moment of the machine lands on both sides alike.
  const client = await benchClientOverhead(rootDir, Math.max(runs * 3, 10), 1500);
  const us = (f: Figure) => `${f.median.toFixed(1)} µs/call (min ${f.min.toFixed(1)}, max ${f.max.toFixed(1)}, ${f.runs} runs of ${client.calls})`;
  rows.push({ what: 'bare fetch, sequential POST to a local node:http server', figure: us(client.bare) });
  rows.push({
    what: 'typed client (headers, access-code function, credentials merge, timeout, typed errors)',
    figure: us(client.client),
    ratio: { value: client.client.median / client.bare.median, target: 1.15, label: 'client / bare' },
  });
  rows.push({
    what: 'typed client by operation name (`v2.Reservar(body)`, same middleware)',
    figure: us(client.named),
    ratio: { value: client.named.median / client.bare.median, target: 1.15, label: 'named / bare' },
  });
  rows.push({ what: 'CPU of the calling process per call, bare fetch (user + system)', figure: us(client.cpu.bare) });
  rows.push({
    what: 'CPU of the calling process per call, typed client by path / by operation name',
    figure: `${us(client.cpu.client)} / ${us(client.cpu.named)}`,
    ratio: { value: client.cpu.named.median / client.cpu.bare.median, label: `named / bare (path / bare ${(client.cpu.client.median / client.cpu.bare.median).toFixed(3)})` },
  });
}

if (measures('typecheck')) {
  const typecheck = await benchTypecheck(rootDir, runs);
  rows.push({ what: '`tsc --noEmit`, empty project', figure: ms(typecheck.empty) });
  rows.push({
    what: '`tsc --noEmit`, one typed call per family by path and one by name (5 families, skipLibCheck)',
    figure: ms(typecheck.consumer),
    ratio: { value: typecheck.consumer.median / typecheck.empty.median, target: 2.0, label: 'consumer / empty' },
  });
}

if (measures('size')) {
  const size = await clientSize(rootDir);
  rows.push({
    what: 'client runtime for one family (`./v2` with openapi-fetch; esbuild minified, gzip -9)',
    figure: `${(size.gzipped / 1000).toFixed(1)} kB gzipped (${(size.minified / 1000).toFixed(1)} kB minified)`,
    ratio: { value: size.gzipped / 10_000, target: 1, label: 'size / 10 kB' },
  });
}

const cpu = cpus();
const machine = `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, ${platform()} ${release()}, Node ${process.version}`;
const lines = [
  '| what | figure (median, min, max) | ratio | target | met |',
  '|---|---|---|---|---|',
  ...rows.map((r) => {
    const ratio = r.ratio ? `${r.ratio.label} = ${r.ratio.value.toFixed(3)}` : '';
    const target = r.ratio?.target !== undefined ? `≤ ${r.ratio.target}` : '';
    const met = r.ratio?.target !== undefined ? (r.ratio.value <= r.ratio.target ? 'yes' : '**no**') : '';
    return `| ${r.what} | ${r.figure} | ${ratio} | ${target} | ${met} |`;
  }),
];
const report = [`# Benchmark results`, '', `Machine: ${machine}.`, `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench\` (${runs} runs per figure).`, '', ...lines, ''].join('\n');
console.log(`\n${lines.join('\n')}\n`);
if (only.size === GROUPS.length) {
  await mkdir(path.join(rootDir, 'bench'), { recursive: true });
  const resultsFile = path.join(rootDir, 'bench/results.md');
  // The hand-written findings below the table (what settings were chosen and why, with their figures) are kept.
  const previous = await readFile(resultsFile, 'utf8').catch(() => '');
  const findings = previous.indexOf(FINDINGS_HEADING);
  await writeFile(resultsFile, findings === -1 ? report : `${report}\n${previous.slice(findings)}`);
  console.log('Written to bench/results.md');
}

const missed = rows.filter((r) => r.ratio?.target !== undefined && r.ratio.value > r.ratio.target);
if (missed.length > 0) {
  console.error(`Missed: ${missed.map((r) => r.ratio?.label).join(', ')}`);
  process.exit(1);
}
