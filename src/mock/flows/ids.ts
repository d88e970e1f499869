// Identifiers the flows mock hands out in place of the captured placeholders: one fresh
// value per captured value and flow, of the same shape (digits stay digits, the length
// is kept), so two flows of the same scenario never share a locator or a ticket.
// A counter makes every value unique; none can equal a captured one (`Z`/`9` lead).

/** The fresh form of `original` for the n-th identifier minted. */
export function mintIdentifier(original: string, n: number): string {
  const len = original.length;
  if (/^\d+$/.test(original)) return `9${String(n).padStart(len - 1, '0')}`;
  const tag = n.toString(36).toUpperCase();
  if (len <= 8) return `Z${tag.padStart(len - 1, '0')}`;
  return `${original.slice(0, len - 6)}Z${tag.padStart(5, '0')}`;
}
