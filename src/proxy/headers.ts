// Which headers cross the proxy: end-to-end ones pass both ways unchanged; hop-by-hop
// ones (RFC 9110, 7.6.1) belong to one connection and are dropped, with any header the
// Connection header names.
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function connectionListed(raw: string[]): Set<string> {
  const named = new Set<string>();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (raw[i]!.toLowerCase() !== 'connection') continue;
    for (const token of raw[i + 1]!.split(',')) named.add(token.trim().toLowerCase());
  }
  return named;
}

/**
 * End-to-end headers of a raw header list (`rawHeaders` of node:http), names lower-cased,
 * repeated names kept as arrays. `drop` adds names this hop sets itself (host, content-length).
 */
export function endToEndHeaders(raw: string[], drop: readonly string[] = []): OutgoingHttpHeaders {
  const skip = new Set([...HOP_BY_HOP, ...connectionListed(raw), ...drop]);
  const out: Record<string, string | string[]> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (skip.has(name)) continue;
    const value = raw[i + 1]!;
    const seen = out[name];
    out[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return out;
}

/** One string per header, as a validator reads them (repeated values joined as RFC 9110 allows). */
export function flatHeaders(headers: IncomingHttpHeaders | OutgoingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}
