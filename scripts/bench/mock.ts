// Mock throughput: a fixed, bounded autocannon load of valid calls across every
// operation of every family, against the mock and against a plain node:http server
// answering the same bodies. Both servers run in their own process.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { parse } from 'yaml';
import { readFamilies } from '../build/families.ts';
import { sampleCalls, type SampleCall } from '../mock/sample-request.ts';
import { summarise, type Figure } from './stats.ts';

const HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'developer-token': '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
  'developer-access-code': 'QUNDRVNTLUNPREU=',
};

interface Server {
  url: string;
  stop(): void;
}

function startProcess(args: string[], cwd: string): Promise<Server> {
  const child: ChildProcess = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match?.[1]) resolve({ url: match[1], stop: () => child.kill('SIGINT') });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
}

async function load(url: string, calls: SampleCall[], seconds: number, connections: number): Promise<{ rps: number; non2xx: number; errors: number }> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: calls.map((c) => ({ method: 'POST', path: c.path, headers: HEADERS, body: JSON.stringify(c.body) })),
  });
  return { rps: result.requests.average, non2xx: result.non2xx, errors: result.errors + result.timeouts };
}

export interface MockFigures {
  mock: Figure;
  plain: Figure;
  operations: number;
  non2xx: number;
  errors: number;
}

export async function benchMock(rootDir: string, runs: number, seconds = 5, connections = 10): Promise<MockFigures> {
  const families = await readFamilies(rootDir);
  const calls: SampleCall[] = [];
  for (const f of families) {
    calls.push(...sampleCalls(parse(await readFile(path.join(rootDir, 'generated', f.id, 'openapi.yaml'), 'utf8')) as Record<string, unknown>));
  }
  const mock = await startProcess([path.join(rootDir, 'scripts/mock.ts'), '--port', '0', '--log', 'silent'], rootDir);
  const temp = await mkdtemp(path.join(tmpdir(), 'bench-mock-'));
  let plain: Server | undefined;
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
    const mockRuns: number[] = [];
    const plainRuns: number[] = [];
    let non2xx = 0;
    let errors = 0;
    for (let i = 0; i < runs; i++) {
      const m = await load(mock.url, calls, seconds, connections);
      const p = await load(plain.url, calls, seconds, connections);
      mockRuns.push(m.rps);
      plainRuns.push(p.rps);
      non2xx += m.non2xx + p.non2xx;
      errors += m.errors + p.errors;
    }
    return { mock: summarise(mockRuns), plain: summarise(plainRuns), operations: calls.length, non2xx, errors };
  } finally {
    mock.stop();
    plain?.stop();
    await rm(temp, { recursive: true, force: true });
  }
}
