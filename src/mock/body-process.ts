// Child process of the big-body pool (big-bodies.ts): parses a large JSON body and checks it
// against its operation's schema outside the mock's process, so a hostile 1 MiB body holds
// up no call that arrives meanwhile, and the memory its parse took goes back to the system
// the moment the process exits. Same validators as the front (validators.ts).
import type { BigBodyJob, BigBodyVerdict, BigBodyStart } from './big-bodies.ts';
import { RouteTable, type MockOperation } from './routes.ts';
import { compileBodyValidator, validatorCompilers, type BodyValidator, type ValidatorCompilers } from './validators.ts';
import { jsonSyntaxReason, jsonText } from './wire.ts';

let byKey = new Map<string, MockOperation>();
let compilers: ValidatorCompilers | undefined;
const validators = new Map<MockOperation, BodyValidator>();

function check(job: BigBodyJob): BigBodyVerdict {
  try {
    const body: unknown = JSON.parse(jsonText(job.bytes));
    const op = job.operation === undefined ? undefined : byKey.get(job.operation);
    if (!op || !compilers) return { id: job.id, kind: 'parsed' };
    let validator = validators.get(op);
    if (!validator) validators.set(op, (validator = compileBodyValidator(compilers, op)));
    const result = validator(body);
    return result ? { id: job.id, kind: 'invalid', check: result } : { id: job.id, kind: 'parsed' };
  } catch (error) {
    return { id: job.id, kind: 'bad-json', reason: jsonSyntaxReason(error as Error) };
  }
}

process.on('message', (message: BigBodyStart | BigBodyJob) => {
  if ('documents' in message) {
    const routes = new RouteTable(message.documents);
    byKey = new Map(routes.operations.map((op) => [`${op.method} ${op.template}`, op]));
    compilers = validatorCompilers(message.documents);
    return;
  }
  process.send?.(check(message));
});
// The mock going away (its IPC channel closing) ends this process too.
process.on('disconnect', () => process.exit(0));
