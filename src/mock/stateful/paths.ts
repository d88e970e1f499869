// JSON paths over parsed answers, in the lineage's notation (`ViagensTrecho1[0].Id`; the
// generic form `ViagensTrecho1[].Id` names every item): the stateful mock names every value
// it filled or minted by such a path, so a test reads which parts of an answer are its own.

export type Segment = string | number;

/** `A[0].B` for [A, 0, B]. */
export function pathText(at: readonly Segment[]): string {
  let text = '';
  for (const s of at) text += typeof s === 'number' ? `[${s}]` : text === '' ? s : `.${s}`;
  return text;
}

/** The same path with every index as `[]`. */
export function genericPath(at: readonly Segment[]): string {
  let text = '';
  for (const s of at) text += typeof s === 'number' ? '[]' : text === '' ? s : `.${s}`;
  return text;
}

/** Every scalar leaf of `value` (null included) with its path, depth first. */
export function* leaves(value: unknown, at: Segment[] = []): Generator<[Segment[], unknown]> {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) yield* leaves(value[i], [...at, i]);
  } else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) yield* leaves(v, [...at, k]);
  } else {
    yield [at, value];
  }
}

/** Sets the value at `at` inside `root` (every container on the way exists). */
export function setAt(root: unknown, at: readonly Segment[], value: unknown): void {
  let node = root as Record<string | number, unknown>;
  for (const s of at.slice(0, -1)) node = node[s] as Record<string | number, unknown>;
  node[at[at.length - 1] as Segment] = value;
}

/** The value at `at`, or undefined when the way is missing. */
export function getAt(root: unknown, at: readonly Segment[]): unknown {
  let node: unknown = root;
  for (const s of at) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string | number, unknown>)[s];
  }
  return node;
}
