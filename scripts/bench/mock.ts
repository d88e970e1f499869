// Mock throughput against a plain node:http server answering the same bodies: a
// bounded autocannon load of valid calls across every operation of every family,
// the two servers measured in alternation (A B A B …) with the ratio taken per round.
// Also, measured apart: the same calls with `Prefer: code=200` and with axios's list
// Accept, both answered by the front, and to a mock holding a pair per operation that no call
// matches (the cost of pairing to a call it does not change); p99,
// memory after load, time from start to first answer (compile cache cold and warm),
// the hostile-load figures of issue 15, and memory under a hostile burst from idle (issue 35). Every server runs in its own process.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readFile, writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { parse } from 'yaml';
import { readFamilies } from '../lib/families.ts';
import { sampleCalls, type SampleCall } from '../lib/sample-request.ts';
import { HOSTILE_KINDS, hostileRound } from '../gates/reliability/hostile.ts';
import { isCredentialField } from '../../src/mock/pairs.ts';
import { summarise, type Figure, type Paired } from '../lib/stats.ts';
import { hostileBurstFromIdle, type BurstFigures } from './hostile-burst.ts';
import { benchPairingCore } from './pairing-core.ts';

const HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'developer-token': '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
  'developer-access-code': 'QUNDRVNTLUNPREU=',
};

export interface Server {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export function startProcess(args: string[], cwd: string): Promise<Server> {
  const child: ChildProcess = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGINT');
    });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match?.[1]) resolve({ url: match[1], pid: child.pid!, stop });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
}

/** Resident memory of a process, from /proc (MiB). */
async function rssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
}

interface Load {
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** The server process's CPU time (user and system, from /proc) per call answered, in µs. */
  cpuPerCallUs: number;
}

/** A process's CPU time so far, user and system (ms; /proc counts in ticks of 10 ms). */
export async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): utime and stime are the 14th and 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2);
  const [utime, stime] = fields.split(' ').slice(11, 13).map(Number) as [number, number];
  return (utime + stime) * 10;
}

async function load(
  server: Server,
  calls: SampleCall[],
  seconds: number,
  connections: number,
  extra?: (call: SampleCall) => Record<string, string>,
): Promise<Load> {
  const before = await cpuMs(server.pid);
  const result = await autocannon({
    url: server.url,
    connections,
    duration: seconds,
    requests: calls.map((c) => ({ method: 'POST', path: c.path, headers: { ...HEADERS, ...extra?.(c) }, body: JSON.stringify(c.body) })),
  });
  const cpuPerCallUs = (((await cpuMs(server.pid)) - before) * 1000) / Math.max(1, result.requests.total);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    cpuPerCallUs,
  };
}

/** Like stats.ts's `rotate`, each round starting at the next side; ratios are taken round by round. */
export async function shiftedRounds(
  rounds: number,
  sides: Array<() => Promise<number>>,
): Promise<{ figures: Figure[]; ratioOf: (side: number, over: number) => Figure }> {
  const samples = sides.map(() => [] as number[]);
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < sides.length; k++) {
      const side = (round + k) % sides.length;
      samples[side]!.push(await sides[side]!());
    }
  }
  return {
    figures: samples.map(summarise),
    ratioOf: (side, over) => summarise(samples[side]!.map((v, i) => v / samples[over]![i]!)),
  };
}

/** The last scalar of a body (credentials aside) changed, so the call no longer matches a pair made of the original. */
function nudged(body: unknown): unknown | undefined {
  const copy = structuredClone(body);
  let last: { holder: Record<string, unknown> | unknown[]; key: string | number } | undefined;
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    const entries: Array<[string | number, unknown]> = Array.isArray(node) ? [...node.entries()] : Object.entries(node);
    for (const [key, item] of entries) {
      if (typeof key === 'string' && isCredentialField(key)) continue;
      if (item !== null && typeof item === 'object') visit(item);
      else last = { holder: node as Record<string, unknown>, key };
    }
  };
  visit(copy);
  if (!last) return undefined;
  const holder = last.holder as Record<string | number, unknown>;
  const value = holder[last.key];
  holder[last.key] =
    typeof value === 'number' ? value + 1 : typeof value === 'boolean' ? !value : typeof value === 'string' ? `${value}x` : undefined;
  return holder[last.key] === undefined ? undefined : copy;
}

