// MCP over stdio within the package's bound on a message (LIMITS.mcpMessageBytes). The SDK's
// transport holds up to 10 MiB of one line and then ends the session without a word; here a
// line past the bound is dropped as it arrives (never held whole), answered with a JSON-RPC
// error (with the request's id when it can be read at the line's start or end), and the next
// line is read as usual.
import { type Readable, Transform, type TransformCallback, type Writable } from 'node:stream';
import type { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { LIMITS } from '../lib/contract-index.ts';
import { loadSdkModule } from './sdk.ts';

/** Bytes kept of a dropped line's start and end, to find its id. */
const EDGE = 512;
const NEWLINE = 0x0a;
/** JSON-RPC's "Invalid Request". */
const INVALID_REQUEST = -32600;

const ID = String.raw`(-?\d{1,16}|"(?:[^"\\]|\\.){0,200}")`;
/** A top-level id at the start of a message (`{"id":…` or `{"jsonrpc":"2.0","id":…`). */
const ID_FIRST = new RegExp(String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*${ID}\s*[,}]`);
/** A top-level id as the last member (the SDK's clients write it last): the final brace closes the message. */
const ID_LAST = new RegExp(String.raw`[{,]\s*"id"\s*:\s*${ID}\s*\}\s*$`);

/** The id of a message seen only by its start and end, if it shows there. */
export function idOf(head: string, tail: string): string | number | undefined {
  const found = ID_FIRST.exec(head)?.[1] ?? ID_LAST.exec(tail)?.[1];
  if (found === undefined) return undefined;
  try {
    const id: unknown = JSON.parse(found);
    return typeof id === 'string' || typeof id === 'number' ? id : undefined;
  } catch {
    return undefined;
  }
}

/** Lines of at most `limit` bytes pass whole; a longer one is dropped as it comes, and `tooLarge` told its id. */
export class BoundedLines extends Transform {
  readonly #limit: number;
  readonly #tooLarge: (id: string | number | undefined) => void;
  #held: Buffer[] = [];
  #heldBytes = 0;
  #dropping = false;
  #head = Buffer.alloc(0);
  #tail = Buffer.alloc(0);

  constructor(limit: number, tooLarge: (id: string | number | undefined) => void) {
    super();
    this.#limit = limit;
    this.#tooLarge = tooLarge;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, start);
      const segment = chunk.subarray(start, newline === -1 ? chunk.length : newline);
      if (!this.#dropping && this.#heldBytes + segment.length > this.#limit) {
        this.#head = Buffer.concat([...this.#held, segment.subarray(0, EDGE)]).subarray(0, EDGE);
        this.#held = [];
        this.#heldBytes = 0;
        this.#dropping = true;
      }
      if (this.#dropping) {
        const joined = Buffer.concat([this.#tail, segment.subarray(Math.max(0, segment.length - EDGE))]);
        this.#tail = Buffer.from(joined.subarray(Math.max(0, joined.length - EDGE)));
      } else if (segment.length > 0) {
        // A copy: the chunk's memory is not kept alive by a short line held across chunks.
        this.#held.push(newline === -1 ? Buffer.from(segment) : segment);
        this.#heldBytes += segment.length;
      }
      if (newline === -1) break;
      if (this.#dropping) {
        this.#tooLarge(idOf(this.#head.toString('utf8'), this.#tail.toString('utf8')));
        this.#dropping = false;
        this.#head = Buffer.alloc(0);
        this.#tail = Buffer.alloc(0);
      } else {
        this.#held.push(Buffer.from('\n'));
        this.push(Buffer.concat(this.#held));
        this.#held = [];
        this.#heldBytes = 0;
      }
      start = newline + 1;
    }
    done();
  }
}

/** The SDK's stdio transport reading `input` through BoundedLines; a dropped line's answer goes out through the transport itself. */
export async function boundedStdioTransport(
  input: Readable = process.stdin,
  output: Writable = process.stdout,
  log: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
  limit: number = LIMITS.mcpMessageBytes,
): Promise<StdioServerTransport> {
  const { StdioServerTransport } = await loadSdkModule(() => import('@modelcontextprotocol/sdk/server/stdio.js'));
  let transport: StdioServerTransport | undefined;
  const lines = new BoundedLines(limit, (id) => {
    log(`mcp: a message larger than ${limit} bytes was not read; the next one is`);
    const answer = {
      jsonrpc: '2.0',
      ...(id === undefined ? {} : { id }),
      error: { code: INVALID_REQUEST, message: `The message is larger than ${limit} bytes: it was not read. Send a smaller one.` },
    };
    // The SDK's types require an id; JSON-RPC answers an unreadable request without one.
    void transport?.send(answer as JSONRPCMessage);
  });
  input.pipe(lines);
  const made = new StdioServerTransport(lines, output);
  const close = made.close.bind(made);
  // As the SDK's own close pauses stdin: a closed session leaves nothing reading, and the process can end.
  made.close = async () => {
    input.unpipe(lines);
    input.pause();
    await close();
  };
  transport = made;
  return made;
}
