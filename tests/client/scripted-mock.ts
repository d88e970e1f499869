// Starts the real mock in a worker thread (scripted-mock-worker.ts) and tells it what to
// answer, call by call; `calls` lists every call the mock received, in order.
import { Worker } from 'node:worker_threads';

/** What the mock does with one call: its ordinary answer, this answer, or a stall before its ordinary answer. */
export type Step = 'ordinary' | { stallMs: number } | { status: number; body?: unknown; headers?: Record<string, string>; echo?: boolean };

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
  /** Replaces the script and forgets the calls. */
  script(script: Script): Promise<void>;
  close(): Promise<void>;
}

export function startScriptedMock(): Promise<ScriptedMock> {
  const worker = new Worker(new URL('./scripted-mock-worker.ts', import.meta.url));
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
