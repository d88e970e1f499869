// What the proxy says about a call, bounded whatever the call holds: at most
// MAX_LISTED_VIOLATIONS violations listed (with the total), each message cut, one log
// line per request, and every text passed through the request's redactor.
import type { Writable } from 'node:stream';
import { MAX_LISTED_VIOLATIONS, type Violation } from '../mock/problem.ts';
import type { Redactor } from '../request-secrets.ts';

const MAX_MESSAGE_CHARS = 200;
const MAX_SEGMENT_CHARS = 80;
const MAX_LINE_CHARS = 2_000;

/** The violations a report lists: at most `MAX_LISTED_VIOLATIONS`, their texts cut and redacted. */
export function listedViolations(list: readonly Violation[], redact: Redactor): Violation[] {
  return list.slice(0, MAX_LISTED_VIOLATIONS).map((v) => ({
    // Redacted before being cut: a cut through a secret would leave part of it.
    location: v.location.slice(0, 32).map((part) => redact(part).slice(0, MAX_SEGMENT_CHARS)),
    code: typeof v.code === 'number' ? v.code : redact(String(v.code)).slice(0, MAX_SEGMENT_CHARS),
    message: redact(v.message).slice(0, MAX_MESSAGE_CHARS),
    severity: v.severity ?? 'Error',
  }));
}

/** JSON with every non-ASCII character escaped: a header value must be Latin-1 and cannot hold CR or LF. */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Room left for the rest of an answer's head under the 16 KiB that Node clients read by default. */
const MAX_HEADER_CHARS = 8_000;

/**
 * `sl-violations` (the listed ones, valid JSON, dropped from the end to fit
 * MAX_HEADER_CHARS) and `sl-violations-total` (how many there were in all).
 */
export function violationHeaders(listed: Violation[], total: number): Record<string, string> {
  let kept = listed;
  let json = asciiJson(kept);
  while (json.length > MAX_HEADER_CHARS && kept.length > 1) {
    kept = kept.slice(0, -1);
    json = asciiJson(kept);
  }
  if (json.length > MAX_HEADER_CHARS) {
    // One violation with a deep path of long non-ASCII names: keep the start of its path.
    kept = kept.map((v) => ({ ...v, location: v.location.slice(0, 4) }));
    json = asciiJson(kept);
  }
  return { 'sl-violations': json, 'sl-violations-total': String(total) };
}

/** `a.b: message; …; and N more` over the listed violations and the total. */
export function summary(listed: Violation[], total: number): string {
  const text = listed
    .map((v) => {
      const where = v.location.slice(1).join('.');
      return where ? `${where}: ${v.message}` : v.message;
    })
    .join('; ');
  return total > listed.length ? `${text}; and ${total - listed.length} more` : text;
}

/** The most of a line's end kept when its middle is cut: the `→ status (N ms)` tail. */
const MAX_TAIL_CHARS = 200;

/** A long line with its middle cut: the start, and the status and time its end says (a tail from the last `→ `). */
export function cutMiddle(line: string, max = MAX_LINE_CHARS): string {
  const arrow = line.lastIndexOf(' → ');
  const tailStart = arrow >= 0 && line.length - arrow <= MAX_TAIL_CHARS ? arrow : line.length - Math.min(MAX_TAIL_CHARS, 40);
  const tail = line.slice(tailStart);
  return `${line.slice(0, Math.max(0, max - tail.length))}… (cut)${tail}`;
}

/**
 * One line per request on a stream. Lines longer than MAX_LINE_CHARS lose their middle, never their status and time, and while an
 * asynchronous stream (a socket, a stream in process) has more than `maxBuffered` bytes
 * unwritten, lines are counted instead of queued and the count is printed once it drains.
 */
export function lineLog(stream: Writable, maxBuffered = 1024 * 1024): (line: string) => void {
  let dropped = 0;
  return (line) => {
    if (stream.writableLength > maxBuffered) {
      dropped++;
      return;
    }
    const flat = line.replace(/[\r\n]+/g, ' ');
    const cut = flat.length > MAX_LINE_CHARS ? cutMiddle(flat) : flat;
    const note = dropped > 0 ? `(${dropped} log lines dropped while output was blocked)\n` : '';
    dropped = 0;
    stream.write(`${note}${cut}\n`);
  };
}
