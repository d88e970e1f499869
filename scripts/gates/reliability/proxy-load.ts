// `npm run load -- --proxy`: the proxy's hostile figures. A misbehaving upstream (hang,
// trickle, reset, death mid-body, bad gzip, invalid JSON, oversize, gzip bomb, the
// largest answer the proxy reads) in this process; the proxy as `npm run proxy` runs it,
// in its own process. Printed per behaviour: time to answer against the time-out (the
// target: every answer within the time-out plus 1 s), the statuses, the latency of a
// valid call sent while hanging calls are pending against idle, and the proxy's memory.
//   npm run load -- --proxy [--timeout 2000] [--concurrency 8] [--rounds 2]
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { scriptArgs } from '../../lib/args.ts';
import { summarise, type Figure } from '../../lib/stats.ts';
import { BEHAVIOURS, startHostileUpstream, type Behaviour } from './hostile-upstream.ts';

const HEADERS = {
  'content-type': 'application/json',
  'developer-token': '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
  'developer-access-code': 'QUNDRVNTLUNPREU=',
};
const BODY = '{"Login":"agency","Senha":"load-canary-pw","ClienteId":12345678901234567890}';
const ROUTE = '/api/V2/Voos/Reservar';
// Every behaviour of the hostile upstream but the well-behaved ones.
const WELL_BEHAVED: readonly Behaviour[] = ['ok', 'numbers', 'gzip'];
const HOSTILE: Behaviour[] = BEHAVIOURS.filter((b) => !WELL_BEHAVED.includes(b));

