// `npm run bench`: figures measured side by side on this machine, printed as a table
// and written to bench/results.md. Exits non-zero only when a ratio misses its target.
import { cpus, totalmem, platform, release } from 'node:os';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SuiteFigures } from './suite.ts';
import type { Figure } from '../lib/stats.ts';
import { FIGURES_FILE, writeFigures } from '../docs-site/figures.ts';
import { scriptArgs, usageFailure } from '../lib/args.ts';
import { LIMITS } from '../../src/lib/limits.ts';

const rootDir = process.cwd();
const runs = Number(process.env.BENCH_RUNS ?? 3);
// `npm run bench -- --only pipeline` (or mock, stateful, client, typecheck, size) measures one
// group and prints it; bench/results.md is written by full runs only.
const FINDINGS_HEADING = '## Findings behind the settings';
const GROUPS = ['pipeline', 'dev', 'saves', 'mock', 'stateful', 'client', 'typecheck', 'size', 'msw', 'mcp', 'package', 'suite'] as const;
type Group = (typeof GROUPS)[number];
const { values: args } = scriptArgs({
  command: 'npm run bench',
  usage: `Usage: npm run bench [-- --only GROUP ...]

Measures every group side by side and writes bench/results.md (exit 1 when a ratio misses
its target). BENCH_RUNS sets the runs per figure (default 3).

  --only GROUP   measure one group and print it, writing nothing (repeatable):
                 ${GROUPS.join(', ')}
  --help         this text`,
  options: { only: { type: 'string', multiple: true } },
});
for (const g of args.only ?? []) {
  if (!(GROUPS as readonly string[]).includes(g)) usageFailure('npm run bench', `unknown group "${g}" (one of ${GROUPS.join(', ')})`);
}
const only = new Set(args.only ?? GROUPS);
const measures = (g: Group) => only.has(g);

// The groups' modules, loaded once the command line is read: `--help` or a mistyped group answers without them.
const { benchPipeline, ONE_FAMILY_EDIT } = await import('./pipeline.ts');
const { benchDev, benchQuickSaves } = await import('./dev.ts');
const { benchSuite } = await import('./suite.ts');
const { benchMock } = await import('./mock.ts');
const { benchClientOverhead, benchTypecheck, clientSize } = await import('./client.ts');
const { benchPackage, CONSUMER_BUDGET } = await import('./package.ts');
const { docsPageWeight } = await import('./docs-page.ts');
const { mswSize } = await import('./msw.ts');
const { ABANDONED, benchMcp } = await import('./mcp.ts');
const { benchStateful } = await import('./stateful.ts');

interface Row {
  what: string;
  figure: string;
  /** Name under which the docs include this figure (`<!-- bench:KEY -->`, scripts/docs-site/figures-include.ts). */
  key?: string;
  /** `spread`: the ratio's min and max over alternating rounds; `atLeast`: the target is a floor. */
  ratio?: { value: number; target?: number; atLeast?: boolean; spread?: Figure; label: string };
}

/**
 * The MSW handlers of one family as a browser loads them, gzipped. First measured at 18.4 kB for
 * v2-pt (the decision core with negotiation and Prefer, the route data, the answers with their
 * Prefer variants, the standalone validators), under a fifth of MSW's own browser code that a
 * page loads beside them (98.5 kB), with a target of 21 kB. The doors since (only the contract's
 * routes, HEAD and preflights, example pairs) brought it to 20.7 kB, and fixtures read in a page
 * to 21.5 kB: their reader is loaded only when fixtures are given, but the modules it shares with
 * the handlers then make a chunk of their own, which gzip packs apart (0.5 kB of the 0.8). The
 * target keeps the handlers near a fifth of MSW's own code, with a little room.
 */
const MSW_SIZE_TARGET = 22_000;

const rows: Row[] = [];
function meets(r: Row): boolean {
  if (r.ratio?.target === undefined) return true;
  return r.ratio.atLeast ? r.ratio.value >= r.ratio.target : r.ratio.value <= r.ratio.target;
}
const ms = (f: Figure) => `${Math.round(f.median)} ms (min ${Math.round(f.min)}, max ${Math.round(f.max)}, ${f.runs} runs)`;
const perSecond = (f: Figure) => `${Math.round(f.median)} req/s (min ${Math.round(f.min)}, max ${Math.round(f.max)}, ${f.runs} runs)`;

