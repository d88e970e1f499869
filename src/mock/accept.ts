// Content negotiation for an answer of one media type (RFC 9110, 12.5.1), as Prism does it
// with the `accepts` package: the most specific range that matches the type decides, and
// its weight must be above 0 (`application/json;q=0, */*` refuses JSON). A range with
// parameters other than `q` matches only a type with those parameters; when nothing
// matches, such ranges are tried again without them (Prism's second pass), so
// `application/json;version=2` is served JSON. Names are compared case-insensitively.
// Not `negotiator` itself: it has no such second pass, and the front must choose exactly as
// Prism does (tests/mock/parity.test.ts compares fourteen `Accept` forms byte for byte);
// the decision core also runs in a browser, where a CommonJS dependency would ride along.

interface Range {
  type: string;
  subtype: string;
  /** Parameters other than q, lower-case names; values as sent. */
  params: Array<[string, string]>;
  q: number;
}

function parseRange(text: string): Range | undefined {
  const parts = text.split(';');
  const full = parts[0]!.trim().toLowerCase();
  const slash = full.indexOf('/');
  if (slash <= 0 || slash === full.length - 1) return undefined;
  const range: Range = { type: full.slice(0, slash), subtype: full.slice(slash + 1), params: [], q: 1 };
  for (let i = 1; i < parts.length; i++) {
    const eq = parts[i]!.indexOf('=');
    if (eq < 0) continue;
    const name = parts[i]!.slice(0, eq).trim().toLowerCase();
    let value = parts[i]!.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    if (name === 'q') {
      const q = Number.parseFloat(value);
      range.q = Number.isNaN(q) ? 0 : Math.min(1, Math.max(0, q));
    } else range.params.push([name, value]);
  }
  return range;
}

/** Splits an Accept value at commas outside quoted strings. */
function rangesOf(accept: string): Range[] {
  const ranges: Range[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i <= accept.length; i++) {
    const c = accept[i];
    if (c === '"') quoted = !quoted;
    else if (i === accept.length || (c === ',' && !quoted)) {
      const range = parseRange(accept.slice(start, i));
      if (range) ranges.push(range);
      start = i + 1;
    }
  }
  return ranges;
}

/**
 * The weight the ranges give `type/subtype` (a type without parameters): the q of the most
 * specific match (the type counts 4, the subtype 2, as in the `negotiator` package), the
 * higher q on a tie; 0 when none matches.
 */
function weightOf(ranges: readonly Range[], type: string, subtype: string): number {
  let best = -1;
  let q = 0;
  for (const r of ranges) {
    if (r.params.length > 0) continue;
    if ((r.type !== type && r.type !== '*') || (r.subtype !== subtype && r.subtype !== '*')) continue;
    const specificity = (r.type === type ? 4 : 0) + (r.subtype === subtype ? 2 : 0);
    if (specificity > best || (specificity === best && r.q > q)) {
      best = specificity;
      q = r.q;
    }
  }
  return q;
}

/**
 * Whether an Accept header admits an answer of `mediaType` (lower case, no parameters).
 * An absent or empty Accept admits anything.
 */
export function accepts(accept: string | undefined, mediaType: string): boolean {
  if (accept === undefined || accept === '' || accept === '*/*' || accept === mediaType) return true;
  const slash = mediaType.indexOf('/');
  const type = mediaType.slice(0, slash);
  const subtype = mediaType.slice(slash + 1);
  const ranges = rangesOf(accept);
  if (ranges.length === 0) return false;
  if (weightOf(ranges, type, subtype) > 0) return true;
  // Prism's second pass: only the ranges that had parameters, without them.
  const stripped = ranges.filter((r) => r.params.length > 0).map((r) => ({ ...r, params: [] }));
  return stripped.length > 0 && weightOf(stripped, type, subtype) > 0;
}
