// `air-travel-api-contract proxy <upstream-url>` (and `npm run proxy`): forwards every call
// to the real service (or any upstream) byte for byte and reports, one line per call,
// where a request or an answer breaks the contract.
import {
  DEFAULT_BODY_TIMEOUT_MS,
  DEFAULT_HEAD_TIMEOUT_MS,
  DEFAULT_MAX_ANSWER_BYTES,
  DEFAULT_PROXY_PORT,
  DEFAULT_TIMEOUT_MS,
  startProxy,
} from '../proxy/server.ts';
import { type CommandSpec, helpText, list, onStop, parseCommand, UsageError, wholeNumber } from './args.ts';
import { reportRecording } from './recording.ts';

export const PROXY_COMMAND: CommandSpec = {
  name: 'proxy',
  summary:
    'Forwards every call to the upstream byte for byte and checks both directions against the contract: a request outside it is still forwarded, its answer carrying sl-violations; an answer outside it becomes a 502 problem; an upstream failure a 502 naming it; no answer in time a 504.',
  positional: { name: '<upstream-url>', help: 'the service to forward to, e.g. https://<sandbox_base_url>' },
  options: {
    port: { type: 'string', value: 'N', help: `port to listen on (default ${DEFAULT_PROXY_PORT}, or PROXY_PORT; 0 picks a free one)` },
    families: { type: 'string', value: 'LIST', help: 'route families to check against, comma-separated (default: all)' },
    timeout: {
      type: 'string',
      value: 'MS',
      help: `the whole call from the caller's last byte: checks and upstream exchange (default ${DEFAULT_TIMEOUT_MS})`,
    },
    'head-timeout': { type: 'string', value: 'MS', help: `a caller's request line and headers (default ${DEFAULT_HEAD_TIMEOUT_MS})` },
    'body-timeout': { type: 'string', value: 'MS', help: `a caller's body once its headers arrived (default ${DEFAULT_BODY_TIMEOUT_MS})` },
    'max-answer-bytes': { type: 'string', value: 'N', help: `the most read of an upstream answer (default ${DEFAULT_MAX_ANSWER_BYTES})` },
    record: {
      type: 'string',
      value: 'DIR',
      help: 'record every exchange into DIR, sanitized before it is written, for the observed flavour (docs/observed.md)',
    },
  },
  notes: ['Example: air-travel-api-contract proxy https://sandbox.example --port 4011'],
};

export async function proxyCommand(argv: string[]): Promise<number | undefined> {
  const { values, positionals, help } = parseCommand(PROXY_COMMAND, argv);
  if (help) {
    console.log(helpText(PROXY_COMMAND));
    return 0;
  }
  const upstream = positionals[0];
  if (!upstream || !/^https?:\/\//.test(upstream))
    throw new UsageError('The upstream address is missing or is not http(s):// (e.g. https://sandbox.example/): see --help.');
  const families = list(values.families);
  const proxy = await startProxy({
    upstream,
    ...(families ? { families } : {}),
    port: wholeNumber('port', values.port ?? process.env.PROXY_PORT, DEFAULT_PROXY_PORT, 0, 65_535),
    timeoutMs: wholeNumber('timeout', values.timeout, DEFAULT_TIMEOUT_MS, 1, 600_000),
    headTimeoutMs: wholeNumber('head-timeout', values['head-timeout'], DEFAULT_HEAD_TIMEOUT_MS, 100, 600_000),
    bodyTimeoutMs: wholeNumber('body-timeout', values['body-timeout'], DEFAULT_BODY_TIMEOUT_MS, 100, 600_000),
    maxAnswerBytes: wholeNumber('max-answer-bytes', values['max-answer-bytes'], DEFAULT_MAX_ANSWER_BYTES, 1, 64 * 1024 * 1024),
    ...(typeof values.record === 'string' ? { record: values.record } : {}),
  });
  console.log(
    'One line per call (✓ in contract, ✗ with what broke). A request outside the contract is still forwarded, its answer carrying sl-violations; ' +
      'an answer outside the contract becomes a 502 problem; an upstream failure a 502 problem naming it; no answer within the time-out a 504. Ctrl-C stops it.',
  );
  if (typeof values.record === 'string')
    console.log(
      `Recording sanitized exchanges into ${values.record} (each checked in memory before it is written); Ctrl-C ends the recording.`,
    );
  onStop(async () => {
    try {
      await proxy.close();
      const summary = await proxy.finishRecording();
      if (summary) process.exitCode = reportRecording(summary);
    } catch (error) {
      // One line, never a stack trace: the recording's files are checked ones whatever happened.
      const e = error as NodeJS.ErrnoException;
      console.error(`✗ the stop failed: ${e.code ?? e.name}${e.path ? ` on ${e.path}` : ''}`);
      process.exitCode = 1;
    }
  });
  return undefined;
}
