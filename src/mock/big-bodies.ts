// A small pool of child processes for large bodies (body-process.ts beside it): started on
// the first large body, ended after 1 s without work. A process, not a worker thread: a
// worker's heap stayed resident for seconds after it ended (a hostile burst left the mock
// at several times its idle memory), while an exited process gives everything back at once.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FamilyDocument } from './join.ts';
import type { BodyCheck } from './validators.ts';

/** Bodies from this size are parsed and checked outside the mock's process. */
export const BIG_BODY_BYTES = 256 * 1024;
const PROCESSES = 2;
const IDLE_MS = 1_000;

export interface BigBodyStart {
  documents: FamilyDocument[];
}

export interface BigBodyJob {
  id: number;
  bytes: Uint8Array;
  /** `method template` of the operation to check the body against; parsed only when absent. */
  operation?: string;
}

export type BigBodyVerdict =
  | { id: number; kind: 'bad-json'; reason: string }
  | { id: number; kind: 'invalid'; check: BodyCheck }
  | { id: number; kind: 'parsed' };

interface Slot {
  child: ChildProcess;
  pending: Map<number, (verdict: BigBodyVerdict) => void>;
  idle?: NodeJS.Timeout;
}

const MODULE = fileURLToPath(new URL(`./body-process${import.meta.url.slice(import.meta.url.lastIndexOf('.'))}`, import.meta.url));

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
    return new Promise<BigBodyVerdict>((resolve) => {
      slot.pending.set(id, resolve);
      const job: BigBodyJob = { id, bytes: raw, ...(operation ? { operation } : {}) };
      slot.child.send(job, (error) => {
        if (error) this.#end(slot);
      });
    });
  }

  #slot(): Slot {
    if (this.#slots.length < PROCESSES) {
      // No flags of ours (a test runner's loaders, inspectors): the child runs this file alone.
      const child = fork(MODULE, [], { serialization: 'advanced', execArgv: [], stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
      const slot: Slot = { child, pending: new Map() };
      child.send({ documents: this.#documents } satisfies BigBodyStart);
      child.on('message', (verdict: BigBodyVerdict) => {
        slot.pending.get(verdict.id)?.(verdict);
        slot.pending.delete(verdict.id);
        if (slot.pending.size === 0) slot.idle = setTimeout(() => this.#end(slot), IDLE_MS).unref();
      });
      child.on('error', () => this.#end(slot));
      child.on('exit', () => this.#end(slot));
      child.unref();
      // The IPC channel would hold the mock's event loop open otherwise.
      (child.channel as { unref?: () => void } | null | undefined)?.unref?.();
      this.#slots.push(slot);
      return slot;
    }
    return this.#slots.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
  }

  #end(slot: Slot): void {
    const at = this.#slots.indexOf(slot);
    if (at >= 0) this.#slots.splice(at, 1);
    clearTimeout(slot.idle);
    // A process that failed leaves its jobs to the main thread.
    for (const resolve of slot.pending.values()) resolve({ id: -1, kind: 'parsed' });
    slot.pending.clear();
    if (slot.child.connected) slot.child.disconnect();
    if (slot.child.exitCode === null && slot.child.signalCode === null) slot.child.kill();
  }

  close(): void {
    for (const slot of [...this.#slots]) this.#end(slot);
  }
}
