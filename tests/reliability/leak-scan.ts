// Finds a secret anywhere a thrown object can show it: message, toString, stack,
// util.inspect, JSON, every own property (non-enumerable and symbol-keyed ones too,
// getters read), the cause chain and everything nested below them.
import { inspect } from 'node:util';

/**
 * The forms a secret takes where a server could echo it: as given, and as it went on
 * the wire inside the JSON request body (a quote, a backslash or a control character
 * escaped). Either one in an error is a leak.
 */
export function secretForms(secret: string): string[] {
  const wire = JSON.stringify(secret).slice(1, -1);
  return wire === secret ? [secret] : [secret, wire];
}

/** Every text a program or a logger could get out of `value`. */
export function textsOf(value: unknown): string[] {
  const out: string[] = [String(value), inspect(value, { depth: null, showHidden: true, maxStringLength: null, maxArrayLength: null })];
  try {
    out.push(JSON.stringify(value) ?? '');
  } catch {
    // a cycle or a BigInt: inspect above shows the same content
  }
  const seen = new Set<unknown>();
  const walk = (node: unknown, depth: number): void => {
    if (typeof node === 'string') out.push(node);
    if (typeof node === 'symbol') out.push(node.toString());
    if ((typeof node !== 'object' && typeof node !== 'function') || node === null || depth > 12 || seen.has(node)) return;
    seen.add(node);
    if (node instanceof Error) out.push(node.toString());
    for (const key of Reflect.ownKeys(node)) {
      out.push(String(key));
      let inner: unknown;
      try {
        inner = Reflect.get(node, key);
      } catch {
        continue; // a getter that throws shows nothing
      }
      walk(inner, depth + 1);
    }
  };
  walk(value, 0);
  return out;
}

/** Which of `secrets` (by name) show up, in any form, in any text of `value`. */
export function leaksIn(value: unknown, secrets: Readonly<Record<string, string>>): string[] {
  const texts = textsOf(value);
  return Object.entries(secrets)
    .filter(([, secret]) => secretForms(secret).some((form) => texts.some((text) => text.includes(form))))
    .map(([name]) => name);
}
