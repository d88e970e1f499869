// How rendered answers are filed (generated/mock/start.json, RouteAnswers): by method and
// path template, and for `Prefer` by status and example name; and an answer's bytes. No Node
// module: a door in a browser reads the start cache with the same keys.

/** The key of an operation's ordinary answer, e.g. `post /api/V2/Voos/Disponibilidade`. */
export function routeKey(method: string, template: string): string {
  return `${method} ${template}`;
}

/** The key of the answer `Prefer: code=<status>` (and `example=<example>`) gets. */
export function variantKey(method: string, template: string, status: number, example?: string): string {
  return example === undefined ? `${method} ${template} ${status}` : `${method} ${template} ${status} ${example}`;
}

/** An answer as the mock sends it: status, headers, and its body as text. */
export interface SerializedAnswer {
  status: number;
  headers: Record<string, string>;
  body?: string;
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** Whether a Content-Type is JSON (`application/json`, `application/problem+json`…): its body is sent as JSON text. */
export const isJsonType = (type: string): boolean => JSON_TYPE.test(type);

/** An answer's bytes as the mock sends them on either path. */
export function serializeAnswer(status: number, headers: Record<string, string>, body: unknown): SerializedAnswer {
  const type = headers['content-type'] ?? '';
  const text = body === undefined ? undefined : isJsonType(type) || type === '' ? JSON.stringify(body) : String(body);
  return { status, headers, ...(text === undefined ? {} : { body: text }) };
}
