// A recording whatever happens to the process or the disk: the real command
// (`node src/cli/main.ts proxy … --record DIR`) killed with SIGKILL mid-recording, recording
// onto a tiny tmpfs that fills up and onto a read-only one; two recorders on one folder.
// After each, every file on disk is scanned with the tests' own decoding detector, and the
// console too: no canary in any encoding. The disk cases mount tmpfs (root only).
import { type ChildProcessByStdio, execFileSync, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startProxy } from '../../src/proxy/server.ts';
import { rootDir } from '../support/bundle.ts';
import { HEADERS, hidden } from '../support/canaries.ts';
import { requestFor, startFakeSandbox, type FakeSandbox } from '../support/fake-sandbox.ts';

let sandbox: FakeSandbox;
const scratch: string[] = [];
const mounts: string[] = [];

beforeAll(async () => {
  sandbox = await startFakeSandbox();
});

afterAll(async () => {
  for (const mount of mounts) {
    try {
      execFileSync('umount', [mount]);
    } catch {
      // already gone
    }
  }
  for (const dir of scratch) await rm(dir, { recursive: true, force: true });
  await sandbox?.close();
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

/** Mounts a tmpfs at a new folder, or says why it cannot be (not root, no mount). */
async function tmpfs(options: string): Promise<string | undefined> {
  const dir = await tempDir('recording-mount-');
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    return undefined;
  }
  mounts.push(dir);
  return dir;
}

const CAN_MOUNT = await (async () => {
  if (process.getuid?.() !== 0) return false;
  const probe = await mkdtemp(path.join(os.tmpdir(), 'mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16k', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe]);
    return true;
  } catch {
    return false;
  } finally {
    await rm(probe, { recursive: true, force: true });
  }
})();

interface Cli {
  child: ChildProcessByStdio<null, Readable, Readable>;
  url: string;
  output: () => string;
  exit: Promise<number | null>;
}

/** The real command, recording into `dir`; resolves once it listens. */
async function recordWithCli(dir: string): Promise<Cli> {
  const child = spawn(process.execPath, [path.join(rootDir, 'src/cli/main.ts'), 'proxy', sandbox.url, '--port', '0', '--record', dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await expect.poll(() => /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1], { timeout: 30_000, interval: 50 }).toBeTruthy();
  const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1] ?? '';
  return { child, url, output: () => output, exit };
}

async function call(url: string, operation: string): Promise<number> {
  const res = await fetch(`${url}/api/V2/Voos/${operation}`, {
    method: 'POST',
    headers: HEADERS,
    body: JSON.stringify(requestFor(operation)),
  });
  await res.text();
  return res.status;
}

/** Every file under `dir`, dotfiles and temporary files too: path → text. */
async function everyFile(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile())
      out.set(path.relative(dir, path.join(entry.parentPath, entry.name)), await readFile(path.join(entry.parentPath, entry.name), 'utf8'));
  return out;
}

function expectNothingLeaked(files: Map<string, string>, console: string): void {
  for (const [name, text] of files) expect(hidden(text), name).toEqual([]);
  expect(hidden(console)).toEqual([]);
}

