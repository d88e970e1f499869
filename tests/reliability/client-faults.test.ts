// Issue 9, item 2: the client against a local server that misbehaves on purpose (resets,
// stalls, 5xx, HTML, truncated or empty JSON, schema-breaking answers, redirects). Every
// fault, on operations of all five families, must give a typed error naming the
// operation, with no secret in any text the error can show, no log line and no
// unhandled rejection; a stalled call ends by its time limit.
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { rootDir } from '../support/bundle.ts';
import { faultedCall, problemsOf, type Canaries, type Limit } from './fault-calls.ts';
import { concretePath, faultOperations, type FaultOperation } from './fault-operations.ts';
import { startFaultServer, type FaultServer } from './fault-server.ts';
import { buildFaults, type Fault, type FaultKind } from './faults.ts';
import { secretForms, textsOf } from './leak-scan.ts';
import { inPool } from './exchange.ts';
import { LONG_SECRET } from '../../src/redact.ts';

const operations = await faultOperations(rootDir);
const byPath = new Map(operations.map((op) => [concretePath(op), op]));
const byTemplate = new Map(operations.map((op) => [op.template, op]));
const faults = buildFaults((path) => {
  const op = byPath.get(path);
  if (!op) throw new Error(`no operation at ${path}`);
  return op;
});
const FAMILIES = ['v2-pt', 'legacy', 'v1', 'v2-en', 'v3'];
const applicable = (fault: Fault) => operations.filter((op) => fault.appliesTo?.(op) ?? true);

/** Calls in flight at once (2 shared cores). */
const IN_FLIGHT = 4;
/** Limit of a call that must not stall: reaching it is a hang, and a failure (never reached when all is well: room for busy cores). */
const NO_STALL_MS = 30_000;
// A bound on a hang too: each test makes many real calls, which on two busy cores overran 30 s.
vi.setConfig({ testTimeout: 120_000 });
/** Limit of a call the server stalls: short, so the suite stays quick. */
// Real time stays: a stalled fault never answers, so only the limit can end it (no race), and the caller's own AbortSignal.timeout and abort timer are under test.
const STALL_MS = { min: 200, max: 400 };

const NEUTRAL: Canaries = {
  senha: 'CANARY-SENHA-5b1e',
  userSenha: 'CANARY-USUARIO-3f0a',
  securityToken: 'CANARY-TOKEN-77c2',
  sessionToken: 'CANARY-SESSAO-0d9e',
  accessCode: 'Q0FOQVJZLUFDQ0VTUy1jb2Rl',
};

// ---- what the suite watches besides the errors ---------------------------------------

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
const warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);
const CONSOLE_METHODS = ['log', 'info', 'warn', 'error', 'debug', 'trace', 'dir', 'table'] as const;
const consoleCalls: unknown[][] = [];

const tally = {
  calls: 0,
  byKind: new Map<FaultKind, number>(),
  byFault: new Map<string, number>(),
  byFamily: new Map<string, number>(),
  byError: new Map<string, number>(),
};
const operationsHit = new Set<FaultOperation>();
const bump = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

let server: FaultServer;
/** Text the errors show whatever the secrets are (messages, stacks, markers): a canary found in it would prove nothing. */
let noise = '';

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  process.on('warning', onWarning);
  server = await startFaultServer(new Map(faults.map((f) => [f.id, f.handle])));
  // One call per fault with fixed canaries gives the text errors show regardless of secrets.
  const samples = await inPool(faults, IN_FLIGHT, (fault) =>
    faultedCall(server, fault, applicable(fault)[0]!, NEUTRAL, { where: 'call', ms: fault.stalls ? STALL_MS.min : NO_STALL_MS }),
  );
  noise = `[redacted]\n${samples.flatMap((s) => textsOf(s.error)).join('\n')}`;
});

afterAll(async () => {
  await server?.close();
  // Let any late rejection or warning surface before judging.
  // real time: a moment for a late rejection or warning of real sockets to surface, not a deadline.
  await new Promise((resolve) => setTimeout(resolve, 100));
  process.off('unhandledRejection', onUnhandled);
  process.off('warning', onWarning);
  expect(unhandled.map(String)).toEqual([]);
  // No process warning either (a listener leak on signals, say), so none can hold a secret.
  expect(warnings.map((w) => `${w.name}: ${w.message}`)).toEqual([]);
});

beforeEach(() => {
  consoleCalls.length = 0;
  for (const method of CONSOLE_METHODS) vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void consoleCalls.push(args));
});

