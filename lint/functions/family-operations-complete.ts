// Every operation the description lists for a family is in that family's document.
import { createRulesetFunction, type IFunctionResult } from '@stoplight/spectral-core';
import { locatePath, type Catalog, type Family } from '../catalog.ts';
import { pathKeysOf } from '../openapi-walk.ts';

export function familyOperationsComplete(catalog: Catalog) {
  return createRulesetFunction<unknown, null>({ input: null, options: null }, function familyOperationsComplete(doc) {
    const described = new Map<Family, Set<string>>();
    for (const key of pathKeysOf(doc)) {
      const at = locatePath(catalog, key);
      if (at === undefined) continue;
      const names = described.get(at.family) ?? new Set<string>();
      names.add(at.rest);
      described.set(at.family, names);
    }
    const results: IFunctionResult[] = [];
    for (const [family, names] of described) {
      for (const operation of family.operations) {
        if (names.has(operation)) continue;
        results.push({
          message: `Family ${family.name} lists the operation \`${operation}\` (spec/catalog.yaml), but its document has no path \`${family.prefixes[0]}/${operation}\`: every listed operation is described.`,
          path: ['paths'],
        });
      }
    }
    return results;
  });
}
