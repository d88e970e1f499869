// The observed bundle works with the project's mock engine: a real Prism process on
// 127.0.0.1 serving generated/v2-pt-observed accepts every observed request example,
// answers with the observed example, and refuses a body that breaks an observed type.
// (Prism validates 3.1 documents with a draft-07 validator, so this is a second,
// independent reading of the schemas next to examples.test.ts.)
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../support/ports.ts';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Json } from '../../src/lib/json.ts';
import { PREFIX, buildObserved, loadEvidenceExample, observedOperations, rootDir, tempDir } from './support.ts';

const tmp = tempDir();
let prism: ChildProcess | undefined;
let baseUrl = '';
let log = '';

beforeAll(async () => {
  const { file } = await buildObserved(tmp.dir);
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  prism = spawn(path.join(rootDir, 'node_modules/.bin/prism'), ['mock', file, '-h', '127.0.0.1', '-p', String(port), '--errors'], {
    cwd: rootDir,
    env: { ...process.env, SCARF_ANALYTICS: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  prism.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  prism.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const deadline = Date.now() + 30_000;
  while (!/Prism is listening/.test(log)) {
    if (prism.exitCode !== null || Date.now() > deadline) throw new Error(`Prism did not start:\n${log}`);
    // real time: the interval of a poll for a real Prism process's log line.
    await new Promise((r) => setTimeout(r, 100));
  }
}, 60_000);

afterAll(async () => {
  if (prism && prism.exitCode === null) {
    const exited = new Promise((r) => prism?.once('exit', r));
    prism.kill('SIGTERM');
    await exited;
  }
  tmp.cleanup();
});

async function post(operation: string, body: Json): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${baseUrl}${PREFIX}/${operation}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'developer-token': '00000000-0000-0000-0000-000000000000',
      'developer-access-code': 'QUJD',
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}

describe('Prism serving the observed bundle', () => {
  test.each(observedOperations.map((op) => [op]))(
    '%s: the observed request is accepted and answered with the observed example',
    async (op) => {
      const answer = await post(op, loadEvidenceExample(op, 'request'));
      expect(answer.status, JSON.stringify(answer.body).slice(0, 500)).toBe(200);
      expect(answer.body).toEqual(loadEvidenceExample(op, 'response'));
    },
  );

  test('a request breaking an observed type is refused (422)', async () => {
    const answer = await post('Reservar', { Login: 'agencia', Senha: 's3gredo', Passageiros: [{ Nome: 1 }] });
    expect(answer.status).toBe(422);
    expect(log).toMatch(/Passageiros\.0\.Nome must be string/);
  });
});