afterEach(() => {
  vi.restoreAllMocks();
  // The client writes no log line at all, so none can hold a secret.
  expect(consoleCalls.map((args) => args.map(String).join(' '))).toEqual([]);
});

/** Runs calls a few at a time, tallies them, and returns every problem found. */
async function run(calls: { fault: Fault; op: FaultOperation; canaries: Canaries; limit: Limit }[]): Promise<string[]> {
  const outcomes = await inPool(calls, IN_FLIGHT, (c) => faultedCall(server, c.fault, c.op, c.canaries, c.limit));
  const problems = calls.flatMap((c, i) => {
    const outcome = outcomes[i]!;
    tally.calls++;
    bump(tally.byKind, c.fault.kind);
    bump(tally.byFault, c.fault.id);
    bump(tally.byFamily, c.op.family);
    bump(tally.byError, outcome.error instanceof Error ? outcome.error.name : 'no error');
    operationsHit.add(c.op);
    return problemsOf(server, c.fault, c.op, c.canaries, c.limit, outcome).map(
      (p) => `${c.fault.id} on ${c.op.family} ${c.op.template} (${c.limit.where} ${c.limit.ms} ms, canaries ${shape(c.canaries)}): ${p}`,
    );
  });
  // A stalled call must really be abandoned: the client hangs up, the server sees every response close.
  if (!(await server.allClosed(3_000))) problems.push('a response was still open 3 s after its call ended');
  return problems;
}

/** Fails with the first few problems, if any. */
function expectNone(problems: string[]): void {
  if (problems.length > 0) throw new Error(`${problems.length} problem(s):\n${problems.slice(0, 8).join('\n')}`);
}

/** The canaries, short enough to read in a failure message. */
function shape(canaries: Canaries): string {
  const short = (value: string) => JSON.stringify(value.length > 24 ? `${value.slice(0, 24)}…(${value.length})` : value);
  const { fragments = [], ...secrets } = canaries;
  return [
    ...Object.entries(secrets).map(([name, value]) => `${name}=${short(value)}`),
    ...fragments.map((f) => `fragment=${short(f)}`),
  ].join(' ');
}

test('the bundles give operations of all five families, and every fault applies somewhere', () => {
  expect([...new Set(operations.map((op) => op.family))].sort()).toEqual([...FAMILIES].sort());
  for (const fault of faults) expect(applicable(fault).length, fault.id).toBeGreaterThan(0);
});

describe('every fault on every operation it applies to (fixed canaries)', () => {
  test.each(faults.filter((f) => !f.stalls))('$id', async (fault) => {
    const calls = applicable(fault).map((op) => ({ fault, op, canaries: NEUTRAL, limit: { where: 'client' as const, ms: NO_STALL_MS } }));
    expectNone(await run(calls));
  });

  // Stalls cost their time limit each: one operation per family.
  test.each(faults.filter((f) => f.stalls))('$id, one operation per family', async (fault) => {
    const limits: Limit['where'][] = ['client', 'call', 'signal-timeout', 'signal-abort'];
    const calls = FAMILIES.map((family, i) => ({
      fault,
      op: applicable(fault).find((op) => op.family === family)!,
      canaries: NEUTRAL,
      limit: { where: limits[i % limits.length]!, ms: STALL_MS.min },
    }));
    expectNone(await run(calls));
  });
});

// ---- canaries of every shape -------------------------------------------------------

const ALNUM = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'];
// biome-ignore lint/suspicious/noTemplateCurlyInString: regex metacharacters, not a template.
const REGEX_META = [...'.*+?^${}()|[]\\/"\'`'];
const VISIBLE_ASCII = Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => String.fromCharCode(0x21 + i));

/** A secret of some shape: regex metacharacters, unicode, control characters, very short, very long. */
const secretText = fc.oneof(
  fc.string({ unit: fc.constantFrom(...REGEX_META, ...ALNUM), minLength: 6, maxLength: 40 }),
  fc.string({ unit: 'grapheme', minLength: 4, maxLength: 24 }),
  // One or two characters: non-ASCII only, since ASCII that short occurs in any stack trace.
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 2 }).filter((s) => [...s].some((c) => c.codePointAt(0)! > 0x7f)),
  fc.string({ unit: fc.constantFrom('\n', '\t', '\r', '\u0000', '\u001f', '\u2028', '\ud800', ...ALNUM), minLength: 6, maxLength: 30 }),
  // Past LONG_SECRET, where the redactor stops matching per character and looks its encodings up whole: from just past it.
  fc.string({ unit: fc.constantFrom(...REGEX_META, ...ALNUM, 'ç', 'ã', '€', '😀'), minLength: LONG_SECRET + 1, maxLength: 3_000 }),
);

