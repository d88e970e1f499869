// What a tool call returns: the structured result and its JSON text, both through the
// redactor; a refusal is an `isError` result holding a problem that names the field. And the
// output schema that structured result meets, the answer's shape from the contract in it.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isObject, type JsonObject } from '../lib/refs.ts';
import { problem, type Violation } from '../mock/problem.ts';
import type { Redactor } from '../redact.ts';

export function textResult(structured: Record<string, unknown>, isError: boolean, redactor: Redactor): CallToolResult {
  const safe = redactor.value(structured) as Record<string, unknown>;
  return { content: [{ type: 'text', text: JSON.stringify(safe) }], structuredContent: safe, ...(isError ? { isError: true } : {}) };
}

/** A call refused before anything was sent: a problem naming the field. */
export function refused(status: number, detail: string, redactor: Redactor, validation?: Violation[]): CallToolResult {
  return textResult({ sent: false, problem: problem(status, detail, validation) }, true, redactor);
}

export function parsedBody(sent: { headers: Record<string, string>; text: string }): { body: unknown; json: boolean } {
  const type = sent.headers['content-type'] ?? '';
  if (sent.text !== '' && /\bjson\b/i.test(type)) {
    try {
      return { body: JSON.parse(sent.text), json: true };
    } catch {
      return { body: sent.text, json: false };
    }
  }
  return { body: sent.text === '' ? null : sent.text, json: false };
}

/** Keywords an output schema keeps: the shape. Descriptions, examples and formats go (the budget); each only loosens. */
const SHAPE_KEYS = new Set(['type', 'properties', 'items', 'required', 'enum', 'const', 'additionalProperties', 'allOf', 'anyOf', 'oneOf']);

/** The shape of an inlined schema (tools.ts's plainSchema): `oneOf` read as `anyOf`, which no answer can match twice. */
export function shapeOf(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(shapeOf);
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    // `additionalProperties: true` is what a schema says without it.
    if (!SHAPE_KEYS.has(key) || (key === 'additionalProperties' && value === true)) continue;
    if (key === 'properties' && isObject(value))
      out.properties = Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, shapeOf(inner)]));
    else if (key === 'oneOf') out.anyOf = shapeOf(value);
    else out[key] = key === 'required' || key === 'enum' || key === 'type' || key === 'const' ? value : shapeOf(value);
  }
  return out;
}

/** One answer field the flows' lineage shows feeding a later call: `ViagensTrecho1[].Id` feeds Tarifar's ViagemIda (`note`: that call and field). */
export interface Feed {
  fromField: string;
  note: string;
}

/** Puts each note on the answer field it names (through properties, items and combinations), where the shape has it. */
export function annotateFeeds(shape: unknown, feeds: readonly Feed[]): void {
  const byField = new Map<string, string[]>();
  for (const { fromField, note } of feeds) byField.set(fromField, [...(byField.get(fromField) ?? []), note]);
  for (const [fromField, notes] of byField) {
    const steps = fromField.split('.').flatMap((part) => (part.endsWith('[]') ? [part.slice(0, -2), '[]'] : [part]));
    const note = `Observed: feeds ${notes.join(', ')} (captured flow steps that thread it).`;
    for (const node of reach(shape, steps)) node.description = note;
  }
}

function* reach(node: unknown, steps: readonly string[]): Generator<JsonObject> {
  if (!isObject(node)) return;
  for (const key of ['allOf', 'anyOf'] as const) {
    const branches = node[key];
    if (Array.isArray(branches)) for (const branch of branches) yield* reach(branch, steps);
  }
  if (steps.length === 0) {
    yield node;
    return;
  }
  const [step, ...rest] = steps;
  if (step === '[]') yield* reach(node.items, rest);
  else if (isObject(node.properties) && step !== undefined) yield* reach(node.properties[step], rest);
}

function described(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(described);
  if (!isObject(node)) return false;
  return typeof node.description === 'string' || Object.values(node).some(described);
}

/**
 * The shape cut below `depth` levels of fields (each cut node keeps its `type`), except on the way
 * to a described field: the list's budget holds an observed answer's top fields and every field that feeds a later call.
 */
export function prunedShape(node: unknown, depth: number): unknown {
  if (Array.isArray(node)) return node.map((item) => prunedShape(item, depth));
  if (!isObject(node)) return node;
  if (depth < 0 && !described(node)) return node.type === undefined ? {} : { type: node.type };
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    // Below the cut, only the fields on the way to a described one are named.
    if (key === 'properties' && isObject(value))
      out.properties = Object.fromEntries(
        Object.entries(value)
          .filter(([, inner]) => depth >= 0 || described(inner))
          .map(([name, inner]) => [name, prunedShape(inner, depth - 1)]),
      );
    else if (key === 'items') out.items = prunedShape(value, depth);
    else if (key === 'allOf' || key === 'anyOf') out[key] = prunedShape(value, depth);
    else out[key] = value;
  }
  return out;
}

/**
 * A tool's output schema: the structured result every call returns (an answer, or a refusal
 * that sent nothing), with `body` held to the contract's answer shape when the status is 200;
 * an answer the contract leaves an open object adds nothing to say, so its `body` stays free.
 */
export function outputSchemaOf(answer: unknown): JsonObject {
  const result: JsonObject = { type: 'object' };
  const open = isObject(answer) && Object.keys(answer).length === 1 && answer.type === 'object';
  // No `required` in `if`: a refusal has no status and no body, and the `then` holds nothing of it.
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's `then` keyword, in a schema object no one awaits.
  return open ? result : { ...result, if: { properties: { status: { const: 200 } } }, then: { properties: { body: answer } } };
}
