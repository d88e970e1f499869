// The last path segment is the operation name, exactly as the description lists
// it for the path's family (spec/catalog.yaml), and the operationId repeats it.
import { createRulesetFunction, type IFunctionResult } from '@stoplight/spectral-core';
import { locatePath, type Catalog, type Family } from '../catalog.ts';
import { entriesOf, isRecord } from '../json.ts';
import { httpMethods } from '../openapi-walk.ts';

const templated = /^\{[^/{}]+\}$/;

export function operationNameListed(catalog: Catalog) {
  const prefixes = catalog.families.flatMap((family) => family.prefixes).join(', ');
  return createRulesetFunction<unknown, null>({ input: null, options: null }, function operationNameListed(doc) {
    const results: IFunctionResult[] = [];
    const paths = entriesOf(isRecord(doc) ? doc['paths'] : undefined);
    const located = paths.map(([key]) => locatePath(catalog, key));
    // One name served by several paths of a family (legacy Autenticar on three services).
    const shared = (family: Family, name: string): boolean =>
      located.filter((at) => at?.family === family && at.rest === name).length > 1;

    for (const [pathKey, item] of paths) {
      const at = locatePath(catalog, pathKey);
      if (at === undefined) {
        results.push({
          message: `Path \`${pathKey}\` is under no route-family prefix of spec/catalog.yaml (${prefixes}): every path is \`<family prefix>/<Operation>\`.`,
          path: ['paths', pathKey],
        });
        continue;
      }
      const { family, rest: name } = at;
      if (name.includes('/') || name === '') {
        results.push({
          message: `Path \`${pathKey}\`: a path is the family prefix \`${at.prefix}\` followed by one segment, the operation name.`,
          path: ['paths', pathKey],
        });
        continue;
      }
      const operations = entriesOf(item).filter(([method]) => (httpMethods as readonly string[]).includes(method));

      if (templated.test(name)) {
        if (family.operations.length > 0) {
          results.push({
            message: `Family ${family.name} lists its operation names (spec/catalog.yaml), so each one has its own path \`${at.prefix}/<Operation>\`; a templated last segment is only for a family whose names are not published.`,
            path: ['paths', pathKey],
          });
        }
        continue;
      }
      if (family.operations.length === 0) {
        for (const [method, operation] of operations) {
          if (isRecord(operation) && operation['x-inferred'] === undefined) {
            results.push({
              message: `The description lists no operation names for family ${family.name} (spec/catalog.yaml): a concrete name \`${name}\` is an inference, so the operation carries \`x-inferred\` with its reason (or the path is templated, \`${at.prefix}/{Operation}\`).`,
              path: ['paths', pathKey, method],
            });
          }
        }
      } else if (!family.operations.includes(name)) {
        results.push({
          message: `\`${name}\` is not an operation name the description lists for family ${family.name} (spec/catalog.yaml): operation names are exactly those listed, casing included.`,
          path: ['paths', pathKey],
        });
      }
      for (const [method, operation] of operations) {
        const id = isRecord(operation) ? operation['operationId'] : undefined;
        if (id === name || (shared(family, name) && typeof id === 'string' && id.endsWith(name) && id !== name)) continue;
        results.push({
          message: `The operationId is the operation name as the description gives it (Part 4), the last path segment \`${name}\` (where one name serves several paths of a family, a prefix before it keeps operationIds unique).`,
          path: id === undefined ? ['paths', pathKey, method] : ['paths', pathKey, method, 'operationId'],
        });
      }
    }
    return results;
  });
}
