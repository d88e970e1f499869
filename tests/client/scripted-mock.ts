// Starts the real mock in a worker thread (scripted-mock-worker.ts) and tells it what to
// answer, call by call; `calls` lists every call the mock received, in order.
import { Worker } from 'node:worker_threads';

/**
 * What the mock does with one call: its ordinary answer, this answer, or a hold (the mock
 * answers nothing, this call's ordinary answer included, until the test calls `release()`).
 */
export type Step = 'ordinary' | { hold: true } | { status: number; body?: unknown; headers?: Record<string, string>; echo?: boolean };

/** Steps by path: the n-th call of a path takes the n-th step (the last repeats). */
export type Script = Record<string, Step[]>;

export interface ReceivedCall {
  operation: string;
  path: string;
  body: unknown;
}

export interface ScriptedMock {
  url: string;
  /** Every call the mock received so far, once the worker has told every one (messages come in order). */
  received(): Promise<ReceivedCall[]>;
  /** Calls of `path` the mock received so far. */
  count(path: string): Promise<number>;
  /** Calls of `path` the mock has told of so far, even while it holds one (no round trip: poll it). */
  told(path: string): number;
  /** Ends the hold the mock is in: the held call gets its ordinary answer, and the mock answers again. */
  release(): void;
  /** Replaces the script and forgets the calls. */
  script(script: Script): Promise<void>;
  close(): Promise<void>;
}

export function startScriptedMock(): Promise<ScriptedMock> {
  // The hold's flag, shared with the worker: it waits on it, release() sets it.
  const hold = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(new URL('./scripted-mock-worker.ts', import.meta.url), { workerData: { hold } });
  const calls: ReceivedCall[] = [];
  let scripted: (() => void) | undefined;
  const pongs: Array<() => void> = [];
  const received = (): Promise<ReceivedCall[]> =>
    new Promise((done) => {
      pongs.push(() => done([...calls]));
      worker.postMessage({ type: 'ping' });
    });
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (message: { type: string; url?: string } & ReceivedCall) => {
      if (message.type === 'call') calls.push({ operation: message.operation, path: message.path, body: message.body });
      else if (message.type === 'scripted') scripted?.();
      else if (message.type === 'pong') pongs.shift()?.();
      else if (message.type === 'ready')
        resolve({
          url: message.url!,
          received,
          count: async (path) => (await received()).filter((call) => call.path === path).length,
          told: (path) => calls.filter((call) => call.path === path).length,
          release: () => {
            Atomics.store(hold, 0, 1);
            Atomics.notify(hold, 0);
          },
          script: (script) =>
            new Promise<void>((done) => {
              scripted = () => {
                calls.length = 0;
                done();
              };
              worker.postMessage({ type: 'script', script });
            }),
          close: async () => {
            await worker.terminate();
          },
        });
    });
  });
}