/**
 * A fixture folder with, for each operation whose sample call has a value to compare, a pair
 * made of that call with its last value changed (a body the mock accepts): the sample calls
 * match none, so each is compared against a pair and answered as usual.
 */
async function unmatchedPairs(mockUrl: string, calls: SampleCall[], table: Record<string, string>, dir: string): Promise<number> {
  await mkdir(dir, { recursive: true });
  let made = 0;
  for (const [i, c] of calls.entries()) {
    const body = nudged(c.body);
    if (body === undefined) continue;
    const r = await fetch(`${mockUrl}${c.path}`, { method: 'POST', headers: HEADERS, body: JSON.stringify(body) });
    await r.text();
    if (r.status !== 200) continue;
    const fixture = {
      'http-request': { method: 'POST', path: c.path, body },
      'http-response': { status: 200, body: JSON.parse(table[c.path] as string) as unknown },
    };
    await writeFile(path.join(dir, `unmatched-${String(i).padStart(3, '0')}.json`), JSON.stringify(fixture));
    made++;
  }
  return made;
}

/** From spawning `npm run mock`'s script to its first 200 (ms). */
async function startToFirstAnswer(rootDir: string, call: SampleCall): Promise<number> {
  const started = performance.now();
  const mock = await startProcess([path.join(rootDir, 'src/cli/main.ts'), 'mock', '--port', '0', '--log', 'silent'], rootDir);
  try {
    for (;;) {
      const r = await fetch(`${mock.url}${call.path}`, { method: 'POST', headers: HEADERS, body: JSON.stringify(call.body) });
      await r.text();
      if (r.status === 200) return performance.now() - started;
    }
  } finally {
    await mock.stop();
  }
}

export interface HostileFigures {
  kind: string;
  bytes: number;
  slowestRefusalMs: number;
  statuses: string;
  validMs: number;
  validStatus: number;
}

export interface MockFigures {
  /** Fast front (A = plain, B = mock). */
  front: Paired;
  /** The same calls with a `Prefer` (A = plain, B = mock, both sent the header). */
  prefer: Paired;
  /** The same calls with axios's list Accept (A = plain, B = mock, both sent the header). */
  accept: Paired;
  /** The same calls to a mock holding a pair per operation that none of them matches (A = the mock without, B = with). */
  unpaired: Paired;
  /** The decision core in process, µs per call (A = without the fixtures, B = with them). */
  pairingCore: Paired;
  /** Operations given a pair no call matches. */
  pairedOperations: number;
  frontP99: Figure;
  plainP99: Figure;
  preferP99: Figure;
  acceptP99: Figure;
  /** Each server's CPU time per call (µs), and the paired mock's over the plain mock's, round by round. */
  cpuPerCall: {
    plain: Figure;
    plainPrefer: Figure;
    plainAccept: Figure;
    front: Figure;
    prefer: Figure;
    accept: Figure;
    unpaired: Figure;
    unpairedOverFront: Figure;
  };
  idleMiB: number;
  afterLoadMiB: number;
  firstAnswerCold: Figure;
  firstAnswerWarm: Figure;
  hostile: HostileFigures[];
  /** A fresh mock: idle after its first valid answer, a 10 s hostile burst, 30 s after. */
  burst: BurstFigures;
  operations: number;
  non2xx: number;
  errors: number;
  seconds: number;
  connections: number;
}

/** Unmeasured load on each server before the rounds (s). */
const WARM_UP_SECONDS = 2;
const ROUNDS = 10;

