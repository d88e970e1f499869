// Direction-aware comparison of two schemas.
// request: every value a client could send under the baseline must still be accepted.
// response: every value a client could read under the current contract must be one
// the baseline promised (with the stricter rule that no listed enum value or field vanishes).
import type { Json } from '../../../src/lib/json.ts';
import type { Located, OpenApiDocument } from './document.ts';
import type { RuleId } from './rules.ts';
import { accepts, CONSTRAINTS, describeTypes, viewSchema, type Constraint, type SchemaView } from './schema-view.ts';

export type Direction = 'request' | 'response';
/** Which document a finding's pointer refers to. */
export type Side = 'baseline' | 'current';

export interface SchemaComparison {
  base: OpenApiDocument;
  head: OpenApiDocument;
  report(rule: RuleId, side: Side, pointer: string, detail: string): void;
  /** Pairs already compared (shared components, recursive schemas). */
  seen: Set<string>;
}

const anyAt = (pointer: string): Located => ({ node: {}, pointer });
const sameJson = (a: Json, b: Json): boolean => JSON.stringify(a) === JSON.stringify(b);
const show = (value: Json): string => JSON.stringify(value);

export function compareSchemas(ctx: SchemaComparison, direction: Direction, base: Located, head: Located, where: string): void {
  const b = viewSchema(ctx.base, base);
  const h = viewSchema(ctx.head, head);
  const key = `${direction}|${b.pointer}|${h.pointer}`;
  if (ctx.seen.has(key)) return;
  ctx.seen.add(key);

  const wrapped = asAlternative(ctx, b, h, base, head);
  if (wrapped) {
    compareAlternatives(ctx, direction, wrapped.b, wrapped.h, where);
    return;
  }
  if (!b.undocumentedAt && h.undocumentedAt) {
    ctx.report('became-undocumented', 'current', h.undocumentedAt, `${where} is now marked x-undocumented`);
  }
  compareTypes(ctx, direction, b, h, where);
  compareEnums(ctx, direction, b, h, where);
  compareConstraints(ctx, direction, b, h, where);
  if (accepts(b.types, 'object') && accepts(h.types, 'object')) compareObjects(ctx, direction, b, h, where);
  if (b.items || h.items) {
    compareSchemas(ctx, direction, b.items ?? anyAt(`${b.pointer}/items`), h.items ?? anyAt(`${h.pointer}/items`), `${where}[]`);
  }
  if (b.alternatives && h.alternatives) compareAlternatives(ctx, direction, b, h, where);
}

/**
 * A named schema that became one alternative of a `oneOf`/`anyOf` (or the reverse) is
 * compared as that alternative: the others are alternatives added (or removed).
 */
function asAlternative(
  ctx: SchemaComparison,
  b: SchemaView,
  h: SchemaView,
  base: Located,
  head: Located,
): { b: SchemaView; h: SchemaView } | undefined {
  if (Boolean(b.alternatives) === Boolean(h.alternatives)) return undefined;
  const [single, list, doc] = b.alternatives ? [h, b.alternatives, ctx.base] : [b, h.alternatives ?? [], ctx.head];
  if (single.refName === undefined || !list.some((alt) => viewSchema(doc, alt).refName === single.refName)) return undefined;
  return b.alternatives ? { b, h: { ...h, alternatives: [head] } } : { b: { ...b, alternatives: [base] }, h };
}

function missingTypes(from: Set<string> | null, to: Set<string> | null): string | null {
  if (from === null) return to === null ? null : `values other than ${describeTypes(to)}`;
  const lost = [...from].filter((t) => !accepts(to, t));
  return lost.length ? lost.sort().join(' | ') : null;
}

function compareTypes(ctx: SchemaComparison, direction: Direction, b: SchemaView, h: SchemaView, where: string): void {
  const lost = missingTypes(b.types, h.types); // accepted before, not now
  const gained = missingTypes(h.types, b.types); // accepted now, not before
  const change = `${where}: type ${describeTypes(b.types)} → ${describeTypes(h.types)}`;
  if (direction === 'request') {
    if (lost) ctx.report('request-type-narrowed', 'current', h.pointer, `${change}; ${lost} no longer accepted`);
    else if (gained) ctx.report('request-type-widened', 'current', h.pointer, change);
  } else {
    if (gained) ctx.report('response-type-widened', 'current', h.pointer, `${change}; ${gained} may now be returned`);
    else if (lost) ctx.report('response-type-narrowed', 'current', h.pointer, change);
  }
}

