// `npm run load`: a bounded load of mixed valid and invalid calls against the mock, and
// its figures (requests tried, 2xx/4xx/5xx, connection errors, req/s). Starts its own
// mock on a free 127.0.0.1 port unless given --url of a running one.
//   npm run load -- [--duration 10] [--connections 20] [--url http://127.0.0.1:4010]
// Exits 1 when any call got a 5xx, a connection error, a timeout, an unfitting status or
// a refusal without a readable reason.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { scriptArgs } from '../../lib/args.ts';

// `npm run load -- --proxy`: the proxy's hostile figures instead (scripts/gates/reliability/proxy-load.ts).
if (process.argv.includes('--proxy')) {
  const { runProxyLoad } = await import('./proxy-load.ts');
  process.exit(await runProxyLoad(process.argv.slice(2)));
}

const { values } = scriptArgs({
  command: 'npm run load',
  usage: `Usage: npm run load [-- --duration S --connections N --url URL]
       npm run load -- --proxy [--timeout MS --concurrency N --rounds N]

A bounded load of mixed valid and invalid calls against the mock (its own on a free port
unless --url names a running one); exits 1 on any 5xx, connection error, time-out,
unfitting status or refusal without a reason. --proxy: the proxy's hostile figures instead.

  --duration S      seconds of load, 1 to 120 (default 10)
  --connections N   concurrent connections, 1 to 100 (default 20)
  --url URL         a running mock instead of one of its own
  --help            this text`,
  options: { duration: { type: 'string' }, connections: { type: 'string' }, url: { type: 'string' } },
});
function bounded(name: 'duration' | 'connections', fallback: number, max: number): number {
  const value = Number(values[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    console.error(`--${name} must be a whole number from 1 to ${max} (load runs are bounded)`);
    process.exit(2);
  }
  return value;
}
const durationSeconds = bounded('duration', 10, 120);
const connections = bounded('connections', 20, 100);
// The contract's reader and the load's runner, loaded once the command line is read: `--help` or a typo answers without them.
const { loadOperations } = await import('../../lib/contract.ts');
const { loadMix, runLoad } = await import('./load-run.ts');
const rootDir = process.cwd();

/** The mock as `npm run mock` runs it, in its own process, logging nothing (the figures are the point). */
function startMock(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, [path.join(rootDir, 'src/cli/main.ts'), 'mock', '--port', '0', '--log', 'silent'], {
    cwd: rootDir,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match?.[1]) resolve({ url: match[1], stop: () => child.kill('SIGINT') });
    });
    child.once('exit', (code) => reject(new Error(`the mock exited with ${code} before listening:\n${out}`)));
  });
}

const given = values.url;
const mock = given ? { url: given, stop: () => undefined } : await startMock();
try {
  const operations = await loadOperations(rootDir);
  const mix = loadMix(operations);
  console.log(`Load: ${connections} connections for ${durationSeconds} s against ${mock.url}`);
  console.log(`Mix: ${mix.length} calls over ${operations.length} operations, half of them valid, cycled in order.`);
  const f = await runLoad(mix, { url: mock.url, connections, durationSeconds });
  const rows: Array<[string, string | number]> = [
    ['requests tried', f.tried],
    ['answers', f.answered],
    ['2xx', f.s2xx],
    ['4xx', f.s4xx],
    ['5xx', f.s5xx],
    ['other statuses', f.other],
    ['connection errors', f.errors],
    ['timeouts', f.timeouts],
    ['unfitting statuses', f.unexpected],
    ['refusals without a reason', f.unreadable],
    ['req/s (mean)', Math.round(f.requestsPerSecond)],
    ['duration (s)', f.durationSeconds],
  ];
  for (const [name, value] of rows) console.log(`  ${name.padEnd(26)} ${value}`);
  console.log(
    `  by kind: ${Object.entries(f.byKind)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}`,
  );
  for (const example of f.examples) console.log(`  !! ${example}`);
  console.log(JSON.stringify({ load: f }));
  const failed = f.s5xx + f.errors + f.timeouts + f.unexpected + f.unreadable + f.other > 0 || f.answered === 0;
  if (failed) console.error('The load run found faults (see above).');
  process.exitCode = failed ? 1 : 0;
} finally {
  mock.stop();
}
