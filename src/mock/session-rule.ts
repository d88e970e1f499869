// Part 5, item 6 and Part 7: on the legacy no-session service, a body without `Login` and
// without a valid session is answered with `SessaoExpirada: true`. The contract accepts
// such a body (the `RequisicaoSemLogin` alternative of the operation's body) and declares
// the answer as its 200 example `sessaoExpirada`; this responder sends that example, so
// the body and the status are the contract's own. The mock keeps no session, so no
// session is ever valid here.
import { isObject, followRefs } from '../lib/refs.ts';
import type { MockOperation, RouteTable } from './routes.ts';
import type { MockCall, MockDecision, MockResponder } from './responder.ts';

/** The legacy no-session service, where the rule applies. */
const NO_SESSION_PREFIX = '/AereoNoSession.svc/';
/** The name the contract gives the answer, under each operation's 200 response. */
export const EXAMPLE = 'sessaoExpirada';
export const STATUS = 200;

/** The operation's `sessaoExpirada` answer, or null when it declares none (cached per operation). */
const answers = new WeakMap<MockOperation, { value: unknown } | null>();

function declaredAnswer(op: MockOperation): { value: unknown } | null {
  let found = answers.get(op);
  if (found !== undefined) return found;
  found = null;
  const paths = isObject(op.doc.paths) ? op.doc.paths : {};
  const item = followRefs(op.doc, paths[op.template]);
  const operation = isObject(item) ? followRefs(op.doc, item[op.method]) : undefined;
  const responses = isObject(operation) && isObject(operation.responses) ? operation.responses : {};
  const response = followRefs(op.doc, responses[String(STATUS)]);
  const media = isObject(response) && isObject(response.content) ? followRefs(op.doc, response.content['application/json']) : undefined;
  const example = isObject(media) && isObject(media.examples) ? followRefs(op.doc, media.examples[EXAMPLE]) : undefined;
  if (isObject(example) && isObject(example.value) && example.value.SessaoExpirada === true) found = { value: example.value };
  answers.set(op, found);
  return found;
}

/**
 * The same answer from a door that holds the rendered answers but not the examples (the MSW
 * handlers' compiled contract): the `sessaoExpirada` example of the 200 answer, as rendered.
 */
export function renderedSessionAnswer(rendered: (op: MockOperation) => string | undefined) {
  return (op: MockOperation): { value: unknown } | null => {
    const text = rendered(op);
    if (text === undefined) return null;
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && (value as { SessaoExpirada?: unknown }).SessaoExpirada === true
      ? { value }
      : null;
  };
}

/** A body the rule answers: a JSON object with no `Login` member. */
function withoutLogin(body: unknown): boolean {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && !Object.hasOwn(body, 'Login');
}

/**
 * The rule as a responder, asked like any other after the body passed validation; the
 * next responder (the flows, or the caller's own) is asked for every other call.
 */
export function sessionRule(
  routes: () => RouteTable,
  next?: MockResponder,
  answerOf: (op: MockOperation) => { value: unknown } | null = declaredAnswer,
): MockResponder {
  return (call: MockCall): MockDecision | undefined => {
    if (call.path.startsWith(NO_SESSION_PREFIX) && withoutLogin(call.body)) {
      const op = routes().lookup(call.path)?.byMethod.get(call.method.toLowerCase());
      const answer = op ? answerOf(op) : null;
      if (answer) return { kind: 'answer', status: STATUS, body: answer.value };
    }
    return next?.(call);
  };
}