function compareEnums(ctx: SchemaComparison, direction: Direction, b: SchemaView, h: SchemaView, where: string): void {
  const at = `${h.pointer}/${h.enumKeyword}`;
  if (b.enumValues && h.enumValues) {
    const removed = b.enumValues.filter((v) => !h.enumValues?.some((w) => sameJson(v, w)));
    const added = h.enumValues.filter((v) => !b.enumValues?.some((w) => sameJson(v, w)));
    for (const value of removed) {
      ctx.report(
        direction === 'request' ? 'request-enum-value-removed' : 'response-enum-value-removed',
        'current',
        at,
        `${where}: enum value ${show(value)} removed`,
      );
    }
    for (const value of added) {
      ctx.report(
        direction === 'request' ? 'request-enum-value-added' : 'response-enum-value-added',
        'current',
        at,
        `${where}: enum value ${show(value)} added`,
      );
    }
  } else if (h.enumValues && direction === 'request') {
    ctx.report('request-enum-added', 'current', at, `${where}: now limited to ${h.enumValues.map(show).join(', ')}`);
  } else if (b.enumValues && direction === 'response') {
    ctx.report('response-enum-dropped', 'current', h.pointer, `${where}: no longer limited to ${b.enumValues.map(show).join(', ')}`);
  }
}

const UPPER = new Set<Constraint>(['maxLength', 'maxItems', 'maxProperties', 'maximum', 'exclusiveMaximum']);
const LOWER = new Set<Constraint>(['minLength', 'minItems', 'minProperties', 'minimum', 'exclusiveMinimum']);

/** True when `to` accepts fewer values than `from` for this keyword. */
function tighter(keyword: Constraint, from: Json | undefined, to: Json | undefined): boolean {
  if (to === undefined) return false;
  if (UPPER.has(keyword)) return typeof to === 'number' && (typeof from !== 'number' || to < from);
  if (LOWER.has(keyword)) return typeof to === 'number' && (typeof from !== 'number' || to > from);
  if (keyword === 'multipleOf') return !(typeof from === 'number' && typeof to === 'number' && from % to === 0);
  if (keyword === 'uniqueItems') return to === true && from !== true;
  return from === undefined || !sameJson(from, to); // pattern, format: a different one is not provably wider
}

function compareConstraints(ctx: SchemaComparison, direction: Direction, b: SchemaView, h: SchemaView, where: string): void {
  for (const keyword of CONSTRAINTS) {
    const before = b.constraints.get(keyword);
    const after = h.constraints.get(keyword);
    const change = `${where}: ${keyword} ${before === undefined ? '(none)' : show(before)} → ${after === undefined ? '(none)' : show(after)}`;
    if (direction === 'request' && tighter(keyword, before, after)) {
      ctx.report('request-constraint-tightened', 'current', `${h.pointer}/${keyword}`, change);
    } else if (direction === 'response' && tighter(keyword, after, before)) {
      ctx.report('response-constraint-loosened', 'current', after === undefined ? h.pointer : `${h.pointer}/${keyword}`, change);
    }
  }
}

