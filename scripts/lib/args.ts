// A script's command line, read as the package's commands read theirs (src/cli/args.ts):
// strictly, an unknown option or a missing value named in one line with exit 2, `--help`
// printing the usage with exit 0. A typo never ends in a stack trace.
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';

export interface ScriptSpec<O extends ParseArgsOptionsConfig, P extends boolean> {
  /** How it is run, as the messages name it: `npm run bench`. */
  command: string;
  /** What `--help` prints. */
  usage: string;
  options: O;
  /** Whether it takes positional arguments. */
  positionals?: P;
}

type Parsed<O extends ParseArgsOptionsConfig, P extends boolean> = ReturnType<
  typeof parseArgs<{ args: string[]; options: O; allowPositionals: P; strict: true }>
>;

/** Bad usage: one line on stderr, exit 2. */
export function usageFailure(command: string, message: string): never {
  console.error(`${command}: ${message}`);
  process.exit(2);
}

/** The reason a command line was refused, in one line; what `parseArgs` says otherwise, first line only. */
function usageMessage(error: unknown, command: string): string {
  const { code, message } = error as NodeJS.ErrnoException;
  const option = /'(-[^' ]*)/.exec(message)?.[1] ?? '';
  const help = `see \`${command} -- --help\``;
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option ${option}: ${help}.`;
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return `unexpected argument: ${help}.`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
    return `option ${option} ${/argument missing/.test(message) ? 'needs a value' : 'takes no value'}: ${help}.`;
  return `${message.split('\n')[0]} (${help}).`;
}

export function scriptArgs<const O extends ParseArgsOptionsConfig, const P extends boolean = false>(
  spec: ScriptSpec<O, P>,
  argv: string[] = process.argv.slice(2),
): Parsed<O, P> {
  const end = argv.indexOf('--');
  const own = end === -1 ? argv : argv.slice(0, end);
  if (own.includes('--help') || own.includes('-h')) {
    console.log(spec.usage);
    process.exit(0);
  }
  try {
    return parseArgs({ args: argv, options: spec.options, allowPositionals: (spec.positionals ?? false) as P, strict: true });
  } catch (error) {
    usageFailure(spec.command, usageMessage(error, spec.command));
  }
}
