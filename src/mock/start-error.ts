// Why the mock, the proxy or the flows runner could not start, in one sentence that says
// what to do. The command prints the message alone and exits 2; the programmatic API
// rejects with this error, whose `code` a test runner's setup can branch on.

export type StartErrorCode =
  /** The port is taken, or this user may not open it. */
  | 'PORT_UNAVAILABLE'
  /** A bundle or a generated file the mock needs is not where the package keeps it. */
  | 'MISSING_FILE'
  /** A family, scenario or other name that does not exist. */
  | 'UNKNOWN_NAME'
  /** An option with a value outside its range. */
  | 'BAD_OPTION'
  /** A feature that needs Prism, which is not installed. */
  | 'NEEDS_PRISM'
  /** A feature that needs another optional peer dependency (the MCP SDK), which is not installed. */
  | 'NEEDS_PACKAGE'
  /** A folder the command must write to cannot be written. */
  | 'UNWRITABLE';

export class StartError extends Error {
  override name = 'StartError';
  readonly code: StartErrorCode;
  constructor(code: StartErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

/** The one-line cause of a failed `listen`, or undefined for a failure that is not the port's. */
export function portError(error: unknown, port: number, how: string): StartError | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE')
    return new StartError('PORT_UNAVAILABLE', `Port ${port} is already in use: stop what listens there, or ${how}.`);
  if (code === 'EACCES') return new StartError('PORT_UNAVAILABLE', `Port ${port} cannot be opened by this user: ${how}.`);
  if (code === 'EADDRNOTAVAIL') return new StartError('PORT_UNAVAILABLE', `That address is not one of this machine's: ${how}.`);
  return undefined;
}
