// One exchange with the upstream: the caller's bytes go out as they came, the answer's
// bytes come back as they came, all within one deadline. Every way it can fail becomes
// an UpstreamFailure that names what happened (504 for the deadline, 502 otherwise).
import http from 'node:http';
import https from 'node:https';
import type { OutgoingHttpHeaders } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface UpstreamAnswer {
  status: number;
  rawHeaders: string[];
  body: Buffer;
}

export class UpstreamFailure extends Error {
  readonly status: 502 | 504;
  /** A short name of what happened, for the log line: `timeout`, `ECONNREFUSED`, … */
  readonly reason: string;
  readonly detail: string;
  constructor(status: 502 | 504, reason: string, detail: string) {
    super(detail);
    this.status = status;
    this.reason = reason;
    this.detail = detail;
  }
}

export interface ExchangeOptions {
  method: string;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  /** The proxy's time-out, named in the 504's detail. */
  timeoutMs: number;
  /** When the exchange must have ended (a performance.now() time): the call's own deadline. */
  deadline: number;
  maxAnswerBytes: number;
  /** Aborted when the caller goes away: the upstream exchange stops too. */
  signal: AbortSignal;
}

const SOCKET_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'refused the connection',
  ECONNRESET: 'reset the connection',
  EPIPE: 'closed the connection while the request was being sent',
  ENOTFOUND: 'has a host name that does not resolve',
  EAI_AGAIN: 'has a host name that could not be resolved now',
  EHOSTUNREACH: 'is unreachable',
  ENETUNREACH: 'is on an unreachable network',
};

function describe(error: Error & { code?: string }, stage: 'before' | 'during'): UpstreamFailure {
  const code = error.code ?? error.name;
  if (stage === 'during') {
    return new UpstreamFailure(
      502,
      `${code} mid-answer`,
      `The upstream closed the connection in the middle of its answer (${code}); what it sent is incomplete.`,
    );
  }
  if (code === 'ECONNRESET' && /socket hang up/.test(error.message)) {
    return new UpstreamFailure(
      502,
      'ECONNRESET before headers',
      'The upstream closed the connection before sending an answer (ECONNRESET, socket hang up).',
    );
  }
  const what = SOCKET_ERRORS[code];
  if (what) return new UpstreamFailure(502, code, `The upstream ${what} (${code}).`);
  if (code.startsWith('HPE_')) return new UpstreamFailure(502, code, `The upstream's answer is not HTTP/1.1 the proxy can read (${code}).`);
  if (/CERT|SSL|TLS/i.test(code)) return new UpstreamFailure(502, code, `The TLS connection to the upstream failed (${code}).`);
  return new UpstreamFailure(502, code, `The exchange with the upstream failed (${code}).`);
}

export function exchangeWithUpstream(target: URL, options: ExchangeOptions): Promise<UpstreamAnswer> {
  const transport = target.protocol === 'https:' ? https : http;
  return new Promise<UpstreamAnswer>((resolve, reject) => {
    let settled = false;
    let stage: 'before' | 'during' = 'before';
    const finish = (outcome: UpstreamAnswer | UpstreamFailure) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onAbort);
      if (outcome instanceof UpstreamFailure) {
        request.destroy();
        reject(outcome);
      } else resolve(outcome);
    };
    const timer = setTimeout(
      () => {
        const when = stage === 'before' ? 'before its answer began' : 'before its answer was complete';
        finish(
          new UpstreamFailure(
            504,
            'timeout',
            `The upstream did not answer within ${options.timeoutMs} ms (the proxy's time-out; it gave up ${when}).`,
          ),
        );
      },
      Math.max(0, options.deadline - performance.now()),
    );
    const onAbort = () =>
      finish(new UpstreamFailure(502, 'caller gone', 'The caller closed its connection; the upstream exchange was stopped.'));
    options.signal.addEventListener('abort', onAbort, { once: true });

    const request = transport.request(target, { method: options.method, headers: options.headers });
    request.on('error', (error) => finish(describe(error, stage)));
    request.on('response', (response) => {
      stage = 'during';
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxAnswerBytes) {
          finish(
            new UpstreamFailure(
              502,
              'answer too large',
              `The upstream's answer is larger than ${options.maxAnswerBytes} bytes, the most the proxy reads.`,
            ),
          );
          return;
        }
        chunks.push(chunk);
      });
      response.on('error', (error) => finish(describe(error, 'during')));
      response.on('aborted', () => finish(describe(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }), 'during')));
      response.on('end', () => {
        if (!response.complete) return finish(describe(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }), 'during'));
        finish({ status: response.statusCode ?? 502, rawHeaders: response.rawHeaders, body: Buffer.concat(chunks) });
      });
    });
    request.end(options.body);
  });
}