console.log(`Benchmarking with ${runs} runs per figure…`);

if (measures('pipeline')) {
  const pipeline = await benchPipeline(rootDir, runs);
  rows.push({
    // Every step of the build by its tool's own CLI (scripts/lib/cli-route.ts); what no tool's CLI makes (the landing and
    // flows pages, the flows lineage) is the project's own code either way, so both routes would pay it alike: left out.
    what: `naive CLI sequence, every step of the build by its own process: ${pipeline.families} families × (redocly lint, bundle, Spectral, build-docs), openapi-typescript; the observed flavours and their pages; the JSON bundles; the mock's start cache and the MSW contracts; the client (tsc); the Postman and Bruno collections. Not the landing and flows pages nor the flows lineage (no tool's CLI: our own code on either route)`,
    figure: ms(pipeline.naive),
  });
  rows.push({
    what: 'full build (`build --force`: one process, its main thread and 3 worker threads)',
    key: 'build-full',
    figure: ms(pipeline.full),
    ratio: { value: pipeline.fullOverNaive.median, spread: pipeline.fullOverNaive, target: 0.3, label: 'full / naive' },
  });
  rows.push({
    what: 'no-change rebuild (`build`, one process)',
    key: 'build-no-change',
    figure: ms(pipeline.noChange),
    ratio: { value: pipeline.noChangeOverFull.median, spread: pipeline.noChangeOverFull, target: 0.1, label: 'no-change / full' },
  });
  rows.push({
    what: `one family changed (a summary in ${ONE_FAMILY_EDIT.file}: that family, the docs and the client rebuilt)`,
    key: 'build-one-family',
    figure: ms(pipeline.oneFamily),
    ratio: { value: pipeline.oneFamilyOverFull.median, spread: pipeline.oneFamilyOverFull, label: 'one family / full' },
  });
}

if (measures('dev')) {
  const d = await benchDev(rootDir, runs);
  rows.push({
    what: '`npm run dev`, V2 Portuguese: file saved → the running mock answers by the new contract (`QuantidadeAdultos` given a maximum of 1, then back; each a sample)',
    key: 'dev-edit-to-mock',
    figure: ms(d.editToMock),
    ratio: { value: d.editToMock.median / 1000, target: 1, label: 'edit → mock / 1 s' },
  });
  rows.push({
    what: '`npm run dev`, V3: file saved → the running mock answers by the new contract (a required field added, then removed)',
    key: 'dev-edit-to-mock-v3',
    figure: ms(d.editToMockV3),
    ratio: { value: d.editToMockV3.median / 1500, target: 1, label: 'edit → mock (V3) / 1.5 s' },
  });
  rows.push({
    what: '`npm run dev`, V2 Portuguese: file saved → the served docs page shows it (a summary)',
    key: 'dev-edit-to-docs',
    figure: ms(d.editToDocs),
  });
  rows.push({
    what: '`npm run dev`, V2 Portuguese: that edit rebuilt by the warm session (bundle, types, observed flavour, pages, mock answers)',
    key: 'dev-v2-rebuild',
    figure: ms(d.warmV2),
  });
  rows.push({
    what: '`npm run dev`, V3: a summary rebuilt by the warm session (bundle, types, page, mock answers; no client compile), beside a cold `build --force`',
    key: 'dev-one-family',
    figure: `${ms(d.warmOneFamily)}; full ${ms(d.full)}`,
    ratio: { value: d.warmOverFull.median, spread: d.warmOverFull, target: 0.3, label: 'one family (dev) / full' },
  });
}

if (measures('saves')) {
  const saves = await benchQuickSaves(rootDir);
  rows.push({
    what: '`npm run dev`, V2 Portuguese, six saves 0.5 s apart (each while the previous one builds): saved → the running mock answers by that save',
    key: 'dev-quick-saves',
    figure: ms(saves),
    ratio: { value: Math.max(saves.median / 1000, saves.max / 2000), target: 1, label: 'max(median / 1 s, max / 2 s)' },
  });
}

