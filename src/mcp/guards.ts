// What a tool call's arguments may not be, checked before anything recursive reads them:
// past the package's one set of limits (LIMITS: nesting depth, body bytes, string length:
// the problems the mock on a port gives), or carrying a credential or a secret at any depth,
// however its key is spelt (the contract index's names: case, compatibility forms and
// invisible characters do not count).
import { LIMITS, limitBroken } from '../lib/contract-index.ts';
import { isCredentialKey } from './tools.ts';

/** The mock's refusal of a body past LIMITS.bodyBytes, word for word (its wire.ts): the same input gets the same problem at every door. */
export const TOO_LARGE = `The body is larger than ${LIMITS.bodyBytes} bytes.`;

/** Credential paths named at most: a hostile call could hold thousands. */
const MAX_NAMED = 20;

/** Bytes of a JSON value's text, or of a text. */
export const jsonBytes = (text: string): number => Buffer.byteLength(text, 'utf8');

/**
 * Why the arguments break a limit (the detail of a 413 problem, quoting nothing of them), or
 * undefined. Depth first, by an iterative walk: only then can JSON.stringify run on them.
 * Size next, as the mock on a port measures a body before it parses it; string length last.
 */
export function limitOf(args: unknown): string | undefined {
  const deep = limitBroken(args, { depth: LIMITS.depth, stringChars: Number.POSITIVE_INFINITY });
  if (deep) return deep.detail;
  if (jsonBytes(JSON.stringify(args) ?? '') > LIMITS.bodyBytes) return TOO_LARGE;
  return limitBroken(args)?.detail;
}

/** Where the arguments hold a credential or a secret field, in arrays too: each a path of keys and indexes, in the arguments' order. */
export function credentialPaths(args: unknown): string[][] {
  const found: string[][] = [];
  const stack: Array<{ node: unknown; at: string[] }> = [{ node: args, at: [] }];
  while (stack.length > 0 && found.length < MAX_NAMED) {
    const { node, at } = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    const children: Array<{ node: unknown; at: string[] }> = [];
    if (Array.isArray(node)) for (const [i, item] of node.entries()) children.push({ node: item, at: [...at, String(i)] });
    else
      for (const key of Object.keys(node)) {
        if (isCredentialKey(key)) found.push([...at, key]);
        else children.push({ node: (node as Record<string, unknown>)[key], at: [...at, key] });
      }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return found.slice(0, MAX_NAMED);
}

/** A key as a reader can see it: an invisible or unusual character as its `\u` escape, a long key cut. */
function shownKey(key: string): string {
  const cut = key.length > 64 ? `${key.slice(0, 64)}…` : key;
  return cut.replace(/[^\p{L}\p{N}_-]/gu, (c) => `\\u${c.codePointAt(0)!.toString(16).padStart(4, '0')}`);
}

/** A path of the arguments as text: `arguments.Dados.Senha`, `arguments.Passageiros[0].Senha`. */
export function shownPath(path: readonly string[]): string {
  return path.reduce((text, key) => (/^\d+$/.test(key) ? `${text}[${key}]` : `${text}.${shownKey(key)}`), 'arguments');
}
