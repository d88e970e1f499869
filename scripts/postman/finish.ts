// Finishes what openapi-to-postmanv2 makes of a bundle into a collection that runs: the
// converter keeps the folders (one per tag: the description's groups), the names, the
// descriptions and the paths; this step puts in both developer headers (the converter
// maps only the first API key, to an undefined `{{apiKey}}`), the contract's body with
// the credentials as variables, a test script, and stable ids. It drops the converter's
// saved answers and faked values: nothing the contract does not say.
import { isRecord, type JsonRecord } from '../../src/lib/json.ts';
import { followRefs } from '../../src/lib/refs.ts';
import { exampleBody } from './body.ts';
import { stableId } from './ids.ts';
import { TEST_SCRIPT } from './test-script.ts';

export const COLLECTION_SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

/** The collection variable each developer header's scheme is sent from (the client's option names). */
const HEADER_VARIABLES: Readonly<Record<string, string>> = { developerToken: 'developerToken', developerAccessCode: 'accessCode' };

interface Description {
  content: string;
  type: string;
}
interface Variable {
  key: string;
  value: string;
  type: 'string';
  description: string;
}
interface Header {
  key: string;
  value: string;
}
export interface PostmanRequest {
  id: string;
  name: string;
  request: {
    description?: Description;
    method: string;
    header: Header[];
    body?: { mode: 'raw'; raw: string; options: { raw: { language: 'json' } } };
    url: { raw: string; host: string[]; path: string[]; variable?: Variable[] };
  };
  response: never[];
  event: Array<{ listen: 'test'; script: { type: 'text/javascript'; exec: string[] } }>;
}
export interface PostmanFolder {
  id: string;
  name: string;
  description?: Description;
  item: PostmanItem[];
}
export type PostmanItem = PostmanRequest | PostmanFolder;
export interface PostmanCollection {
  info: { _postman_id: string; name: string; description?: Description; schema: string };
  item: PostmanItem[];
  auth: { type: 'noauth' };
  variable: Variable[];
}

interface Operation {
  method: string;
  route: string;
  operation: JsonRecord;
}

function description(value: unknown): Description | undefined {
  if (isRecord(value) && typeof value.content === 'string') return { content: value.content, type: 'text/plain' };
  return typeof value === 'string' ? { content: value, type: 'text/plain' } : undefined;
}

function text(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new Error(`the converter's output has no ${what}`);
  return value;
}

/** The converter writes `/api/Voos/:Operation` for `/api/Voos/{Operation}`: the key both agree on. */
function routeKey(method: string, segments: string[]): string {
  return `${method.toUpperCase()} /${segments.map((s) => s.replace(/^:(.+)$/, '{$1}')).join('/')}`;
}

function postOperations(doc: JsonRecord): Map<string, Operation> {
  const found = new Map<string, Operation>();
  for (const [route, item] of Object.entries(isRecord(doc.paths) ? doc.paths : {})) {
    if (!isRecord(item)) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (isRecord(operation) && typeof operation.operationId === 'string') {
        found.set(routeKey(method, route.split('/').filter(Boolean)), { method: method.toUpperCase(), route, operation });
      }
    }
  }
  return found;
}

/** The developer headers an operation's security asks for, each sent from its variable. */
function securityHeaders(doc: JsonRecord, operation: JsonRecord): Header[] {
  const requirements = Array.isArray(operation.security) ? operation.security : Array.isArray(doc.security) ? doc.security : [];
  const first = requirements.find(isRecord) ?? {};
  const schemes = isRecord(doc.components) && isRecord(doc.components.securitySchemes) ? doc.components.securitySchemes : {};
  return Object.keys(first).flatMap((name) => {
    const scheme = followRefs(doc, schemes[name]);
    if (!isRecord(scheme) || scheme.type !== 'apiKey' || scheme.in !== 'header' || typeof scheme.name !== 'string') return [];
    return [{ key: scheme.name, value: `{{${HEADER_VARIABLES[name] ?? name}}}` }];
  });
}

/** The first server with its variables at their defaults: the sandbox, in every family. */
function defaultServer(doc: JsonRecord): { url: string; description: string } {
  const server = Array.isArray(doc.servers) ? doc.servers.find(isRecord) : undefined;
  if (!server || typeof server.url !== 'string') throw new Error('the bundle names no server');
  const variables = isRecord(server.variables) ? server.variables : {};
  const url = server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const variable = variables[name];
    return isRecord(variable) && typeof variable.default === 'string' ? variable.default : whole;
  });
  return { url, description: typeof server.description === 'string' ? server.description : '' };
}

