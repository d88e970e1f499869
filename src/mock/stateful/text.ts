// The text of a captured answer cut once at the places a call edits (the leaves it fills or
// mints, the passenger lists it rebuilds): a call's answer text is then the captured pieces
// with the edited values' JSON between them, what JSON.stringify of the edited answer writes,
// without walking the rest of the answer again. A cut is checked once against
// JSON.stringify of the capture itself; a capture that fails it is serialized whole.
import { isRecord } from '../../lib/json.ts';
import type { Capture } from './captures.ts';
import type { Segment } from './paths.ts';
import type { Plan, Site } from './plan.ts';

export interface Skeleton {
  /** The captured text between the holes: one more piece than holes. */
  pieces: string[];
  /** The slot each hole stands for, in document order. */
  holes: number[];
  /** Each slot's captured text, for a call that leaves it as captured. */
  original: string[];
}

/** The answer `root` cut at `slots` (a path, as JSON of its segments, and its slot); undefined when the cut would not write JSON.stringify's text. */
export function skeletonOf(root: unknown, slots: ReadonlyMap<string, number>): Skeleton | undefined {
  const pieces: string[] = [];
  const holes: number[] = [];
  const original: string[] = [];
  // Gathered in a list and joined at each hole: a piece built by `+=` stays a rope that every call's join walks again.
  let text: string[] = [];
  const write = (node: unknown, at: Segment[]): void => {
    const slot = slots.size > holes.length ? slots.get(JSON.stringify(at)) : undefined;
    if (slot !== undefined) {
      pieces.push(text.join(''));
      text = [];
      holes.push(slot);
      original[slot] = JSON.stringify(node);
      return;
    }
    if (Array.isArray(node)) {
      text.push('[');
      node.forEach((v, i) => {
        if (i > 0) text.push(',');
        write(v, [...at, i]);
      });
      text.push(']');
    } else if (isRecord(node)) {
      text.push('{');
      let first = true;
      for (const [k, v] of Object.entries(node)) {
        if (v === undefined) continue;
        text.push(`${first ? '' : ','}${JSON.stringify(k)}:`);
        first = false;
        write(v, [...at, k]);
      }
      text.push('}');
    } else text.push(JSON.stringify(node));
  };
  write(root, []);
  pieces.push(text.join(''));
  const skeleton = { pieces, holes, original };
  // Every slot cut once, and the captured values put back write the capture's own text: else the whole answer is serialized.
  if (new Set(holes).size !== slots.size || holes.length !== slots.size) return undefined;
  return fill(skeleton, []) === JSON.stringify(root) ? skeleton : undefined;
}

/** The answer's text: each slot's value as JSON where it is set, the captured text where not. */
export function fill(skeleton: Skeleton, values: readonly unknown[]): string {
  const { pieces, holes, original } = skeleton;
  // Joined, not added up: `+=` makes a rope that the socket's byte count and write would flatten again.
  const parts: string[] = [pieces[0] as string];
  for (let i = 0; i < holes.length; i++) {
    const slot = holes[i] as number;
    const value = values[slot];
    parts.push(value === undefined ? (original[slot] as string) : JSON.stringify(value), pieces[i + 1] as string);
  }
  return parts.join('');
}

/** A plan's edit slots: its echo sites, then its id sites (`sites`), then its passenger lists; the two cuts of its answer. */
export interface Layout {
  sites: Site[];
  /** Per site: inside a passenger list (a call that rebuilds the lists edits it there). */
  underPassengers: boolean[];
  /** Per echo site, its `path<-field` as x-mock-filled names it. */
  echoLabels: string[];
  /** The cut with every site a hole, and the one with the passenger lists holes instead of the sites inside them (null: none). */
  cuts: [Skeleton | null | undefined, Skeleton | null | undefined];
}

const layouts = new WeakMap<Plan, Layout>();

const within = (at: readonly Segment[], list: readonly Segment[]) => list.length < at.length && list.every((s, i) => at[i] === s);

export function layoutOf(plan: Plan): Layout {
  let layout = layouts.get(plan);
  if (!layout) {
    const sites: Site[] = [...plan.echo, ...plan.ids];
    const underPassengers = sites.map((site) => plan.passengers.some((list) => within(site.at, list)));
    const echoLabels = plan.echo.map((e) => `${e.generic}<-${e.field}`);
    layout = { sites, underPassengers, echoLabels, cuts: [undefined, undefined] };
    layouts.set(plan, layout);
  }
  return layout;
}

/** The cut of the template's answer a call takes (rebuilt: its passenger lists made anew), worked out on first use. */
export function skeletonFor(layout: Layout, template: Capture, plan: Plan, rebuilt: boolean): Skeleton | undefined {
  const which = rebuilt ? 1 : 0;
  let cut = layout.cuts[which];
  if (cut === undefined) {
    const slots = new Map<string, number>();
    layout.sites.forEach((site, slot) => {
      if (!(rebuilt && layout.underPassengers[slot])) slots.set(JSON.stringify(site.at), slot);
    });
    if (rebuilt)
      plan.passengers.forEach((at, k) => {
        slots.set(JSON.stringify(at), layout.sites.length + k);
      });
    cut = skeletonOf(template.response, slots) ?? null;
    layout.cuts[which] = cut;
  }
  return cut ?? undefined;
}
