// Bad input to the commands and to the programmatic API: a busy port, an unknown family or
// scenario, an option out of range, an unwritable report folder, a bad upstream. The
// command prints one line saying what to do and exits 2, never a stack trace; the API
// rejects with a StartError whose code says why.
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMcpServer } from '../../src/mcp/server.ts';
import { runFlows, StartError, startMock, startProxy } from '../../src/mock.ts';
import { rootDir } from '../support/bundle.ts';

let busy: Server;
let busyPort = 0;
let scratch = '';
/** A path under a regular file: no folder can be made there. */
let unwritable = '';

beforeAll(async () => {
  busy = createServer();
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  busyPort = (busy.address() as { port: number }).port;
  scratch = mkdtempSync(path.join(tmpdir(), 'start-errors-'));
  writeFileSync(path.join(scratch, 'file'), '');
  unwritable = path.join(scratch, 'file', 'reports');
});

afterAll(() => {
  busy?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

async function command(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return promisify(execFile)(process.execPath, [path.join(rootDir, 'src/cli/main.ts'), ...args], { cwd: scratch, timeout: 60_000 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({
      code: error.code ?? -1,
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
    }),
  );
}

describe('the command: one line on stderr, exit code 2', () => {
  test.each([
    ['a busy port', () => ['mock', '--port', String(busyPort)], /Port \d+ is already in use/],
    [
      'an unknown family',
      () => ['mock', '--port', '0', '--families', 'v2-pt,v9'],
      /No route family named v9: the families are v2-pt, legacy, v1, v2-en, v3\./,
    ],
    ['an unknown scenario', () => ['flows', '--scenario', 'cenario99'], /No scenario named "cenario99"; there are: cenario/],
    [
      'an unwritable report folder',
      () => ['flows', '--out', unwritable],
      /The report folder cannot be written \(ENOTDIR\): choose another with --out DIR\./,
    ],
    ['a port out of range', () => ['mock', '--port', '70000'], /--port takes a whole number from 0 to 65535/],
    [
      'an unknown option',
      () => ['proxy', 'http://127.0.0.1:1', '--record-to', 'x'],
      /Unknown option --record-to for `air-travel-api-contract proxy`/,
    ],
    ['a proxy without an upstream', () => ['proxy'], /The upstream address is missing/],
    ['a log level that does not exist', () => ['mock', '--log', 'loud'], /--log takes one of silent, error, warn, info, debug/],
    [
      'a behaviour the mock may not replay (contradicted by the captures)',
      () => ['mock', '--port', '0', '--observed', '--flows', '--behaviours', 'tarifar-renews-trip-identifier'],
      /behaviours: no behaviour the mock may replay is named tarifar-renews-trip-identifier; the ones it may replay with these options: reservar-refuses-booking-alike, tarifar-refuses-null\./,
    ],
    ['mcp --flows without --observed', () => ['mcp', '--flows'], /--flows goes with --observed: the stateful observed mock/],
    [
      'mcp --flows with --base-url',
      () => ['mcp', '--observed', '--flows', '--base-url', 'http://127.0.0.1:1'],
      /--flows answers from the mock in this process: it cannot go with --base-url/,
    ],
    ['mcp --allow-writes without --base-url', () => ['mcp', '--allow-writes'], /--allow-writes goes with --base-url/],
    [
      '--behaviours with --no-behaviours',
      () => ['mock', '--port', '0', '--observed', '--no-behaviours', '--behaviours', 'tarifar-refuses-null'],
      /--no-behaviours and --behaviours cannot go together\./,
    ],
  ])(
    '%s',
    async (_what, args, message) => {
      const result = await command(args());
      expect(result.code).toBe(2);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^air-travel-api-contract: /);
      expect(lines[0]).toMatch(message);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    },
    60_000,
  );
});

test('no command: the usage on stderr, nothing on stdout, exit code 2; --help: the usage on stdout, exit code 0', async () => {
  const bare = await command([]);
  expect(bare.code).toBe(2);
  expect(bare.stdout).toBe('');
  expect(bare.stderr).toMatch(/^Usage: air-travel-api-contract <command> \[options\]\n/);
  expect(bare.stderr).toMatch(/^ {2}mock /m);
  const help = await command(['--help']);
  expect(help.code).toBe(0);
  expect(help.stdout).toBe(bare.stderr);
}, 60_000);

describe('the API: a StartError with its code', () => {
  const rejection = async (start: () => Promise<unknown>) => {
    const error = await start().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StartError);
    return error as StartError;
  };

  test('startMock on a busy port: PORT_UNAVAILABLE, and the port stays usable by others', async () => {
    expect((await rejection(() => startMock({ port: busyPort, logLevel: 'silent' }))).code).toBe('PORT_UNAVAILABLE');
  });

  test('startMock with an unknown family: UNKNOWN_NAME naming it', async () => {
    const error = await rejection(() => startMock({ port: 0, families: ['v2-pt', 'v4'], logLevel: 'silent' }));
    expect(error.code).toBe('UNKNOWN_NAME');
    expect(error.message).toMatch(/v4/);
  });

  test('startMock with a port or time-out out of range: BAD_OPTION', async () => {
    expect((await rejection(() => startMock({ port: -1 }))).code).toBe('BAD_OPTION');
    expect((await rejection(() => startMock({ port: 0, bodyTimeoutMs: 5 }))).code).toBe('BAD_OPTION');
  });

  test('startMock of a package without its start cache: MISSING_FILE', async () => {
    expect((await rejection(() => startMock({ port: 0, rootDir: scratch }))).code).toBe('MISSING_FILE');
  });

  test('startProxy with an upstream that is not http(s): BAD_OPTION', async () => {
    expect((await rejection(() => startProxy({ upstream: 'ftp://sandbox.example', port: 0 }))).code).toBe('BAD_OPTION');
    expect((await rejection(() => startProxy({ upstream: 'not a url', port: 0 }))).code).toBe('BAD_OPTION');
  });

  test('createMcpServer with flows but not observed, or with a baseUrl: BAD_OPTION, never flows silently dropped', async () => {
    expect((await rejection(() => createMcpServer({ flows: true }))).code).toBe('BAD_OPTION');
    const error = await rejection(() => createMcpServer({ observed: true, flows: true, baseUrl: 'http://127.0.0.1:1' }));
    expect(error.code).toBe('BAD_OPTION');
    expect(error.message).toMatch(/cannot go with baseUrl/);
  });

  test('runFlows with an unknown scenario or an unwritable folder: UNKNOWN_NAME, UNWRITABLE', async () => {
    expect((await rejection(() => runFlows({ scenario: 'cenario99', outDir: scratch }))).code).toBe('UNKNOWN_NAME');
    expect((await rejection(() => runFlows({ outDir: unwritable }))).code).toBe('UNWRITABLE');
  });

  test('runFlows against a sandbox without its credentials: BAD_OPTION naming the variables, never a value', async () => {
    const error = await rejection(() =>
      runFlows({ baseUrl: 'https://sandbox.example', outDir: scratch, env: { FLOWS_LOGIN: 'agency-login-x' } }),
    );
    expect(error.code).toBe('BAD_OPTION');
    expect(error.message).toMatch(/FLOWS_DEVELOPER_TOKEN, FLOWS_ACCESS_CODE, FLOWS_PASSWORD/);
    expect(error.message).not.toMatch(/agency-login-x/);
  });
});
