// The bounds every door of the package applies to what a caller sends: the mock on a port,
// startMock(), the MSW handlers, the MCP server (its in-process mock and its transports),
// the docs console's mock and the fixture loader. Written once here; the build copies them
// into the contract index (generated/contract/index.json) so other tools can read them. They
// are this package's own bounds, not the service's: the description publishes no limit (Part 8).
// No Node module here: the decision core and the MSW handlers run in a browser too.

export const LIMITS = {
  /** A request body past this many bytes is refused (413) before it is parsed; the largest captured answer is 26 kB. */
  bodyBytes: 1024 * 1024,
  /** Objects and arrays nested deeper than this are refused (413): no schema of the contract is a tenth as deep. */
  depth: 64,
  /** A string (value or key) longer than this many UTF-16 units is refused (413). */
  stringChars: 64 * 1024,
  /** A request line and headers must arrive within this (ms). */
  headersTimeoutMs: 10_000,
  /** A body must arrive within this once its headers have (ms): a trickled body is cut. */
  bodyTimeoutMs: 20_000,
  /** MCP over HTTP: a session unused this long (ms) is closed and forgotten. */
  mcpSessionIdleMs: 5 * 60_000,
  /** MCP over HTTP: sessions open at once at most; the least recently used is closed to admit another. */
  mcpSessions: 256,
  /** MCP over stdio: a message past this many bytes gets an error answer, and the server keeps reading. */
  mcpMessageBytes: 4 * 1024 * 1024,
  /** Fixture loader: one file past this many bytes is refused by name. */
  fixtureFileBytes: 1024 * 1024,
  /** Fixture loader: a folder whose files add up past this many bytes is refused whole. */
  fixtureFolderBytes: 32 * 1024 * 1024,
  /** Fixture loader: files in one folder at most. */
  fixtureFiles: 2_000,
  /** Stateful observed mock: callers (developer token + Login) remembered; the least recently seen is forgotten whole. */
  statefulCallers: 256,
  /** Stateful observed mock: searches one caller's state keeps (with their trips); the oldest is forgotten first. */
  statefulSearches: 16,
  /** Stateful observed mock: bookings one caller's state keeps; the least recently used is forgotten first. */
  statefulBookings: 32,
  /** Stateful observed mock: passengers a booking holds (the first ones sent), each value cut to 256 characters, so a booking's size is bounded. */
  statefulPassengers: 9,
} as const;

export type Limits = typeof LIMITS;

/** Which bound a value breaks first, walking it iteratively (a hostile depth cannot exhaust the stack); undefined when none. */
export function limitBroken(value: unknown, limits: Pick<Limits, 'depth' | 'stringChars'> = LIMITS): LimitBreak | undefined {
  const stack: Array<{ node: unknown; depth: number }> = [{ node: value, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (typeof node === 'string') {
      if (node.length > limits.stringChars)
        return { limit: 'stringChars', detail: `A string in the body is longer than ${limits.stringChars} characters.` };
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    if (depth >= limits.depth) return { limit: 'depth', detail: `The body nests objects or arrays deeper than ${limits.depth} levels.` };
    if (Array.isArray(node)) {
      for (const item of node) stack.push({ node: item, depth: depth + 1 });
      continue;
    }
    for (const key in node) {
      if (key.length > limits.stringChars)
        return { limit: 'stringChars', detail: `A key in the body is longer than ${limits.stringChars} characters.` };
      stack.push({ node: (node as Record<string, unknown>)[key], depth: depth + 1 });
    }
  }
  return undefined;
}

/** A bound a value breaks, and a sentence for a problem body that quotes nothing of the value (a key can be a secret sent by mistake). */
export interface LimitBreak {
  limit: 'depth' | 'stringChars';
  detail: string;
}
