// The call documentation of a family or flavour (generated/<id>/calls.d.ts), from its bundle:
// per folder of paths, each operation's name and path with the JSDoc its named call shows at
// the hover (summary, description, group, read or write, source, observed counts, a link to
// its section of the reference page, `@deprecated` with the replacement), and per path the
// body fields whose description the generated `schema.d.ts` leaves off (a `$ref` field's
// target description; an observed field's counts and the earlier answer that feeds it).
// src/named-calls.ts maps over these keys homomorphically, so the JSDoc survives.
import { operationText, seenIn, seenText, bodySchemas } from '../../src/lib/operation-text.ts';
import { isObject, type JsonObject, objectAt } from '../../src/lib/refs.ts';
import { operationHref } from '../docs-site/crossrefs.ts';

/** Where `npm run docs:serve` serves the reference pages (README, "Quick start 3"). */
export const REFERENCE_SITE = 'http://127.0.0.1:8080/';

/** Which request field takes which earlier answer's field (generated/flows/lineage.json's `summary`). */
export interface FeedingThread {
  request: string;
  field: string;
  fromOperation: string;
  fromField: string;
  steps: number;
}

const HEADER = '// Made by `npm run build` from the bundle (scripts/pipeline/call-docs.ts): do not edit.\n';
const MAX_DEPTH = 4;

/** A JSDoc block at `indent`; `*\/` in the text cannot end it. */
function jsdoc(lines: readonly string[], indent: string): string {
  const body = lines.flatMap((l) => l.replace(/\*\//g, '*\\/').split('\n')).map((l) => (l === '' ? `${indent} *` : `${indent} * ${l}`));
  return `${indent}/**\n${body.join('\n')}\n${indent} */\n`;
}

/** The hover of one operation. */
export function operationDoc(id: string, doc: JsonObject, op: JsonObject, observed: boolean): string[] {
  const text = operationText(doc, op, observed);
  const href = operationHref(id, { tags: Array.isArray(op.tags) ? op.tags.map(String) : [], operationId: String(op.operationId) });
  return [
    text.summary,
    '',
    ...(text.description === '' ? [] : [text.description, '']),
    ...text.facts,
    '',
    `@see {@link ${REFERENCE_SITE}${href} | ${id} reference: ${text.summary}} (the docs site, \`npm run docs:serve\`)`,
    ...(text.deprecation === undefined ? [] : [`@deprecated ${text.deprecation}`]),
  ];
}

function ownDescription(node: unknown): string | undefined {
  return isObject(node) && typeof node.description === 'string' ? node.description.trim() : undefined;
}

/** The object schemas a body is the conjunction of (itself and its `allOf` branches); none when it is a union. */
function objectParts(doc: unknown, schema: unknown, depth = 0): JsonObject[] | undefined {
  const node = objectAt(doc, schema);
  if (!node || depth > 8 || node.oneOf !== undefined || node.anyOf !== undefined) return undefined;
  const parts: JsonObject[] = isObject(node.properties) ? [node] : [];
  for (const branch of Array.isArray(node.allOf) ? node.allOf : []) {
    const inner = objectParts(doc, branch, depth + 1);
    if (!inner) return undefined;
    parts.push(...inner);
  }
  return parts;
}

/** Only a plain array or object type (never one with null) may take a nested type: an intersection must not drop a value. */
function nestedFields(doc: unknown, node: unknown, depth: number): string | undefined {
  const target = objectAt(doc, node);
  if (!target || depth >= MAX_DEPTH) return undefined;
  if (target.type === 'array') {
    const items = fieldsOf(doc, target.items, depth + 1, undefined);
    return items === undefined ? undefined : `Array<${items}>`;
  }
  return target.type === 'object' ? fieldsOf(doc, target, depth + 1, undefined) : undefined;
}

/** A type literal naming the fields of `schema` that need a JSDoc the generated types lack; undefined when none does. */
function fieldsOf(doc: unknown, schema: unknown, depth: number, feeds: ((field: string) => string[]) | undefined): string | undefined {
  const parts = objectParts(doc, schema);
  if (!parts) return undefined;
  const indent = '  '.repeat(depth + 2);
  const entries = new Map<string, string>();
  for (const part of parts) {
    for (const [name, property] of Object.entries(part.properties as JsonObject)) {
      const lines: string[] = [];
      // openapi-typescript writes a field's own description; a bare `$ref` field gets none.
      if (ownDescription(property) === undefined) {
        const target = ownDescription(objectAt(doc, property));
        if (target !== undefined) lines.push(target);
      }
      const seen = seenIn(property);
      if (seen) lines.push(`Observed, not published by the provider: sent in ${seenText(seen)}.`);
      lines.push(...(feeds?.(name) ?? []));
      const nested = nestedFields(doc, property, depth);
      if (lines.length === 0 && nested === undefined) continue;
      entries.set(name, `${lines.length > 0 ? jsdoc(lines, indent) : ''}${indent}${JSON.stringify(name)}?: ${nested ?? 'unknown'};\n`);
    }
  }
  if (entries.size === 0) return undefined;
  return `{\n${[...entries.values()].join('')}${'  '.repeat(depth + 1)}}`;
}

/** The folder of a path (`/api/V2/Voos/`) and its last segment. */
function split(pathName: string): { folder: string; name: string } {
  const at = pathName.lastIndexOf('/') + 1;
  return { folder: pathName.slice(0, at), name: pathName.slice(at) };
}

/** calls.d.ts of one bundle; `threads`: the flows' lineage, read for an observed flavour. */
export function renderCallDocs(id: string, doc: JsonObject, observed: boolean, threads: readonly FeedingThread[]): string {
  const folders = new Map<string, string[]>();
  const fields: string[] = [];
  const title = isObject(doc.info) && typeof doc.info.title === 'string' ? doc.info.title : id;
  for (const [pathName, item] of Object.entries(isObject(doc.paths) ? doc.paths : {})) {
    const op = isObject(item) ? item.post : undefined;
    if (!isObject(op)) continue;
    const { folder, name } = split(pathName);
    if (!name.startsWith('{')) {
      const entry = `${jsdoc(operationDoc(id, doc, op, observed), '    ')}    readonly ${name}: ${JSON.stringify(pathName)};\n`;
      folders.set(folder, [...(folders.get(folder) ?? []), entry]);
    }
    const operationId = String(op.operationId);
    const feeds = observed
      ? (field: string) =>
          threads
            .filter((t) => t.request === operationId && t.field === field)
            .map(
              (t) =>
                `Fed by the answer of \`${t.fromOperation}\`: \`${t.fromField}\` (in ${t.steps} captured flow ${t.steps === 1 ? 'step' : 'steps'}).`,
            )
      : undefined;
    const body = fieldsOf(doc, bodySchemas(doc, op).request, 0, feeds);
    if (body !== undefined) fields.push(`  readonly ${JSON.stringify(pathName)}: ${body};\n`);
  }
  const calls = [...folders].map(([folder, entries]) => `  readonly ${JSON.stringify(folder)}: {\n${entries.join('')}  };\n`).join('');
  return `${HEADER}/**
 * The calls by name of ${title}, by folder of paths: each name's path, its JSDoc what the
 * named call shows at the hover (src/named-calls.ts maps over these keys, which keeps it).
 */
export interface Calls {
${calls}}

/** By path, the request body fields whose description the generated types leave off, documented here. */
export interface Fields {
${fields.join('')}}
`;
}
