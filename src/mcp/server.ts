// The MCP server made from the bundles: one tool per operation of a family (or three
// dynamic ones), the contract's bundles and reference texts as resources, two prompts.
// Safe by default: the in-process mock answers; against a real base URL writes are hidden
// unless allowed, each is confirmed and sent once; credentials come from the environment
// only; every result, error and log line passes the redactor; logs go to stderr.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { mergeCredentials } from '../credentials.ts';
import { ENV } from '../flows/run.ts';
import { packageIdentity } from '../lib/layout.ts';
import { answerIsSecret, LIMITS, REDACTED } from '../lib/contract-index.ts';
import type { JsonObject } from '../lib/refs.ts';
import { describeViolations, problem } from '../mock/problem.ts';
import { StartError } from '../mock/start-error.ts';
import { createRedactor } from '../redact.ts';
import { Confirmations } from './confirm.ts';
import { loadFamily } from './family.ts';
import { credentialPaths, jsonBytes, limitOf, shownPath, TOO_LARGE } from './guards.ts';
import { parsedBody, refused, textResult } from './results.ts';
import { MOCK_SECRETS, secretsFrom } from './secrets.ts';
import { promptsOf } from './prompts.ts';
import { resourcesOf } from './resources.ts';
import { loadSdk, sharedSchemaValidator } from './sdk.ts';
import { loadObservedFlows } from '../mock/stateful/load.ts';
import { AnswerBroken, httpTarget, inProcessTarget, type Target, TargetFailure } from './target.ts';
import type { OperationTool } from './tools.ts';

export interface McpServerOptions {
  /** The route family whose operations are tools (default `v2-pt`): `v2-pt`, `v2-en`, `v3`, `v1`, `legacy`. */
  family?: string;
  /** The observed flavour of v2-pt or legacy (types from captured traffic, labelled observed). */
  observed?: boolean;
  /** With `observed` and the in-process mock: the stateful observed mock answers the booking flow (docs/flows.md). */
  flows?: boolean;
  /** A real server (the sandbox); default: the mock's decisions in this process, no network. */
  baseUrl?: string;
  /** With `baseUrl`: list write tools too (each still confirmed, sent once). */
  allowWrites?: boolean;
  /** `all`: one tool per operation (default); `dynamic`: list, describe and call operations through three tools. */
  tools?: 'all' | 'dynamic';
  /** Where FLOWS_* are read (default process.env). */
  env?: Readonly<Record<string, string | undefined>>;
  /** Where log lines go, redacted (default stderr). */
  log?: (line: string) => void;
  /** A real call's time limit in ms (default 30 s). */
  timeoutMs?: number;
}

const DYNAMIC = { list: 'list_operations', describe: 'describe_operation', call: 'call_operation' } as const;
const CONFIRMATION = 'confirmation';
/** What elicitation asks: one object for every write, so the shared validator compiles it once. */
const CONFIRM_SCHEMA = {
  type: 'object' as const,
  properties: { send: { type: 'boolean' as const, title: 'Send it', description: 'Send this write once' } },
  required: ['send'],
};

/**
 * An MCP server (the SDK's low-level `Server`) for one route family of the contract; connect
 * it to a transport (`StdioServerTransport`, `StreamableHTTPServerTransport`). Needs the
 * optional peer dependency `@modelcontextprotocol/sdk`.
 */
