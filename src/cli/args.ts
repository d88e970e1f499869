// What the three commands share: their options read strictly (an unknown one is named in
// one line, exit 2), whole numbers within a range, and the way a command fails: one line
// saying what to do, exit 2, never a stack trace.
import { parseArgs } from 'node:util';
import { StartError } from '../mock/start-error.ts';

export const PROGRAM = 'air-travel-api-contract';

/** Bad usage: printed as one line, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export interface OptionSpec {
  type: 'string' | 'boolean';
  /** What the help says of it. */
  help: string;
  /** The value's name in the help (`N`, `MS`, `URL`). */
  value?: string;
}

export interface CommandSpec {
  name: string;
  summary: string;
  /** `<upstream-url>`, when the command takes one positional argument. */
  positional?: { name: string; help: string };
  options: Record<string, OptionSpec>;
  /** Lines after the options (environment variables, examples). */
  notes?: string[];
}

export function helpText(spec: CommandSpec): string {
  const head = `Usage: ${PROGRAM} ${spec.name}${spec.positional ? ` ${spec.positional.name}` : ''} [options]`;
  const rows: Array<[string, string]> = [];
  if (spec.positional) rows.push([spec.positional.name, spec.positional.help]);
  for (const [name, option] of Object.entries(spec.options)) rows.push([`--${name}${option.value ? ` ${option.value}` : ''}`, option.help]);
  rows.push(['--help', 'this text']);
  const width = Math.max(...rows.map(([left]) => left.length));
  return [
    head,
    '',
    spec.summary,
    '',
    ...rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`),
    ...(spec.notes ? ['', ...spec.notes] : []),
  ].join('\n');
}

export interface Parsed {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
  help: boolean;
}

export function parseCommand(spec: CommandSpec, argv: string[]): Parsed {
  const options = Object.fromEntries(Object.entries(spec.options).map(([name, o]) => [name, { type: o.type }]));
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    const option = /'(-[^']*)'/.exec(message)?.[1];
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION')
      throw new UsageError(`Unknown option ${option ?? ''} for \`${PROGRAM} ${spec.name}\`: see \`${PROGRAM} ${spec.name} --help\`.`);
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
      throw new UsageError(
        `Option ${option ?? ''} of \`${PROGRAM} ${spec.name}\` ${/argument missing/.test(message) ? 'needs a value' : 'takes no value'}.`,
      );
    throw new UsageError(`${message.split('\n')[0]} (\`${PROGRAM} ${spec.name} --help\`).`);
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  const help = values.help === true;
  delete values.help;
  const max = spec.positional ? 1 : 0;
  if (!help && parsed.positionals.length > max)
    throw new UsageError(
      `Unexpected argument ${JSON.stringify(parsed.positionals[max]?.slice(0, 60))} for \`${PROGRAM} ${spec.name}\`: see --help.`,
    );
  return { values, positionals: parsed.positionals, help };
}

/** A whole-number option within [min, max], or the fallback when absent. */
export function wholeNumber(name: string, value: string | boolean | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (typeof value !== 'string' || value.trim() === '' || !Number.isInteger(n) || n < min || n > max)
    throw new UsageError(`--${name} takes a whole number from ${min} to ${max}, not ${JSON.stringify(String(value).slice(0, 40))}.`);
  return n;
}

/** A comma-separated list option (`--families v2-pt,legacy`), or undefined when absent. */
export function list(value: string | boolean | undefined): string[] | undefined {
  if (typeof value !== 'string') return undefined;
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** Runs a command: usage and start errors become one line on stderr and exit code 2. */
export async function runCommand(run: () => Promise<number | undefined>): Promise<void> {
  try {
    const code = await run();
    if (code !== undefined) process.exitCode = code;
  } catch (error) {
    if (error instanceof UsageError || error instanceof StartError) {
      console.error(`${PROGRAM}: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
}

/** Stops on Ctrl-C or SIGTERM, once. */
export function onStop(stop: () => Promise<void>): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      void stop().then(() => process.exit());
    });
  }
}
