// Sending corpus requests to the real mock, a bounded number at a time, each with its
// own deadline, and judging each answer: a fitting 4xx whose problem body says why.
import { CANARY_ACCESS_CODE, CANARY_PASSWORD, echoesSecret } from '../../scripts/lib/contract.ts';
import type { BadRequest } from './corpus.ts';

/** A request still unanswered after this long counts as a hang. */
export const REQUEST_TIMEOUT_MS = 10_000;
/** Requests in flight at once (2 shared cores). */
export const IN_FLIGHT = 8;

export type Answer = { status: number; contentType: string; text: string } | { error: string };

export interface Sendable {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer | string;
}

export async function exchange(baseUrl: string, r: Sendable): Promise<Answer> {
  try {
    const response = await fetch(`${baseUrl}${r.path}`, {
      method: r.method,
      headers: r.headers,
      // fetch adds no content type for bytes, so each request says exactly what it means to.
      ...(r.body === undefined || r.method === 'GET' ? {} : { body: typeof r.body === 'string' ? r.body : new Uint8Array(r.body) }),
      redirect: 'manual',
      // real time: a ceiling on one exchange with a real server, never reached when all is well.
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    return { status: response.status, contentType: response.headers.get('content-type') ?? '', text: await response.text() };
  } catch (error) {
    const e = error as Error & { cause?: Error & { code?: string } };
    const cause = e.cause ? ` (${e.cause.code ?? ''} ${e.cause.message})` : '';
    return { error: e.name === 'TimeoutError' ? `no answer within ${REQUEST_TIMEOUT_MS} ms` : `${e.name}: ${e.message}${cause}` };
  }
}

/** Runs `work` on every item with at most `limit` in flight; results keep the items' order. */
export async function inPool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** What is wrong with an answer to a bad request; empty when it is a fitting, readable refusal. */
export function faultsOf(r: BadRequest, answer: Answer): string[] {
  if ('error' in answer) return [`no answer: ${answer.error}`];
  const faults: string[] = [];
  if (answer.status >= 500) faults.push(`a server error ${answer.status}`);
  else if (!r.statuses.includes(answer.status)) faults.push(`status ${answer.status}, expected ${r.statuses.join(' or ')}`);
  if (echoesSecret(answer.text, CANARY_PASSWORD)) faults.push('the answer echoes the password');
  if (echoesSecret(answer.text, CANARY_ACCESS_CODE)) faults.push('the answer echoes the access code');
  if (!/^application\/problem\+json\b/i.test(answer.contentType)) {
    faults.push(`content-type ${JSON.stringify(answer.contentType)}, not a problem body`);
    return faults;
  }
  let problem: { title?: unknown; status?: unknown; detail?: unknown };
  try {
    problem = JSON.parse(answer.text) as typeof problem;
  } catch {
    return [...faults, 'the problem body is not JSON'];
  }
  if (typeof problem.title !== 'string' || problem.title.length === 0) faults.push('the problem has no title');
  if (problem.status !== answer.status) faults.push(`the problem's status ${String(problem.status)} differs from the answer's`);
  if (typeof problem.detail !== 'string' || problem.detail.trim().length < 10) {
    faults.push('the problem has no readable detail');
  } else {
    const detail = problem.detail.toLowerCase();
    for (const name of r.names) if (!detail.includes(name.toLowerCase())) faults.push(`the detail does not name ${JSON.stringify(name)}`);
  }
  return faults;
}

export function describeFailure(r: BadRequest, answer: Answer, faults: string[]): string {
  const sent = `${r.method} ${r.path.slice(0, 120)} [${r.category}: ${r.note}] on ${r.operation}`;
  const got = 'error' in answer ? answer.error : `${answer.status} ${answer.contentType} ${answer.text.slice(0, 300)}`;
  return `${sent}\n    -> ${got}\n    !! ${faults.join('; ')}`;
}