if (measures('mock')) {
  const m = await benchMock(rootDir, runs);
  const load = `${m.operations} operations, ${m.connections} connections, ${m.seconds} s a round, every side in each round, each round starting one side later`;
  const p99 = (f: Figure) => `p99 ${Math.round(f.median)} ms (min ${Math.round(f.min)}, max ${Math.round(f.max)})`;
  const cpu = (f: Figure) => `server CPU ${f.median.toFixed(1)} µs a call (min ${f.min.toFixed(1)}, max ${f.max.toFixed(1)})`;
  rows.push({
    what: `plain node:http, same bodies (${load})`,
    figure: `${perSecond(m.front.a)}; ${p99(m.plainP99)}; ${cpu(m.cpuPerCall.plain)}`,
  });
  rows.push({
    what: `mock, fast front (validating; ${m.non2xx} non-2xx, ${m.errors} errors over all mock rounds)`,
    key: 'mock-throughput',
    figure: `${perSecond(m.front.b)}; ${p99(m.frontP99)}; ${cpu(m.cpuPerCall.front)}`,
    ratio: { value: m.front.ratio.median, spread: m.front.ratio, target: 0.75, atLeast: true, label: 'mock / plain' },
  });
  rows.push({
    what: 'mock, the same calls with `Prefer: code=200` (answered by the front, no Prism), against the plain server sent the same',
    key: 'mock-throughput-prefer',
    figure: `${perSecond(m.prefer.b)}; ${p99(m.preferP99)}; ${cpu(m.cpuPerCall.prefer)}; plain ${perSecond(m.prefer.a)}, ${cpu(m.cpuPerCall.plainPrefer)}`,
    ratio: { value: m.prefer.ratio.median, spread: m.prefer.ratio, target: 0.75, atLeast: true, label: 'Prefer / plain' },
  });
  rows.push({
    what: "mock, the same calls with axios's `Accept: application/json, text/plain, */*`, against the plain server sent the same",
    key: 'mock-throughput-accept',
    figure: `${perSecond(m.accept.b)}; ${p99(m.acceptP99)}; ${cpu(m.cpuPerCall.accept)}; plain ${perSecond(m.accept.a)}, ${cpu(m.cpuPerCall.plainAccept)}`,
    ratio: { value: m.accept.ratio.median, spread: m.accept.ratio, target: 0.75, atLeast: true, label: 'list Accept / plain' },
  });
  rows.push({
    what: `mock holding a fixture pair for ${m.pairedOperations} of the operations, the same calls matching none (against the fast front, same rounds)`,
    key: 'mock-throughput-unpaired',
    figure: `${perSecond(m.unpaired.b)}; ${cpu(m.cpuPerCall.unpaired)}; CPU a call / the plain mock's ${m.cpuPerCall.unpairedOverFront.median.toFixed(3)} (rounds ${m.cpuPerCall.unpairedOverFront.min.toFixed(3)}–${m.cpuPerCall.unpairedOverFront.max.toFixed(3)})`,
    ratio: { value: m.unpaired.ratio.median, spread: m.unpaired.ratio, label: 'unmatched pairs / no pairs' },
  });
  // What pairing adds to a call is paid in the decision core alone: measured there, in process,
  // and set against all a call costs the front's process (CPU per call, the same run). Two mock
  // processes' throughput differ by more than 3 % round to round whatever they hold (row above).
  const pairingCostUs = m.pairingCore.b.median - m.pairingCore.a.median;
  rows.push({
    what: `a call matching no pair, its cost to the front: the decision core in process (no socket; every sample call in turn, ${m.pairingCore.ratio.runs} rounds of 100,000) with the fixtures above and without, the difference set against the fast front's CPU a call`,
    key: 'mock-pairing-core',
    figure: `${m.pairingCore.b.median.toFixed(3)} µs a call with the fixtures, ${m.pairingCore.a.median.toFixed(3)} µs without (with / without ${m.pairingCore.ratio.median.toFixed(3)}, rounds ${m.pairingCore.ratio.min.toFixed(3)}–${m.pairingCore.ratio.max.toFixed(3)}): ${pairingCostUs.toFixed(3)} µs of the front's ${m.cpuPerCall.front.median.toFixed(1)} µs`,
    ratio: { value: pairingCostUs / m.cpuPerCall.front.median, target: 0.03, label: 'pairing µs / front µs a call' },
  });
  rows.push({
    what: 'mock memory (RSS): idle, after the fast-front rounds',
    figure: `${m.idleMiB.toFixed(0)} MiB, ${m.afterLoadMiB.toFixed(0)} MiB`,
  });
  rows.push({
    what: 'mock start to first answer, warm (the usual start: answers from the start cache, modules from the compile cache)',
    key: 'mock-start-warm',
    figure: ms(m.firstAnswerWarm),
    ratio: { value: m.firstAnswerWarm.median / 500, target: 1, label: 'first answer / 0.5 s' },
  });
  rows.push({
    what: "mock start to first answer, Node's compile cache cold (the first start after an install or a change to the mock's code)",
    key: 'mock-start-cold',
    figure: ms(m.firstAnswerCold),
  });
  for (const h of m.hostile) {
    rows.push({
      what: `hostile: 8 concurrent ${h.kind} bodies of ${(h.bytes / 1048576).toFixed(2)} MiB (answers ${h.statuses}); a valid call meanwhile (${h.validStatus})`,
      figure: `slowest refusal ${Math.round(h.slowestRefusalMs)} ms; valid call ${Math.round(h.validMs)} ms`,
      ratio: { value: Math.max(h.slowestRefusalMs / 1000, h.validMs / 100), target: 1, label: 'max(refusal / 1 s, valid / 100 ms)' },
    });
  }
  const b = m.burst;
  rows.push({
    what: `hostile burst from idle: a fresh mock after its first valid answer, then 10 s of 8 concurrent near-1 MiB bodies (deep nesting, 200,000-item arrays, long strings, many keys; ${b.sent} sent: ${b.statuses}); RSS of the mock and its body processes`,
    figure: `idle ${b.idleMiB.toFixed(0)} MiB; peak ${b.peakMiB.toFixed(0)} MiB (${(b.peakMiB / b.idleMiB).toFixed(2)}×); 30 s after ${b.after30MiB.toFixed(0)} MiB (${(b.after30MiB / b.idleMiB).toFixed(2)}×)`,
    ratio: { value: b.after30MiB / b.idleMiB, target: 1.5, label: '30 s after / idle' },
  });
  rows.push({
    what: `hostile burst from idle: valid calls during the burst (${b.validCalls} calls, ${b.validNon200} not 200)`,
    figure: `p50 ${Math.round(b.validP50)} ms; p99 ${Math.round(b.validP99)} ms`,
    ratio: { value: b.validP99 / 250, target: 1, label: 'p99 / 250 ms' },
  });
}

