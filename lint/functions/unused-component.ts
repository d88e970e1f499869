// spectral:oas's oas3-unused-component, except for a component schema marked
// `x-unplaced: true` (spec/extensions.md): a fact the description names without
// saying where it sits (`DataVolta` and `Data`, date properties "in responses",
// Part 2.4) is published as a named schema that nothing can reference yet.
import { createRulesetFunction, type IFunctionResult } from '@stoplight/spectral-core';
import { unreferencedReusableObject } from '@stoplight/spectral-functions';
import { isRecord } from '../../src/lib/json.ts';

const componentTypes = ['schemas', 'responses', 'parameters', 'examples', 'requestBodies', 'headers', 'links', 'callbacks'] as const;

export function unusedComponent() {
  return createRulesetFunction<unknown, null>({ input: null, options: null }, function unusedComponent(doc, _options, context) {
    const results: IFunctionResult[] = [];
    const components = isRecord(doc) && isRecord(doc['components']) ? doc['components'] : {};
    for (const type of componentTypes) {
      const value = components[type];
      if (!isRecord(value)) continue;
      const checked = Object.fromEntries(
        Object.entries(value).filter(([, node]) => !(type === 'schemas' && isRecord(node) && node['x-unplaced'] === true)),
      );
      const found = unreferencedReusableObject(checked, { reusableObjectsLocation: `#/components/${type}` }, context);
      if (Array.isArray(found)) results.push(...found);
    }
    return results;
  });
}
