// The MCP server's figures: `tools/list` as a client receives it, in bytes of JSON, for every
// family and flavour in both modes (the budgets: 40 kB for v2-pt's tools, 8 kB for the
// dynamic mode); and one tool call on the in-process mock beside the typed client's call of
// the same operation to the mock on a port, alternated round by round.
import type { McpServerOptions } from '../../src/mcp.ts';
import { FLAVOURS } from '../../src/mcp/tools.ts';
import { startMock } from '../../src/mock.ts';
import { createV2Client } from '../../src/v2.ts';
import { connectedInMemory } from '../lib/mcp-in-memory.ts';
import { alternate, type Paired, timeMs } from '../lib/stats.ts';
import { gcChild } from './gc-child.ts';

/** Sessions opened and left by mcp-sessions.ts (issue 58: memory back near idle after 2,000). */
export const ABANDONED = 2_000;

export interface SessionFigures {
  /** Bytes, gc'd: the heap after one session opened and expired; with the abandoned sessions held; after they expired. */
  heap: { idle: number; held: number; after: number };
  /** Resident memory at the same three points (bytes). */
  rss: { idle: number; held: number; after: number };
  /** Sessions open at the peak (at most LIMITS.mcpSessions) and after expiry. */
  sessions: { held: number; after: number };
}

const SEARCH = { Origem: 'GRU', Destino: 'GIG', DataIda: '2026-05-20T00:00:00', QuantidadeAdultos: 1 };
/** Calls per round: enough that a round lasts tens of milliseconds. */
const CALLS = 200;

export interface McpFigures {
  /** `family[ observed] mode` → bytes of the tools/list result's JSON. */
  listBytes: Array<{ flavour: string; all: number; dynamic: number }>;
  /** A = the typed client to the mock on a port, B = the MCP tool on the in-process mock; ms per call. */
  call: Paired;
  /** The HTTP door's memory around ABANDONED sessions opened and left (mcp-sessions.ts). */
  sessions: SessionFigures;
}

/** mcp-sessions.ts in a process of its own with `--expose-gc`: only the server on its heap. */
const abandonedSessions = (rootDir: string): Promise<SessionFigures> =>
  gcChild<SessionFigures>(rootDir, 'scripts/bench/mcp-sessions.ts', [String(ABANDONED)]);

const connected = (options: McpServerOptions) => connectedInMemory(options, 'bench');

async function listBytes(options: McpServerOptions): Promise<number> {
  const client = await connected(options);
  const bytes = Buffer.byteLength(JSON.stringify(await client.listTools()));
  await client.close();
  return bytes;
}

export async function benchMcp(runs: number, rootDir = process.cwd()): Promise<McpFigures> {
  const sizes: McpFigures['listBytes'] = [];
  for (const [family, observed] of FLAVOURS)
    sizes.push({
      flavour: `${family}${observed ? ' observed' : ''}`,
      all: await listBytes({ family, observed }),
      dynamic: await listBytes({ family, observed, tools: 'dynamic' }),
    });
  const mock = await startMock({ port: 0, families: ['v2-pt'], logLevel: 'silent' });
  const mcp = await connected({});
  try {
    const v2 = createV2Client({
      baseUrl: mock.url,
      developerToken: 'bench-token',
      accessCode: 'bench-code',
      credentials: { Login: 'bench-login', Senha: 'bench-password' },
    });
    // Warm both paths (validators compiled, connections open) before timing.
    await v2.Disponibilidade(SEARCH);
    await mcp.callTool({ name: 'Disponibilidade', arguments: SEARCH });
    const call = await alternate(
      Math.max(runs, 3),
      async () =>
        (await timeMs(async () => {
          for (let i = 0; i < CALLS; i++) await v2.Disponibilidade(SEARCH);
        })) / CALLS,
      async () =>
        (await timeMs(async () => {
          for (let i = 0; i < CALLS; i++) {
            const result = await mcp.callTool({ name: 'Disponibilidade', arguments: SEARCH });
            if (result.isError) throw new Error(`the tool call failed: ${JSON.stringify(result.content)}`);
          }
        })) / CALLS,
    );
    return { listBytes: sizes, call, sessions: await abandonedSessions(rootDir) };
  } finally {
    await mcp.close();
    await mock.close();
  }
}

// `node scripts/bench/mcp.ts`: the figures alone.
if (import.meta.main) console.log(JSON.stringify(await benchMcp(3), null, 2));
