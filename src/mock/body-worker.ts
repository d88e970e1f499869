// Worker thread of the big-body pool: parses a large JSON body and checks it against
// its operation's schema off the main thread, so a hostile 1 MiB body does not hold
// up the calls that arrive meanwhile. Same validators as the front (validators.ts).
import { parentPort, workerData } from 'node:worker_threads';
import type { FamilyDocument } from './join.ts';
import { RouteTable, type MockOperation } from './routes.ts';
import { compileBodyValidator, validatorCompilers, type BodyValidator } from './validators.ts';
import type { BigBodyJob, BigBodyVerdict } from './big-bodies.ts';
import { jsonSyntaxReason, jsonText } from './wire.ts';

const documents = (workerData as { documents: FamilyDocument[] }).documents;
const routes = new RouteTable(documents);
const byKey = new Map(routes.operations.map((op) => [`${op.method} ${op.template}`, op]));
const compilers = validatorCompilers(documents);
const validators = new Map<MockOperation, BodyValidator>();

parentPort!.on('message', (job: BigBodyJob) => {
  let verdict: BigBodyVerdict;
  try {
    const body: unknown = JSON.parse(jsonText(new Uint8Array(job.bytes)));
    const op = job.operation === undefined ? undefined : byKey.get(job.operation);
    if (!op) verdict = { id: job.id, kind: 'parsed' };
    else {
      let validator = validators.get(op);
      if (!validator) validators.set(op, (validator = compileBodyValidator(compilers, op)));
      const check = validator(body);
      verdict = check ? { id: job.id, kind: 'invalid', check } : { id: job.id, kind: 'parsed' };
    }
  } catch (error) {
    verdict = { id: job.id, kind: 'bad-json', reason: jsonSyntaxReason(error as Error) };
  }
  parentPort!.postMessage(verdict);
});
