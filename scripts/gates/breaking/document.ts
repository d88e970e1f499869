// Reading bundled OpenAPI documents and following their local `$ref`s.
// The checker works on bundles only (generated/<family>/openapi.yaml), so every
// reference is local (`#/...`); anything else is a usage error, reported as such.
import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';

import { isObject, type Json, type JsonObject } from '../../../src/lib/json.ts';

/** One JSON pointer token, escaped as RFC 6901 says (`~` → `~0`, `/` → `~1`). */
export function escapeToken(token: string): string {
  return token.replaceAll('~', '~0').replaceAll('/', '~1');
}

export function child(pointer: string, ...tokens: (string | number)[]): string {
  return tokens.reduce<string>((p, t) => `${p}/${escapeToken(String(t))}`, pointer);
}

/** A node of a document together with the JSON pointer where it lives. */
export interface Located<T = Json> {
  node: T;
  pointer: string;
}

export class OpenApiDocument {
  readonly root: JsonObject;
  /** Where it came from, for messages. */
  readonly source: string;

  constructor(root: JsonObject, source: string) {
    this.root = root;
    this.source = source;
  }

  static fromText(text: string, source: string): OpenApiDocument {
    let root: unknown;
    try {
      root = parse(text);
    } catch (error) {
      throw new Error(`${source}: not valid YAML or JSON (${(error as Error).message})`);
    }
    if (!isObject(root) || typeof root.openapi !== 'string' || !isObject(root.info)) {
      throw new Error(`${source}: not an OpenAPI document (no \`openapi\` and \`info\` at the root)`);
    }
    return new OpenApiDocument(root, source);
  }

  static async fromFile(path: string): Promise<OpenApiDocument> {
    return OpenApiDocument.fromText(await readFile(path, 'utf8'), path);
  }

  get version(): string {
    const info = this.root.info;
    return isObject(info) && typeof info.version === 'string' ? info.version : '';
  }

  /** The node a local JSON pointer (`#/a/b`) names, or undefined. */
  at(pointer: string): Json | undefined {
    if (pointer === '#') return this.root;
    if (!pointer.startsWith('#/')) return undefined;
    let node: Json | undefined = this.root;
    for (const raw of pointer.slice(2).split('/')) {
      const token = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
      if (Array.isArray(node)) node = node[Number(token)];
      else if (isObject(node)) node = node[token];
      else return undefined;
    }
    return node;
  }

  /**
   * Follows `$ref` chains from a node to what they name. Sibling keys of a
   * `$ref` are dropped here (callers that care, the schema view, keep them).
   */
  deref(located: Located): Located {
    let current = located;
    const seen = new Set<string>();
    while (isObject(current.node) && typeof current.node.$ref === 'string') {
      const ref = current.node.$ref;
      if (!ref.startsWith('#')) {
        throw new Error(`${this.source}: non-local $ref "${ref}" at ${current.pointer}; compare bundled documents only`);
      }
      if (seen.has(ref)) throw new Error(`${this.source}: $ref cycle through ${ref}`);
      seen.add(ref);
      const target = this.at(ref);
      if (target === undefined) throw new Error(`${this.source}: $ref "${ref}" at ${current.pointer} names nothing`);
      current = { node: target, pointer: ref };
    }
    return current;
  }
}