test('kill -9 mid-recording leaves only checked files: every numbered file whole JSON, no canary anywhere', async () => {
  const dir = path.join(await tempDir('recording-kill-'), 'mine');
  const cli = await recordWithCli(dir);
  let answered = 0;
  // Calls keep going while the process is killed: the kill lands mid-exchange, mid-write.
  const traffic = (async () => {
    for (let i = 0; i < 200; i++) {
      try {
        await call(cli.url, i % 2 === 0 ? 'Reservar' : 'Emitir');
        answered++;
      } catch {
        return;
      }
    }
  })();
  // The provenance is refreshed every 8 exchanges: once it counts 8, the kill lands among the next ones.
  const recorded = async () =>
    (JSON.parse(await readFile(path.join(dir, 'recording.json'), 'utf8').catch(() => '{}')) as { exchanges?: number }).exchanges ?? 0;
  await expect.poll(recorded, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(8);
  cli.child.kill('SIGKILL');
  expect(await cli.exit).toBeNull();
  await traffic;
  const files = await everyFile(dir);
  const numbered = [...files.keys()].filter((f) => /\d{4}\.(request|response)\.json$/.test(f));
  expect(numbered.length).toBeGreaterThanOrEqual(16);
  expect(answered).toBeGreaterThanOrEqual(8);
  for (const name of numbered) expect(() => JSON.parse(files.get(name) ?? ''), name).not.toThrow();
  const provenance = JSON.parse(files.get('recording.json') ?? '{}') as { format: number; complete: boolean; exchanges: number };
  expect(provenance).toMatchObject({ format: 2, complete: false });
  expect(provenance.exchanges).toBeGreaterThanOrEqual(8);
  expectNothingLeaked(files, cli.output());
  // The lock of the dead recorder stays; a new recording there is refused, naming the folder.
  expect(files.has('.lock')).toBe(true);
  await expect(startProxy({ rootDir, upstream: sandbox.url, port: 0, record: dir, log: new PassThrough() })).rejects.toThrow(
    `${dir} holds the lock of a recording that did not end`,
  );
}, 120_000);

describe('one folder, one writer', () => {
  test('a second recorder on a folder being recorded is refused, naming it; the first records every exchange', async () => {
    const dir = path.join(await tempDir('recording-two-'), 'mine');
    const first = await startProxy({ rootDir, upstream: sandbox.url, port: 0, record: dir, log: new PassThrough() });
    try {
      await expect(startProxy({ rootDir, upstream: sandbox.url, port: 0, record: dir, log: new PassThrough() })).rejects.toThrow(
        `${dir} is being recorded by another recorder (pid ${process.pid})`,
      );
      for (const operation of ['Reservar', 'Emitir', 'Emitir']) expect(await call(first.url, operation)).toBe(200);
    } finally {
      await first.close();
    }
    const summary = await first.finishRecording();
    expect(summary?.exchanges).toBe(3);
    const files = await everyFile(dir);
    expect([...files.keys()].filter((f) => f.endsWith('.response.json')).sort()).toEqual(
      [
        path.join('api-V2-Voos', 'Emitir', '0001.response.json'),
        path.join('api-V2-Voos', 'Emitir', '0002.response.json'),
        path.join('api-V2-Voos', 'Reservar', '0001.response.json'),
      ].sort(),
    );
    // A finished recording is never written over either.
    await expect(startProxy({ rootDir, upstream: sandbox.url, port: 0, record: dir, log: new PassThrough() })).rejects.toThrow(
      `${dir} already holds files`,
    );
    expect(await everyFile(dir)).toEqual(files);
  }, 60_000);
});

describe.skipIf(!CAN_MOUNT)('a disk that refuses writes (tmpfs mounts; skipped where this user cannot mount)', () => {
  test('a full tmpfs: one line naming ENOSPC and the path, the proxy keeps answering, the stop counts what was lost and exits 1', async () => {
    const mount = await tmpfs('size=48k');
    expect(mount).toBeDefined();
    const dir = path.join(mount ?? '', 'mine');
    const cli = await recordWithCli(dir);
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++) statuses.push(await call(cli.url, 'Reservar'));
    expect(statuses.every((s) => s === 200)).toBe(true);
    await expect.poll(() => cli.output(), { timeout: 30_000 }).toMatch(/✗ recording stopped: ENOSPC on /);
    cli.child.kill('SIGTERM');
    expect(await cli.exit).toBe(1);
    const output = cli.output();
    expect(output.match(/✗ recording stopped: ENOSPC on (\S+)/)?.[1]).toContain(dir);
    expect(output.match(/✗ recording stopped/g)).toHaveLength(1);
    expect(output).toMatch(/✗ \d+ exchanges? not recorded \(ENOSPC: \d+\)/);
    expect(output).not.toMatch(/\n\s+at /);
    const files = await everyFile(dir);
    for (const [name, text] of files)
      if (name.endsWith('.json') && !path.basename(name).startsWith('.')) expect(() => JSON.parse(text), name).not.toThrow();
    expectNothingLeaked(files, output);
  }, 120_000);

  test('a read-only folder: EROFS named with the path, not ENOENT; calls still answered; "1 exchange not recorded"; exit 1', async () => {
    const mount = await tmpfs('ro,size=16k');
    expect(mount).toBeDefined();
    const dir = path.join(mount ?? '', 'mine');
    const cli = await recordWithCli(dir);
    expect(await call(cli.url, 'Reservar')).toBe(200);
    cli.child.kill('SIGTERM');
    expect(await cli.exit).toBe(1);
    const output = cli.output();
    expect(output).toContain(`✗ recording stopped: EROFS on ${dir}`);
    expect(output).not.toContain('ENOENT');
    expect(output).toContain('Recorded 0 exchanges into');
    expect(output).toContain('✗ 1 exchange not recorded (EROFS: 1)');
    expect(output).not.toMatch(/\n\s+at /);
    expect(hidden(output)).toEqual([]);
    await expect(mkdir(dir)).rejects.toThrow(/EROFS/);
  }, 60_000);
});
