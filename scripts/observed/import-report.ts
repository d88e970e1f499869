// What an import changed, for a pull request: per flavour, the operations newly typed, the
// claims that narrow an answer (required, integer, non-null) a second source now backs or a
// source now contradicts, the typed share of every source's bodies before and after, and
// every other source's leave-one-out fold that moved. Read from the BUILT observed bundles
// (before and after), so the report says no more than what was built.
import { isRecord, type JsonRecord as JsonObject } from '../../src/lib/json.ts';
import type { OverlayDocument } from './overlay.ts';
import type { ContractBreach, OffContractBody } from './recording-source.ts';
import { percent, type FoldShare } from './typed-share.ts';

/** The schemas an observed bundle adds or changes beside its published bundle, by name. */
export type ObservedSchemas = Map<string, JsonObject>;

/** What the observed flavour built on top of the published one: the schemas it adds or changes. */
export function builtSchemas(observed: JsonObject, published: JsonObject): ObservedSchemas {
  const schemasOf = (doc: JsonObject): JsonObject =>
    isRecord(doc.components) && isRecord(doc.components.schemas) ? doc.components.schemas : {};
  const mine = schemasOf(observed);
  const theirs = schemasOf(published);
  const out: ObservedSchemas = new Map();
  for (const [name, schema] of Object.entries(mine)) {
    if (isRecord(schema) && JSON.stringify(schema) !== JSON.stringify(theirs[name])) out.set(name, schema);
  }
  return out;
}

/** The narrowing claims on one field of an observed schema. */
export interface Claims {
  required: boolean;
  integer: boolean;
  nonNull: boolean;
  types: string[];
}

/** Every observed schema an overlay adds, by name. */
export function overlaySchemas(overlay: OverlayDocument): ObservedSchemas {
  const out = new Map<string, JsonObject>();
  const collect = (schemas: unknown): void => {
    if (isRecord(schemas)) for (const [name, schema] of Object.entries(schemas)) if (isRecord(schema)) out.set(name, schema);
  };
  for (const action of overlay.actions) if (action.target === '$.components.schemas') collect(action.update);
  return out;
}

/** The operations observed schemas type (those with an observed request or answer schema). */
export function typedOperations(schemas: ObservedSchemas): Set<string> {
  const out = new Set<string>();
  for (const name of schemas.keys()) {
    const match = /^(\w+?)R[QS]Observado(?:Legado)?$/.exec(name);
    if (match?.[1]) out.add(match[1]);
  }
  return out;
}

function typesOf(schema: JsonObject): string[] {
  const out = new Set<string>();
  const type = schema.type;
  for (const t of Array.isArray(type) ? type : type === undefined ? [] : [type]) out.add(String(t));
  if (typeof schema.$ref === 'string') out.add(schema.$ref.replace('#/components/schemas/', ''));
  for (const branch of Array.isArray(schema.anyOf) ? schema.anyOf : []) if (isRecord(branch)) for (const t of typesOf(branch)) out.add(t);
  return [...out].sort();
}

/** Every field of every observed schema, `Schema.Field.Sub[].Leaf` → its claims. */
export function claimsOf(schemas: ObservedSchemas): Map<string, Claims> {
  const out = new Map<string, Claims>();
  const walk = (schema: unknown, at: string, depth: number): void => {
    if (!isRecord(schema) || depth > 32) return;
    const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
    if (isRecord(schema.properties)) {
      for (const [key, child] of Object.entries(schema.properties)) {
        if (!isRecord(child)) continue;
        const types = typesOf(child);
        out.set(`${at}.${key}`, {
          required: required.has(key),
          integer: types.includes('integer'),
          // A field only ever seen null has no type, so it claims nothing.
          nonNull: types.length > 0 && !types.includes('null'),
          types: types.filter((t) => t !== 'null' && t !== 'integer' && t !== 'number'),
        });
        walk(child, `${at}.${key}`, depth + 1);
      }
    }
    if (schema.items !== undefined) walk(schema.items, `${at}[]`, depth + 1);
    for (const key of ['allOf', 'anyOf'] as const)
      for (const part of Array.isArray(schema[key]) ? schema[key] : []) walk(part, at, depth + 1);
  };
  for (const [name, schema] of schemas) walk(schema, name, 0);
  return out;
}

