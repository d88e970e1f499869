// The behaviours an observed operation carries (`x-observed-behaviours`), as its reference
// section shows them: first, at a glance, the environment it was stated for, how strong the
// evidence is and whether the observed mock replays it; then what is stated, the reasons,
// each quote in its own language with the English beside it, and a link to the file and line
// at the pinned commit. Read from the observed bundle, never typed into a page by hand.
import { behavioursOf, type ObservedBehaviour, replayable } from '../../src/lib/observed-behaviours.ts';
import { listOperations } from './openapi.ts';
import { mdCode, mdText } from './reference.ts';

/** Markdown text, HTML escaped and with the inline markers a quote may hold neutralised. */
function inline(text: string): string {
  return mdText(text).replace(/([\\`*_[\]~|])/g, '\\$1');
}

/** Text shown as code, whatever it holds (reference.ts). */
export const codeSpan = mdCode;

function quoteLine(q: ObservedBehaviour['quotes'][number]): string {
  // A line of a capture is data: shown as code. A comment or a message is a quotation.
  const original = q.lang === 'json' ? codeSpan(q.quote) : `“${inline(q.quote)}”${q.lang === 'pt' ? ' (Portuguese)' : ''}`;
  return `  - ${original} — *${inline(q.translation)}* — [${codeSpan(`${q.file}:${q.line}`)}](${q.url})`;
}

/** The glance: `` `sandbox` · `shown by a capture` · replayed by the observed mock ``. */
export function behaviourGlance(b: ObservedBehaviour): string {
  const use = replayable(b) ? 'replayed by the observed mock' : 'documented, not replayed';
  return `${codeSpan(b.environment)} · ${codeSpan(b.strength)} · ${use}`;
}

/** The section of one operation's description, or '' when it carries none. */
export function behavioursMarkdown(list: readonly ObservedBehaviour[]): string {
  if (list.length === 0) return '';
  const items = list.map((b) =>
    [
      `- ${behaviourGlance(b)} — **${inline(b.states)}** Source ${codeSpan(b.source)} (${codeSpan(b.repository)} at commit ${codeSpan(b.commit.slice(0, 12))}); ${codeSpan(b.id)}.`,
      `  - Environment *${b.environment}*: ${inline(b.environmentReason)}`,
      `  - Strength *${b.strength}*: ${inline(b.strengthReason)}`,
      ...(b.reading ? [`  - Read into it: ${inline(b.reading)}`] : []),
      ...(b.scope ? [`  - Scope: ${inline(b.scope)}`] : []),
      ...b.quotes.map(quoteLine),
    ].join('\n'),
  );
  return [
    '**Behaviours integrations stated** — observed facts, not published by the provider (`x-observed-behaviours`): ' +
      'each with its quote, translated beside the original, and the file and line it was stated in.',
    '',
    ...items,
  ].join('\n');
}

/** How many distinct behaviours a document's operations carry. */
export function behaviourCount(doc: unknown): number {
  return new Set(listOperations(doc).flatMap((op) => behavioursOf(op.operation).map((b) => b.id))).size;
}
