// Issue 58: MCP over stdio within LIMITS.mcpMessageBytes. The SDK's transport ends the
// session without a word on a line past its 10 MiB buffer; the command's transport answers a
// message past the bound with a JSON-RPC error (its id read from the line's start or end) and
// reads the next one. The command runs from src/ in a child process, spoken to line by line.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { LIMITS } from '../../src/lib/contract-index.ts';
import { idOf } from '../../src/mcp/stdio.ts';
import { CANARY, hidden } from '../support/canaries.ts';
import { rootDir } from '../support/package.ts';

interface Message {
  id?: number | string;
  result?: { tools?: unknown[] };
  error?: { code: number; message: string };
}

let child: ChildProcess;
let stderr = '';
const answers: Message[] = [];
const waiting = new Map<number | string, (message: Message) => void>();
let exited: Promise<never>;

/** The answer with this id, or a failure if the server ends first. */
function answerTo(id: number | string): Promise<Message> {
  const found = answers.find((m) => m.id === id);
  if (found) return Promise.resolve(found);
  return Promise.race([new Promise<Message>((resolve) => waiting.set(id, resolve)), exited]);
}

const send = (line: string): void => {
  child.stdin!.write(`${line}\n`);
};
/** A request as the SDK's client writes it: the id last. */
const request = (id: number, method: string, params: unknown = {}): string => JSON.stringify({ method, params, jsonrpc: '2.0', id });

beforeAll(async () => {
  child = spawn(process.execPath, [path.join(rootDir, 'src', 'cli', 'main.ts'), 'mcp'], {
    cwd: rootDir,
    env: { ...process.env, FLOWS_PASSWORD: CANARY.senha, FLOWS_LOGIN: CANARY.login },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  // A write after the server ended would fail the run: the test then fails on the missing answer instead.
  child.stdin!.on('error', () => undefined);
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    pending += chunk.toString('utf8');
    for (let newline = pending.indexOf('\n'); newline >= 0; newline = pending.indexOf('\n')) {
      const message = JSON.parse(pending.slice(0, newline)) as Message;
      pending = pending.slice(newline + 1);
      answers.push(message);
      if (message.id !== undefined) waiting.get(message.id)?.(message);
    }
  });
  exited = new Promise<never>((_resolve, reject) =>
    child.once('exit', (code) => reject(new Error(`the server ended (exit ${code}) before answering:\n${stderr}`))),
  );
  exited.catch(() => undefined);
  send(request(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'stdio-limits', version: '1' } }));
  expect((await answerTo(1)).result).toBeDefined();
  send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
}, 60_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.stdin!.end();
    child.kill();
  }
});

test("a message past the SDK's own 10 MiB buffer gets an error answer, and the next message is read", async () => {
  const big = request(2, 'tools/call', { name: 'Disponibilidade', arguments: { Origem: CANARY.senha.repeat(11 * 1024 * 64) } });
  expect(Buffer.byteLength(big)).toBeGreaterThan(10 * 1024 * 1024);
  send(big);
  send(request(3, 'tools/list'));
  const refused = await answerTo(2);
  expect(refused.error?.code).toBe(-32600);
  expect(refused.error?.message).toContain(`larger than ${LIMITS.mcpMessageBytes} bytes`);
  expect((await answerTo(3)).result?.tools?.length).toBeGreaterThan(30);
}, 60_000);

test(`one byte past LIMITS.mcpMessageBytes is refused, its id read at the start; exactly the bound is read`, async () => {
  const shell = (id: number, pad: string) => `{"jsonrpc":"2.0","id":${id},"method":"ping","params":{"_meta":{"pad":"${pad}"}}}`;
  const sized = (id: number, bytes: number) => shell(id, 'p'.repeat(bytes - Buffer.byteLength(shell(id, ''))));
  const over = sized(4, LIMITS.mcpMessageBytes + 1);
  const exact = sized(5, LIMITS.mcpMessageBytes);
  expect(Buffer.byteLength(over)).toBe(LIMITS.mcpMessageBytes + 1);
  send(over);
  send(exact);
  expect((await answerTo(4)).error?.code).toBe(-32600);
  expect(await answerTo(5)).toMatchObject({ result: {} });
}, 60_000);

test('stderr says a message was not read, and quotes none of it', () => {
  expect(stderr).toContain(`a message larger than ${LIMITS.mcpMessageBytes} bytes was not read`);
  expect(hidden(stderr, [CANARY.senha, CANARY.login])).toEqual([]);
});

test("a dropped message's id: at its start, or last as the SDK's client writes it; never one from inside", () => {
  expect(idOf('{"jsonrpc":"2.0","id":7,"method":"x","params":{"a":"', 'zz"}}')).toBe(7);
  expect(idOf('{"method":"tools/call","params":{"x":"', 'zz"},"jsonrpc":"2.0","id":"r-9"}')).toBe('r-9');
  expect(idOf('{"method":"tools/call","params":{"id":3,"x":"', 'zz","id":4}}')).toBeUndefined();
  expect(idOf('{"method":"x","params":{"s":"', 'a\\",\\"id\\":5}"}}')).toBeUndefined();
});
