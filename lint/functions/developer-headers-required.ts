// Both developer headers are required together on every operation: the effective
// security (the operation's own, else the document's) never offers one alone.
import { createRulesetFunction, type IFunctionResult } from '@stoplight/spectral-core';
import { entriesOf, isRecord } from '../../src/lib/json.ts';
import { documentOperations, type JsonPath } from '../openapi-walk.ts';

const requirement =
  "Every operation requires both developer headers together (Part 5): each requirement of its effective security (its own `security`, else the document's) names the `developer-token` and the `developer-access-code` scheme.";

function headerSchemes(doc: unknown, header: string): string[] {
  const components = isRecord(doc) ? doc['components'] : undefined;
  return entriesOf(isRecord(components) ? components['securitySchemes'] : undefined)
    .filter(
      ([, scheme]) =>
        isRecord(scheme) &&
        scheme['type'] === 'apiKey' &&
        scheme['in'] === 'header' &&
        typeof scheme['name'] === 'string' &&
        scheme['name'].toLowerCase() === header,
    )
    .map(([name]) => name);
}

export function developerHeadersRequired() {
  return createRulesetFunction<unknown, null>({ input: null, options: null }, function developerHeadersRequired(doc) {
    if (!isRecord(doc)) return [];
    const token = headerSchemes(doc, 'developer-token');
    const accessCode = headerSchemes(doc, 'developer-access-code');
    if (token.length === 0 || accessCode.length === 0) {
      const components = doc['components'];
      return [
        {
          message:
            'The two developer headers (Part 5) are declared as security schemes: `apiKey` in `header` named `developer-token`, and one named `developer-access-code`.',
          path: isRecord(components) && components['securitySchemes'] !== undefined ? ['components', 'securitySchemes'] : [],
        },
      ];
    }
    const results: IFunctionResult[] = [];
    for (const { operation, path } of documentOperations(doc)) {
      const own = operation['security'];
      const effective = own !== undefined ? own : doc['security'];
      const at: JsonPath = own !== undefined ? [...path, 'security'] : ['security'];
      if (!Array.isArray(effective) || effective.length === 0) {
        results.push({ message: requirement, path: own !== undefined || doc['security'] !== undefined ? at : path });
        continue;
      }
      effective.forEach((entry, i) => {
        const names = isRecord(entry) ? Object.keys(entry) : [];
        if (!token.some((n) => names.includes(n)) || !accessCode.some((n) => names.includes(n))) {
          results.push({ message: requirement, path: [...at, i] });
        }
      });
    }
    return results;
  });
}