function startProxyProcess(
  rootDir: string,
  upstream: string,
  timeoutMs: number,
): Promise<{ url: string; child: ChildProcess; stop: () => void }> {
  const child = spawn(
    process.execPath,
    [path.join(rootDir, 'src/cli/main.ts'), 'proxy', upstream, '--port', '0', '--timeout', String(timeoutMs)],
    {
      cwd: rootDir,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match?.[1]) {
        out = '';
        // Keep reading its log lines (a full pipe would stall it) without keeping them.
        child.stdout?.off('data', onData).on('data', () => undefined);
        resolve({ url: match[1], child, stop: () => child.kill('SIGINT') });
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the proxy exited with ${code} before listening:\n${out}`)));
  });
}

/** The resident memory of a process in MiB (Linux), or NaN where /proc is not there. */
async function rssMiB(pid: number | undefined): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024;
  } catch {
    return Number.NaN;
  }
}

interface Timed {
  /** The status, with `u` appended when the proxy sent the answer on unchecked (sl-unchecked). */
  status: string;
  ms: number;
}

/** A request body just under the proxy's 1 MiB cap: an object of ~95,000 keys, the costliest to parse. */
function maxRequestBody(): string {
  const parts = ['"Login":"agency"', '"Senha":"load-canary-pw"'];
  let size = 40;
  for (let i = 0; size < 1024 * 1024 - 64; i++) {
    const part = `"k${i}":${i}`;
    parts.push(part);
    size += part.length + 1;
  }
  return `{${parts.join(',')}}`;
}

async function timedCall(url: string, behaviour: Behaviour | undefined, limitMs: number, body = BODY): Promise<Timed> {
  const started = performance.now();
  try {
    const response = await fetch(`${url}${ROUTE}`, {
      method: 'POST',
      headers: behaviour ? { ...HEADERS, 'x-upstream-behaviour': behaviour } : HEADERS,
      body,
      signal: AbortSignal.timeout(limitMs),
    });
    await response.arrayBuffer();
    return { status: `${response.status}${response.headers.has('sl-unchecked') ? 'u' : ''}`, ms: performance.now() - started };
  } catch {
    return { status: '0', ms: performance.now() - started }; // 0: no answer within the limit, or a broken connection
  }
}

const f = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '–');
const fig = (x: Figure) => `${f(x.median)} ms (min ${f(x.min)}, max ${f(x.max)})`;

export async function runProxyLoad(argv: string[]): Promise<number> {
  const { values } = scriptArgs(
    {
      command: 'npm run load',
      usage: `Usage: npm run load -- --proxy [--timeout MS --concurrency N --rounds N]

The proxy before a hostile upstream: every call answered within its time-out and a second,
the proxy's memory bounded.

  --timeout MS      the proxy's upstream time-out, 1 to 60000 (default 2000)
  --concurrency N   calls at once, 1 to 64 (default 8)
  --rounds N        rounds over every hostile behaviour, 1 to 10 (default 2)
  --help            this text`,
      options: {
        proxy: { type: 'boolean' },
        timeout: { type: 'string', default: '2000' },
        concurrency: { type: 'string', default: '8' },
        rounds: { type: 'string', default: '2' },
      },
    },
    argv,
  );
  const timeoutMs = Number(values.timeout);
  const concurrency = Number(values.concurrency);
  const rounds = Number(values.rounds);
  for (const [name, n, max] of [
    ['--timeout', timeoutMs, 60_000],
    ['--concurrency', concurrency, 64],
    ['--rounds', rounds, 10],
  ] as const) {
    if (!Number.isInteger(n) || n < 1 || n > max) {
      console.error(`${name} must be a whole number from 1 to ${max} (load runs are bounded)`);
      return 2;
    }
  }
  const rootDir = process.cwd();
  const upstream = await startHostileUpstream();
  const proxy = await startProxyProcess(rootDir, upstream.url, timeoutMs);
  const bound = timeoutMs + 1_000;
  // The caller waits well past the bound, so a miss shows as a time rather than a gap.
  const limit = timeoutMs + 10_000;
  let missed = 0;
  try {
    const pid = proxy.child.pid;
    for (let i = 0; i < 20; i++) await timedCall(proxy.url, undefined, limit); // warm-up
    const idleRss = await rssMiB(pid);
    const idle = summarise(await sequential(20, () => timedCall(proxy.url, undefined, limit)));
    const direct = summarise(await sequential(20, () => timedCall(upstream.url, undefined, limit)));
    console.log(
      `Proxy hostile load: upstream time-out ${timeoutMs} ms, ${concurrency} concurrent calls × ${rounds} rounds per behaviour; target: every answer within ${bound} ms`,
    );
    console.log('  (statuses: 200u = sent on unchecked, its parse would have passed a deadline; 0 = no answer)');
    console.log(
      `  ${'upstream behaviour'.padEnd(18)} ${'statuses'.padEnd(20)} ${'time to answer (median, min, max)'.padEnd(38)} max / time-out   within bound`,
    );
    const rows: Record<string, { statuses: Record<string, number>; time: Figure; ratio: number; met: boolean }> = {};
    let peakRss = idleRss;
    for (const behaviour of HOSTILE) {
      const results: Timed[] = [];
      for (let r = 0; r < rounds; r++) {
        results.push(...(await Promise.all(Array.from({ length: concurrency }, () => timedCall(proxy.url, behaviour, limit)))));
        peakRss = Math.max(peakRss, await rssMiB(pid));
      }
      const statuses: Record<string, number> = {};
      for (const { status } of results) statuses[status] = (statuses[status] ?? 0) + 1;
      const time = summarise(results.map((x) => x.ms));
      const met = time.max <= bound && !('0' in statuses);
      if (!met) missed++;
      rows[behaviour] = { statuses, time, ratio: time.max / timeoutMs, met };
      const statusText = Object.entries(statuses)
        .map(([s, n]) => `${s}×${n}`)
        .join(' ');
      console.log(
        `  ${behaviour.padEnd(18)} ${statusText.padEnd(20)} ${fig(time).padEnd(38)} ${rows[behaviour].ratio.toFixed(2).padEnd(16)} ${met ? 'yes' : 'NO'}`,
      );
    }
    // Callers sending the costliest bodies the proxy accepts, to an upstream that answers at once.
    {
      const big = maxRequestBody();
      const results: Timed[] = [];
      for (let r = 0; r < rounds; r++)
        results.push(...(await Promise.all(Array.from({ length: concurrency }, () => timedCall(proxy.url, 'ok', limit, big)))));
      const statuses: Record<string, number> = {};
      for (const { status } of results) statuses[status] = (statuses[status] ?? 0) + 1;
      const time = summarise(results.map((x) => x.ms));
      const met = time.max <= bound && !('0' in statuses);
      if (!met) missed++;
      rows['max-request-bodies'] = { statuses, time, ratio: time.max / timeoutMs, met };
      const statusText = Object.entries(statuses)
        .map(([st, n]) => `${st}×${n}`)
        .join(' ');
      console.log(
        `  ${'(1 MiB requests)'.padEnd(18)} ${statusText.padEnd(20)} ${fig(time).padEnd(38)} ${(time.max / timeoutMs).toFixed(2).padEnd(16)} ${met ? 'yes' : 'NO'}`,
      );
    }
    // A valid call while `concurrency` hanging calls hold the proxy.
    const hanging = Array.from({ length: concurrency }, () => timedCall(proxy.url, 'hang', limit));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const meanwhile = summarise(await sequential(20, () => timedCall(proxy.url, undefined, limit)));
    await Promise.all(hanging);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const afterRss = await rssMiB(pid);
    console.log(`  valid call, straight to the upstream       ${fig(direct)}`);
    console.log(
      `  valid call through the proxy, idle         ${fig(idle)}   proxy / direct (median) = ${(idle.median / direct.median).toFixed(2)}`,
    );
    console.log(
      `  valid call, ${concurrency} hanging calls pending      ${fig(meanwhile)}   meanwhile / idle (median) = ${(meanwhile.median / idle.median).toFixed(2)}`,
    );
    console.log(
      `  proxy RSS: idle ${f(idleRss)} MiB, peak seen ${f(peakRss)} MiB, after ${f(afterRss)} MiB   after / idle = ${(afterRss / idleRss).toFixed(2)}`,
    );
    console.log(
      JSON.stringify({
        proxyLoad: {
          timeoutMs,
          concurrency,
          rounds,
          boundMs: bound,
          rows,
          direct,
          idle,
          meanwhile,
          rssMiB: { idle: idleRss, peak: peakRss, after: afterRss },
        },
      }),
    );
    if (missed > 0) console.error(`${missed} behaviour(s) got an answer later than ${bound} ms or none.`);
    return missed > 0 ? 1 : 0;
  } finally {
    proxy.stop();
    await upstream.close();
  }
}

async function sequential(n: number, work: () => Promise<Timed>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) times.push((await work()).ms);
  return times;
}
