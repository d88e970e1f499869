// Every fact of a published bundle says where it comes from (spec/extensions.md):
// the part of the interface description that states it (`x-source`), the reason it
// is inferred (`x-inferred`), or that it is not published (`x-undocumented`).
// An untraced node is a fact nobody can check against the description.
import { createRulesetFunction, type IFunctionResult } from '@stoplight/spectral-core';
import { traceOf, tracedNodes, type TracedKind } from '../traced-nodes.ts';

/** The parts of the interface description, as `x-source` cites them. */
export const DESCRIPTION_PARTS = [
  '1',
  '2',
  '2.1',
  '2.2',
  '2.3',
  '2.4',
  '2.5',
  '3',
  '4',
  '4.1',
  '4.2',
  '4.3',
  '4.4',
  '4.5',
  '5',
  '6',
  '7',
  '8',
  '9',
] as const;

/** Schema keywords that state a constraint, so they need a stated or inferred source, not just the marker. */
const constraintKeywords = ['required', 'pattern', 'format'] as const;

/** `"4.4"` or `"2.1, 4.4"`: one or more parts, each one the description has. */
export function isSourceReference(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  return value.split(',').every((part) => (DESCRIPTION_PARTS as readonly string[]).includes(part.trim()));
}

const what: Readonly<Record<TracedKind, string>> = {
  operation: 'An operation',
  schema: 'A schema',
  property: 'A property',
  response: 'A response',
  example: 'An example',
};

export function factsTraced() {
  return createRulesetFunction<unknown, null>({ input: null, options: null }, function factsTraced(doc) {
    const results: IFunctionResult[] = [];
    for (const entry of tracedNodes(doc)) {
      const { kind, node, path } = entry;
      const trace = traceOf(entry);
      if (trace === 'observed') continue;
      if (trace === 'untraced') {
        results.push({
          message: `${what[kind]} says where it comes from: \`x-source\` (the part of the description that states it, e.g. "4.4"), \`x-inferred\` (the reason it is inferred) or \`x-undocumented: true\` (spec/extensions.md).`,
          path,
        });
      }
      if (node['x-source'] !== undefined && !isSourceReference(node['x-source'])) {
        results.push({
          message: `\`x-source\` names parts of the description, e.g. "4.4" or "2.1, 4.4", each one of ${DESCRIPTION_PARTS.join(', ')} (spec/extensions.md).`,
          path: [...path, 'x-source'],
        });
      }
      if (kind !== 'schema' && kind !== 'property') continue;
      const vouched = node['x-source'] !== undefined || (typeof node['x-inferred'] === 'string' && node['x-inferred'].trim() !== '');
      for (const keyword of constraintKeywords) {
        if (node[keyword] !== undefined && !vouched) {
          results.push({
            message: `\`${keyword}\` is a published constraint: its schema carries \`x-source\` (the part that states it) or \`x-inferred\` (why it is assumed); \`x-undocumented\` alone does not vouch for it (spec/extensions.md).`,
            path: [...path, keyword],
          });
        }
      }
    }
    return results;
  });
}