/** An access code: what a header can carry, so Base64 (up to a 4096-bit key) or any visible ASCII. */
const accessCode = fc.oneof(
  fc.uint8Array({ minLength: 6, maxLength: 512 }).map((bytes) => Buffer.from(bytes).toString('base64')),
  fc.string({ unit: fc.constantFrom(...VISIBLE_ASCII), minLength: 8, maxLength: 64 }),
);

/** Whether a canary could be told from the text errors show anyway (else its absence proves nothing). */
function distinct(secret: string): boolean {
  // Letters only can spell a word any stack trace holds ("roperty" in "property"): no proof.
  if (/^[A-Za-z]+$/.test(secret)) return false;
  const marker = '[redacted]';
  // Redacting next to the marker could rebuild a canary that starts or ends like it.
  for (let n = 1; n < marker.length; n++) {
    if (secret.startsWith(marker.slice(-n)) || secret.endsWith(marker.slice(0, n))) return false;
  }
  return secretForms(secret).every((form) => !inNoise(form));
}

/** Every 8-character piece of `noise`, made once: most forms are told apart by their first 8 characters without a search of the whole noise. */
let noisePieces: Set<string> | undefined;
const PIECE = 8;

function inNoise(form: string): boolean {
  if (form.length < PIECE) return noise.includes(form);
  if (!noisePieces) {
    noisePieces = new Set();
    for (let at = 0; at + PIECE <= noise.length; at++) noisePieces.add(noise.slice(at, at + PIECE));
  }
  return noisePieces.has(form.slice(0, PIECE)) && noise.includes(form);
}

const canaries: fc.Arbitrary<Canaries> = fc
  .record({ senha: secretText, userSenha: secretText, securityToken: secretText, sessionToken: secretText, accessCode })
  // Secrets inside secrets: redacting the shorter one first would leave the rest of the longer.
  .chain((c) =>
    fc.constantFrom<Canaries>(
      c,
      { ...c, securityToken: `${c.securityToken}${c.senha}${c.securityToken}`, fragments: [c.securityToken] },
      { ...c, sessionToken: `${c.sessionToken}${c.accessCode}`, fragments: [c.sessionToken] },
    ),
  )
  .filter((c) => [c.senha, c.userSenha, c.securityToken, c.sessionToken, c.accessCode, ...(c.fragments ?? [])].every(distinct));

const limitFor = (fault: Fault): fc.Arbitrary<Limit> =>
  fc.record({
    where: fc.constantFrom<Limit['where']>('client', 'call', 'signal-timeout', 'signal-abort'),
    ms: fault.stalls ? fc.integer(STALL_MS) : fc.constant(NO_STALL_MS),
  });

describe('canaries of every shape never show (fast-check), one operation of each family per run', () => {
  test.each(faults)('$id', async (fault) => {
    const families = FAMILIES.filter((family) => applicable(fault).some((op) => op.family === family));
    // Picked by template (unique across families), so a counterexample reads as paths.
    const templates = fc.tuple(
      ...families.map((family) =>
        fc.constantFrom(
          ...applicable(fault)
            .filter((op) => op.family === family)
            .map((op) => op.template),
        ),
      ),
    );
    await fc.assert(
      fc.asyncProperty(canaries, templates, limitFor(fault), async (secrets, picked, limit) => {
        const calls = picked.map((template) => ({ fault, op: byTemplate.get(template)!, canaries: secrets, limit }));
        expectNone(await run(calls));
      }),
      // Each failure message names the fault, the operation and the canaries; shrinking
      // would re-run real calls for little gain.
      { numRuns: fault.stalls ? 3 : 6, endOnFailure: true },
    );
  });
});

test('figures', () => {
  vi.restoreAllMocks();
  const figures = {
    faults: faults.length,
    calls: tally.calls,
    byKind: Object.fromEntries(tally.byKind),
    byFamily: Object.fromEntries(tally.byFamily),
    byError: Object.fromEntries(tally.byError),
    operations: `${operationsHit.size} of ${operations.length}`,
    unhandledRejections: unhandled.length,
    warnings: warnings.length,
  };
  process.stdout.write(`client faults: ${JSON.stringify(figures)}\n`);
  expect(operationsHit.size, 'every operation met a fault (run the whole file, not a -t subset)').toBe(operations.length);
  expect(tally.byError.get('no error') ?? 0).toBe(0);
});
