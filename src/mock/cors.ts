// CORS for the local mock: a page on another origin (the docs console, a front-end in
// development) may call it. Preflights get 204 with what may be sent; every answer names
// the caller's origin. It lives at the HTTP layer, outside the front's decisions. The
// service's own CORS is not published: this says nothing about it.
import type http from 'node:http';

/** The request headers a page may send: the two developer headers, the body's type, `Prefer`. */
export const CORS_ALLOWED_HEADERS = ['developer-token', 'developer-access-code', 'content-type', 'prefer', 'accept'] as const;
export const CORS_ALLOWED_METHODS = 'POST, OPTIONS';
export const CORS_MAX_AGE_SECONDS = '600';

/**
 * Adds the CORS headers to `res` (they join whatever headers the answer writes later) and
 * answers a preflight. Returns true when the request was a preflight and is answered.
 */
export function applyCors(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  const origin = req.headers.origin;
  // A browser sends Origin on every call CORS governs; a call without one (curl, a Node
  // client) needs no CORS headers, and its answer keeps the mock's fast path.
  if (typeof origin !== 'string' || origin === '') return false;
  // No credentials mode: the mock uses no cookies; the origin is echoed, and Vary keeps caches honest.
  res.setHeader('access-control-allow-origin', origin);
  res.setHeader('vary', 'Origin');
  res.setHeader('access-control-expose-headers', '*');
  const preflight = req.method === 'OPTIONS' && typeof req.headers['access-control-request-method'] === 'string';
  if (!preflight) return false;
  res.writeHead(204, {
    'access-control-allow-methods': CORS_ALLOWED_METHODS,
    'access-control-allow-headers': CORS_ALLOWED_HEADERS.join(', '),
    'access-control-max-age': CORS_MAX_AGE_SECONDS,
    'content-length': '0',
  });
  // A preflight has no body to wait for; drain anything sent anyway.
  req.resume();
  res.end();
  return true;
}
