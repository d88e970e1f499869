// The mock's log: at most one line per request, of bounded length, written once per
// turn of the event loop, with a cap on what waits to be written. A hostile body's
// violations are never logged one by one (Prism's own log did, and joining 800,000
// lines into one string killed the process). Every line is redacted, at every level, with the
// request's redactor (redaction.ts: the proxy's), the request target as the proxy prints it.
import { type Redactor, shownTarget } from './redaction.ts';

export type LogLevel = 'silent' | 'error' | 'warn' | 'info' | 'debug';
export const LOG_LEVELS: readonly LogLevel[] = ['silent', 'error', 'warn', 'info', 'debug'];

const LINE_MAX = 300;
/** What may wait for the next write; past it lines are counted, not kept. */
const PENDING_MAX_BYTES = 1024 * 1024;

export interface RequestLog {
  /** Whether a finished request of this status gets a line: a line not written is not redacted either. */
  wants(status: number): boolean;
  /** One line for a finished request: refusals from `warn`, every request from `info`; each secret of the request redacted. */
  request(method: string, target: string, status: number, ms: number, detail: string | undefined, redact: Redactor): void;
  failure(method: string, target: string, error: unknown, redact: Redactor): void;
  /** For Prism's logger (proxying only): the same bounds. */
  prismSink: { write(line: string): void };
}

const RANK: Record<LogLevel, number> = { silent: 0, error: 1, warn: 2, info: 3, debug: 4 };

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function createRequestLog(level: LogLevel, sink: { write(text: string): void }): RequestLog {
  const rank = RANK[level] ?? RANK.warn;
  let pending: string[] = [];
  let pendingBytes = 0;
  let dropped = 0;
  const flush = () => {
    if (dropped > 0) pending.push(`(${dropped} log lines dropped: more arrived in one turn than the log keeps)\n`);
    const text = pending.join('');
    pending = [];
    pendingBytes = 0;
    dropped = 0;
    sink.write(text);
  };
  const write = (line: string) => {
    if (pendingBytes + line.length > PENDING_MAX_BYTES) {
      dropped++;
      return;
    }
    if (pending.length === 0) setImmediate(flush);
    pending.push(line);
    pendingBytes += line.length;
  };
  const wants = (status: number) => rank >= (status >= 500 ? RANK.error : status >= 400 ? RANK.warn : RANK.info);
  return {
    wants,
    request(method, target, status, ms, detail, redact) {
      if (!wants(status)) return;
      // Redacted whole before being cut: a cut through a secret would leave part of it.
      const reason = detail && status >= 400 ? ` ${clip(redact(detail), 160)}` : '';
      const line = `${clip(redact(`${method} ${shownTarget(target, redact)}`), 120)} ${status} ${ms.toFixed(1)} ms${reason}`;
      write(`${line.replace(/[\r\n]+/g, ' ')}\n`);
    },
    failure(method, target, error, redact) {
      if (rank < RANK.error) return;
      write(
        `${clip(redact(`Mock failure on ${method} ${shownTarget(target, redact)}: ${String(error)}`), LINE_MAX).replace(/[\r\n]+/g, ' ')}\n`,
      );
    },
    prismSink: { write: (line) => write(`${clip(line.replace(/\n$/, ''), LINE_MAX)}\n`) },
  };
}