export interface ClaimChange {
  field: string;
  change: string;
}

/** Claims a second source now backs (strengthened) and claims a source now contradicts (weakened), new fields apart. */
export function compareClaims(
  before: Map<string, Claims>,
  after: Map<string, Claims>,
): { strengthened: ClaimChange[]; weakened: ClaimChange[]; added: string[]; dropped: string[] } {
  const strengthened: ClaimChange[] = [];
  const weakened: ClaimChange[] = [];
  const added: string[] = [];
  for (const [field, now] of after) {
    const was = before.get(field);
    if (!was) {
      added.push(field);
      continue;
    }
    const pair = (claim: string, wasOn: boolean, isOn: boolean, off: string): void => {
      if (!wasOn && isOn) strengthened.push({ field, change: claim });
      if (wasOn && !isOn) weakened.push({ field, change: off });
    };
    pair('required', was.required, now.required, 'no longer required');
    pair('integer', was.integer, now.integer, 'integer → number');
    pair('non-null', was.nonNull, now.nonNull, 'may be null');
    const widened = now.types.filter((t) => !was.types.includes(t));
    if (widened.length > 0 && was.types.length > 0) weakened.push({ field, change: `also ${widened.join(', ')}` });
  }
  const dropped = [...before.keys()].filter((field) => !after.has(field));
  return { strengthened, weakened, added, dropped };
}

export interface FlavourChange {
  flavour: string;
  /** The observed schemas of the built bundle before the import and after it. */
  before: ObservedSchemas;
  after: ObservedSchemas;
  /** Source id → typed share before and after (percent text). */
  shares: Array<{ source: string; before: string; after: string }>;
}

/** What the report says beyond the flavours' changes. */
export interface ImportWeighing {
  /** Lines that head the report (an incomplete recording, a local upstream accepted). */
  warnings: string[];
  /** Bodies the proxy found outside the published contract. */
  offContract: readonly OffContractBody[];
  /** Whether the reviewer counted them (`--accept-off-contract`). */
  offContractAccepted: boolean;
  /** Every source's leave-one-out folds before the import and after it. */
  foldsBefore: readonly FoldShare[];
  foldsAfter: readonly FoldShare[];
  /** The imported source (its own fold is new, not a change). */
  source: string;
}

const breachText = (breaches: readonly ContractBreach[]): string => breaches.map((b) => `\`${b.path || '/'}\` (${b.keyword})`).join(', ');

/** The findings that head the report: answers that break the published contract, and the warnings. */
function contractFindings(w: ImportWeighing): string[] {
  const answers = w.offContract.filter((b) => b.body === 'response');
  const out: string[] = [];
  if (w.warnings.length > 0) out.push('## Warnings', w.warnings.map((line) => `- ${line}`).join('\n'));
  if (answers.length > 0)
    out.push(
      '## Findings about the published contract',
      'The provider answered outside the published contract: a finding about the contract (what the description says, or what it leaves out), to raise before these answers type anything.',
      markdownTable(
        ['operation', 'answer', 'outside the contract at'],
        answers.map((b) => [`\`${b.operation}\``, `\`${b.file}\``, breachText(b.breaches)]),
      ),
    );
  return out;
}

function offContractSection(w: ImportWeighing): string[] {
  if (w.offContract.length === 0) return [];
  const counted = w.offContractAccepted
    ? 'Counted as evidence: the reviewer passed `--accept-off-contract`.'
    : 'Kept in `evidence/` but not counted as evidence; `--accept-off-contract` counts them.';
  return [
    '### Bodies outside the published contract',
    counted,
    markdownTable(
      ['operation', 'body', 'file', 'outside the contract at'],
      w.offContract.map((b) => [`\`${b.operation}\``, b.body, `\`${b.file}\``, breachText(b.breaches)]),
    ),
  ];
}

