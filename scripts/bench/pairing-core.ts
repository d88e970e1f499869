// What pairing costs a call it does not change, measured where it is paid: the mock's decision
// core, in this process, with no socket. Two contracts of the same documents, one holding a
// fixture folder none of the calls matches; each round decides every sample call on both, in
// turn, and the ratio is taken within the round. Over HTTP the same difference is within the
// rounds' spread (the mock rows); here it is measured to about a percent.
import { isUtf8 } from 'node:buffer';
import { LocalAnswers } from '../../src/mock/answers.ts';
import { refuseNulls } from '../../src/mock/behaviours.ts';
import { MockContract } from '../../src/mock/contract.ts';
import { type DecideOptions, type DecisionRequest, decide } from '../../src/mock/decide.ts';
import { createRequestLog } from '../../src/mock/request-log.ts';
import { sessionRule } from '../../src/mock/session-rule.ts';
import { resolveSources } from '../../src/mock/sources.ts';
import { jsonText, RequestBody } from '../../src/mock/wire.ts';
import type { SampleCall } from '../lib/sample-request.ts';
import { type Paired, summarise } from '../lib/stats.ts';

const CALLS_PER_ROUND = 100_000;

/** As the mock's front hands a call to the core: Node's isUtf8 and decoder, the session rule, the observed behaviours' screen. */
function optionsFor(contract: MockContract): DecideOptions {
  return {
    isUtf8,
    jsonText,
    respond: sessionRule(() => contract.routes),
    screen: (op, body) => refuseNulls(op, body, true),
  };
}

async function contractOf(rootDir: string, cacheDir: string, fixtures?: string): Promise<MockContract> {
  const sources = await resolveSources({ rootDir });
  const contract = new MockContract(sources.documents, sources.familyIds, {
    reference: false,
    startCache: sources.startCache,
    localAnswers: new LocalAnswers(cacheDir),
    log: createRequestLog('silent', { write: () => undefined }),
  });
  if (fixtures !== undefined) await contract.useFixtures(fixtures);
  await contract.prepare(sources.documents);
  return contract;
}

/** µs per decision over `CALLS_PER_ROUND` calls; every call must get the ordinary 200 (no pair). */
function perCall(contract: MockContract, options: DecideOptions, requests: DecisionRequest[]): number {
  const started = performance.now();
  for (let i = 0; i < CALLS_PER_ROUND; i++) {
    const decision = decide(contract, requests[i % requests.length]!, options);
    if (decision.kind !== 'send' || decision.status !== 200 || 'x-mock-example' in decision.headers)
      throw new Error(`pairing bench: a sample call got ${decision.kind} ${decision.kind === 'send' ? decision.status : ''}`);
  }
  return ((performance.now() - started) * 1000) / CALLS_PER_ROUND;
}

/** A = the core without pairs, B = with a pair no call matches; µs per call. */
export async function benchPairingCore(
  rootDir: string,
  calls: SampleCall[],
  fixtures: string,
  cacheDir: string,
  rounds = 10,
): Promise<Paired> {
  const plain = await contractOf(rootDir, cacheDir);
  const paired = await contractOf(rootDir, cacheDir, fixtures);
  const requests: DecisionRequest[] = calls.map((c) => {
    const bytes = Buffer.from(JSON.stringify(c.body));
    return {
      method: 'POST',
      target: c.path,
      headers: {
        host: '127.0.0.1',
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(bytes.length),
        'developer-token': '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
        'developer-access-code': 'QUNDRVNTLUNPREU=',
      },
      body: new RequestBody([bytes], bytes.length),
    };
  });
  const sides: Array<[MockContract, DecideOptions]> = [
    [plain, optionsFor(plain)],
    [paired, optionsFor(paired)],
  ];
  // Warm: both sides compiled and optimised before any round counts.
  for (const [contract, options] of sides) perCall(contract, options, requests);
  const a: number[] = [];
  const b: number[] = [];
  for (let round = 0; round < rounds; round++) {
    // Each round starts with the other side: a side's place in the round lands on neither.
    const first = round % 2;
    const times = [0, 0];
    for (const k of [first, 1 - first]) times[k] = perCall(sides[k]![0], sides[k]![1], requests);
    a.push(times[0]!);
    b.push(times[1]!);
  }
  return { a: summarise(a), b: summarise(b), ratio: summarise(b.map((v, i) => v / a[i]!)) };
}
