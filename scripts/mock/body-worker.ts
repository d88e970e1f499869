// Worker thread of the big-body pool: parses a large JSON body and checks it against
// its operation's schema off the main thread, so a hostile 1 MiB body does not hold
// up the calls that arrive meanwhile. Same validators as the front (validators.ts).
import { parentPort, workerData } from 'node:worker_threads';
import type { FamilyDocument } from './join.ts';
import { RouteTable, type MockOperation } from './routes.ts';
import { compileBodyValidator, createAjv, namedKeysOf, type BodyValidator, type ValidatorCompilers } from './validators.ts';
import type { BigBodyJob, BigBodyVerdict } from './big-bodies.ts';

const documents = (workerData as { documents: FamilyDocument[] }).documents;
const routes = new RouteTable(documents);
const byKey = new Map(routes.operations.map((op) => [`${op.method} ${op.template}`, op]));
const once = <T>(make: () => T): (() => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};
const compilers: ValidatorCompilers = {
  all: once(() => createAjv(true)),
  first: once(() => createAjv(false)),
  namedKeys: once(() => namedKeysOf(documents)),
};
const validators = new Map<MockOperation, BodyValidator>();

/** The parser's reason without any excerpt of the body (see server.ts, jsonSyntaxReason). */
function reasonOf(error: Error): string {
  if (!/is not valid JSON$/.test(error.message)) return error.message;
  return /^Unexpected token '.'/su.exec(error.message)?.[0] ?? 'unexpected input';
}

parentPort!.on('message', (job: BigBodyJob) => {
  let verdict: BigBodyVerdict;
  try {
    const body: unknown = JSON.parse(Buffer.from(job.bytes).toString('utf8'));
    const op = job.operation === undefined ? undefined : byKey.get(job.operation);
    if (!op) verdict = { id: job.id, kind: 'parsed' };
    else {
      let validator = validators.get(op);
      if (!validator) validators.set(op, (validator = compileBodyValidator(compilers, op)));
      const check = validator(body);
      verdict = check ? { id: job.id, kind: 'invalid', check } : { id: job.id, kind: 'parsed' };
    }
  } catch (error) {
    verdict = { id: job.id, kind: 'bad-json', reason: reasonOf(error as Error) };
  }
  parentPort!.postMessage(verdict);
});