const accepted = (a: { accepted: number; checked: number }): string => `${a.accepted} of ${a.checked} bodies accepted`;

/** Every other source's fold (the flavour built without it) whose share or acceptance moved. */
function foldChanges(w: ImportWeighing): string[][] {
  const rows: string[][] = [];
  for (const now of w.foldsAfter) {
    if (now.source === w.source) continue;
    const was = w.foldsBefore.find((f) => f.family === now.family && f.source === now.source);
    if (!was) continue;
    const shareWas = `${percent(was.without)} (${was.without.typed} of ${was.without.total} keys)`;
    const shareNow = `${percent(now.without)} (${now.without.typed} of ${now.without.total} keys)`;
    const acceptWas = accepted(was.acceptedWithout);
    const acceptNow = accepted(now.acceptedWithout);
    if (shareWas === shareNow && acceptWas === acceptNow) continue;
    rows.push([now.family, now.source, `${shareWas} → ${shareNow}`, `${acceptWas} → ${acceptNow}`]);
  }
  return rows;
}

/** A Markdown table; `_None._` for no row. */
export function markdownTable(head: string[], rows: string[][]): string {
  if (rows.length === 0) return '_None._';
  return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

const LIMIT = 40;

function listed<T>(rows: T[]): { shown: T[]; more: string } {
  return { shown: rows.slice(0, LIMIT), more: rows.length > LIMIT ? `\n\n…and ${rows.length - LIMIT} more.` : '' };
}

/** The Markdown report of an import. */
export function importReport(head: string[], changes: readonly FlavourChange[], weighing: ImportWeighing): string {
  const out = [...contractFindings(weighing), ...head, ...offContractSection(weighing)];
  out.push(
    '### Observed operations per flavour',
    markdownTable(
      ['flavour', 'before', 'after'],
      changes.map((c) => [c.flavour, String(typedOperations(c.before).size), String(typedOperations(c.after).size)]),
    ),
  );
  const newly = changes.flatMap((c) => {
    const was = typedOperations(c.before);
    return [...typedOperations(c.after)].filter((op) => !was.has(op)).map((op) => [c.flavour, `\`${op}\``]);
  });
  out.push('### Operations newly typed', markdownTable(['flavour', 'operation'], newly));
  const compared = changes.map((c) => ({ flavour: c.flavour, ...compareClaims(claimsOf(c.before), claimsOf(c.after)) }));
  const rows = (pick: 'strengthened' | 'weakened'): string[][] =>
    compared.flatMap((c) => c[pick].map((x) => [c.flavour, `\`${x.field}\``, x.change]));
  const strong = listed(rows('strengthened'));
  out.push('### Claims strengthened (a second source agrees)', markdownTable(['flavour', 'field', 'claim'], strong.shown) + strong.more);
  const weak = listed([...rows('weakened'), ...compared.flatMap((c) => c.dropped.map((f) => [c.flavour, `\`${f}\``, 'dropped']))]);
  out.push('### Claims weakened or dropped (a source contradicts)', markdownTable(['flavour', 'field', 'change'], weak.shown) + weak.more);
  out.push(
    '### Fields newly typed',
    markdownTable(
      ['flavour', 'fields'],
      compared.filter((c) => c.added.length > 0).map((c) => [c.flavour, String(c.added.length)]),
    ),
  );
  out.push(
    "### Typed share of every source's bodies",
    markdownTable(
      ['flavour', 'source', 'before', 'after'],
      changes.flatMap((c) => c.shares.map((s) => [c.flavour, s.source, s.before, s.after])),
    ),
  );
  out.push(
    "### Other sources' folds that change (each built without its own bodies)",
    markdownTable(['flavour', 'source', 'typed without it', 'accepted without it'], foldChanges(weighing)),
  );
  return `${out.join('\n\n')}\n`;
}
