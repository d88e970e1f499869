// A small pool of child processes for large bodies (body-process.ts beside it): started on
// the first large body, ended after 1 s without work. A process, not a worker thread: a
// worker's heap stayed resident for seconds after it ended (a hostile burst left the mock
// at several times its idle memory), while an exited process gives everything back at once.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { FamilyDocument } from './join.ts';
import type { BodyCheck } from './validators.ts';
import type { BodySink } from './wire.ts';

/** Bodies from this size are parsed and checked outside the mock's process. */
export const BIG_BODY_BYTES = 256 * 1024;
const PROCESSES = 2;
const IDLE_MS = 1_000;

export interface BigBodyStart {
  documents: FamilyDocument[];
}

/**
 * A body goes to its process in pieces as it arrives (a start, chunks, an end), so the mock
 * never joins it into one large buffer: after a burst of large bodies, buffers of a MiB
 * freed in the mock's process stayed resident (glibc keeps them for reuse).
 */
export type BigBodyMessage =
  | {
      id: number;
      /** `method template` of the operation to check the body against; parsed only when absent. */
      operation?: string;
    }
  | { id: number; chunk: Uint8Array }
  | { id: number; end: true }
  | { id: number; abort: true };

/** Pieces sent at most this large: each message's buffer stays in the allocator's small sizes. */
const MESSAGE_BYTES = 32 * 1024;

export type BigBodyVerdict =
  | { id: number; kind: 'bad-text'; detail: string }
  | { id: number; kind: 'bad-json'; reason: string }
  | { id: number; kind: 'limit'; detail: string }
  | { id: number; kind: 'invalid'; check: BodyCheck; secrets: string[] }
  | { id: number; kind: 'parsed' };

export interface BigBodyStream extends BodySink {
  /** The process's verdict once the body has ended (`parsed` too when the process failed: the mock checks it itself). */
  verdict: Promise<BigBodyVerdict>;
}

interface Slot {
  child: ChildProcess;
  pending: Map<number, (verdict: BigBodyVerdict) => void>;
  idle?: NodeJS.Timeout;
}

const MODULE = fileURLToPath(new URL(`./body-process${import.meta.url.slice(import.meta.url.lastIndexOf('.'))}`, import.meta.url));

type Collector = (options: { type: 'minor' }) => void;
let collector: Collector | undefined;
/**
 * V8's collector, asked for directly. The socket's pieces of a large body are freed only
 * when the collector runs, and V8 waits for tens of MiB of them first: freed that late,
 * they had spread the allocator's heap, which it kept (memory past 1.5x idle after a burst).
 */
function collectYoung(): void {
  if (!collector) {
    // The flag is on only while a fresh context picks the function up.
    setFlagsFromString('--expose-gc');
    collector = runInNewContext('gc') as Collector;
    setFlagsFromString('--no-expose-gc');
  }
  collector({ type: 'minor' });
}

export class BigBodyPool {
  readonly #slots: Slot[] = [];
  #next = 0;
  /** Bodies being received or checked, and those waiting for their turn. */
  #active = 0;
  readonly #waiting: Array<() => void> = [];
  #closed = false;
  readonly #documents: FamilyDocument[];
  constructor(documents: FamilyDocument[]) {
    this.#documents = documents;
  }

  /**
   * A body to hand over as it arrives; its verdict comes once it has ended. One body per
   * process at a time: the others wait here, unread (their bytes stay in the sockets), so
   * the mock holds at most PROCESSES large bodies whatever the number sent at once.
   */
  async open(operation: string | undefined): Promise<BigBodyStream> {
    if (this.#active >= PROCESSES) await new Promise<void>((admit) => this.#waiting.push(admit));
    // A pool closed meanwhile (the contract was swapped): the mock checks the body itself.
    if (this.#closed)
      return { verdict: Promise.resolve({ id: -1, kind: 'parsed' }), write: () => undefined, end: () => undefined, abort: () => undefined };
    this.#active++;
    const slot = this.#slot();
    clearTimeout(slot.idle);
    const id = this.#next++;
    let settle: (verdict: BigBodyVerdict) => void = () => undefined;
    const verdict = new Promise<BigBodyVerdict>((resolve) => {
      settle = (v) => {
        resolve(v);
        this.#active--;
        this.#waiting.shift()?.();
        collectYoung();
      };
    });
    slot.pending.set(id, settle);
    const send = (message: BigBodyMessage) => {
      if (!slot.child.connected) return;
      slot.child.send(message, (error) => {
        if (error) this.#end(slot);
      });
    };
    send({ id, ...(operation ? { operation } : {}) });
    return {
      verdict,
      write: (chunk) => {
        for (let at = 0; at < chunk.length; at += MESSAGE_BYTES) send({ id, chunk: chunk.subarray(at, at + MESSAGE_BYTES) });
      },
      end: () => send({ id, end: true }),
      abort: () => {
        send({ id, abort: true });
        slot.pending.get(id)?.({ id: -1, kind: 'parsed' });
        slot.pending.delete(id);
        this.#idleWhenDone(slot);
      },
    };
  }

  #idleWhenDone(slot: Slot): void {
    if (slot.pending.size === 0 && this.#slots.includes(slot)) slot.idle = setTimeout(() => this.#end(slot), IDLE_MS).unref();
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
        this.#idleWhenDone(slot);
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
    this.#closed = true;
    for (const admit of this.#waiting.splice(0)) admit();
    for (const slot of [...this.#slots]) this.#end(slot);
  }
}