/** Issue 59: a stateful call costs at most this many times the stateless observed mock's, and its state stays flat. */
const STATEFUL_CPU_TARGET = 1.5;
const STATEFUL_FLAT_TARGET = 1.25;

if (measures('stateful')) {
  const s = await benchStateful(rootDir, runs);
  const first = s.bookings.first.toLocaleString('en');
  const all = s.bookings.all.toLocaleString('en');
  const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(2)} MiB`;
  const b = s.bounds;
  const rule = `the least recently seen of ${b.callers} callers (developer token + Login) forgotten whole; per caller the oldest of ${b.searches} searches and the least recently used of ${b.bookings} bookings, ${b.passengers} passengers a booking`;
  const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  rows.push({
    what: `stateful observed mock (\`mock --observed --flows\`) against the stateless one (\`mock --observed\`), each in its own process: the V2 booking flow, a search no capture holds (GRU→GIG 2026-09-14, 1 adult) then Tarifar and Reservar of its first trip, identifiers taken from each answer; ${s.flows} flows (${s.callsPerRound} calls) a side and round from ${s.concurrency} callers at a time over ${s.tokens} developer tokens, ${s.rounds} rounds each starting with the other side; the mock's CPU from /proc (answers ${kB(s.bytesPerCall.stateful)} against ${kB(s.bytesPerCall.stateless)} a call; not 200: ${s.non200.stateful} stateful, ${s.non200.stateless} stateless)`,
    key: 'stateful-cpu',
    figure: `stateful ${s.cpu.stateful.median.toFixed(0)} µs a call, stateless ${s.cpu.stateless.median.toFixed(0)} µs (stateful min ${s.cpu.stateful.min.toFixed(0)}, max ${s.cpu.stateful.max.toFixed(0)}; stateless min ${s.cpu.stateless.min.toFixed(0)}, max ${s.cpu.stateless.max.toFixed(0)}); with the callers' CPU counted on both sides, as the in-process script measured it, ${s.withClientRatio.median.toFixed(3)}`,
    ratio: { value: s.cpu.ratio.median, spread: s.cpu.ratio, target: STATEFUL_CPU_TARGET, label: 'stateful / stateless CPU a call' },
  });
  rows.push({
    what: `stateful state (the responder's heap, gc'd, in a process of its own) after ${first} and after ${all} bookings (a search, then Reservar) by ${s.bookings.callers.toLocaleString('en')} callers in turn; eviction: ${rule}`,
    key: 'stateful-memory',
    figure: `${mib(s.state.at1k.median)} after ${first}, ${mib(s.state.at10k.median)} after ${all} (medians of ${s.state.at1k.runs} runs, max ${mib(s.state.at1k.max)} and ${mib(s.state.at10k.max)}); held after ${first}: ${s.state.size1k.callers} callers, ${s.state.size1k.searches} searches, ${s.state.size1k.bookings} bookings; after ${all}: ${s.state.size10k.callers}, ${s.state.size10k.searches}, ${s.state.size10k.bookings}`,
    ratio: { value: s.state.ratio.median, spread: s.state.ratio, target: STATEFUL_FLAT_TARGET, label: 'after 10,000 / after 1,000' },
  });
  rows.push({
    what: `stateful state with every bound filled: ${b.callers} callers × ${b.bookings} bookings (each from a search of its own, which the booking keeps), ${b.passengers} passengers a booking with values of ${s.ceiling.chars} characters, then ${b.searches} searches more each`,
    key: 'stateful-memory-ceiling',
    figure: `${mib(s.ceiling.bytes)} (${s.ceiling.size.callers} callers, ${s.ceiling.size.searches} searches, ${s.ceiling.size.bookings} bookings held)`,
  });
}

