// Every operation the description lists for a family (on each of its services,
// where the catalog lists them) is in that family's document.
import { createRulesetFunction, type IFunctionResult } from '@stoplight/spectral-core';
import { locatePath, type Catalog, type Family } from '../../scripts/lib/catalog.ts';
import { pathKeysOf } from '../openapi-walk.ts';

function expectedPaths(family: Family): string[][] {
  if (family.unlisted !== undefined) return [[family.unlisted.path]];
  if (family.services.length > 0) {
    return family.services.flatMap((service) => service.operations.map((operation) => [`${service.prefix}/${operation}`]));
  }
  // Without services, an operation may sit under any of the family's prefixes.
  return family.operations.map((operation) => family.prefixes.map((prefix) => `${prefix}/${operation}`));
}

export function familyOperationsComplete(catalog: Catalog) {
  return createRulesetFunction<unknown, null>({ input: null, options: null }, function familyOperationsComplete(doc) {
    const keys = pathKeysOf(doc);
    const present = new Set(keys);
    const families = new Set(keys.map((key) => locatePath(catalog, key)?.family).filter((family) => family !== undefined));
    const results: IFunctionResult[] = [];
    for (const family of families) {
      for (const alternatives of expectedPaths(family)) {
        if (alternatives.some((path) => present.has(path))) continue;
        results.push({
          message: `Family ${family.name} lists \`${alternatives[0] ?? ''}\` (spec/catalog.yaml), but its document has no such path: every listed operation is described.`,
          path: ['paths'],
        });
      }
    }
    return results;
  });
}
