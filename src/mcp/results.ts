// What a tool call returns: the structured result and its JSON text, both through the
// redactor; a refusal is an `isError` result holding a problem that names the field.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
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