if (measures('client')) {
  // Many short interleaved rounds: a slow moment of the machine lands on both sides alike.
  const client = await benchClientOverhead(rootDir, Math.max(runs * 8, 24), 1000);
  const us = (f: Figure) =>
    `${f.median.toFixed(1)} µs/call (min ${f.min.toFixed(1)}, max ${f.max.toFixed(1)}, ${f.runs} runs of ${client.calls})`;
  rows.push({ what: 'bare fetch, sequential POST to a local node:http server', figure: us(client.bare) });
  rows.push({
    what: 'typed client (headers, access-code function, credentials merge, timeout, typed errors; retry and an onError hook configured, unused)',
    key: 'client-overhead',
    figure: us(client.client),
    ratio: { value: client.ratio.median, spread: client.ratio, target: 1.1, label: 'client / bare' },
  });
  // Both ratios round by round: a ratio of two medians taken from different rounds moves with the machine.
  rows.push({
    what: 'typed client by operation name (`v2.Consultar(body)`, same middleware)',
    figure: us(client.named),
    ratio: { value: client.namedRatio.median, spread: client.namedRatio, target: 1.1, label: 'named / bare' },
  });
  rows.push({ what: 'CPU of the calling process per call, bare fetch (user + system)', figure: us(client.cpu.bare) });
  rows.push({
    what: 'CPU of the calling process per call, typed client by path / by operation name',
    figure: `${us(client.cpu.client)} / ${us(client.cpu.named)}`,
    ratio: {
      value: client.cpu.named.median / client.cpu.bare.median,
      label: `named / bare (path / bare ${(client.cpu.client.median / client.cpu.bare.median).toFixed(3)})`,
    },
  });
}

if (measures('typecheck')) {
  const typecheck = await benchTypecheck(rootDir, runs);
  rows.push({ what: '`tsc --noEmit`, empty project', figure: ms(typecheck.empty) });
  rows.push({
    what: '`tsc --noEmit`, one typed call per family by path and one by name (5 families, skipLibCheck)',
    figure: ms(typecheck.consumer),
    ratio: { value: typecheck.ratio.median, spread: typecheck.ratio, target: 2.0, label: 'consumer / empty' },
  });
}

