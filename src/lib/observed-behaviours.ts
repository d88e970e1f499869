// `x-observed-behaviours` (spec/extensions.md): what an integration states about how the
// service behaves around an operation, with the quote it stated it in. Written on the
// operations of the observed flavours only (scripts/observed/behaviours.ts), read back by
// the observed mock and the docs site, so this reader is shared ground.
import { isRecord } from './json.ts';

export const BEHAVIOUR_EXTENSION = 'x-observed-behaviours';

/** How strong the evidence is, weakest first. */
export const BEHAVIOUR_STRENGTHS = ['stated in a comment', 'stated and visible in a capture', 'measured by them'] as const;
export type BehaviourStrength = (typeof BEHAVIOUR_STRENGTHS)[number];

/**
 * What a tool may do with a behaviour: narrow a request (`request-refuses-null`), replay it
 * in the flows mock (`repeated-booking-refused`), thread as captured
 * (`trip-identifier-renewed`), or only show it (`note`).
 */
export const BEHAVIOUR_KINDS = ['request-refuses-null', 'trip-identifier-renewed', 'repeated-booking-refused', 'note'] as const;
export type BehaviourKind = (typeof BEHAVIOUR_KINDS)[number];

export interface BehaviourQuote {
  file: string;
  line: number;
  /** The file at the pinned commit, at that line. */
  url: string;
  /** `pt`, `en` (the service's own message), or `json` (a line of a capture). */
  lang: string;
  quote: string;
  translation: string;
}

export interface ObservedBehaviour {
  id: string;
  kind: BehaviourKind;
  operations: string[];
  strength: BehaviourStrength;
  /** What the quotes state, in English, and no more. */
  states: string;
  /** The service's message, for a behaviour that answers with one. */
  message?: string;
  /** The evidence folder it comes from, and that source's repository and commit. */
  source: string;
  repository: string;
  commit: string;
  quotes: BehaviourQuote[];
  /** The tests that check it; empty when no test can (documented only). */
  checkedBy: string[];
}

const isString = (v: unknown): v is string => typeof v === 'string' && v !== '';

function readQuote(value: unknown): BehaviourQuote | undefined {
  if (!isRecord(value)) return undefined;
  const { file, line, url, lang, quote, translation } = value;
  if (!isString(file) || typeof line !== 'number' || !isString(url) || !isString(lang) || !isString(quote) || !isString(translation))
    return undefined;
  return { file, line, url, lang, quote, translation };
}

/** One record of the extension, or undefined when it is not one. */
export function readBehaviour(value: unknown): ObservedBehaviour | undefined {
  if (!isRecord(value)) return undefined;
  const { id, kind, operations, strength, states, message, source, repository, commit, quotes, checkedBy } = value;
  if (!isString(id) || !isString(states) || !isString(source) || !isString(repository) || !isString(commit)) return undefined;
  if (!(BEHAVIOUR_KINDS as readonly unknown[]).includes(kind) || !(BEHAVIOUR_STRENGTHS as readonly unknown[]).includes(strength))
    return undefined;
  if (!Array.isArray(operations) || !operations.every(isString)) return undefined;
  if (!Array.isArray(checkedBy) || !checkedBy.every(isString)) return undefined;
  if (message !== undefined && !isString(message)) return undefined;
  const read = Array.isArray(quotes) ? quotes.map(readQuote) : [];
  if (read.length === 0 || read.some((q) => q === undefined)) return undefined;
  return {
    id,
    kind: kind as BehaviourKind,
    operations,
    strength: strength as BehaviourStrength,
    states,
    ...(message !== undefined ? { message } : {}),
    source,
    repository,
    commit,
    quotes: read as BehaviourQuote[],
    checkedBy,
  };
}

/** The behaviours an operation object of an observed flavour carries (none for a published one). */
export function behavioursOf(operation: unknown): ObservedBehaviour[] {
  const list = isRecord(operation) ? operation[BEHAVIOUR_EXTENSION] : undefined;
  return Array.isArray(list) ? list.flatMap((v) => readBehaviour(v) ?? []) : [];
}
