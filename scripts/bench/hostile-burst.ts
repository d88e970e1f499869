// The hostile row measured from idle (issue 35): a fresh mock, its memory once it has
// answered one valid call and nothing else, then a 10 s burst of 8 concurrent near-cap
// hostile bodies (deep nesting, 200,000-item arrays, long strings, many keys) with valid
// calls sent meanwhile, and the mock's memory with its body processes 30 s later.
import { readFile } from 'node:fs/promises';
import { hostileBody, post, type Exchange } from '../gates/reliability/hostile.ts';
import { MAX_BODY_BYTES } from '../../src/mock/wire.ts';
import { CANARY_PASSWORD } from '../lib/contract.ts';

const BURST_MS = 10_000;
const CONCURRENCY = 8;
const SETTLE_MS = 30_000;
const VALID = { path: '/api/V2/Voos/Reservar', body: `{"Login":"agencia","Senha":"${CANARY_PASSWORD}"}` };

/** Resident memory of a process and its children (the mock's body processes), from /proc (MiB). */
export async function treeRssMiB(pid: number): Promise<number> {
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  const pids = [pid, ...children.split(/\s+/).filter(Boolean).map(Number)];
  const sizes = await Promise.all(
    pids.map(async (p) => {
      const status = await readFile(`/proc/${p}/status`, 'utf8').catch(() => '');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
    }),
  );
  return sizes.reduce((a, b) => a + b, 0);
}

/** The burst's bodies, each just under the cap. */
export function burstBodies(): Array<{ kind: string; path: string; body: string }> {
  const limit = MAX_BODY_BYTES - 64;
  const head = `{"Login":"agencia","Senha":"${CANARY_PASSWORD}","Localizador":"ABC123","Assentos":[`;
  // 200,000 strings where seat objects belong.
  const items = `${head}${'"xx",'.repeat(199_999)}"xx"]}`;
  // One string as long as fits, in a field the contract types as a string (a valid body: the mock parses and answers it).
  const long = `{"Login":"${'a'.repeat(limit - 40 - CANARY_PASSWORD.length)}","Senha":"${CANARY_PASSWORD}"}`;
  return [
    hostileBody('depth'),
    { kind: 'items', path: '/AereoNoSession.svc/MarcarAssentos', body: items },
    { kind: 'long-string', path: VALID.path, body: long },
    hostileBody('keys'),
  ];
}

export interface BurstFigures {
  idleMiB: number;
  peakMiB: number;
  after30MiB: number;
  sent: number;
  statuses: string;
  validCalls: number;
  validP50: number;
  validP99: number;
  validNon200: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
}

/** The burst against a mock that has answered one valid call and nothing else. */
export async function hostileBurstFromIdle(url: string, pid: number): Promise<BurstFigures> {
  const first = await post(url, VALID.path, VALID.body);
  if (first.status !== 200) throw new Error(`the fresh mock refused its first valid call: ${first.status}`);
  // A moment for the first call's work to settle, then idle.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const idleMiB = await treeRssMiB(pid);
  const bodies = burstBodies();
  for (const b of bodies) if (Buffer.byteLength(b.body) > MAX_BODY_BYTES) throw new Error(`burst body ${b.kind} is over the cap`);
  const end = performance.now() + BURST_MS;
  const statuses = new Map<number, number>();
  const valid: Exchange[] = [];
  let peakMiB = idleMiB;
  let sent = 0;
  const senders = Array.from({ length: CONCURRENCY }, async (_, i) => {
    for (let k = i; performance.now() < end; k++) {
      const b = bodies[k % bodies.length]!;
      const r = await post(url, b.path, b.body);
      sent++;
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    }
  });
  const caller = (async () => {
    while (performance.now() < end) {
      valid.push(await post(url, VALID.path, VALID.body));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const sampler = (async () => {
    while (performance.now() < end) {
      peakMiB = Math.max(peakMiB, await treeRssMiB(pid));
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  await Promise.all([...senders, caller, sampler]);
  peakMiB = Math.max(peakMiB, await treeRssMiB(pid));
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const after30MiB = await treeRssMiB(pid);
  const ms = valid.map((v) => v.ms).sort((a, b) => a - b);
  return {
    idleMiB,
    peakMiB,
    after30MiB,
    sent,
    statuses: [...statuses].map(([status, n]) => `${n}× ${status}`).join(', '),
    validCalls: valid.length,
    validP50: percentile(ms, 0.5),
    validP99: percentile(ms, 0.99),
    validNon200: valid.filter((v) => v.status !== 200).length,
  };
}
