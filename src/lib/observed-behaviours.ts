// `x-observed-behaviours` (spec/extensions.md): what an integration states about how the
// service behaves around an operation, with the quote it stated it in. Written on the
// operations of the observed flavours only (scripts/observed/behaviours.ts), read back by
// the observed mock and the docs site, so this reader is shared ground.
import { isRecord } from './json.ts';

export const BEHAVIOUR_EXTENSION = 'x-observed-behaviours';

/**
 * How strong the evidence is, read against the sandbox captures of the same source, weakest
 * first: stated where the environment is unknown (the captures, all sandbox, cannot judge
 * it); stated and contradicted by the captures; stated for the sandbox, no capture touches
 * it; stated and consistent with the captures; shown by a capture (a captured answer holds it).
 */
export const BEHAVIOUR_STRENGTHS = [
  'stated, environment unknown',
  'stated, contradicted by the captures',
  'stated, not in the captures',
  'stated, consistent with the captures',
  'shown by a capture',
] as const;
export type BehaviourStrength = (typeof BEHAVIOUR_STRENGTHS)[number];

/** Which service the source says the behaviour was seen on: its sandbox, its production, or neither said. */
export const BEHAVIOUR_ENVIRONMENTS = ['sandbox', 'production', 'not stated'] as const;
export type BehaviourEnvironment = (typeof BEHAVIOUR_ENVIRONMENTS)[number];

/** Strengths a tool may replay: never a contradicted one, never one whose environment is unknown. */
const REPLAYABLE_STRENGTHS: readonly BehaviourStrength[] = [
  'stated, not in the captures',
  'stated, consistent with the captures',
  'shown by a capture',
];

/**
 * What a tool may do with a behaviour: narrow a request and refuse it in the mock
 * (`request-refuses-null`), replay it in the flows mock (`repeated-booking-refused`), or
 * only show it (`note`). A kind other than `note` is acted on only when `replayable`.
 */
export const BEHAVIOUR_KINDS = ['request-refuses-null', 'repeated-booking-refused', 'note'] as const;
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

/**
 * A shape a behaviour states, which the observed types say: `field` of the answer is present
 * only when the value at `when` (a path of keys from the answer's root) is `equals`.
 */
export interface BehaviourShape {
  kind: 'present-only-when';
  field: string;
  when: string[];
  equals: boolean;
}

export interface ObservedBehaviour {
  id: string;
  kind: BehaviourKind;
  operations: string[];
  strength: BehaviourStrength;
  /** Why the strength: what the captures show about it, with counts. */
  strengthReason: string;
  environment: BehaviourEnvironment;
  /** Why the environment: where the source says so, or why it cannot be told. */
  environmentReason: string;
  /** What the quotes state, in English, and no more. */
  states: string;
  /** What a tool reads into the quotes beyond their words (a depth, a field, a scope), when it does. */
  reading?: string;
  /** The scope the source or the service's message gives (for example "for internal users"), when it gives one. */
  scope?: string;
  /** The answer's shape it states, typed by the observed overlay (scripts/observed/behaviours.ts). */
  shape?: BehaviourShape;
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

function readShape(value: unknown): BehaviourShape | undefined {
  if (!isRecord(value)) return undefined;
  const { kind, field, when, equals } = value;
  if (kind !== 'present-only-when' || !isString(field) || typeof equals !== 'boolean') return undefined;
  if (!Array.isArray(when) || when.length === 0 || !when.every(isString)) return undefined;
  return { kind, field, when, equals };
}

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
  const { id, kind, operations, strength, strengthReason, environment, environmentReason, states, reading, scope, message } = value;
  const { source, repository, commit, quotes, checkedBy, shape } = value;
  const readShaped = shape === undefined ? undefined : readShape(shape);
  if (shape !== undefined && !readShaped) return undefined;
  if (!isString(id) || !isString(states) || !isString(source) || !isString(repository) || !isString(commit)) return undefined;
  if (!isString(strengthReason) || !isString(environmentReason)) return undefined;
  if (!(BEHAVIOUR_KINDS as readonly unknown[]).includes(kind) || !(BEHAVIOUR_STRENGTHS as readonly unknown[]).includes(strength))
    return undefined;
  if (!(BEHAVIOUR_ENVIRONMENTS as readonly unknown[]).includes(environment)) return undefined;
  if ((reading !== undefined && !isString(reading)) || (scope !== undefined && !isString(scope))) return undefined;
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
    strengthReason,
    environment: environment as BehaviourEnvironment,
    environmentReason,
    states,
    ...(reading !== undefined ? { reading } : {}),
    ...(scope !== undefined ? { scope } : {}),
    ...(readShaped ? { shape: readShaped } : {}),
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

/**
 * Whether a tool may replay the behaviour: stated for the sandbox (the environment the
 * observed mock stands for), not contradicted by the captures, and of a kind a tool acts on.
 */
export function replayable(b: Pick<ObservedBehaviour, 'kind' | 'environment' | 'strength'>): boolean {
  return b.kind !== 'note' && b.environment === 'sandbox' && REPLAYABLE_STRENGTHS.includes(b.strength);
}