if (measures('size')) {
  const size = await clientSize(rootDir);
  rows.push({
    what: 'client runtime for one family (`./v2` with openapi-fetch; esbuild minified with code splitting, gzip -9): what a successful call loads',
    key: 'client-size-v2',
    figure: `${(size.gzipped / 1000).toFixed(1)} kB gzipped (${(size.minified / 1000).toFixed(1)} kB minified); loaded later (the redactor on the error path; retries and hooks on first use), ${(size.lazyGzipped / 1000).toFixed(1)} kB more`,
    ratio: { value: size.gzipped / 9_500, target: 1, label: 'size / 9.5 kB' },
  });
}

// The size group also weighs a family's reference page with its try-it console.
if (measures('size')) {
  const w = await docsPageWeight(rootDir);
  const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;
  rows.push({
    what: `one family's reference page with its try-it console (generated/docs/${w.page}, Redoc inlined, gzip -9)`,
    key: 'docs-page-console',
    figure: `${kB(w.gzipped)} gzipped (${(w.raw / 1e6).toFixed(2)} MB raw); without the console ${kB(w.withoutConsoleGzipped)}: the console adds ${kB(w.gzipped - w.withoutConsoleGzipped)}`,
    ratio: { value: w.gzipped / w.withoutConsoleGzipped, target: 1.05, label: 'with / without the console' },
  });
}

if (measures('msw')) {
  const size = await mswSize(rootDir);
  rows.push({
    what: 'MSW handlers for one family in a browser (`./msw` with the v2-pt contract compiled at build time: routes, answers, standalone validators; esbuild for the browser, minified, code splitting, gzip -9)',
    key: 'msw-size-v2',
    figure: `${(size.handlers / 1000).toFixed(1)} kB gzipped (${(size.minified / 1000).toFixed(1)} kB minified); MSW's own browser code ${(size.msw / 1000).toFixed(1)} kB beside it; the other families' chunks, loaded only when asked for, ${(size.otherFamilies / 1000).toFixed(1)} kB`,
    ratio: { value: size.handlers / MSW_SIZE_TARGET, target: 1, label: `size / ${(MSW_SIZE_TARGET / 1000).toFixed(0)} kB` },
  });
}

/** The MCP server's `tools/list` budgets (issue 54): v2-pt's tools, and the dynamic mode of any family. */
const MCP_LIST_TARGET = 40_000;
const MCP_DYNAMIC_TARGET = 8_000;
/** Issue 58: memory back near idle once abandoned sessions expire (the heap; RSS keeps V8's grown pages). */
const MCP_SESSIONS_HEAP_TARGET = 1.25;

if (measures('mcp')) {
  const m = await benchMcp(runs);
  const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  const v2 = m.listBytes.find((s) => s.flavour === 'v2-pt')!;
  rows.push({
    what: 'MCP `tools/list` of v2-pt, one tool per operation (JSON as the client receives it)',
    key: 'mcp-list-v2',
    figure: kB(v2.all),
    ratio: { value: v2.all / MCP_LIST_TARGET, target: 1, label: `size / ${kB(MCP_LIST_TARGET)}` },
  });
  rows.push({
    what: 'MCP `tools/list` of the other families and flavours, one tool per operation',
    figure: m.listBytes
      .filter((s) => s !== v2)
      .map((s) => `${s.flavour} ${kB(s.all)}`)
      .join('; '),
  });
  const largest = Math.max(...m.listBytes.map((s) => s.dynamic));
  rows.push({
    what: 'MCP `tools/list` with `--tools dynamic` (list, describe, call), per family',
    key: 'mcp-list-dynamic',
    figure: m.listBytes.map((s) => `${s.flavour} ${kB(s.dynamic)}`).join('; '),
    ratio: { value: largest / MCP_DYNAMIC_TARGET, target: 1, label: `largest / ${kB(MCP_DYNAMIC_TARGET)}` },
  });
  const perCall = (f: Figure) => `${f.median.toFixed(2)} ms (min ${f.min.toFixed(2)}, max ${f.max.toFixed(2)}, ${f.runs} rounds)`;
  const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
  const { heap, rss, sessions } = m.sessions;
  rows.push({
    what: `MCP over HTTP: ${ABANDONED.toLocaleString('en')} sessions opened and abandoned (initialize only, 25 at a time), then left to expire (the idle limit shortened to 1 s); the heap gc'd and resident memory, idle, with the sessions held, after they expired`,
    key: 'mcp-abandoned-sessions',
    figure: `heap ${mib(heap.idle)} idle, ${mib(heap.held)} with ${sessions.held} held (LIMITS.mcpSessions ${LIMITS.mcpSessions}), ${mib(heap.after)} after (${sessions.after} left); RSS ${mib(rss.idle)}, ${mib(rss.held)}, ${mib(rss.after)} (V8 keeps the pages it grew to)`,
    ratio: { value: heap.after / heap.idle, target: MCP_SESSIONS_HEAP_TARGET, label: 'heap after / idle' },
  });
  rows.push({ what: 'typed client `v2.Disponibilidade` to the mock on a port, per call', figure: perCall(m.call.a) });
  rows.push({
    what: 'MCP tool `Disponibilidade` on the in-process mock (SDK client, in-memory transport: validation, decision, redaction), per call',
    key: 'mcp-call',
    figure: perCall(m.call.b),
    ratio: { value: m.call.ratio.median, spread: m.call.ratio, label: 'MCP call / typed client call' },
  });
}

