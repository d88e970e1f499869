// What an error message says about its cause: the innermost network failure (code, host,
// port) and a problem body's title and detail. The caller redacts both before use.

const MAX_DEPTH = 8;

/** The innermost error of a cause chain (an AggregateError's first error counts as its cause). */
function innermost(error: unknown): unknown {
  let current = error;
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const next: unknown =
      current instanceof AggregateError && current.errors.length > 0
        ? current.errors[0]
        : current instanceof Error
          ? current.cause
          : undefined;
    if (next === undefined || next === null) return current;
    current = next;
  }
  return current;
}

const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;

/**
 * The innermost cause of a transport failure, for a message: `ECONNREFUSED 127.0.0.1:8080`,
 * `ENOTFOUND sandbox.example`, or `TypeError: <message>` when it carries no code.
 */
export function networkCause(error: unknown): string {
  const inner = innermost(error);
  const code = text(field(inner, 'code'));
  const host = text(field(inner, 'address')) ?? text(field(inner, 'hostname')) ?? text(field(inner, 'host'));
  const port = text(field(inner, 'port'));
  if (code !== undefined)
    return [code, host === undefined ? undefined : port === undefined ? host : `${host}:${port}`].filter(Boolean).join(' ');
  if (inner instanceof Error) return inner.message === '' ? inner.name : `${inner.name}: ${inner.message}`;
  return typeof inner;
}

/**
 * `title: detail` of a problem body (RFC 9457 members; the service publishes no error
 * format, the local mock answers with problem bodies), or undefined when the answer has neither.
 */
export function problemSummary(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const title = text(field(body, 'title'));
  const detail = text(field(body, 'detail'));
  if (title === undefined && detail === undefined) return undefined;
  return [title, detail].filter(Boolean).join(': ');
}

/** Where the docs show how to call the mock or the service same-origin (the dev-server proxy). */
export const CORS_DOCS = 'docs/client.md#browser-use-and-cors';

/**
 * What a page's fetch failure most likely is: a browser hides a CORS refusal from the page
 * behind a bare `TypeError` (`Failed to fetch`), so a TypeError from a page whose origin
 * differs from the base URL's says so, naming the mock's switch and the proxy recipe. Empty
 * elsewhere (Node, Deno and workers have no CORS, or no page origin).
 */
export function crossOriginHint(error: unknown, baseUrl: string): string {
  if (!(error instanceof TypeError) || 'Deno' in globalThis) return '';
  const page = (globalThis as { location?: { origin?: unknown } }).location?.origin;
  if (typeof page !== 'string' || page === 'null') return '';
  let target: string;
  try {
    target = new URL(baseUrl).origin;
  } catch {
    return '';
  }
  if (target === page) return '';
  return (
    `; the page (${page}) calls another origin (${target}), so a CORS refusal is the likely cause (the browser's console names it):` +
    ` the local mock allows other origins unless started with --no-cors; for the service, call it same-origin through your dev server's proxy (${CORS_DOCS})`
  );
}
