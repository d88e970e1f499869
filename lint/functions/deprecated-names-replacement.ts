// A deprecated operation names its replacement: `x-replaced-by` points at a
// current operation of the catalog (or is null), and the description says which.
// Every operation of a deprecated family is deprecated.
import { createRulesetFunction, type IFunctionResult } from '@stoplight/spectral-core';
import { familyOfPath, isDeprecatedFamily, locatePath, type Catalog } from '../../scripts/lib/catalog.ts';
import { isRecord } from '../../src/lib/json.ts';
import { documentOperations } from '../openapi-walk.ts';

const key = 'x-replaced-by';
const saysNoReplacement = /\bno\b[^.]*\b(equivalent|replacement)\b/i;

export function deprecatedNamesReplacement(catalog: Catalog) {
  return createRulesetFunction<unknown, null>({ input: null, options: null }, function deprecatedNamesReplacement(doc) {
    const results: IFunctionResult[] = [];
    for (const { pathKey, operation, path } of documentOperations(doc)) {
      const family = familyOfPath(catalog, pathKey);
      const description = typeof operation['description'] === 'string' ? operation['description'] : '';
      if (family !== undefined && isDeprecatedFamily(family) && operation['deprecated'] !== true) {
        results.push({
          message: `Family ${family.name} is deprecated (Parts 1 and 9): each of its operations is \`deprecated: true\` and names its replacement.`,
          path,
        });
        continue;
      }
      if (operation['deprecated'] !== true) {
        if (key in operation) {
          results.push({ message: `Only a deprecated operation carries \`${key}\` (spec/extensions.md).`, path: [...path, key] });
        }
        continue;
      }
      if (!(key in operation)) {
        results.push({
          message: `A deprecated operation names its replacement: \`${key}: { operationId, path }\` of the operation that replaces it, or \`null\` where none exists, and its description says which (spec/extensions.md).`,
          path,
        });
        continue;
      }
      const target = operation[key];
      const name = locatePath(catalog, pathKey)?.rest ?? '';
      const listed = family?.replacedBy.get(name);
      if (listed !== undefined) {
        const id = isRecord(target) ? target['operationId'] : target;
        if (id !== listed) {
          results.push({
            message:
              listed === null
                ? `The catalog lists no replacement for \`${name}\` (spec/catalog.yaml, \`replacedBy\`): \`${key}\` is \`null\`.`
                : `The catalog names \`${listed}\` as the replacement of \`${name}\` (spec/catalog.yaml, \`replacedBy\`): \`${key}.operationId\` is \`${listed}\`.`,
            path: [...path, key],
          });
          continue;
        }
      }
      if (target === null) {
        if (!saysNoReplacement.test(description)) {
          results.push({
            message: `\`${key}: null\` means no operation replaces this one; its description says so and why, for example "has no V2 equivalent" (Part 9, migration rule 4; spec/extensions.md).`,
            path: operation['description'] === undefined ? path : [...path, 'description'],
          });
        }
        continue;
      }
      const id = isRecord(target) ? target['operationId'] : undefined;
      const targetPath = isRecord(target) ? target['path'] : undefined;
      const at = typeof targetPath === 'string' ? locatePath(catalog, targetPath) : undefined;
      if (
        typeof id !== 'string' ||
        at === undefined ||
        at.rest !== id ||
        isDeprecatedFamily(at.family) ||
        !at.family.operations.includes(id)
      ) {
        results.push({
          message: `\`${key}\` is \`{ operationId, path }\` of an operation that spec/catalog.yaml lists for a family that is not deprecated, with path \`<prefix>/<operationId>\` (spec/extensions.md).`,
          path: [...path, key],
        });
        continue;
      }
      if (!description.includes(targetPath as string) && !(description.includes(id) && description.includes(at.prefix))) {
        results.push({
          message: `A deprecated operation names its replacement in its description (spec/extensions.md): it mentions \`${String(targetPath)}\`.`,
          path: operation['description'] === undefined ? path : [...path, 'description'],
        });
      }
    }
    return results;
  });
}