export async function benchMock(rootDir: string, runs: number, seconds = 2, connections = 10): Promise<MockFigures> {
  const families = await readFamilies(rootDir);
  const calls: SampleCall[] = [];
  for (const f of families) {
    calls.push(
      ...sampleCalls(parse(await readFile(path.join(rootDir, 'generated', f.id, 'openapi.yaml'), 'utf8')) as Record<string, unknown>),
    );
  }
  // Cold: Node's compile cache removed, as at the first start after an install or a change
  // to the mock's code; the answers come from the start cache the package ships either way.
  const compileCache = path.join(rootDir, 'node_modules', '.cache', 'air-travel-api-contract');
  const cold: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < runs; i++) {
    await rm(compileCache, { recursive: true, force: true });
    cold.push(await startToFirstAnswer(rootDir, calls[0]!));
  }
  // Warm starts one after another, as a user restarts the mock (a start right after a
  // cold one measured 0.53-0.62 s in 2 of 3 tries, later ones 0.16-0.22 s).
  await startToFirstAnswer(rootDir, calls[0]!);
  for (let i = 0; i < runs; i++) warm.push(await startToFirstAnswer(rootDir, calls[0]!));

  // Memory from idle: a mock of its own, nothing run before its first valid answer.
  const fresh = await startProcess([path.join(rootDir, 'src/cli/main.ts'), 'mock', '--port', '0', '--log', 'silent'], rootDir);
  let burst: BurstFigures;
  try {
    burst = await hostileBurstFromIdle(fresh.url, fresh.pid);
  } finally {
    await fresh.stop();
  }

  const mock = await startProcess([path.join(rootDir, 'src/cli/main.ts'), 'mock', '--port', '0', '--log', 'silent'], rootDir);
  const temp = await mkdtemp(path.join(tmpdir(), 'bench-mock-'));
  let plain: Server | undefined;
  let paired: Server | undefined;
  try {
    // The plain server answers exactly what the mock answers.
    const table: Record<string, string> = {};
    for (const c of calls) {
      const r = await fetch(`${mock.url}${c.path}`, { method: 'POST', headers: HEADERS, body: JSON.stringify(c.body) });
      if (r.status !== 200) throw new Error(`mock refused the sample call ${c.operationId}: ${r.status} ${await r.text()}`);
      table[c.path] = await r.text();
    }
    await writeFile(path.join(temp, 'table.json'), JSON.stringify(table));
    plain = await startProcess([path.join(rootDir, 'scripts/bench/plain-server.ts'), path.join(temp, 'table.json')], rootDir);
    const fixtures = path.join(temp, 'fixtures');
    const pairedOperations = await unmatchedPairs(mock.url, calls, table, fixtures);
    paired = await startProcess(
      [path.join(rootDir, 'src/cli/main.ts'), 'mock', '--port', '0', '--log', 'silent', '--examples', fixtures],
      rootDir,
    );
    const idleMiB = await rssMiB(mock.pid);
    // Each server first runs the load once, unmeasured: the first seconds of load (JIT, the
    // validators' first calls) otherwise fall on whichever side a round starts with.
    for (const server of [plain, mock, paired]) await load(server, calls, WARM_UP_SECONDS, connections);
    // Two-second rounds, ten of them: the machine's drift lands inside fewer ratios, and the
    // median of ten moves less from run to run than the median of five four-second rounds.
    const rounds = Math.max(runs, ROUNDS);
    let non2xx = 0;
    let errors = 0;
    type Side = 'front' | 'plain' | 'plainPrefer' | 'plainAccept' | 'prefer' | 'accept' | 'unpaired';
    const p99: Record<Side, number[]> = { front: [], plain: [], plainPrefer: [], plainAccept: [], prefer: [], accept: [], unpaired: [] };
    const cpu: Record<Side, number[]> = { front: [], plain: [], plainPrefer: [], plainAccept: [], prefer: [], accept: [], unpaired: [] };
    const measure = (server: Server, side: Side, extra?: (c: SampleCall) => Record<string, string>) => async () => {
      const r = await load(server, calls, seconds, connections, extra);
      non2xx += r.non2xx;
      errors += r.errors;
      p99[side].push(r.p99);
      cpu[side].push(r.cpuPerCallUs);
      return r.rps;
    };
    const preferHeader = () => ({ prefer: 'code=200' });
    const acceptHeader = () => ({ accept: 'application/json, text/plain, */*' });
    // Every side in each round, each ratio taken within its round, and each round starting one
    // side later than the one before: a drift of the shared machine, or a side's place in the
    // round, no longer lands on one row. The plain server gets the same calls, the `Prefer` and
    // the list Accept included (a header more is a cost of Node's parser to both); `code=200`
    // gets the plain server's answer, so only the reading of `Prefer` differs. The paired mock's
    // calls match no pair.
    const sides = await shiftedRounds(rounds, [
      measure(plain, 'plain'),
      measure(mock, 'front'),
      measure(plain, 'plainPrefer', preferHeader),
      measure(mock, 'prefer', preferHeader),
      measure(plain, 'plainAccept', acceptHeader),
      measure(mock, 'accept', acceptHeader),
      measure(paired, 'unpaired'),
    ]);
    const [plainRps, frontRps, plainPreferRps, preferRps, plainAcceptRps, acceptRps, unpairedRps] = sides.figures as [
      Figure,
      Figure,
      Figure,
      Figure,
      Figure,
      Figure,
      Figure,
    ];
    const front: Paired = { a: plainRps, b: frontRps, ratio: sides.ratioOf(1, 0) };
    const prefer: Paired = { a: plainPreferRps, b: preferRps, ratio: sides.ratioOf(3, 2) };
    const accept: Paired = { a: plainAcceptRps, b: acceptRps, ratio: sides.ratioOf(5, 4) };
    const unpaired: Paired = { a: frontRps, b: unpairedRps, ratio: sides.ratioOf(6, 1) };
    // CPU per call, round by round: a server's own cost, whatever the client and the neighbours did.
    const cpuRatio = (side: Side, over: Side) => summarise(cpu[side].map((v, i) => v / cpu[over][i]!));
    const cpuPerCall = {
      plain: summarise(cpu.plain),
      plainPrefer: summarise(cpu.plainPrefer),
      plainAccept: summarise(cpu.plainAccept),
      front: summarise(cpu.front),
      prefer: summarise(cpu.prefer),
      accept: summarise(cpu.accept),
      unpaired: summarise(cpu.unpaired),
      unpairedOverFront: cpuRatio('unpaired', 'front'),
    };
    const afterLoadMiB = await rssMiB(mock.pid);
    // The same fixtures, in this process: the decision core's own cost per call, without and with them.
    const pairingCore = await benchPairingCore(rootDir, calls, fixtures, path.join(temp, 'answers'));

    // Hostile load: 8 concurrent worst-case bodies of each kind, a valid call meanwhile.
    const hostile: HostileFigures[] = [];
    for (const kind of HOSTILE_KINDS) {
      const round = await hostileRound(mock.url, kind);
      hostile.push({
        kind,
        bytes: round.bytes,
        slowestRefusalMs: Math.max(...round.hostile.map((h) => h.ms)),
        statuses: [...new Set(round.hostile.map((h) => h.status))].join(','),
        validMs: round.valid.ms,
        validStatus: round.valid.status,
      });
    }
    return {
      front,
      prefer,
      accept,
      unpaired,
      pairedOperations,
      frontP99: summarise(p99.front),
      plainP99: summarise(p99.plain),
      preferP99: summarise(p99.prefer),
      acceptP99: summarise(p99.accept),
      cpuPerCall,
      pairingCore,
      idleMiB,
      afterLoadMiB,
      firstAnswerCold: summarise(cold),
      firstAnswerWarm: summarise(warm),
      hostile,
      burst,
      operations: calls.length,
      non2xx,
      errors,
      seconds,
      connections,
    };
  } finally {
    await mock.stop();
    await plain?.stop();
    await paired?.stop();
    await rm(temp, { recursive: true, force: true });
  }
}
