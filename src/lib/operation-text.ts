// What an operation says about itself, read from its bundle once for every place that shows
// it: the hover of a named call (generated/<id>/calls.d.ts), the MCP tool's description and
// the reference page's own text. Summary and description as the contract writes them, and
// the facts beside them: group, read or write (`x-effect`), the Part it comes from, how many
// captured bodies type it in an observed flavour, its deprecation and replacement.
import { isObject, type JsonObject, objectAt } from './refs.ts';

export interface SeenIn {
  /** Captured bodies that hold it, of those that could. */
  readonly seen: number;
  readonly of: number;
  /** The evidence sources those bodies come from. */
  readonly sources: readonly string[];
}

export interface OperationText {
  readonly summary: string;
  /** The operation's description, trimmed. */
  readonly description: string;
  /** One sentence each: group, effect, source Part, observed counts; the deprecation apart. */
  readonly facts: readonly string[];
  /** The read-or-write sentence alone (one of `facts`), for a page that says the rest its own way. */
  readonly effect?: string;
  /** The same facts in brief, where space is counted (an MCP tool list): group and effect in one sentence, the observed counts. */
  readonly short: readonly string[];
  /** Said only of a deprecated operation: what replaces it, or that the contract names nothing. */
  readonly deprecation?: string;
}

/** `x-observed` of a schema node: how many captured bodies hold it, and from which sources. */
export function seenIn(node: unknown): SeenIn | undefined {
  const observed = isObject(node) ? node['x-observed'] : undefined;
  if (!isObject(observed) || typeof observed.seen !== 'number' || typeof observed.of !== 'number') return undefined;
  const sources = Array.isArray(observed.sources)
    ? observed.sources.flatMap((s) => (isObject(s) && typeof s.source === 'string' ? [s.source] : []))
    : [];
  return { seen: observed.seen, of: observed.of, sources };
}

/** `13 of 13 captured bodies (1 source: facilita-corp)`. */
export function seenText(seen: SeenIn): string {
  const sources = seen.sources.length === 1 ? `1 source: ${seen.sources[0]}` : `${seen.sources.length} sources: ${seen.sources.join(', ')}`;
  return `${seen.seen} of ${seen.of} captured ${seen.of === 1 ? 'body' : 'bodies'} (${sources})`;
}

function jsonSchemaOf(doc: unknown, holder: unknown): unknown {
  const content = objectAt(doc, holder)?.content;
  const json = isObject(content) ? content['application/json'] : undefined;
  return isObject(json) ? json.schema : undefined;
}

/** The JSON schema of an operation's request body and of its 200 answer, refs kept. */
export function bodySchemas(doc: unknown, op: JsonObject): { request: unknown; answer: unknown } {
  const responses = isObject(op.responses) ? op.responses : {};
  return { request: jsonSchemaOf(doc, op.requestBody), answer: jsonSchemaOf(doc, responses['200']) };
}

/** The text of one operation of a bundle; `observed`: the document is an observed flavour. */
export function operationText(doc: unknown, op: JsonObject, observed: boolean): OperationText {
  const operationId = String(op.operationId);
  const summary = typeof op.summary === 'string' ? op.summary : operationId;
  const description = typeof op.description === 'string' ? op.description.trim() : '';
  const facts: string[] = [];
  const short: string[] = [];
  const group = Array.isArray(op.tags) && typeof op.tags[0] === 'string' ? op.tags[0] : undefined;
  if (group !== undefined) facts.push(`Group: ${group}.`);
  const reason = typeof op['x-effect-inferred'] === 'string' ? ` Inferred: ${op['x-effect-inferred'].trim()}` : '';
  const effectSentence =
    op['x-effect'] === 'read'
      ? `Reads only: changes nothing on the service (\`x-effect: read\`).${reason}`
      : op['x-effect'] === 'write'
        ? `Writes: may change something on the service, so it is never retried (\`x-effect: write\`).${reason}`
        : undefined;
  if (effectSentence !== undefined) facts.push(effectSentence);
  const effect = op['x-effect'] === 'read' ? 'reads only' : op['x-effect'] === 'write' ? 'writes' : undefined;
  const brief = [...(group === undefined ? [] : [`Group: ${group}`]), ...(effect === undefined ? [] : [effect])];
  if (brief.length > 0) short.push(`${brief.join('; ')}.`);
  if (typeof op['x-source'] === 'string') facts.push(`Source: Part ${op['x-source']} of the interface description.`);
  if (observed) {
    const { request, answer } = bodySchemas(doc, op);
    const typed = [
      ...(seenOf(doc, request) ? [`its request from ${seenText(seenOf(doc, request) as SeenIn)}`] : []),
      ...(seenOf(doc, answer) ? [`its answer from ${seenText(seenOf(doc, answer) as SeenIn)}`] : []),
    ];
    const said =
      typed.length > 0
        ? `Observed flavour, not published by the provider: typed ${typed.join(', and ')}.`
        : 'Observed flavour, not published by the provider: no captured body types this operation, so it is as published.';
    facts.push(said);
    // Brief: the sources named once when both bodies come from the same ones.
    const [asked, answered] = [seenOf(doc, request), seenOf(doc, answer)];
    const same = asked && answered && asked.sources.join() === answered.sources.join();
    const named = [
      ...(asked ? [`request from ${asked.seen} captured bodies${same ? '' : ` (${asked.sources.join(', ')})`}`] : []),
      ...(answered ? [`answer from ${answered.seen}${same ? '' : ' captured bodies'} (${answered.sources.join(', ')})`] : []),
    ];
    short.push(named.length > 0 ? `Observed, not published: ${named.join(', ')}.` : 'Observed: as published.');
  }
  let deprecation: string | undefined;
  if (op.deprecated === true) {
    const by = op['x-replaced-by'];
    deprecation =
      isObject(by) && typeof by.operationId === 'string'
        ? `Replaced by \`${by.operationId}\` (\`POST ${String(by.path)}\`, \`x-replaced-by\`).`
        : 'Deprecated by the contract, which names no replacement (no `x-replaced-by`).';
  }
  return {
    summary,
    description,
    facts,
    short,
    ...(effectSentence === undefined ? {} : { effect: effectSentence }),
    ...(deprecation === undefined ? {} : { deprecation }),
  };
}

function seenOf(doc: unknown, schema: unknown): SeenIn | undefined {
  return schema === undefined ? undefined : seenIn(objectAt(doc, schema));
}