if (measures('package')) {
  const p = await benchPackage(rootDir, runs);
  const install = (f: { seconds: Figure; apparentMB: number; diskMB: number; packages: number }) =>
    `${f.packages} packages, node_modules ${f.apparentMB.toFixed(1)} MB (${f.diskMB.toFixed(1)} MB on disk), cold install ${f.seconds.median.toFixed(1)} s (min ${f.seconds.min.toFixed(1)}, max ${f.seconds.max.toFixed(1)}, ${f.seconds.runs} runs)`;
  const budget = CONSUMER_BUDGET;
  const prism = p.prismInAlone.length > 0 ? `; **Prism pulled in: ${p.prismInAlone.join(', ')}**` : '; no Prism package';
  rows.push({
    what: 'consumer install of the package alone: types, client, and the mock, proxy and flows commands',
    key: 'consumer-install',
    figure: `tarball ${p.tarballKB.toFixed(0)} kB: code and contracts ${p.codeTarballKB.toFixed(0)} kB, docs, examples and Postman collections ${(p.tarballKB - p.codeTarballKB).toFixed(0)} kB; ${install(p.alone)}${prism}`,
    // What a consumer pays against the budget (package.ts, CONSUMER_BUDGET); Prism in the install fails it whatever the sizes.
    ratio: {
      value:
        p.prismInAlone.length > 0
          ? Number.POSITIVE_INFINITY
          : Math.max(p.tarballKB / budget.tarballKB, p.alone.apparentMB / budget.installedMB, p.alone.diskMB / budget.diskMB),
      target: 1,
      label: `max(tarball / ${budget.tarballKB} kB ${(p.tarballKB / budget.tarballKB).toFixed(2)}, node_modules / ${budget.installedMB} MB ${(p.alone.apparentMB / budget.installedMB).toFixed(2)}, on disk / ${budget.diskMB} MB ${(p.alone.diskMB / budget.diskMB).toFixed(2)})${p.prismInAlone.length > 0 ? ', Prism pulled in' : ''}`,
    },
  });
  rows.push({ what: 'consumer install of the package with Prism (`Prefer`, the reference engine)', figure: install(p.withPrism) });
  rows.push({
    what: 'what each package of that install costs (sum of file sizes)',
    figure: p.dependencies.map((d) => `${d.name} ${d.version} ${d.apparentMB.toFixed(2)} MB`).join('; '),
  });
  rows.push({
    what: "installed `mock`, spawn to first answer, warm (alternated with the repository's `npm run mock` entry, same Node)",
    key: 'installed-mock-start',
    figure: `${Math.round(p.start.b.median)} ms (min ${Math.round(p.start.b.min)}, max ${Math.round(p.start.b.max)}, ${p.start.b.runs} runs); repository entry ${Math.round(p.start.a.median)} ms`,
    ratio: {
      value: p.start.b.median / 1000,
      target: 1,
      label: `first answer / 1 s (installed / repository ${p.start.ratio.median.toFixed(2)})`,
    },
  });
}

