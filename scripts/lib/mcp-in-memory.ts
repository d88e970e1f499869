// The MCP server of src/mcp.ts and an SDK client joined in memory: how the bench and the
// tests talk to it without a process or a port.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createMcpServer, type McpServerOptions } from '../../src/mcp.ts';

/** A connected client of a new server made with `options` (its log silenced unless given). */
export async function connectedInMemory(options: McpServerOptions, clientName: string): Promise<Client> {
  const server = await createMcpServer({ log: () => undefined, ...options });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: clientName, version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return client;
}
