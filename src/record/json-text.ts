// JSON read and written losslessly for a recording: a number keeps the literal the upstream
// sent (`12345678901234567890` is not rounded to a double), and every member is defined as
// an own property, so `__proto__`, `constructor` or `prototype` stay ordinary members and
// no object gains a prototype. Node 20 has neither `JSON.rawJSON` nor the reviver's source
// text, and the few lines below cost no dependency in the shipped package.

/** A number as the text it was sent as. */
export class JsonNumber {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

export type LosslessJson = null | boolean | string | JsonNumber | LosslessJson[] | { [key: string]: LosslessJson };

/** Deeper than this a body is not read (counted as unparsed, never a stack overflow). */
export const MAX_JSON_DEPTH = 512;

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const SPACE = /[ \t\n\r]*/y;

/** Sets a member with define semantics: `__proto__` becomes an own property, never the prototype. */
export function defineMember(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Parses JSON text; throws SyntaxError on anything that is not exactly one JSON value. */
export function parseLossless(text: string): LosslessJson {
  let at = 0;
  const fail = (what: string): never => {
    throw new SyntaxError(`${what} at position ${at}`);
  };
  const space = (): void => {
    SPACE.lastIndex = at;
    SPACE.exec(text);
    at = SPACE.lastIndex;
  };
  const string = (): string => {
    const start = at;
    at++;
    for (;;) {
      const c = text.charCodeAt(at);
      if (Number.isNaN(c)) fail('unterminated string');
      if (c === 0x22) break;
      at += c === 0x5c ? 2 : 1;
    }
    at++;
    return JSON.parse(text.slice(start, at)) as string;
  };
  const value = (depth: number): LosslessJson => {
    if (depth > MAX_JSON_DEPTH) fail('nested too deep');
    space();
    const c = text[at];
    if (c === '"') return string();
    if (c === '{') {
      at++;
      const out: Record<string, LosslessJson> = {};
      space();
      if (text[at] === '}') {
        at++;
        return out;
      }
      for (;;) {
        space();
        if (text[at] !== '"') fail('expected a member name');
        const key = string();
        space();
        if (text[at] !== ':') fail('expected ":"');
        at++;
        defineMember(out, key, value(depth + 1));
        space();
        if (text[at] === ',') at++;
        else if (text[at] === '}') {
          at++;
          return out;
        } else fail('expected "," or "}"');
      }
    }
    if (c === '[') {
      at++;
      const out: LosslessJson[] = [];
      space();
      if (text[at] === ']') {
        at++;
        return out;
      }
      for (;;) {
        out.push(value(depth + 1));
        space();
        if (text[at] === ',') at++;
        else if (text[at] === ']') {
          at++;
          return out;
        } else fail('expected "," or "]"');
      }
    }
    for (const [word, literal] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (text.startsWith(word, at)) {
        at += word.length;
        return literal;
      }
    }
    NUMBER.lastIndex = at;
    const number = NUMBER.exec(text);
    if (!number) return fail('unexpected character');
    at = NUMBER.lastIndex;
    return new JsonNumber(number[0]);
  };
  const out = value(0);
  space();
  if (at !== text.length) fail('unexpected text after the value');
  return out;
}

/** A JSON value (numbers from JS or lossless) as text, laid out like `JSON.stringify(value, null, indent)`. */
export function stringifyLossless(input: unknown, indent = 2): string {
  const write = (value: unknown, pad: string): string => {
    if (value instanceof JsonNumber) return value.text;
    if (value === null || value === undefined) return 'null';
    if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
    if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
    const inner = pad + ' '.repeat(indent);
    const nl = indent > 0 ? '\n' : '';
    const colon = indent > 0 ? ': ' : ':';
    if (Array.isArray(value)) {
      if (value.length === 0) return '[]';
      return `[${nl}${value.map((item) => `${inner}${write(item, inner)}`).join(`,${nl}`)}${nl}${pad}]`;
    }
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return '{}';
    return `{${nl}${entries.map(([key, item]) => `${inner}${JSON.stringify(key)}${colon}${write(item, inner)}`).join(`,${nl}`)}${nl}${pad}}`;
  };
  return write(input, '');
}
