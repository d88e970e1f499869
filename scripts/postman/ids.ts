// Ids of a collection's items, derived from what they stand for: the converter draws
// random ones, which would make every build's bytes differ.
import { createHash } from 'node:crypto';

/** A UUID-shaped id (version 5 and variant bits set) from the sha-256 of its parts. */
export function stableId(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  const variant = ((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
