// A small pool of worker threads for large bodies (body-worker.ts beside it):
// started on the first large body, ended after 1 s without work so the memory a hostile
// burst took goes back to the system with them.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FamilyDocument } from './join.ts';
import type { BodyCheck } from './validators.ts';

/** Bodies from this size are parsed and checked off the main thread. */
export const BIG_BODY_BYTES = 256 * 1024;
const WORKERS = 2;
const IDLE_MS = 1_000;

export interface BigBodyJob {
  id: number;
  bytes: ArrayBuffer;
  /** `method template` of the operation to check the body against; parsed only when absent. */
  operation?: string;
}

export type BigBodyVerdict =
  | { id: number; kind: 'bad-json'; reason: string }
  | { id: number; kind: 'invalid'; check: BodyCheck }
  | { id: number; kind: 'parsed' };

interface Slot {
  worker: Worker;
  pending: Map<number, (verdict: BigBodyVerdict) => void>;
  idle?: NodeJS.Timeout;
}

export class BigBodyPool {
  readonly #slots: Slot[] = [];
  #next = 0;
  readonly #documents: FamilyDocument[];
  constructor(documents: FamilyDocument[]) {
    this.#documents = documents;
  }

  check(raw: Buffer, operation: string | undefined): Promise<BigBodyVerdict> {
    const slot = this.#slot();
    clearTimeout(slot.idle);
    const id = this.#next++;
    // A copy the worker owns (the request's buffer may be a slice of a shared pool).
    const bytes = new Uint8Array(raw).buffer;
    return new Promise<BigBodyVerdict>((resolve) => {
      slot.pending.set(id, resolve);
      slot.worker.postMessage({ id, bytes, ...(operation ? { operation } : {}) } satisfies BigBodyJob, [bytes]);
    });
  }

  #slot(): Slot {
    if (this.#slots.length < WORKERS) {
      const slot: Slot = {
        worker: new Worker(new URL(`./body-worker${path.extname(import.meta.url)}`, import.meta.url), {
          workerData: { documents: this.#documents },
        }),
        pending: new Map(),
      };
      slot.worker.on('message', (verdict: BigBodyVerdict) => {
        slot.pending.get(verdict.id)?.(verdict);
        slot.pending.delete(verdict.id);
        if (slot.pending.size === 0) slot.idle = setTimeout(() => this.#end(slot), IDLE_MS).unref();
      });
      slot.worker.on('error', () => this.#end(slot));
      slot.worker.unref();
      this.#slots.push(slot);
      return slot;
    }
    return this.#slots.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
  }

  #end(slot: Slot): void {
    const at = this.#slots.indexOf(slot);
    if (at >= 0) this.#slots.splice(at, 1);
    clearTimeout(slot.idle);
    // A worker that failed leaves its jobs to the main thread.
    for (const resolve of slot.pending.values()) resolve({ id: -1, kind: 'parsed' });
    slot.pending.clear();
    void slot.worker.terminate();
  }

  close(): void {
    for (const slot of [...this.#slots]) this.#end(slot);
  }
}
