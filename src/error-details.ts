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
