// `npm run proxy -- <upstream-url> [--port N] [--timeout MS]`: forwards every call to the
// real service (or any upstream) byte for byte and reports, one line per call, where a
// request or an answer breaks the contract.
import { parseArgs } from 'node:util';
import { readFamilies } from '../../pipeline/families.ts';
import { DEFAULT_BODY_TIMEOUT_MS, DEFAULT_HEAD_TIMEOUT_MS, DEFAULT_MAX_ANSWER_BYTES, DEFAULT_TIMEOUT_MS, startProxy } from './server.ts';

const USAGE =
  'Usage: npm run proxy -- <upstream-url> [--port N] [--timeout MS] [--head-timeout MS] [--body-timeout MS] [--max-answer-bytes N]\n' +
  `  --timeout           the whole call from the caller's last byte (checks and upstream exchange), in ms (default ${DEFAULT_TIMEOUT_MS}); an unfinished exchange gets 504\n` +
  `  --head-timeout      a caller's request line and headers, in ms (default ${DEFAULT_HEAD_TIMEOUT_MS})\n` +
  `  --body-timeout      a caller's body once its headers arrived, in ms (default ${DEFAULT_BODY_TIMEOUT_MS})\n` +
  `  --max-answer-bytes  the most read of an upstream answer (default ${DEFAULT_MAX_ANSWER_BYTES})`;

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

let parsed: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      timeout: { type: 'string' },
      'head-timeout': { type: 'string' },
      'body-timeout': { type: 'string' },
      'max-answer-bytes': { type: 'string' },
    },
  });
}
try {
  parsed = parse();
} catch (error) {
  fail((error as Error).message);
}
const { values, positionals } = parsed;
const upstream = positionals[0];
if (!upstream || !/^https?:\/\//.test(upstream))
  fail('The upstream address is missing or is not http(s):// (e.g. https://sandbox.example/).');

function whole(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) fail(`--${name} must be a whole number from ${min} to ${max}.`);
  return n;
}

const proxy = await startProxy({
  rootDir: process.cwd(),
  families: (await readFamilies(process.cwd())).map((f) => f.id),
  upstream,
  port: whole('port', values.port ?? process.env.PROXY_PORT, 4011, 0, 65_535),
  timeoutMs: whole('timeout', values.timeout, DEFAULT_TIMEOUT_MS, 1, 600_000),
  headTimeoutMs: whole('head-timeout', values['head-timeout'], DEFAULT_HEAD_TIMEOUT_MS, 100, 600_000),
  bodyTimeoutMs: whole('body-timeout', values['body-timeout'], DEFAULT_BODY_TIMEOUT_MS, 100, 600_000),
  maxAnswerBytes: whole('max-answer-bytes', values['max-answer-bytes'], DEFAULT_MAX_ANSWER_BYTES, 1, 64 * 1024 * 1024),
});
console.log(
  'One line per call (✓ in contract, ✗ with what broke). A request outside the contract is still forwarded, its answer carrying sl-violations; ' +
    'an answer outside the contract becomes a 502 problem; an upstream failure a 502 problem naming it; no answer within the time-out a 504. Ctrl-C stops it.',
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void proxy.close().then(() => process.exit(0)));
}