function pathVariables(operation: JsonRecord, doc: JsonRecord): Variable[] {
  const parameters = Array.isArray(operation.parameters) ? operation.parameters.map((p) => followRefs(doc, p)) : [];
  return parameters.flatMap((p) =>
    isRecord(p) && p.in === 'path' && typeof p.name === 'string'
      ? [
          {
            key: p.name,
            value: `<${p.name}>`,
            type: 'string' as const,
            description: typeof p.description === 'string' ? p.description : '',
          },
        ]
      : [],
  );
}

function finishRequest(family: string, item: JsonRecord, doc: JsonRecord, operations: Map<string, Operation>): PostmanRequest {
  const request = isRecord(item.request) ? item.request : {};
  const url = isRecord(request.url) ? request.url : {};
  const segments = Array.isArray(url.path) ? url.path.map((s) => text(s, 'path segment')) : [];
  const method = text(request.method, 'method');
  const found = operations.get(routeKey(method, segments));
  if (!found) throw new Error(`${method} /${segments.join('/')}: the converter made a request for no operation of the bundle`);
  const { operation } = found;
  const operationId = String(operation.operationId);
  const body = exampleBody(doc, operation);
  const variable = pathVariables(operation, doc);
  const details = description(request.description);
  return {
    id: stableId(family, 'request', found.method, found.route),
    name: text(item.name, 'request name'),
    request: {
      ...(details ? { description: details } : {}),
      method,
      header: [
        ...(body === undefined ? [] : [{ key: 'Content-Type', value: 'application/json' }]),
        { key: 'Accept', value: 'application/json' },
        ...securityHeaders(doc, operation),
      ],
      ...(body === undefined
        ? {}
        : { body: { mode: 'raw' as const, raw: JSON.stringify(body, null, 2), options: { raw: { language: 'json' as const } } } }),
      url: {
        raw: `{{baseUrl}}/${segments.join('/')}`,
        host: ['{{baseUrl}}'],
        path: segments,
        ...(variable.length > 0 ? { variable } : {}),
      },
    },
    response: [],
    event: [{ listen: 'test', script: { type: 'text/javascript', exec: [`// ${operationId}`, ...TEST_SCRIPT] } }],
  };
}

function finishItems(family: string, items: unknown, doc: JsonRecord, operations: Map<string, Operation>): PostmanItem[] {
  if (!Array.isArray(items)) return [];
  return items.filter(isRecord).map((item): PostmanItem => {
    if (!Array.isArray(item.item)) return finishRequest(family, item, doc, operations);
    const name = text(item.name, 'folder name');
    const details = description(item.description);
    return {
      id: stableId(family, 'folder', name),
      name,
      ...(details ? { description: details } : {}),
      item: finishItems(family, item.item, doc, operations),
    };
  });
}

/** Requests of a collection, in order, through its folders. */
export function requestsOf(items: readonly PostmanItem[]): PostmanRequest[] {
  return items.flatMap((item) => ('item' in item ? requestsOf(item.item) : [item]));
}

/** The finished collection of one family, from the converter's output and the bundle it converted. */
export function finishCollection(family: string, converted: unknown, doc: JsonRecord): PostmanCollection {
  if (!isRecord(converted) || !isRecord(converted.info)) throw new Error(`${family}: the converter's output is not a collection`);
  const operations = postOperations(doc);
  const item = finishItems(family, converted.item, doc, operations);
  const made = requestsOf(item).length;
  if (made !== operations.size) throw new Error(`${family}: ${operations.size} operations, but the converter made ${made} requests`);
  const server = defaultServer(doc);
  const details = description(converted.info.description);
  const variable = (key: string, value: string, about: string): Variable => ({ key, value, type: 'string', description: about });
  return {
    info: {
      _postman_id: stableId(family, 'collection'),
      name: text(converted.info.name, 'collection name'),
      ...(details ? { description: details } : {}),
      schema: COLLECTION_SCHEMA,
    },
    item,
    // Both developer headers are on every request: a collection-level API key holds only one.
    auth: { type: 'noauth' },
    variable: [
      variable(
        'baseUrl',
        server.url,
        `${server.description} Point it at the mock (http://127.0.0.1:4010) or at the address the operator gives.`,
      ),
      variable('developerToken', '<DEVELOPER_TOKEN>', 'Sent as the developer-token header.'),
      variable(
        'accessCode',
        '<ACCESS_CODE>',
        'Sent as the developer-access-code header: made with createAccessCode from the package (Postman scripts have no RSA).',
      ),
      variable('Login', '<LOGIN>', 'The agency login, sent in the body.'),
      variable('Senha', '<PASSWORD>', 'The agency password, sent in the body.'),
    ],
  };
}

/** The collection's bytes: two-space JSON and a final newline, like the bundles. */
export function renderCollection(collection: PostmanCollection): string {
  return `${JSON.stringify(collection, null, 2)}\n`;
}
