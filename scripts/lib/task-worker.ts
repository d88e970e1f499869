// A worker thread dedicated to one kind of job. It is started early so it loads its
// tools (Spectral, TypeScript, Redoc) on the second core while the main thread lints
// and bundles; jobs are sent to it later, when their inputs exist. Three of these run
// per build, one job kind each, so a pool library would be more than this needs.
import { parentPort, Worker, workerData } from 'node:worker_threads';

interface Request<In> {
  id: number;
  input: In;
}

type Reply<Out> = { id: number; ok: true; value: Out } | { id: number; ok: false; message: string } | { ready: true };

export class TaskWorker<In, Out> {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (value: Out) => void; reject: (error: Error) => void }>();
  #next = 0;
  #ended: Error | undefined;
  /** Settles when the worker has loaded its tools (or failed to). */
  readonly ready: Promise<void>;

  constructor(module: URL, data: unknown) {
    // A larger young generation: the jobs allocate many short-lived objects, and the
    // default left about a tenth of the TypeScript worker's time (CPU profile) to the collector.
    this.#worker = new Worker(module, { workerData: data, resourceLimits: { maxYoungGenerationSizeMb: 64 } });
    const { promise, resolve } = Promise.withResolvers<void>();
    this.ready = promise;
    this.#worker.on('exit', () => resolve());
    this.#worker.on('message', (reply: Reply<Out>) => {
      if ('ready' in reply) return resolve();
      const waiting = this.#pending.get(reply.id);
      this.#pending.delete(reply.id);
      if (reply.ok) waiting?.resolve(reply.value);
      else waiting?.reject(new Error(reply.message));
    });
    this.#worker.on('error', (error) => this.#end(error));
    this.#worker.on('exit', (code) => this.#end(new Error(`the ${module.pathname.split('/').pop()} worker exited (code ${code})`)));
  }

  /** The first cause wins: after close(), the exit that follows is not the reason. */
  #end(error: Error): void {
    this.#ended ??= error;
    for (const waiting of this.#pending.values()) waiting.reject(this.#ended);
    this.#pending.clear();
  }

  run(input: In): Promise<Out> {
    if (this.#ended) return Promise.reject(this.#ended);
    const id = this.#next++;
    return new Promise<Out>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ id, input } satisfies Request<In>);
    });
  }

  /** Stops the thread; jobs still running are abandoned. */
  async close(): Promise<void> {
    this.#ended ??= new Error('the worker was closed');
    await this.#worker.terminate();
  }
}

/**
 * Inside the worker: answers each job with `handle`, one at a time (the work is
 * synchronous CPU, so running two at once on one thread would gain nothing). `ready`
 * is the worker's loading of its tools: the parent hears when it has settled, and a
 * job that needs a tool awaits it, so a failed load fails that job.
 */
export function serveTasks<In, Out>(ready: Promise<unknown>, handle: (input: In) => Promise<Out>): void {
  const port = parentPort;
  if (!port) throw new Error('serveTasks() runs inside a worker thread');
  const announce = () => port.postMessage({ ready: true } satisfies Reply<Out>);
  ready.then(announce, announce);
  let queue: Promise<unknown> = Promise.resolve();
  port.on('message', ({ id, input }: Request<In>) => {
    queue = queue.then(async () => {
      try {
        port.postMessage({ id, ok: true, value: await handle(input) } satisfies Reply<Out>);
      } catch (error) {
        port.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) } satisfies Reply<Out>);
      }
    });
  });
}

/** The data the worker was started with. */
export function taskData<T>(): T {
  return workerData as T;
}