export async function createMcpServer(options: McpServerOptions = {}): Promise<Server> {
  const sdk = await loadSdk();
  const family = options.family ?? 'v2-pt';
  const loaded = await loadFamily(family, options.observed === true);
  const env = options.env ?? process.env;
  const secrets = secretsFrom(env);
  const redactor = createRedactor(secrets.values);
  const log = (line: string): void => (options.log ?? ((l: string) => process.stderr.write(`${l}\n`)))(redactor.text(line));
  let target: Target;
  // `flows` is the in-process stateful observed mock: asked for where it cannot answer, it is refused, never silently dropped.
  if (options.flows === true && options.observed !== true)
    throw new StartError('BAD_OPTION', 'flows goes with observed: the stateful observed mock answers the observed flavour.');
  if (options.flows === true && options.baseUrl !== undefined)
    throw new StartError(
      'BAD_OPTION',
      'flows answers from the mock in this process: it cannot go with baseUrl, which sends every call to that server.',
    );
  try {
    const stateful = options.flows === true && options.observed === true ? loadObservedFlows() : undefined;
    target =
      options.baseUrl === undefined
        ? await inProcessTarget(loaded.documentId, stateful && ((call) => stateful.respond(call)))
        : httpTarget(options.baseUrl, options.timeoutMs);
  } catch (error) {
    if (error instanceof TypeError) throw new StartError('BAD_OPTION', error.message);
    throw error;
  }
  const allowWrites = options.allowWrites === true;
  const confirmations = new Confirmations();
  /** The operations offered: against a real base URL, writes only when allowed. */
  const offered = loaded.tools.filter((tool) => tool.read || !target.real || allowWrites);
  const byName = new Map(offered.map((tool) => [tool.name, tool]));
  const hidden = new Set(loaded.tools.filter((tool) => !byName.has(tool.name)).map((tool) => tool.name));
  const needsConfirmation = (tool: OperationTool): boolean => target.real && !tool.read;
  /** What a result names as the call's target: the URL, or the in-process mock and the route. */
  const where = (tool: OperationTool, path: string): string =>
    target.real ? `${target.name}${path}` : `${target.name} ${tool.method.toUpperCase()} ${path}`;

  const server = new sdk.server.Server(
    { name: packageIdentity().name, version: packageIdentity().version },
    {
      jsonSchemaValidator: await sharedSchemaValidator(),
      capabilities: { tools: {}, resources: {}, prompts: {} },
      instructions: [
        `Operations of the ${loaded.documentId} route family of the air travel booking contract, answered by ${target.real ? target.name : 'the contract mock in this process (no network)'}.`,
        'Credentials are added by the server from its environment: never pass Login, Senha, ClienteId or developer headers as arguments.',
        target.real
          ? 'Each write is confirmed before it is sent, and sent once (never retried).'
          : 'Writes reach only the mock: nothing is booked.',
      ].join(' '),
    },
  );

  function toolOf(tool: OperationTool): Tool {
    const inputSchema = needsConfirmation(tool)
      ? {
          ...tool.inputSchema,
          properties: {
            ...(tool.inputSchema.properties as JsonObject),
            [CONFIRMATION]: {
              type: 'string',
              description: 'The token the first call returned, to send this write (once). Clients with elicitation are asked instead.',
            },
          },
        }
      : tool.inputSchema;
    return {
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: inputSchema as Tool['inputSchema'],
      ...(tool.outputSchema ? { outputSchema: tool.outputSchema as Tool['outputSchema'] } : {}),
      annotations: {
        title: tool.title,
        readOnlyHint: tool.read,
        ...(tool.read ? {} : { destructiveHint: tool.destructive, idempotentHint: false }),
        openWorldHint: target.real,
      },
    };
  }

  function dynamicTools(): Tool[] {
    const names = offered.map((t) => t.name);
    const operation = { type: 'string', enum: names, description: `An operation of ${loaded.documentId}.` };
    return [
      {
        name: DYNAMIC.list,
        title: 'List operations',
        description: `The operations of ${loaded.documentId}: name, title, whether each only reads or cancels or removes something.`,
        inputSchema: { type: 'object', properties: {} },
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      {
        name: DYNAMIC.describe,
        title: 'Describe an operation',
        description: "An operation's description from the contract and the JSON Schema of its arguments.",
        inputSchema: { type: 'object', properties: { operation }, required: ['operation'] },
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      {
        name: DYNAMIC.call,
        title: 'Call an operation',
        description: `Calls an operation with its arguments (see ${DYNAMIC.describe}); credentials are added by the server.${target.real ? ' A write is confirmed first and sent once.' : ''}`,
        inputSchema: {
          type: 'object',
          properties: {
            operation,
            arguments: { type: 'object', description: 'The arguments, as the operation describes them.' },
            ...(target.real && allowWrites
              ? { [CONFIRMATION]: { type: 'string', description: 'The token a first call of a write returned.' } }
              : {}),
          },
          required: ['operation'],
        },
        annotations: {
          readOnlyHint: false,
          destructiveHint: offered.some((t) => t.destructive),
          idempotentHint: false,
          openWorldHint: target.real,
        },
      },
    ];
  }

  const listed = (): Tool[] => (options.tools === 'dynamic' ? dynamicTools() : offered.map(toolOf));

  /** Asks the user through the client (elicitation), when the client can. */
  async function elicited(tool: OperationTool, path: string): Promise<boolean | undefined> {
    if (!server.getClientCapabilities()?.elicitation) return undefined;
    let answer: Awaited<ReturnType<typeof server.elicitInput>>;
    try {
      answer = await server.elicitInput({
        message: `Send ${tool.name} (a write${tool.destructive ? ' that cancels or removes' : ''}) to ${where(tool, path)}? It is sent once, never retried.`,
        requestedSchema: CONFIRM_SCHEMA,
      });
    } catch {
      // No answer from the user (a failed or timed-out request): not confirmed, nothing sent.
      return false;
    }
    return answer.action === 'accept' && answer.content?.send === true;
  }

  async function callOperation(tool: OperationTool, given: Record<string, unknown>): Promise<CallToolResult> {
    const { [CONFIRMATION]: token, ...args } = given;
    // Credentials are the server's, and no secret passes through an agent: an argument naming
    // one at any depth, however spelt, is refused by its path, its value never echoed nor sent.
    const passed = credentialPaths(args);
    if (passed.length > 0)
      return refused(
        400,
        `${passed.map(shownPath).join(', ')} ${passed.length > 1 ? 'are' : 'is'} not an argument: credentials and secrets are never tool arguments; the server adds the credentials from ${ENV.login}, ${ENV.password} and ${ENV.clientId}. Nothing was sent.`,
        redactor,
        passed.map((at) => ({
          location: ['arguments', ...at],
          code: 'credential',
          message: 'credentials come from the environment',
          severity: 'Error',
        })),
      );
    let path = tool.path;
    for (const name of tool.pathParams) {
      const value = args[name];
      if (typeof value !== 'string' || value === '')
        return refused(400, `${name} is required: a non-empty string (a path parameter).`, redactor, [
          { location: ['arguments', name], code: 'required', message: 'must be a non-empty string', severity: 'Error' },
        ]);
      path = path.replace(`{${name}}`, encodeURIComponent(value));
    }
    const bodyArgs = Object.fromEntries(Object.entries(args).filter(([key]) => !tool.pathParams.includes(key)));
    const chosen = target.real ? secrets : { ...MOCK_SECRETS, ...secrets, credentials: secrets.credentials ?? MOCK_SECRETS.credentials };
    if (target.real) {
      const missing = [
        ...(chosen.developerToken ? [] : [ENV.developerToken]),
        ...(chosen.accessCode ? [] : [ENV.accessCode]),
        ...(tool.credentials && !chosen.credentials ? [ENV.login, ENV.password] : []),
      ];
      if (missing.length > 0) return refused(401, `Set ${missing.join(', ')} in the server's environment: nothing was sent.`, redactor);
    }
    const body = tool.wrapped ? bodyArgs.body : bodyArgs;
    const merged = tool.credentials && chosen.credentials ? mergeCredentials(body, tool.credentials, chosen.credentials) : body;
    const headers: Record<string, string> = {
      'content-type': 'application/json; charset=utf-8',
      accept: 'application/json',
      ...(chosen.developerToken ? { 'developer-token': chosen.developerToken } : {}),
      ...(chosen.accessCode ? { 'developer-access-code': chosen.accessCode } : {}),
    };
    const op = loaded.check.route(tool.method, path);
    if (op) {
      const check = loaded.check.request(op, headers, true, merged, true);
      const wrong = check.violations.filter((v) => v.severity === 'Error' || v.severity === undefined);
      if (wrong.length > 0) {
        const named = wrong.map((v) => ({ ...v, location: ['arguments', ...v.location.slice(v.location[1] === 'body' ? 2 : 1)] }));
        return refused(400, `${tool.name}: ${describeViolations(named, check.total)}. Nothing was sent.`, redactor, named);
      }
    }
    if (needsConfirmation(tool)) {
      const asked = await elicited(tool, path);
      if (asked === false) return refused(409, `${tool.name} was not confirmed: nothing was sent.`, redactor);
      if (asked === undefined) {
        if (typeof token !== 'string') {
          const issued = confirmations.issue(tool.name, args);
          return textResult(
            {
              sent: false,
              // Not under `token`: the redactor blanks every field of that name (a legacy session token).
              confirmationRequired: { [CONFIRMATION]: issued, operation: tool.name, target: where(tool, path) },
              detail: `${tool.name} writes to ${target.name}: nothing was sent. Ask the user, then call ${tool.name} again with the same arguments and "${CONFIRMATION}": "${issued}". It is sent once, never retried.`,
            },
            true,
            redactor,
          );
        }
        const verdict = confirmations.redeem(token, tool.name, args);
        if (verdict !== 'ok')
          return refused(
            409,
            verdict === 'unknown'
              ? `The ${CONFIRMATION} token is unknown, used or expired: nothing was sent. Call ${tool.name} without it for a new one.`
              : `The ${CONFIRMATION} token was issued for other arguments: nothing was sent.`,
            redactor,
          );
      }
    }
    // Measured as sent, credentials included: the mock on a port refuses the same body.
    const bodyText = JSON.stringify(merged) ?? '';
    if (jsonBytes(bodyText) > LIMITS.bodyBytes) return refused(413, TOO_LARGE, redactor);
    let sent: Awaited<ReturnType<Target['send']>>;
    try {
      sent = await target.send({ path, method: tool.method, headers, body: bodyText });
    } catch (error) {
      if (error instanceof AnswerBroken) {
        // The request left: a write may have taken effect, so it is reported as sent, never as a protocol error an agent would retry.
        const detail = `${tool.name} was sent to ${where(tool, path)}, and ${error.message}. ${
          tool.read
            ? 'It only reads: calling it again is safe.'
            : 'It may have taken effect: check its effect before calling it again, never retry it blindly.'
        }`;
        log(`mcp: ${tool.name} ${where(tool, path)} ${error.status}: the answer broke off (${error.code})`);
        return textResult({ sent: true, status: error.status, target: where(tool, path), problem: problem(502, detail) }, true, redactor);
      }
      if (error instanceof TargetFailure) {
        log(`mcp: ${tool.name} ${where(tool, path)}: ${error.message}`);
        return textResult({ sent: true, target: where(tool, path), problem: problem(502, error.message) }, true, redactor);
      }
      throw error;
    }
    const { body: parsed, json } = parsedBody(sent);
    // The whole answer of a legacy authentication is the session token (the index's secret
    // answers, Part 4.5): never handed to an agent, in any content type or wrapper; only its
    // status and its check are kept (the server sends Login and Senha on every call instead).
    const secretAnswer = answerIsSecret(tool.path);
    const result: Record<string, unknown> = { status: sent.status, body: secretAnswer ? REDACTED : parsed, target: where(tool, path) };
    if (target.real && op) {
      const check = loaded.check.response(op, sent.status, sent.headers['content-type'], parsed, json);
      // A secret answer's violations keep no location inside it: a key there could be the token.
      result.violations = secretAnswer ? check.violations.map((v) => ({ ...v, location: v.location.slice(0, 2) })) : check.violations;
      result.violationCount = check.total;
    }
    log(`mcp: ${tool.name} ${where(tool, path)} ${sent.status}`);
    return textResult(result, false, redactor);
  }

  function operationNamed(name: unknown): OperationTool | CallToolResult {
    const tool = typeof name === 'string' ? byName.get(name) : undefined;
    if (tool) return tool;
    if (typeof name === 'string' && hidden.has(name))
      return refused(
        403,
        `${name} writes, and writes to ${target.name} are not offered: start the server with --allow-writes (each write is still confirmed).`,
        redactor,
      );
    return refused(404, `No operation named ${JSON.stringify(String(name).slice(0, 80))} in ${loaded.documentId}.`, redactor, [
      { location: ['arguments', 'operation'], code: 'enum', message: 'not an operation of this family', severity: 'Error' },
    ]);
  }

  const describe = (tool: OperationTool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    read: tool.read,
    destructive: tool.destructive,
    inputSchema: toolOf(tool).inputSchema,
    ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
  });

  const { types } = sdk;
  server.setRequestHandler(types.ListToolsRequestSchema, () => ({ tools: listed() }));
  server.setRequestHandler(types.CallToolRequestSchema, async (request) => {
    const args = (request.params.arguments ?? {}) as Record<string, unknown>;
    // The package's one set of limits, before anything recursive reads the arguments.
    const breach = limitOf(args);
    if (breach !== undefined) return refused(413, breach, redactor);
    if (options.tools === 'dynamic') {
      if (request.params.name === DYNAMIC.list)
        return textResult(
          {
            family: loaded.documentId,
            target: target.name,
            operations: offered.map((t) => ({ name: t.name, title: t.title, read: t.read, destructive: t.destructive })),
          },
          false,
          redactor,
        );
      if (request.params.name === DYNAMIC.describe) {
        const tool = operationNamed(args.operation);
        return 'content' in tool ? tool : textResult(describe(tool), false, redactor);
      }
      if (request.params.name === DYNAMIC.call) {
        const tool = operationNamed(args.operation);
        if ('content' in tool) return tool;
        const inner = typeof args.arguments === 'object' && args.arguments !== null ? (args.arguments as Record<string, unknown>) : {};
        return callOperation(tool, { ...inner, ...(args[CONFIRMATION] === undefined ? {} : { [CONFIRMATION]: args[CONFIRMATION] }) });
      }
      return operationNamed(request.params.name) as CallToolResult;
    }
    const tool = operationNamed(request.params.name);
    return 'content' in tool ? tool : callOperation(tool, args);
  });

  const resources = resourcesOf(loaded.documentId, (tool) => describe(tool));
  server.setRequestHandler(types.ListResourcesRequestSchema, async () => ({ resources: await resources.list() }));
  server.setRequestHandler(types.ReadResourceRequestSchema, async (request) => {
    const contents = await resources.read(request.params.uri);
    if (!contents) throw new types.McpError(types.ErrorCode.InvalidParams, `No resource ${request.params.uri.slice(0, 200)}`);
    return { contents: [contents] };
  });
  const prompts = promptsOf(loaded.documentId, offered, redactor);
  server.setRequestHandler(types.ListPromptsRequestSchema, () => ({ prompts: prompts.list() }));
  server.setRequestHandler(types.GetPromptRequestSchema, (request) => {
    const got = prompts.get(request.params.name, request.params.arguments ?? {});
    if (typeof got === 'string') throw new types.McpError(types.ErrorCode.InvalidParams, got);
    return got;
  });
  log(
    `mcp: ${listed().length} tools of ${loaded.documentId}, answered by ${target.name}${target.real && !allowWrites ? ' (reads only)' : ''}`,
  );
  return server;
}