if (measures('suite')) {
  const seconds = (value: number) => `${(value / 1000).toFixed(0)} s`;
  const figure = (suite: SuiteFigures) =>
    `${seconds(suite.wallMs)} wall${suite.cpuMs === undefined ? '' : `, ${seconds(suite.cpuMs)} CPU`}; ${suite.slowest.map((f) => `${f.file} ${seconds(f.ms)}`).join(', ')}`;
  const exit = (suite: SuiteFigures) => (suite.exitCode === 0 ? '' : `, **exit ${suite.exitCode}**`);
  const suite = await benchSuite(rootDir);
  rows.push({
    what: `\`npm test\` (CI=true, ${suite.files} files${exit(suite)}): wall time, CPU time of its processes; the ten slowest files`,
    key: 'suite-wall',
    figure: figure(suite),
    ratio: { value: suite.wallMs / 300_000, target: 1, label: 'wall / 5 min' },
  });
  // The build's machinery in built copies (vitest.config.ts, BUILDS), which CI runs right after it.
  const builds = await benchSuite(rootDir, ['--config', 'vitest.builds.config.ts']);
  rows.push({
    what: `\`npm run test:builds\` (CI=true, ${builds.files} files${exit(builds)}): the build's own machinery, each in a built copy; wall time, CPU time; the slowest files`,
    key: 'builds-wall',
    figure: figure(builds),
  });
  // What CI runs after it, measured the same way: the third-party tools' files (vitest.config.ts, INTEROP).
  const interop = await benchSuite(rootDir, ['--config', 'vitest.interop.config.ts']);
  rows.push({
    what: `\`npm run test:interop\` (CI=true, ${interop.files} files${exit(interop)}): third-party tools on what ships; wall time, CPU time; the slowest files`,
    key: 'interop-wall',
    figure: figure(interop),
  });
}

const cpu = cpus();
const machine = `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, ${platform()} ${release()}, Node ${process.version}`;
const lines = [
  '| what | figure (median, min, max) | ratio | target | met |',
  '|---|---|---|---|---|',
  ...rows.map((r) => {
    const spread = r.ratio?.spread
      ? ` (rounds ${r.ratio.spread.min.toFixed(3)}–${r.ratio.spread.max.toFixed(3)}, ${r.ratio.spread.runs} rounds)`
      : '';
    const ratio = r.ratio ? `${r.ratio.label} = ${r.ratio.value.toFixed(3)}${spread}` : '';
    const target = r.ratio?.target !== undefined ? `${r.ratio.atLeast ? '≥' : '≤'} ${r.ratio.target}` : '';
    const met = r.ratio?.target !== undefined ? (meets(r) ? 'yes' : '**no**') : '';
    return `| ${r.what} | ${r.figure} | ${ratio} | ${target} | ${met} |`;
  }),
];
const report = [
  `# Benchmark results`,
  '',
  `Machine: ${machine}.`,
  `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench\` (${runs} runs per figure).`,
  '',
  ...lines,
  '',
].join('\n');
console.log(`\n${lines.join('\n')}\n`);
if (only.size === GROUPS.length) {
  await mkdir(path.join(rootDir, 'bench'), { recursive: true });
  const resultsFile = path.join(rootDir, 'bench/results.md');
  // The hand-written findings below the table (what settings were chosen and why, with their figures) are kept.
  const previous = await readFile(resultsFile, 'utf8').catch(() => '');
  const findings = previous.indexOf(FINDINGS_HEADING);
  await writeFile(resultsFile, findings === -1 ? report : `${report}\n${previous.slice(findings)}`);
  await writeFigures(path.join(rootDir, FIGURES_FILE), {
    machine,
    measured: new Date().toISOString().slice(0, 10),
    figures: Object.fromEntries(rows.flatMap((r) => (r.key ? [[r.key, r.figure]] : []))),
  });
  console.log(`Written to bench/results.md and ${FIGURES_FILE}`);
}

const missed = rows.filter((r) => r.ratio?.target !== undefined && !meets(r));
if (missed.length > 0) {
  console.error(`Missed: ${missed.map((r) => r.ratio?.label).join(', ')}`);
  process.exit(1);
}
