// The pipeline's worker threads (scripts/pipeline/task-worker.ts): answers come back to
// the job that asked, a failing job or a failed load fails that job with its message,
// and a worker that dies or is closed fails what is pending instead of hanging.
import { afterEach, expect, test } from 'vitest';
import { TaskWorker } from '../../scripts/lib/task-worker.ts';
import type { EchoJob } from './fixtures/echo-worker.ts';

const MODULE = new URL('./fixtures/echo-worker.ts', import.meta.url);
const started: Array<TaskWorker<EchoJob, unknown>> = [];

function worker(data: { failToLoad?: boolean } = {}): TaskWorker<EchoJob, unknown> {
  const w = new TaskWorker<EchoJob, unknown>(MODULE, data);
  started.push(w);
  return w;
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((w) => w.close()));
});

test('each job gets its own answer, in the order the jobs were sent, structured data intact', async () => {
  const w = worker();
  await w.ready;
  const answers = await Promise.all([
    w.run({ op: 'order', delayMs: 30, value: 1 }),
    w.run({ op: 'order', delayMs: 0, value: 2 }),
    w.run({ op: 'echo', value: { nested: [1, 'two', null], when: new Date(0) } }),
  ]);
  expect(answers).toEqual([1, 2, { tools: 'tools', value: { nested: [1, 'two', null], when: new Date(0) } }]);
});

test('a job that throws fails with its message; the worker goes on serving', async () => {
  const w = worker();
  await expect(w.run({ op: 'fail', message: 'step X: bad input' })).rejects.toThrow('step X: bad input');
  await expect(w.run({ op: 'echo', value: 5 })).resolves.toEqual({ tools: 'tools', value: 5 });
});

test('a failed load is announced as ready (settled) and fails every job with the load error', async () => {
  const w = worker({ failToLoad: true });
  await w.ready;
  await expect(w.run({ op: 'echo', value: 1 })).rejects.toThrow('the tools could not be loaded');
});

test('a worker that dies fails the job that killed it, the jobs queued behind it and every later one, naming the worker', async () => {
  const w = worker();
  const crash = w.run({ op: 'crash' });
  const queued = w.run({ op: 'echo', value: 1 });
  await expect(crash).rejects.toThrow(/echo-worker\.ts worker exited \(code 3\)/);
  await expect(queued).rejects.toThrow(/exited \(code 3\)/);
  await expect(w.run({ op: 'echo', value: 1 })).rejects.toThrow(/exited \(code 3\)/);
});

test('close() fails what is still running and refuses new jobs', async () => {
  const w = worker();
  await w.ready;
  const pending = w.run({ op: 'order', delayMs: 10_000, value: 1 });
  await w.close();
  await expect(pending).rejects.toThrow('the worker was closed');
  await expect(w.run({ op: 'echo', value: 1 })).rejects.toThrow('the worker was closed');
});
