// Behaviours an integration wrote down (evidence/<source>/behaviours.json): observed facts
// with their quote, file, line and strength. They go on the observed flavours' operations
// as `x-observed-behaviours` (spec/extensions.md) and narrow requests on the safe side:
// where a source states that an operation refuses null fields, its observed request fields
// are optional but never null (docs/observed.md, "Which way a behaviour narrows").
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Json, JsonObject } from '../../src/lib/json.ts';
import { isRecord } from '../../src/lib/json.ts';
import { BEHAVIOUR_EXTENSION, readBehaviour, type ObservedBehaviour } from '../../src/lib/observed-behaviours.ts';

export const BEHAVIOURS_FILE = 'behaviours.json';

function githubLine(repository: string, commit: string, file: string, line: number): string {
  return `https://github.com/${repository}/blob/${commit}/${file.split('/').map(encodeURIComponent).join('/')}#L${line}`;
}

/** Every behaviour under `evidenceDir`, in folder then file order; a malformed entry stops with its place. */
export function loadBehaviours(evidenceDir: string, exclude: readonly string[] = []): ObservedBehaviour[] {
  const out: ObservedBehaviour[] = [];
  const folders = readdirSync(evidenceDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !exclude.includes(e.name))
    .map((e) => e.name)
    .sort();
  for (const source of folders) {
    const file = path.join(evidenceDir, source, BEHAVIOURS_FILE);
    if (!existsSync(file)) continue;
    const doc = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    const info = JSON.parse(readFileSync(path.join(evidenceDir, source, 'source.json'), 'utf8')) as unknown;
    if (!isRecord(doc) || !Array.isArray(doc.behaviours)) throw new Error(`${file}: no behaviours list`);
    const { repository, commit } = doc;
    if (!isRecord(info) || repository !== info.repository || commit !== info.commit)
      throw new Error(`${file}: repository and commit must be the ones source.json pins`);
    const ids = new Set<string>();
    for (const [i, entry] of doc.behaviours.entries()) {
      const quotes = isRecord(entry) && Array.isArray(entry.quotes) ? entry.quotes : [];
      const behaviour = readBehaviour({
        ...(isRecord(entry) ? entry : {}),
        source,
        repository,
        commit,
        quotes: quotes.map((q: unknown) =>
          isRecord(q) &&
          typeof q.file === 'string' &&
          typeof q.line === 'number' &&
          typeof repository === 'string' &&
          typeof commit === 'string'
            ? { ...q, url: githubLine(repository, commit, q.file, q.line) }
            : q,
        ),
      });
      if (!behaviour)
        throw new Error(`${file}: behaviours[${i}] is not a behaviour (id, kind, operations, strength, states, quotes, checkedBy)`);
      if (ids.has(behaviour.id)) throw new Error(`${file}: behaviour ${behaviour.id} twice`);
      ids.add(behaviour.id);
      out.push(behaviour);
    }
  }
  return out;
}

/** The behaviours about `operation`. */
export function behavioursAbout(behaviours: readonly ObservedBehaviour[], operation: string): ObservedBehaviour[] {
  return behaviours.filter((b) => b.operations.includes(operation));
}

/** The behaviour stating that `operation` refuses a null field, when one does. */
export function nullRefusal(behaviours: readonly ObservedBehaviour[], operation: string): ObservedBehaviour | undefined {
  return behavioursAbout(behaviours, operation).find((b) => b.kind === 'request-refuses-null');
}

const ONE_SOURCE_NULL = 'null stays allowed until a second source agrees';

/** The name of a named schema's variant without null: `ClasseSelecionadaSemNulo`, `ClasseSelecionadaSemNuloLegado`. */
export function withoutNullName(name: string): string {
  return name.endsWith('Legado') ? `${name.slice(0, -'Legado'.length)}SemNuloLegado` : `${name}SemNulo`;
}

/**
 * `schema` with null taken out everywhere: from `type` lists, `anyOf` branches and
 * examples. An observed named schema it refers to is shared with operations that accept
 * null, so it refers to a variant without null instead (`withoutNullName`), which is added
 * to `named` with its `x-observed` places cut to `operation`. Published references stay.
 */
