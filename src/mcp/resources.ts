// Resources: each family's bundle as built (generated/<id>/openapi.json) and each
// operation's reference text, made from the same bundle as its tool.
import { readFile } from 'node:fs/promises';
import { bundleFile, PACKAGE_ROOT } from '../lib/layout.ts';
import type { JsonObject } from '../lib/refs.ts';
import { DOCUMENT_IDS, type OperationTool, toolsOf } from './tools.ts';

const SCHEME = 'air-travel-api-contract://';
const bundleUri = (id: string): string => `${SCHEME}openapi/${id}.json`;
const operationUri = (id: string, name: string): string => `${SCHEME}operations/${id}/${name}.md`;

interface Listed {
  uri: string;
  name: string;
  title: string;
  description: string;
  mimeType: string;
}

/** An operation's reference text: what it does, whether it only reads, its arguments. */
function referenceText(documentId: string, tool: OperationTool, schema: unknown): string {
  const kind = tool.read ? 'Only reads.' : tool.destructive ? 'Writes: cancels or removes something.' : 'Writes.';
  return [
    `# ${tool.name} (${documentId})`,
    '',
    `\`${tool.method.toUpperCase()} ${tool.path}\`. ${kind}`,
    '',
    tool.description,
    '',
    '## Arguments',
    '',
    tool.credentials
      ? `The server adds ${[tool.credentials.login, tool.credentials.password, tool.credentials.clientId].filter(Boolean).join(', ')} and the developer headers.`
      : 'The server adds the developer headers.',
    '',
    '```json',
    JSON.stringify(schema, null, 2),
    '```',
    '',
  ].join('\n');
}

export function resourcesOf(served: string, describe: (tool: OperationTool) => { inputSchema: unknown }) {
  const bundles = new Map<string, Promise<{ text: string; tools: OperationTool[] }>>();
  const bundle = (id: string) => {
    let loading = bundles.get(id);
    if (!loading) {
      loading = readFile(bundleFile(PACKAGE_ROOT, id), 'utf8').then((text) => ({
        text,
        tools: toolsOf(id, JSON.parse(text) as JsonObject),
      }));
      bundles.set(id, loading);
    }
    return loading;
  };
  return {
    async list(): Promise<Listed[]> {
      const listed: Listed[] = DOCUMENT_IDS.map((id) => ({
        uri: bundleUri(id),
        name: `openapi-${id}`,
        title: `The ${id} bundle`,
        description: `The contract of ${id} as built (OpenAPI 3.1, JSON)${id.endsWith('-observed') ? ': the observed flavour, typed from captured traffic' : ''}.`,
        mimeType: 'application/json',
      }));
      // Reference texts of the served family's operations: the ones its tools call.
      for (const tool of (await bundle(served)).tools)
        listed.push({
          uri: operationUri(served, tool.name),
          name: `${served}-${tool.name}`,
          title: `${tool.name} (${served})`,
          description: `Reference text of ${tool.name}: what it does, whether it reads, its arguments.`,
          mimeType: 'text/markdown',
        });
      return listed;
    },
    async read(uri: string): Promise<{ uri: string; mimeType: string; text: string } | undefined> {
      const bundleMatch = /^air-travel-api-contract:\/\/openapi\/([\w-]+)\.json$/.exec(uri);
      if (bundleMatch && (DOCUMENT_IDS as readonly string[]).includes(bundleMatch[1] as string))
        return { uri, mimeType: 'application/json', text: (await bundle(bundleMatch[1] as string)).text };
      const operationMatch = /^air-travel-api-contract:\/\/operations\/([\w-]+)\/(\w+)\.md$/.exec(uri);
      if (operationMatch && (DOCUMENT_IDS as readonly string[]).includes(operationMatch[1] as string)) {
        const id = operationMatch[1] as string;
        const tool = (await bundle(id)).tools.find((t) => t.name === operationMatch[2]);
        if (tool)
          return {
            uri,
            mimeType: 'text/markdown',
            text: referenceText(id, tool, id === served ? describe(tool).inputSchema : tool.inputSchema),
          };
      }
      return undefined;
    },
  };
}
