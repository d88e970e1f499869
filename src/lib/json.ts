// Narrowing helpers for parsed YAML/JSON and the OpenAPI method list, written once for
// lint/, scripts/ and tests/, so nothing needs `any` to read a document.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };
/** A parsed mapping whose members are not checked yet. */
export type JsonRecord = Record<string, unknown>;

/** A mapping: an object that is neither null nor an array. */
export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The same test, for values read as JSON whose members are JSON too. */
export function isObject(value: unknown): value is JsonObject {
  return isRecord(value);
}

export function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** The entries of a mapping, or none when the value is not a mapping. */
export function entriesOf(value: unknown): Array<[string, unknown]> {
  return isRecord(value) ? Object.entries(value) : [];
}

/** The keys of a path item that hold operations, in the order OpenAPI lists them. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export function isHttpMethod(key: string): key is HttpMethod {
  return (HTTP_METHODS as readonly string[]).includes(key);
}
