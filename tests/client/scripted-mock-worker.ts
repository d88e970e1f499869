// The real mock (`startMock` with a `respond`), in a worker thread so that a scripted
// hold blocks the mock and never the test: a responder is synchronous, and a hold (until
// the test releases it) is the only way the mock can answer too late. Each call is posted to the test, so it counts the
// calls the mock received. Script: per operation, one step per call (the last repeats).
import { parentPort, workerData } from 'node:worker_threads';
import { readFamilies } from '../../scripts/lib/families.ts';
import type { MockCall, MockDecision } from '../../src/mock/responder.ts';
import { startMock } from '../../src/mock/server.ts';
import { encodedEchoes } from '../reliability/faults.ts';
import { rootDir } from '../support/bundle.ts';
import type { Script } from './scripted-mock.ts';

const port = parentPort;
if (!port) throw new Error('scripted-mock-worker runs as a worker thread');
let script: Script = {};
const seen = new Map<string, number>();
const { hold } = workerData as { hold: Int32Array };
// A ceiling only, never reached when all is well: a test that fails before its release() does not hang the worker.
const HOLD_CEILING_MS = 120_000;

function respond(call: MockCall): MockDecision | undefined {
  const n = seen.get(call.path) ?? 0;
  seen.set(call.path, n + 1);
  port?.postMessage({ type: 'call', operation: call.operation, path: call.path, body: call.body });
  const steps = script[call.path];
  const step = steps?.[Math.min(n, steps.length - 1)];
  if (step === undefined || step === 'ordinary') return undefined;
  if ('hold' in step) {
    Atomics.wait(hold, 0, 0, HOLD_CEILING_MS);
    Atomics.store(hold, 0, 0);
    return undefined;
  }
  if (!step.echo) return { kind: 'answer', status: step.status, body: step.body ?? {}, ...(step.headers ? { headers: step.headers } : {}) };
  // The request as the mock got it (body with the password, headers with the developer
  // token and access code), in every encoding the client's fault suite echoes, in the body
  // and in a header.
  const echoed = encodedEchoes(`${JSON.stringify(call.body)}\n${JSON.stringify(call.headers)}`);
  return {
    kind: 'answer',
    status: step.status,
    body: { ...(step.body as object | undefined), echoed },
    headers: { ...step.headers, 'x-echo': `${call.headers['developer-access-code']} ${call.headers['developer-token']}` },
  };
}

port.on('message', (message: { type: 'script'; script: Script } | { type: 'ping' }) => {
  // A pong follows every call message posted before it: the test then has them all.
  if (message.type === 'ping') return port.postMessage({ type: 'pong' });
  script = message.script;
  seen.clear();
  port.postMessage({ type: 'scripted' });
});

const families = (await readFamilies(rootDir)).map((family) => family.id);
const mock = await startMock({ rootDir, families, port: 0, logLevel: 'silent', respond });
port.postMessage({ type: 'ready', url: mock.url });
