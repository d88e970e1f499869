// The headers the docs server sends with what it serves: a Content-Security-Policy that lets
// a page run only its own inline scripts (each allowed by its hash, none by 'unsafe-inline'
// and nothing by 'unsafe-eval'), refuses framing, and lets the console reach only the origins
// the typed client accepts (https, or http on a loopback host); `nosniff` on everything.
import { createHash } from 'node:crypto';

/** Every `<script>` without `src`, as the browser reads its text (up to the first `</script`). */
export function inlineScripts(page: string): string[] {
  const scripts: string[] = [];
  for (const match of page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\ssrc\s*=/i.test(match[1] ?? '')) continue;
    scripts.push(match[2] ?? '');
  }
  return scripts;
}

// Chromium refuses an IPv6 literal in a source list: [::1] is left to 'self' when the docs are served there.
const LOOPBACK = 'http://127.0.0.1:* http://localhost:*';

/** The policy of one HTML page: its inline scripts by hash. */
export function pagePolicy(page: string): string {
  const hashes = [...new Set(inlineScripts(page).map((text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`))];
  return [
    "default-src 'self'",
    `script-src 'self' ${hashes.join(' ')}`.trim(),
    // Redoc's components write style attributes and <style> elements at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' https: ${LOOPBACK}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** What every answer of the docs server carries. */
export const COMMON_HEADERS = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' } as const;

/** What an HTML page carries besides. */
export function pageHeaders(page: string): Record<string, string> {
  return { 'content-security-policy': pagePolicy(page), 'x-frame-options': 'DENY' };
}
