// The behaviours of the observed flavour (`x-observed-behaviours`), replayed by the mock
// as its own, labelled answers. Only documents of the observed flavours carry them, so the
// published mock never sees one. Only a `replayable` one is replayed (stated for the
// sandbox, not contradicted by the captures); the others are documented, never replayed.
// `behaviours: false` (`--no-behaviours`) turns them all off, a list of ids
// (`--behaviours <ids>`) keeps only those.
// - `request-refuses-null`: a body holding null anywhere is refused with 400, naming the
//   field path and the quote; the service's own 400 body was not captured, so the body
//   is the mock's problem, said so.
// - `repeated-booking-refused` (flows): see flows/replay.ts, which takes the behaviour.
import { operationWithRole } from '../lib/contract-index.ts';
import { isRecord } from '../lib/json.ts';
import { behavioursOf, type ObservedBehaviour, replayable } from '../lib/observed-behaviours.ts';
import { problem, type Problem } from './problem.ts';
import type { MockOperation } from './routes.ts';

/** Names the behaviour an answer of the mock replays. */
export const BEHAVIOUR_HEADER = 'x-mock-behaviour';
/** Null places named at most in one refusal. */
const MAX_NAMED = 10;
/** Key characters shown at most per segment of a path. */
const MAX_KEY = 100;

const cache = new WeakMap<MockOperation, ObservedBehaviour[]>();

/** Which behaviours the mock replays: all it may (true), none (false), or only these ids. */
export type BehaviourChoice = boolean | readonly string[];

/** Whether the mock replays `b` under `choice`: never one that is not `replayable`. */
export function chosen(b: ObservedBehaviour, choice: BehaviourChoice = true): boolean {
  if (!replayable(b) || choice === false) return false;
  return choice === true || choice.includes(b.id);
}

/** The ids `choice` names that no replayable behaviour of `documents` has, with the ones it may name. */
export function unknownChoices(
  documents: ReadonlyArray<{ doc: Record<string, unknown> }>,
  choice: BehaviourChoice,
): { unknown: string[]; known: string[] } {
  if (typeof choice === 'boolean') return { unknown: [], known: [] };
  const known = new Set<string>();
  for (const { doc } of documents) {
    const paths = isRecord(doc.paths) ? doc.paths : {};
    for (const item of Object.values(paths))
      if (isRecord(item)) for (const op of Object.values(item)) for (const b of behavioursOf(op)) if (replayable(b)) known.add(b.id);
  }
  return { unknown: choice.filter((id) => !known.has(id)), known: [...known].sort() };
}

/** The behaviours the operation's object carries in its document (cached per operation). */
export function behavioursOfOperation(op: MockOperation): ObservedBehaviour[] {
  let found = cache.get(op);
  if (!found) {
    const paths = isRecord(op.doc.paths) ? op.doc.paths : {};
    const item = paths[op.template];
    found = behavioursOf(isRecord(item) ? item[op.method.toLowerCase()] : undefined);
    cache.set(op, found);
  }
  return found;
}

function segment(key: string | number, index: number): string {
  if (typeof key === 'number') return `[${key}]`;
  if (key === '…' && index === 0) return key;
  const shown = key.length > MAX_KEY ? `${key.slice(0, MAX_KEY)}…` : key;
  return /^[A-Za-z_$][\w$]*$/.test(shown) ? `.${shown}` : `[${JSON.stringify(shown)}]`;
}

/** `ClassesSelecionadas[0].Familia` */
export function pathText(path: ReadonlyArray<string | number>): string {
  return path.length === 0
    ? '(the body itself)'
    : path
        .map((key, i) => segment(key, i))
        .join('')
        .replace(/^\./, '');
}

/** A step of the walk: its parent link, not a copied path, so a deep body costs linear memory. */
interface Step {
  value: unknown;
  key: string | number | undefined;
  parent: Step | undefined;
}

