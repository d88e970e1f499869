// Builds baseline/current document pairs from the fixture base.yaml and patches.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { OpenApiDocument } from '../../scripts/gates/breaking/document.ts';
import { isObject, type Json, type JsonObject } from '../../src/lib/json.ts';

export const FIXTURES = join(import.meta.dirname, 'fixtures');

export type PatchOp = { set: string; value: Json } | { remove: string } | { add: string; value: Json };

export interface Case {
  name: string;
  baseline?: PatchOp[];
  current?: PatchOp[];
  expect: string[];
}

export function readFixture(name: string): string {
  return readFileSync(join(FIXTURES, name), 'utf8');
}

export function loadCases(): Case[] {
  return parse(readFixture('cases.yaml')) as Case[];
}

function tokens(pointer: string): string[] {
  if (!pointer.startsWith('/')) throw new Error(`patch pointer must start with /: ${pointer}`);
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** Applies set / remove / add (`/-` appends) in order; a missing parent is an error in the fixture. */
export function applyPatch(root: JsonObject, ops: PatchOp[]): JsonObject {
  const doc = structuredClone(root);
  for (const op of ops) {
    const pointer = 'set' in op ? op.set : 'remove' in op ? op.remove : op.add;
    const path = tokens(pointer);
    const last = path.pop() as string;
    let parent: Json = doc;
    for (const t of path) {
      const next: Json | undefined = Array.isArray(parent) ? parent[Number(t)] : isObject(parent) ? parent[t] : undefined;
      if (next === undefined) throw new Error(`fixture patch: nothing at ${pointer}`);
      parent = next;
    }
    if (Array.isArray(parent)) {
      if ('remove' in op) parent.splice(Number(last), 1);
      else if ('add' in op && last === '-') parent.push(op.value);
      else parent[Number(last)] = (op as { value: Json }).value;
    } else if (isObject(parent)) {
      if ('remove' in op) {
        if (!(last in parent)) throw new Error(`fixture patch: nothing to remove at ${pointer}`);
        delete parent[last];
      } else parent[last] = op.value;
    } else {
      throw new Error(`fixture patch: ${pointer} has no container`);
    }
  }
  return doc;
}

export const baseRoot = (): JsonObject => parse(readFixture('base.yaml')) as JsonObject;

/** Baseline and current are each base.yaml with their own patches applied. */
export function pair(baselineOps: PatchOp[] = [], currentOps: PatchOp[] = []): { baseline: OpenApiDocument; current: OpenApiDocument } {
  return {
    baseline: new OpenApiDocument(applyPatch(baseRoot(), baselineOps), 'baseline.yaml'),
    current: new OpenApiDocument(applyPatch(baseRoot(), currentOps), 'current.yaml'),
  };
}
