// Identifiers the flows mock hands out in place of the captured placeholders: one fresh
// value per captured value and flow, random and of the same shape, character by character
// (a digit stays a digit, a capital a capital, the length is kept), so a locator another
// flow was given cannot be guessed from one's own. A leading `H4sI` (the Base64 start of a
// gzip stream, which the trip identifier is) is kept: the value keeps looking like one.
import { randomBytes } from 'node:crypto';

const DIGITS = '0123456789';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const GZIP_BASE64 = 'H4sI';

function alphabetOf(char: string): string | undefined {
  return /\d/.test(char) ? DIGITS : /[A-Z]/.test(char) ? UPPER : /[a-z]/.test(char) ? LOWER : undefined;
}

/** Random bytes drawn a pool at a time: a draw per value cost more than the value's making (a search mints dozens). */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let used = 0;

function randomOf(count: number): Buffer {
  if (used + count > pool.length) {
    // What the pool had left comes first: the bytes are handed out in the order they were drawn, none skipped.
    pool = Buffer.concat([pool.subarray(used), randomBytes(Math.max(POOL_BYTES, count))]);
    used = 0;
  }
  used += count;
  return pool.subarray(used - count, used);
}

/** An original's shape: its kept prefix, and per character after it the alphabet it is drawn from (undefined: kept as is). */
interface Shape {
  kept: string;
  chars: string[];
  alphabets: Array<string | undefined>;
}

/** Shapes of the originals seen, read once each: the originals are captured values, a few hundred; past this many none is kept. */
const SHAPES_KEPT = 4096;
const shapes = new Map<string, Shape>();

function shapeOf(original: string): Shape {
  let shape = shapes.get(original);
  if (!shape) {
    const kept = original.startsWith(GZIP_BASE64) && original.length > GZIP_BASE64.length ? GZIP_BASE64 : '';
    const chars = [...original.slice(kept.length)];
    shape = { kept, chars, alphabets: chars.map(alphabetOf) };
    if (shapes.size < SHAPES_KEPT) shapes.set(original, shape);
  }
  return shape;
}

/** A random value of `original`'s shape; `taken` says which values may not be handed out (retried then). */
export function mintIdentifier(original: string, taken: (value: string) => boolean): string {
  const { kept, chars, alphabets } = shapeOf(original);
  for (;;) {
    const bytes = randomOf(chars.length);
    let value = kept;
    for (let i = 0; i < chars.length; i++) {
      const alphabet = alphabets[i];
      value += alphabet ? alphabet[(bytes[i] as number) % alphabet.length] : chars[i];
    }
    if (value !== original && !taken(value)) return value;
  }
}