/** Path segments shown at most for one null: the last ones, after a `…` segment. */
const MAX_SEGMENTS = 32;

function pathOf(step: Step): Array<string | number> {
  const out: Array<string | number> = [];
  for (let s: Step | undefined = step; s?.key !== undefined; s = s.parent) out.push(s.key);
  out.reverse();
  return out.length > MAX_SEGMENTS ? ['…', ...out.slice(-MAX_SEGMENTS)] : out;
}

/**
 * Where `value` holds null, in document order, at most `max` places and the count of all.
 * Iterative with parent links: a deep or wide body costs time and memory linear in its size.
 */
export function nullPlaces(value: unknown, max = MAX_NAMED): { places: Array<Array<string | number>>; total: number } {
  const places: Array<Array<string | number>> = [];
  let total = 0;
  const stack: Step[] = [{ value, key: undefined, parent: undefined }];
  while (stack.length > 0) {
    const step = stack.pop() as Step;
    const node = step.value;
    if (node === null) {
      total += 1;
      if (places.length < max) places.push(pathOf(step));
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i -= 1) stack.push({ value: node[i], key: i, parent: step });
    } else if (typeof node === 'object') {
      const keys = Object.keys(node as Record<string, unknown>);
      for (let i = keys.length - 1; i >= 0; i -= 1) {
        const key = keys[i] as string;
        stack.push({ value: (node as Record<string, unknown>)[key], key, parent: step });
      }
    }
  }
  return { places, total };
}

/** The quote a refusal cites: the first of the behaviour, as `file:line "quote"`. */
function citation(b: ObservedBehaviour): string {
  const q = b.quotes[0];
  return q ? `${q.file}:${q.line} at ${b.repository}@${b.commit.slice(0, 12)}, "${q.quote}" (${q.translation})` : b.id;
}

export interface BehaviourRefusal {
  problem: Problem;
  headers: Record<string, string>;
}

/**
 * The mock's refusal of a body with a null where a behaviour says the operation refuses
 * one, or undefined (no such behaviour, or no null).
 */
export function refuseNulls(op: MockOperation, body: unknown, choice: BehaviourChoice = true): BehaviourRefusal | undefined {
  const behaviour = behavioursOfOperation(op).find((b) => b.kind === 'request-refuses-null' && chosen(b, choice));
  if (!behaviour) return undefined;
  const { places, total } = nullPlaces(body);
  if (total === 0) return undefined;
  const named = places.map(pathText);
  const more = total > places.length ? ` and ${total - places.length} more` : '';
  const detail =
    `Null at ${named.join(', ')}${more}. The observed mock refuses a null field in a ${op.operationId} body because a public ` +
    `integration states the service's sandbox does (behaviour ${behaviour.id}, ${behaviour.strength}: ${citation(behaviour)}). ` +
    `${behaviour.reading ?? ''} ` +
    "This is the mock's own answer: the service's 400 body was not captured. Leave the field out instead of sending null.";
  const violations = places.map((p) => ({
    location: ['request', 'body', ...p.map(String)],
    code: behaviour.id,
    message: `${pathText(p)} is null; ${op.operationId} refuses null fields (observed behaviour ${behaviour.id})`,
    severity: 'Error',
  }));
  return { problem: problem(400, detail, violations), headers: { [BEHAVIOUR_HEADER]: behaviour.id } };
}

/** The flows' repeated-booking behaviour, from the observed V2 document's operation of that name, when `choice` keeps it. */
export function repeatedBookingOf(
  observedV2: Record<string, unknown>,
  operation = operationWithRole('v2-pt-observed', 'book'),
  choice: BehaviourChoice = true,
): ObservedBehaviour | undefined {
  const paths = isRecord(observedV2.paths) ? observedV2.paths : {};
  const item = paths[`/api/V2/Voos/${operation}`];
  return behavioursOf(isRecord(item) ? item.post : undefined).find((b) => b.kind === 'repeated-booking-refused' && chosen(b, choice));
}
