// The contract index: the facts every door of the package reads, derived from the built
// bundles and nothing else (spec/extensions.md says where each comes from). For each
// family and flavour its operations (name, path, group, effect, deprecation, replacement,
// summary); the secret body fields (`format: password`, `writeOnly`, `x-secret`); the
// credential fields by kind (`x-credential`); the operations whose whole answer is a
// secret; the secret headers (the apiKey security schemes); the published property names.
// The package's own limits (src/lib/limits.ts) ride along so other tools can read them.
import { isRecord } from '../../src/lib/json.ts';
import { LIMITS } from '../../src/lib/limits.ts';

type Json = Record<string, unknown>;

export interface IndexedOperation {
  name: string;
  operationId: string;
  path: string;
  group: string;
  effect: 'read' | 'write';
  /** It cancels, removes or deletes something (`x-destructive`): an agent must not send it lightly. */
  destructive: boolean;
  deprecated: boolean;
  /** The operation that replaces a deprecated one (`x-replaced-by`), or null. */
  replacedBy: { operationId: string; path: string } | null;
  summary: string;
  /** Its step in a booking flow (`x-flow-role`, an inference), or null. */
  role: FlowRole | null;
  /** It authenticates the legacy credential and answers a token (`x-session`). */
  authenticates: boolean;
  /** The JSON type of its 200 answer (`string` for the legacy `Autenticar`), or null where the schema states none. */
  answer: string | null;
  /** The request body's credential fields by kind (`x-credential`), as this body spells them. */
  credentials: Partial<Record<CredentialKind, string>>;
}

/** The steps of a booking flow an operation may stand for (spec/extensions.md, `x-flow-role`). */
export const FLOW_ROLES = ['search-systems', 'search', 'price', 'book', 'issue', 'cancel', 'lookup'] as const;
export type FlowRole = (typeof FLOW_ROLES)[number];

export interface IndexedFamily {
  flavour: 'published' | 'observed';
  title: string;
  operations: IndexedOperation[];
  /** Every property name the document's schemas declare, sorted. */
  properties: string[];
}

export interface ContractIndex {
  families: Record<string, IndexedFamily>;
  secrets: {
    /** Body fields whose string value is a secret, as the documents spell them. */
    fields: string[];
    /** Paths whose whole answer may be a secret (the legacy session token of `Autenticar`). */
    answers: string[];
    /** Headers whose value is a secret: the documents' apiKey security schemes. */
    headers: string[];
  };
  /** Body fields that carry the agency credentials, by kind (`x-credential`), as the documents spell them. */
  credentials: Record<'login' | 'password' | 'client-id', string[]>;
  limits: typeof LIMITS;
}