export function withoutNull(schema: Json, named: JsonObject, because: ObservedBehaviour, operation: string): Json {
  const note = `never null here: ${because.source} states that this operation refuses a null field (\`${BEHAVIOUR_EXTENSION}\`: ${because.id})`;
  const variant = (name: string, target: JsonObject): string => {
    const variantName = withoutNullName(name);
    if (named[variantName] !== undefined) return variantName;
    named[variantName] = {};
    const copy = walk(target) as JsonObject;
    const record = copy['x-observed'];
    if (isRecord(record) && Array.isArray(record.in))
      copy['x-observed'] = { ...record, in: record.in.filter((p) => isRecord(p) && p.operation === operation) } as JsonObject;
    named[variantName] = {
      ...copy,
      description:
        `${String(copy.description ?? '')} This variant types \`${operation}\`'s request: ${note}; \`${name}\` stays nullable elsewhere.`.trim(),
    };
    return variantName;
  };
  const walk = (node: Json): Json => {
    if (Array.isArray(node)) return node.map((n) => walk(n));
    if (!isRecord(node)) return node;
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(node as JsonObject)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) {
        const name = value.slice('#/components/schemas/'.length);
        const target = named[name];
        out.$ref =
          isRecord(target) && !name.endsWith('SemNulo') && !name.endsWith('SemNuloLegado')
            ? `#/components/schemas/${variant(name, target as JsonObject)}`
            : value;
      } else if (key === 'type' && Array.isArray(value)) {
        const types = value.filter((t) => t !== 'null');
        out.type = types.length === 1 ? (types[0] as Json) : types;
      } else if (key === 'anyOf' && Array.isArray(value)) {
        const branches = value.filter((b) => !(isRecord(b) && b.type === 'null' && Object.keys(b).length === 1));
        if (branches.length === 1 && isRecord(branches[0])) Object.assign(out, walk(branches[0] as Json));
        else out.anyOf = branches.map((b) => walk(b));
      } else if (key === 'examples' && Array.isArray(value)) {
        out.examples = structuredClone(value.filter((v) => v !== null));
      } else if (key === 'description' && typeof value === 'string') {
        out.description = value.includes(ONE_SOURCE_NULL) ? value.replace(ONE_SOURCE_NULL, note) : value;
      } else if (key === 'x-observed' || key === 'x-inferred') {
        // a copy: the YAML writer would otherwise alias the named schema's record
        out[key] = structuredClone(value);
      } else {
        out[key] = walk(value);
      }
    }
    return out;
  };
  return walk(schema);
}

/** The record written on an operation: the behaviour as `x-observed-behaviours` carries it. */
export function behaviourRecord(b: ObservedBehaviour): JsonObject {
  return { ...b, quotes: b.quotes.map((q) => ({ ...q })) } as unknown as JsonObject;
}

/** The overlay actions giving each observed operation its behaviours, at `<prefix>/<Operation>`. */
export function behaviourActions(
  behaviours: readonly ObservedBehaviour[],
  prefix: string,
  operations: readonly string[],
): Array<{ target: string; description: string; update: JsonObject }> {
  return operations.flatMap((op) => {
    const about = behavioursAbout(behaviours, op);
    if (about.length === 0) return [];
    const key = `${prefix}/${op}`.replaceAll('\\', '\\\\').replaceAll("'", "\\'");
    return [
      {
        target: `$.paths['${key}'].post`,
        description: `${op}: the behaviours integrations stated about it, with their quotes and sources.`,
        update: { [BEHAVIOUR_EXTENSION]: about.map(behaviourRecord) },
      },
    ];
  });
}

/**
 * An operation's observed request schema, narrowed when a source states that the operation
 * refuses null fields; the variants of named schemas it then refers to are added to `named`.
 */
export function narrowRequest(
  schema: JsonObject,
  named: JsonObject,
  behaviours: readonly ObservedBehaviour[],
  operation: string,
): JsonObject {
  const refusal = nullRefusal(behaviours, operation);
  if (!refusal) return schema;
  const narrowed = withoutNull(schema, named, refusal, operation) as JsonObject;
  const quote = refusal.quotes[0];
  return {
    ...narrowed,
    description:
      `${String(narrowed.description ?? '')} No observed field may be null: ${refusal.source} states that the service refuses a null field here (${quote ? `\`${quote.file}:${quote.line}\`, "${quote.quote}"` : refusal.id}); a field can always be left out instead.`.trim(),
  };
}

/** `when` as nested object schemas requiring the value `equals` at its end, each open and marked as the overlay's objects are. */
function requiring(when: readonly string[], equals: boolean, note: string): JsonObject {
  const [key, ...rest] = when;
  if (key === undefined) return { const: equals };
  return {
    type: 'object',
    description: note,
    required: [key],
    properties: { [key]: requiring(rest, equals, note) },
    'x-undocumented': true,
  };
}

/**
 * An operation's observed response schema with the shapes its behaviours state: for a
 * `present-only-when`, one more `allOf` member holding either the condition or no such field
 * (`not: {}`, which admits no value and is typed `never`; a `false` schema says the same, but
 * openapi-zod-client cannot read it). A member of its own, since generators read `anyOf`
 * beside properties as a union with them.
 */
export function narrowResponse(schema: JsonObject, behaviours: readonly ObservedBehaviour[], operation: string): JsonObject {
  const shaped = behavioursAbout(behaviours, operation).filter((b) => b.shape?.kind === 'present-only-when');
  if (shaped.length === 0) return schema;
  const allOf = Array.isArray(schema.allOf) ? [...schema.allOf] : [];
  for (const b of shaped) {
    const shape = b.shape as NonNullable<ObservedBehaviour['shape']>;
    const note = `\`${shape.field}\` only when \`${shape.when.join('.')}\` is ${shape.equals} (not published by the provider): ${b.source} states it (\`${BEHAVIOUR_EXTENSION}\`: ${b.id}, ${b.environment}, ${b.strength}).`;
    allOf.push({
      description: note,
      anyOf: [
        requiring(shape.when, shape.equals, note),
        { type: 'object', description: note, properties: { [shape.field]: { not: {} } }, 'x-undocumented': true },
      ],
    });
  }
  return { ...schema, allOf };
}
