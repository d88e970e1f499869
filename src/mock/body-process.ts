// Child process of the big-body pool (big-bodies.ts): parses a large JSON body and checks it
// against its operation's schema outside the mock's process, so a hostile 1 MiB body holds
// up no call that arrives meanwhile, and the memory its parse took goes back to the system
// the moment the process exits. Same validators as the front (validators.ts).
import { limitBroken } from '../lib/limits.ts';
import { secretsOf } from '../request-secrets.ts';
import type { BigBodyMessage, BigBodyVerdict, BigBodyStart } from './big-bodies.ts';
import { RouteTable, type MockOperation } from './routes.ts';
import { compileBodyValidator, validatorCompilers, type BodyValidator, type ValidatorCompilers } from './validators.ts';
import { invalidUtf8, jsonSyntaxReason, jsonText } from './wire.ts';

let byKey = new Map<string, MockOperation>();
let compilers: ValidatorCompilers | undefined;
const validators = new Map<MockOperation, BodyValidator>();
/** Bodies arriving: their operation and the pieces so far. */
const jobs = new Map<number, { operation?: string; chunks: Uint8Array[] }>();

function check(id: number, operation: string | undefined, chunks: Uint8Array[]): BigBodyVerdict {
  const bytes = Buffer.concat(chunks);
  const badText = invalidUtf8(bytes);
  if (badText) return { id, kind: 'bad-text', detail: badText };
  try {
    const body: unknown = JSON.parse(jsonText(bytes));
    // LIMITS before validation, as the decision core applies them to a body it parses itself.
    const broken = limitBroken(body);
    if (broken) return { id, kind: 'limit', detail: broken.detail };
    const op = operation === undefined ? undefined : byKey.get(operation);
    if (!op || !compilers) return { id, kind: 'parsed' };
    let validator = validators.get(op);
    if (!validator) validators.set(op, (validator = compileBodyValidator(compilers, op)));
    const result = validator(body);
    // The body's secrets go with its violations: the mock never holds this body, and its problem must not quote them.
    return result ? { id, kind: 'invalid', check: result, secrets: secretsOf({}, body) } : { id, kind: 'parsed' };
  } catch (error) {
    return { id, kind: 'bad-json', reason: jsonSyntaxReason(error as Error) };
  }
}

process.on('message', (message: BigBodyStart | BigBodyMessage) => {
  if ('documents' in message) {
    const routes = new RouteTable(message.documents);
    byKey = new Map(routes.operations.map((op) => [`${op.method} ${op.template}`, op]));
    compilers = validatorCompilers(message.documents);
  } else if ('chunk' in message) jobs.get(message.id)?.chunks.push(message.chunk);
  else if ('abort' in message) jobs.delete(message.id);
  else if ('end' in message) {
    const job = jobs.get(message.id);
    jobs.delete(message.id);
    if (job) process.send?.(check(message.id, job.operation, job.chunks));
  } else jobs.set(message.id, { ...(message.operation ? { operation: message.operation } : {}), chunks: [] });
});
// The mock going away (its IPC channel closing) ends this process too.
process.on('disconnect', () => process.exit(0));
