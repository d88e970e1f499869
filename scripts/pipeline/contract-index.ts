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
}

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
      });
      const answer = resolve(
        resolve(resolve(resolve((operation.responses as Json | undefined)?.['200'])?.content as unknown)?.['application/json'])?.schema,
      );
      if (answer?.['x-secret'] !== undefined) secretAnswers.add(pathName);
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
  const ownPaths = Object.fromEntries(Object.entries(paths).map(([id, list]) => [familyPathsName(id), list]));
  return {
    FAMILIES: operations,
    ...ownPaths,
    PATHS: paths,
    READS: reads,
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
