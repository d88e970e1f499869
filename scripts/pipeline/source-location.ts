// Where a node of a bundle was written: Spectral lints the bundle (spectral.ts), but an
// author fixes the source file, so a finding's path is followed back through the `$ref`s
// of the family's files to a `file:line:col`.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';

export interface SourceLocation {
  file: string;
  line: number;
  col: number;
}

interface Parsed {
  file: string;
  root: Node | null;
  lines: LineCounter;
}

type Segment = string | number;

/**
 * The deepest node on `pointer` that a source file holds. `files` are the family's files (the
 * bundle's dependencies): a component the bundler hoisted from `schemas/Name.yaml` is found
 * by its file's name, as the bundler named it.
 */
export async function locateInSources(
  rootFile: string,
  files: readonly string[],
  pointer: readonly Segment[],
): Promise<SourceLocation | undefined> {
  const parsed = new Map<string, Promise<Parsed | undefined>>();
  const load = (file: string) => {
    let entry = parsed.get(file);
    if (!entry) {
      entry = readFile(file, 'utf8').then(
        (text) => {
          const lines = new LineCounter();
          const doc = parseDocument(text, { lineCounter: lines, keepSourceTokens: false });
          return { file, root: doc.contents as Node | null, lines };
        },
        () => undefined,
      );
      parsed.set(file, entry);
    }
    return entry;
  };

  /** A component hoisted by the bundler: `components/<section>/<Name>` from a file named Name. */
  const hoisted = async (section: Segment | undefined, name: Segment | undefined): Promise<Parsed | undefined> => {
    if (typeof name !== 'string') return undefined;
    const candidates = files.filter((f) => path.basename(f, path.extname(f)) === name);
    const file = candidates.find((f) => path.basename(path.dirname(f)) === section) ?? candidates[0];
    return file ? load(file) : undefined;
  };

  /** Follows `$ref`s until a node that is not one (or one that cannot be followed). */
  const follow = async (at: Parsed, node: Node | null): Promise<{ at: Parsed; node: Node | null }> => {
    for (let hops = 0; hops < 32; hops += 1) {
      const ref = isMap(node) ? node.get('$ref') : undefined;
      if (typeof ref !== 'string') return { at, node };
      const [target = '', fragment = ''] = ref.split('#');
      const next = target === '' ? at : await load(path.resolve(path.dirname(at.file), decodeURIComponent(target)));
      if (!next) return { at, node };
      const segments = fragment
        .split('/')
        .filter(Boolean)
        .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
      let found: { at: Parsed; node: Node | null } | undefined = { at: next, node: next.root };
      for (const segment of segments) {
        const child: Node | null | undefined = found ? childOf(found.node, segment) : undefined;
        if (child === undefined) {
          found = segments[0] === 'components' ? await fromHoisted(segments) : undefined;
          break;
        }
        found = { at: next, node: child };
      }
      if (!found) return { at, node };
      ({ at, node } = found);
    }
    return { at, node };
  };

  const fromHoisted = async (segments: readonly Segment[]): Promise<{ at: Parsed; node: Node | null } | undefined> => {
    const file = await hoisted(segments[1], segments[2]);
    if (!file) return undefined;
    let node: Node | null | undefined = file.root;
    for (const segment of segments.slice(3)) {
      node = childOf(node ?? null, segment);
      if (node === undefined) return undefined;
    }
    return { at: file, node: node ?? null };
  };

  const root = await load(rootFile);
  if (!root) return undefined;
  let at = root;
  let node: Node | null = root.root;
  let rest = pointer;
  if (pointer[0] === 'components' && childOf(childOf(childOf(node, 'components') ?? null, pointer[1]) ?? null, pointer[2]) === undefined) {
    const file = await hoisted(pointer[1], pointer[2]);
    if (file) {
      at = file;
      node = file.root;
      rest = pointer.slice(3);
    }
  }
  let best = locationOf(at, node);
  for (const segment of rest) {
    ({ at, node } = await follow(at, node));
    const child = childOf(node, segment);
    if (child === undefined) break;
    node = child;
    best = locationOf(at, node) ?? best;
  }
  return best;
}

function childOf(node: Node | null, segment: Segment | undefined): Node | null | undefined {
  if (segment === undefined) return undefined;
  if (isMap(node)) {
    const pair = node.items.find((p) => (isScalar(p.key) ? String(p.key.value) : String(p.key)) === String(segment));
    if (!pair) return undefined;
    // A key with no value still has a place: the key's own.
    return (pair.value as Node | null) ?? (pair.key as Node);
  }
  if (isSeq(node)) {
    const index = typeof segment === 'number' ? segment : Number(segment);
    return Number.isInteger(index) ? ((node.items[index] as Node | undefined) ?? undefined) : undefined;
  }
  return undefined;
}

function locationOf(at: Parsed, node: Node | null): SourceLocation | undefined {
  const offset = node?.range?.[0];
  if (offset === undefined) return undefined;
  const { line, col } = at.lines.linePos(offset);
  return { file: at.file, line, col };
}
