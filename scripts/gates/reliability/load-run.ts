// A bounded load of mixed valid and invalid calls against a running mock (autocannon),
// with every answer checked against what its call deserves: 2xx for a valid call, the
// fitting 4xx with a readable problem body for an invalid one.
import autocannon from 'autocannon';
import {
  developerHeaders,
  JSON_CONTENT_TYPE,
  matchesAnyOperation,
  validBody,
  validCall,
  type ContractOperation,
  type HttpCall,
} from '../../lib/contract.ts';

export type CallKind =
  | 'valid'
  | 'no-developer-headers'
  | 'malformed-json'
  | 'wrong-type'
  | 'wrong-method'
  | 'unknown-path'
  | 'wrong-content-type';

export interface MixedCall extends HttpCall {
  kind: CallKind;
  operation: string;
  /** The status this call deserves. */
  expected: number;
}

/**
 * For every operation, its valid call and one call of each invalid kind that applies,
 * interleaved so that half the calls are valid and any stretch of the run mixes
 * operations, families and kinds.
 */
export function loadMix(ops: ContractOperation[]): MixedCall[] {
  const invalid: MixedCall[] = [];
  for (const op of ops) {
    const operation = `${op.family} ${op.name}`;
    const valid = validCall(op);
    const body = validBody(op);
    const add = (kind: CallKind, expected: number, call: Partial<HttpCall>) =>
      invalid.push({ ...valid, ...call, kind, operation, expected });
    if (op.securityHeaders) add('no-developer-headers', 401, { headers: { 'content-type': JSON_CONTENT_TYPE } });
    if (valid.body !== undefined) {
      add('malformed-json', 400, { body: valid.body.slice(0, -1) });
      // A body whose root is an array where the schema wants an object.
      if (body !== null && typeof body === 'object' && !Array.isArray(body)) add('wrong-type', 422, { body: JSON.stringify([body]) });
      add('wrong-content-type', 415, { headers: { ...developerHeaders(op), 'content-type': 'text/plain' } });
    }
    if (!op.pathMethods.includes('delete')) add('wrong-method', 405, { method: 'DELETE' });
    const unknown = `${op.path}/Desconhecida`;
    if (!matchesAnyOperation(ops, unknown)) add('unknown-path', 404, { path: unknown });
  }
  // Spread the invalid calls over operations (a fixed shuffle, so runs compare), one
  // valid call after each.
  const shuffled = invalid.map((call, i) => ({ call, key: (i * 2654435761) % 4294967296 })).sort((a, b) => a.key - b.key);
  const valids = ops.map((op) => ({ ...validCall(op), kind: 'valid' as const, operation: `${op.family} ${op.name}`, expected: 200 }));
  return shuffled.flatMap(({ call }, i) => [valids[i % valids.length]!, call]);
}

export interface LoadOptions {
  url: string;
  connections: number;
  /** Run for this many seconds ... */
  durationSeconds?: number;
  /** ... or stop after this many requests (takes precedence). */
  amount?: number;
  /** A call unanswered after this long counts as a timeout (autocannon counts it as an error). */
  timeoutSeconds?: number;
}

export interface LoadFigures {
  connections: number;
  durationSeconds: number;
  /** Requests autocannon sent. */
  tried: number;
  /** Answers received, by class. */
  answered: number;
  s2xx: number;
  s4xx: number;
  s5xx: number;
  other: number;
  /** Connection errors (resets, refusals), timeouts included. */
  errors: number;
  timeouts: number;
  /** Answers whose status is not the one the call deserves. */
  unexpected: number;
  /** 4xx answers without a problem body that has a detail. */
  unreadable: number;
  requestsPerSecond: number;
  byKind: Record<string, number>;
  /** Up to 5 examples of unexpected or unreadable answers. */
  examples: string[];
}

function readableProblem(body: string, headers: Record<string, unknown> | undefined): boolean {
  const type = String(headers?.['content-type'] ?? headers?.['Content-Type'] ?? '');
  if (!/^application\/problem\+json\b/i.test(type)) return false;
  try {
    const p = JSON.parse(body) as { detail?: unknown };
    return typeof p.detail === 'string' && p.detail.trim().length >= 10;
  } catch {
    return false;
  }
}

export async function runLoad(mix: MixedCall[], options: LoadOptions): Promise<LoadFigures> {
  let next = 0;
  let unexpected = 0;
  let unreadable = 0;
  const byKind: Record<string, number> = {};
  const examples: string[] = [];
  // One request template whose setup takes the next call of the mix (shared by all
  // connections, so the whole mix is covered in order); the connection's context
  // remembers which call is in flight.
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    ...(options.amount === undefined ? { duration: options.durationSeconds ?? 10 } : { amount: options.amount }),
    timeout: options.timeoutSeconds ?? 10,
    requests: [
      {
        setupRequest: (request, context) => {
          const index = next++ % mix.length;
          const call = mix[index]!;
          (context as { index?: number }).index = index;
          return {
            ...request,
            method: call.method as autocannon.Request['method'],
            path: call.path,
            headers: call.headers,
            body: call.body ?? '',
          };
        },
        onResponse: (status, body, context, headers) => {
          const call = mix[(context as { index?: number }).index ?? -1];
          if (!call) return;
          byKind[call.kind] = (byKind[call.kind] ?? 0) + 1;
          const fits = call.expected === 200 ? status >= 200 && status < 300 : status === call.expected;
          const readable = status < 400 || status >= 500 || readableProblem(body, headers as Record<string, unknown> | undefined);
          if (!fits) unexpected++;
          if (!readable) unreadable++;
          if ((!fits || !readable) && examples.length < 5)
            examples.push(`${call.kind} ${call.method} ${call.path}: ${status} ${body.slice(0, 160)}`);
        },
      },
    ],
  });
  return {
    connections: options.connections,
    durationSeconds: result.duration,
    tried: result.requests.sent,
    answered: result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'],
    s2xx: result['2xx'],
    s4xx: result['4xx'],
    s5xx: result['5xx'],
    other: result['1xx'] + result['3xx'],
    errors: result.errors,
    timeouts: result.timeouts,
    unexpected,
    unreadable,
    requestsPerSecond: result.requests.average,
    byKind,
    examples,
  };
}