/** A node with its `$ref`s followed, within one bundle (`#/components/...`). */
function resolver(document: Json): (node: unknown) => Json | undefined {
  return (node) => {
    let current = node;
    for (let hops = 0; hops < 32 && isRecord(current) && typeof current.$ref === 'string'; hops++) {
      const ref = current.$ref;
      if (!ref.startsWith('#/')) return undefined;
      let target: unknown = document;
      for (const part of ref.slice(2).split('/'))
        target = isRecord(target) ? target[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
      // A sibling of $ref (a description, an x-credential) speaks for the node as well.
      current = isRecord(target) ? { ...target, ...Object.fromEntries(Object.entries(current).filter(([k]) => k !== '$ref')) } : undefined;
    }
    return isRecord(current) ? current : undefined;
  };
}

/** Every schema node of a document, each once (components and inline), with its property map. */
function* schemaNodes(node: unknown, seen = new Set<unknown>()): Generator<Json> {
  if (typeof node !== 'object' || node === null || seen.has(node)) return;
  seen.add(node);
  if (Array.isArray(node)) {
    for (const item of node) yield* schemaNodes(item, seen);
    return;
  }
  const record = node as Json;
  if (isRecord(record.properties)) yield record;
  for (const [key, value] of Object.entries(record)) if (key !== 'examples' && key !== 'example') yield* schemaNodes(value, seen);
}

const CREDENTIAL_KINDS = ['login', 'password', 'client-id'] as const;
type CredentialKind = (typeof CREDENTIAL_KINDS)[number];

/** The credential fields a request body declares (its `x-credential` properties, `allOf` members followed), by kind. */
function bodyCredentials(resolve: (node: unknown) => Json | undefined, schema: unknown): Partial<Record<CredentialKind, string>> {
  const found: Partial<Record<CredentialKind, string>> = {};
  const visit = (node: unknown, depth: number): void => {
    const target = resolve(node);
    if (!target || depth > 8) return;
    for (const [name, property] of Object.entries(isRecord(target.properties) ? target.properties : {})) {
      const kind = resolve(property)?.['x-credential'];
      if ((kind === 'login' || kind === 'password' || kind === 'client-id') && found[kind] === undefined) found[kind] = name;
    }
    // The first alternative that names a kind speaks for it (the legacy bodies' `oneOf` with a body without Login).
    for (const key of ['allOf', 'oneOf', 'anyOf'])
      if (Array.isArray(target[key])) for (const member of target[key] as unknown[]) visit(member, depth + 1);
  };
  visit(schema, 0);
  return Object.fromEntries(CREDENTIAL_KINDS.flatMap((k) => (found[k] === undefined ? [] : [[k, found[k]]])));
}

/** The index of the given bundles, by document id; deterministic (sorted where order is not the documents'). */
export function contractIndex(bundles: ReadonlyArray<{ id: string; flavour: 'published' | 'observed'; document: Json }>): ContractIndex {
  const families: Record<string, IndexedFamily> = {};
  const secretFields = new Set<string>();
  const secretAnswers = new Set<string>();
  const secretHeaders = new Set<string>();
  const credentials = Object.fromEntries(CREDENTIAL_KINDS.map((k) => [k, new Set<string>()])) as Record<
    (typeof CREDENTIAL_KINDS)[number],
    Set<string>
  >;
  for (const { id, flavour, document } of bundles) {
    const resolve = resolver(document);
    const operations: IndexedOperation[] = [];
    for (const [pathName, item] of Object.entries(isRecord(document.paths) ? document.paths : {})) {
      const operation = isRecord(item) ? item.post : undefined;
      if (!isRecord(operation)) continue;
      const effect = operation['x-effect'];
      if (effect !== 'read' && effect !== 'write') throw new Error(`${id}: ${pathName} has no x-effect (read or write)`);
      const replaced = operation['x-replaced-by'];
      const role = operation['x-flow-role'];
      if (role !== undefined && !(FLOW_ROLES as readonly unknown[]).includes(role))
        throw new Error(`${id}: ${pathName} has x-flow-role ${JSON.stringify(role)}, not one of ${FLOW_ROLES.join(', ')}`);
      const session = operation['x-session'];
      if (session !== undefined && session !== 'authenticates')
        throw new Error(`${id}: ${pathName} has x-session other than authenticates`);
      const answer = resolve(
        resolve(resolve(resolve((operation.responses as Json | undefined)?.['200'])?.content as unknown)?.['application/json'])?.schema,
      );
      const request = resolve(resolve(resolve(operation.requestBody)?.content as unknown)?.['application/json'])?.schema;
      const last = pathName.slice(pathName.lastIndexOf('/') + 1);
      operations.push({
        name: last.startsWith('{') ? String(operation.operationId) : last,
        operationId: String(operation.operationId),
        path: pathName,
        group: Array.isArray(operation.tags) ? String(operation.tags[0]) : '',
        effect,
        destructive: operation['x-destructive'] === true,
        deprecated: operation.deprecated === true,
        replacedBy: isRecord(replaced) ? { operationId: String(replaced.operationId), path: String(replaced.path) } : null,
        summary: typeof operation.summary === 'string' ? operation.summary : '',
        role: (role as FlowRole | undefined) ?? null,
        authenticates: session === 'authenticates',
        answer: typeof answer?.type === 'string' ? answer.type : null,
        credentials: bodyCredentials(resolve, request),
      });
      if (answer?.['x-secret'] !== undefined) secretAnswers.add(pathName);
    }
    // A role names one step: two operations with it would leave a door to guess (spec/extensions.md).
    for (const role of FLOW_ROLES) {
      const holders = operations.filter((op) => op.role === role);
      if (holders.length > 1) throw new Error(`${id}: x-flow-role ${role} is on ${holders.map((op) => op.path).join(' and ')}`);
    }
    const properties = new Set<string>();
    for (const schema of schemaNodes(document)) {
      for (const [name, property] of Object.entries(schema.properties as Json)) {
        properties.add(name);
        const target = resolve(property);
        if (!target) continue;
        if (target.format === 'password' || target.writeOnly === true || target['x-secret'] !== undefined) secretFields.add(name);
        const kind = target['x-credential'];
        if (kind === 'login' || kind === 'password' || kind === 'client-id') credentials[kind].add(name);
      }
    }
    const schemes =
      isRecord(document.components) && isRecord(document.components.securitySchemes) ? document.components.securitySchemes : {};
    for (const scheme of Object.values(schemes)) {
      const target = resolve(scheme);
      if (target?.type === 'apiKey' && target.in === 'header' && typeof target.name === 'string')
        secretHeaders.add(target.name.toLowerCase());
    }
    const info = isRecord(document.info) ? document.info : {};
    families[id] = { flavour, title: typeof info.title === 'string' ? info.title : id, operations, properties: [...properties].sort() };
  }
  const sorted = (set: Set<string>): string[] => [...set].sort();
  return {
    families,
    secrets: { fields: sorted(secretFields), answers: sorted(secretAnswers), headers: sorted(secretHeaders) },
    credentials: {
      login: sorted(credentials.login),
      password: sorted(credentials.password),
      'client-id': sorted(credentials['client-id']),
    },
    limits: LIMITS,
  };
}

const HEADER = '// Made by `npm run build` from the bundles (scripts/pipeline/contract-index.ts): do not edit.\n';

/** The index as JSON, for other tools. */
export const renderIndexJson = (index: ContractIndex): string => `${JSON.stringify(index, null, 2)}\n`;

/** The index as an ES module of named parts, so a bundler keeps only what a door imports. */
export function renderIndexModule(index: ContractIndex): string {
  const parts = indexParts(index);
  return `${HEADER}${Object.entries(parts)
    .map(([name, value]) => `export const ${name} = ${name === 'PATHS' ? pathsMap(index) : JSON.stringify(value)};\n`)
    .join('')}`;
}

/** The name of a family's own paths export: `PATHS_V2_PT`, which its client module imports alone. */
export const familyPathsName = (id: string): string => `PATHS_${id.toUpperCase().replace(/-/g, '_')}`;

/** PATHS as the per-family exports it gathers, so a bundle that imports one family's leaves the others out. */
const pathsMap = (index: ContractIndex): string =>
  `{ ${Object.keys(index.families)
    .map((id) => `${JSON.stringify(id)}: ${familyPathsName(id)}`)
    .join(', ')} }`;

/** The module's declarations, every value a literal type: an operation name is a type the client's calls are checked against. */
export function renderIndexDeclarations(index: ContractIndex): string {
  const parts = indexParts(index);
  const typeOf = (name: string, value: unknown): string => {
    if (name === 'PROPERTIES') return 'Readonly<Record<string, readonly string[]>>';
    if (name === 'PATHS')
      return `{ ${Object.keys(index.families)
        .map((id) => `readonly ${JSON.stringify(id)}: typeof ${familyPathsName(id)}`)
        .join('; ')} }`;
    return literalType(value, '');
  };
  return `${HEADER}${Object.entries(parts)
    .map(([name, value]) => `export declare const ${name}: ${typeOf(name, value)};\n`)
    .join('')}`;
}

function indexParts(index: ContractIndex): Record<string, unknown> {
  const operations = Object.fromEntries(
    Object.entries(index.families).map(([id, family]) => [id, { flavour: family.flavour, operations: family.operations }]),
  );
  const properties = Object.fromEntries(
    Object.entries(index.families).flatMap(([id, family]) => (family.flavour === 'published' ? [[id, family.properties]] : [])),
  );
  // Each family's paths alone, for what loads with every client (a bundler then leaves the rest of FAMILIES out).
  const paths = Object.fromEntries(
    Object.entries(index.families).map(([id, family]) => [id, [...new Set(family.operations.map((op) => op.path))]]),
  );
  // Each family's reads alone, for the client's retries, likewise.
  const reads = Object.fromEntries(
    Object.entries(index.families).map(([id, family]) => [id, family.operations.flatMap((op) => (op.effect === 'read' ? [op.path] : []))]),
  );
  // Each family's flow roles alone (the mock, the flows, the MCP prompts): role -> operation names, in the documents' order.
  const roles = Object.fromEntries(
    Object.entries(index.families).flatMap(([id, family]) => {
      const byRole: Record<string, string[]> = {};
      for (const op of family.operations) if (op.role !== null) (byRole[op.role] ??= []).push(op.name);
      return Object.keys(byRole).length > 0 ? [[id, byRole]] : [];
    }),
  );
  // The legacy client's session facts alone, likewise: which paths authenticate, which answer a bare JSON string.
  const sessions = Object.fromEntries(
    Object.entries(index.families).flatMap(([id, family]) => {
      const authenticates = family.operations.filter((op) => op.authenticates).map((op) => op.path);
      const strings = family.operations.filter((op) => op.answer === 'string').map((op) => op.path);
      return authenticates.length > 0 || strings.length > 0 ? [[id, { authenticates, answersString: strings }]] : [];
    }),
  );
  // Each family's credential spelling (the most common one) and the paths that spell them otherwise, likewise: the client merges the credentials under them.
  const spellings = Object.fromEntries(
    Object.entries(index.families).flatMap(([id, family]) => {
      const counts = new Map<string, number>();
      for (const op of family.operations) {
        const key = JSON.stringify(op.credentials);
        if (key !== '{}') counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      const common = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
      if (common === undefined) return [];
      const at = Object.fromEntries(
        family.operations.flatMap((op) => {
          const key = JSON.stringify(op.credentials);
          return key === '{}' || key === common ? [] : [[op.path, op.credentials]];
        }),
      );
      return [[id, { common: JSON.parse(common) as IndexedOperation['credentials'], at }]];
    }),
  );
  const ownPaths = Object.fromEntries(Object.entries(paths).map(([id, list]) => [familyPathsName(id), list]));
  return {
    FAMILIES: operations,
    ...ownPaths,
    PATHS: paths,
    READS: reads,
    ROLES: roles,
    SESSIONS: sessions,
    CREDENTIAL_SPELLINGS: spellings,
    SECRETS: index.secrets,
    CREDENTIALS: index.credentials,
    PROPERTIES: properties,
    LIMITS: index.limits,
  };
}

function literalType(value: unknown, indent: string): string {
  const inner = `${indent}  `;
  if (Array.isArray(value))
    return value.length === 0
      ? 'readonly []'
      : `readonly [\n${value.map((v) => `${inner}${literalType(v, inner)}`).join(',\n')}\n${indent}]`;
  if (isRecord(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    return `{\n${entries.map(([k, v]) => `${inner}readonly ${JSON.stringify(k)}: ${literalType(v, inner)};`).join('\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}
