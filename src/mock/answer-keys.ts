// How rendered answers are filed (generated/mock/start.json, RouteAnswers): by method and
// path template, and for `Prefer` by status and example name. No Node module: a door in a
// browser reads the start cache with the same keys.

/** The key of an operation's ordinary answer, e.g. `post /api/V2/Voos/Disponibilidade`. */
export function routeKey(method: string, template: string): string {
  return `${method} ${template}`;
}

/** The key of the answer `Prefer: code=<status>` (and `example=<example>`) gets. */
export function variantKey(method: string, template: string, status: number, example?: string): string {
  return example === undefined ? `${method} ${template} ${status}` : `${method} ${template} ${status} ${example}`;
}
