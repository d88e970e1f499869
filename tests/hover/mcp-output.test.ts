// Issue 60, the agent's side: every tool of every family and flavour carries an outputSchema
// (every answer here has a schema), and the SDK's own client validates each call's
// structuredContent against it (callTool throws on a mismatch) on the in-process mock's
// answers. Observed tools say observed in their descriptions, and name the answer fields that
// feed a later call; the lists stay within their budgets.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, test } from 'vitest';
import { connectedInMemory } from '../../scripts/lib/mcp-in-memory.ts';
import { isObject, type JsonObject } from '../../src/lib/refs.ts';
import { FLAVOURS } from '../../src/mcp/tools.ts';

const clients: Client[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
});

async function connected(family: string, observed: boolean): Promise<Client> {
  const client = await connectedInMemory({ family, observed }, 'hover-test');
  clients.push(client);
  return client;
}

/** A value its schema accepts, as small as it gets: the arguments a call is made with. */
function sample(schema: unknown): unknown {
  if (!isObject(schema)) return 'X';
  if (Array.isArray(schema.enum)) return schema.enum[0];
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches) && branches.length > 0) {
      const parts = (key === 'allOf' ? branches : [branches[0]]).map(sample);
      return parts.every((p) => isObject(p)) ? Object.assign({}, ...parts) : parts[0];
    }
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object' || isObject(schema.properties)) {
    const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
    const properties = (schema.properties ?? {}) as JsonObject;
    return Object.fromEntries(required.map((name) => [name, sample(properties[name])]));
  }
  if (type === 'array')
    return Array.from({ length: typeof schema.minItems === 'number' ? schema.minItems : 1 }, () => sample(schema.items));
  if (type === 'integer' || type === 'number') return typeof schema.minimum === 'number' ? schema.minimum : 1;
  if (type === 'boolean') return false;
  return typeof schema.minLength === 'number' ? 'X'.repeat(schema.minLength) : 'X';
}

describe('MCP: outputSchema and structuredContent', () => {
  test.each(FLAVOURS.map(([family, observed]) => [`${family}${observed ? ' --observed' : ''}`, family, observed] as const))(
    '%s: every tool has an outputSchema, and every answer the SDK client gets validates against it',
    async (_name, family, observed) => {
      const client = await connected(family, observed);
      const { tools } = await client.listTools();
      expect(tools.filter((t) => t.outputSchema === undefined).map((t) => t.name)).toEqual([]);
      const answered: string[] = [];
      for (const tool of tools) {
        // The SDK's callTool validates structuredContent against the tool's outputSchema and throws when it does not match.
        const result = await client.callTool({ name: tool.name, arguments: sample(tool.inputSchema) as Record<string, unknown> });
        const content = result.structuredContent as { status?: unknown } | undefined;
        if (typeof content?.status === 'number') answered.push(tool.name);
      }
      // Most calls reach the mock and come back with its answer (a few need values no sample makes).
      expect(answered.length).toBeGreaterThanOrEqual(Math.ceil(tools.length / 2));
    },
  );

  test('the schema holds the body to the answer shape: the legacy Autenticar answer is a string', async () => {
    const client = await connected('legacy', false);
    const { tools } = await client.listTools();
    const autenticar = tools.find((t) => t.name === 'Autenticar') as Tool;
    // The legacy Autenticar answer is a JSON string (the session token, redacted): an object body breaks it.
    const then = (autenticar.outputSchema as JsonObject).then as JsonObject;
    expect(((then.properties as JsonObject).body as JsonObject).type).toBe('string');
  });

  test('observed tools say observed, name the captures, and the answer fields that feed a later call', async () => {
    const published = await (await connected('v2-pt', false)).listTools();
    const observed = await (await connected('v2-pt', true)).listTools();
    const reservar = observed.tools.find((t) => t.name === 'Reservar') as Tool;
    expect(reservar.description).toContain('Observed, not published: request from');
    expect(reservar.description).not.toBe(published.tools.find((t) => t.name === 'Reservar')?.description);
    expect(JSON.stringify(reservar.outputSchema)).toContain('Observed: feeds Cancelar.Localizador');
    for (const tool of observed.tools) expect(tool.description).toMatch(/Observed/);
    for (const tool of published.tools) expect(tool.description).not.toMatch(/Observed/);
  });

  test('tools/list stays within budget: v2-pt 40 kB, each observed flavour 80 kB', async () => {
    const bytes = async (family: string, observed: boolean) =>
      Buffer.byteLength(JSON.stringify(await (await connected(family, observed)).listTools()));
    expect(await bytes('v2-pt', false)).toBeLessThanOrEqual(40_000);
    expect(await bytes('v2-pt', true)).toBeLessThanOrEqual(80_000);
    expect(await bytes('legacy', true)).toBeLessThanOrEqual(80_000);
  });
});