function compareObjects(ctx: SchemaComparison, direction: Direction, b: SchemaView, h: SchemaView, where: string): void {
  // A client never sends readOnly fields and never reads writeOnly ones.
  const skip = (located: Located | undefined, doc: OpenApiDocument): boolean => {
    if (!located) return false;
    const view = viewSchema(doc, located);
    return direction === 'request' ? view.readOnly : view.writeOnly;
  };
  const names = new Set([...b.properties.keys(), ...h.properties.keys(), ...b.required, ...h.required]);
  for (const name of names) {
    const bp = b.properties.get(name);
    const hp = h.properties.get(name);
    if (skip(bp, ctx.base) || skip(hp, ctx.head)) continue;
    const field = `${where}.${name}`;
    const wasRequired = b.required.has(name);
    const isRequired = h.required.has(name);
    if (direction === 'request') {
      if (bp && !hp) ctx.report('request-property-removed', 'baseline', bp.pointer, `${field} removed`);
      else if (isRequired && !wasRequired) {
        ctx.report(
          'request-property-required',
          'current',
          hp?.pointer ?? `${h.pointer}/required`,
          bp ? `${field} is now required` : `${field} is new and required`,
        );
      } else if (wasRequired && !isRequired) {
        ctx.report('request-property-optional', 'current', hp?.pointer ?? `${h.pointer}/required`, `${field} is now optional`);
      } else if (!bp && hp) {
        ctx.report('request-property-added', 'current', hp.pointer, `${field} added (optional)`);
      }
    } else {
      if (bp && !hp) ctx.report('response-property-removed', 'baseline', bp.pointer, `${field} removed`);
      else if (wasRequired && !isRequired) {
        ctx.report('response-property-optional', 'current', hp?.pointer ?? `${h.pointer}/required`, `${field} is no longer required`);
      } else if (!bp && hp) {
        ctx.report('response-property-added', 'current', hp.pointer, `${field} added`);
      } else if (isRequired && !wasRequired) {
        ctx.report('response-property-required', 'current', hp?.pointer ?? `${h.pointer}/required`, `${field} is now required`);
      }
    }
    if (bp && hp) compareSchemas(ctx, direction, bp, hp, field);
  }

  const bA = b.additional;
  const hA = h.additional;
  if (direction === 'request' && bA !== false && hA === false) {
    const was = b.undocumentedAt ? 'an open object marked x-undocumented (unpublished fields allowed)' : 'open to unlisted fields';
    ctx.report('request-closed', 'current', `${h.pointer}/additionalProperties`, `${where} was ${was} and is now closed`);
  } else if (direction === 'request' && bA === false && hA !== false) {
    ctx.report('request-opened', 'current', h.pointer, `${where} now accepts unlisted fields`);
  }
  if (bA !== false && hA !== false && (bA !== true || hA !== true)) {
    const asLocated = (a: true | Located, pointer: string): Located => (a === true ? anyAt(`${pointer}/additionalProperties`) : a);
    compareSchemas(ctx, direction, asLocated(bA, b.pointer), asLocated(hA, h.pointer), `${where}{*}`);
  }
}

function compareAlternatives(ctx: SchemaComparison, direction: Direction, b: SchemaView, h: SchemaView, where: string): void {
  const describe = (doc: OpenApiDocument, alt: Located) => {
    const view = viewSchema(doc, alt);
    return { alt, name: view.refName, types: describeTypes(view.types) };
  };
  const baseAlts = (b.alternatives ?? []).map((a) => describe(ctx.base, a));
  const headAlts = (h.alternatives ?? []).map((a) => describe(ctx.head, a));
  const pairs: [Located, Located][] = [];
  // Pair by component name first, then by the types they accept.
  for (const match of [
    (x: (typeof baseAlts)[number], y: (typeof headAlts)[number]) => x.name !== undefined && x.name === y.name,
    (x: (typeof baseAlts)[number], y: (typeof headAlts)[number]) => x.types === y.types,
  ]) {
    for (let i = baseAlts.length - 1; i >= 0; i--) {
      const bAlt = baseAlts[i];
      const j = bAlt ? headAlts.findIndex((hAlt) => match(bAlt, hAlt)) : -1;
      const hAlt = headAlts[j];
      if (!bAlt || !hAlt) continue;
      pairs.push([bAlt.alt, hAlt.alt]);
      baseAlts.splice(i, 1);
      headAlts.splice(j, 1);
    }
  }
  const label = (x: { name: string | undefined; types: string }) => x.name ?? x.types;
  const [removed, added] =
    direction === 'request'
      ? (['request-alternative-removed', 'request-alternative-added'] as const)
      : (['response-alternative-removed', 'response-alternative-added'] as const);
  for (const lost of baseAlts) ctx.report(removed, 'baseline', lost.alt.pointer, `${where}: alternative ${label(lost)} removed`);
  for (const gained of headAlts) ctx.report(added, 'current', gained.alt.pointer, `${where}: alternative ${label(gained)} added`);
  for (const [x, y] of pairs) compareSchemas(ctx, direction, x, y, where);
}
