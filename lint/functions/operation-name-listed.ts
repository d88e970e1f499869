// The last path segment is the operation name, exactly as the description lists
// it for the path's family (and service) in spec/catalog.yaml, and the operationId
// repeats it (behind the service's operationIdPrefix, where the catalog gives one).
// An observed flavour's operation marked `x-observed` (lint/observed-operation.ts)
// may stand where the description does not list it, under a name it lists elsewhere.
import { createRulesetFunction, type IFunctionResult } from '@stoplight/spectral-core';
import { locatePath, type Catalog, type Family } from '../../scripts/lib/catalog.ts';
import { entriesOf, isHttpMethod, isRecord } from '../../src/lib/json.ts';
import { declaredSources, isObservedOperation } from '../observed-operation.ts';

const templated = /^\{[^/{}]+\}$/;

export function operationNameListed(catalog: Catalog) {
  const prefixes = catalog.families.flatMap((family) => family.prefixes).join(', ');
  return createRulesetFunction<unknown, null>({ input: null, options: null }, function operationNameListed(doc) {
    const results: IFunctionResult[] = [];
    const paths = entriesOf(isRecord(doc) ? doc['paths'] : undefined);
    const located = paths.map(([key]) => locatePath(catalog, key));
    // An observed flavour may add, where it was seen, an operation the description lists elsewhere.
    const declared = declaredSources(doc);
    const listedAnywhere = new Set(catalog.families.flatMap((f) => f.operations));
    const observedOnly = (operations: Array<[string, unknown]>): boolean =>
      operations.length > 0 && operations.every(([, operation]) => isRecord(operation) && isObservedOperation(declared, operation));
    // One name served by several paths of a family whose services the catalog does not list.
    const shared = (family: Family, name: string): boolean => located.filter((at) => at?.family === family && at.rest === name).length > 1;

    for (const [pathKey, item] of paths) {
      const at = locatePath(catalog, pathKey);
      if (at === undefined) {
        results.push({
          message: `Path \`${pathKey}\` is under no route-family prefix of spec/catalog.yaml (${prefixes}): every path is \`<family prefix>/<Operation>\`.`,
          path: ['paths', pathKey],
        });
        continue;
      }
      const { family, service, rest: name } = at;
      if (name.includes('/') || name === '') {
        results.push({
          message: `Path \`${pathKey}\`: a path is the family prefix \`${at.prefix}\` followed by one segment, the operation name (Part 4, spec/catalog.yaml).`,
          path: ['paths', pathKey],
        });
        continue;
      }
      const operations = entriesOf(item).filter(([method]) => isHttpMethod(method));
      const idAt = (method: string, operation: unknown): Array<string> =>
        isRecord(operation) && operation['operationId'] !== undefined
          ? ['paths', pathKey, method, 'operationId']
          : ['paths', pathKey, method];

      if (templated.test(name)) {
        if (family.operations.length > 0) {
          results.push({
            message: `Family ${family.name} lists its operation names (spec/catalog.yaml), so each one has its own path \`${at.prefix}/<Operation>\`; a templated last segment is only for a family whose names are not published.`,
            path: ['paths', pathKey],
          });
        } else if (family.unlisted !== undefined) {
          const { path: route, operationId } = family.unlisted;
          if (pathKey !== route) {
            results.push({
              message: `The templated route of family ${family.name} is \`${route}\` (spec/catalog.yaml, \`unlisted\`).`,
              path: ['paths', pathKey],
            });
          }
          for (const [method, operation] of operations) {
            if (isRecord(operation) && operation['operationId'] === operationId) continue;
            results.push({
              message: `The operationId of the templated route of family ${family.name} is \`${operationId}\` (spec/catalog.yaml, \`unlisted\`).`,
              path: idAt(method, operation),
            });
          }
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
      } else if (!(service?.operations ?? family.operations).includes(name) && !(observedOnly(operations) && listedAnywhere.has(name))) {
        results.push({
          message:
            service === undefined
              ? `\`${name}\` is not an operation name the description lists for family ${family.name} (spec/catalog.yaml): operation names are exactly those listed, casing included.`
              : `\`${name}\` is not an operation the description lists for ${service.prefix} in family ${family.name} (spec/catalog.yaml, \`services\`): operation names are exactly those listed, casing included.`,
          path: ['paths', pathKey],
        });
      }

      const expected = service === undefined ? name : `${service.operationIdPrefix}${name}`;
      for (const [method, operation] of operations) {
        const id = isRecord(operation) ? operation['operationId'] : undefined;
        if (id === expected) continue;
        if (service === undefined && shared(family, name) && typeof id === 'string' && id.endsWith(name)) continue;
        results.push({
          message:
            service === undefined
              ? `The operationId is the operation name as the description gives it (Part 4), the last path segment \`${name}\` (where one name serves several paths of a family, a prefix before it keeps operationIds unique).`
              : `The operationId is \`${expected}\`: the operation name as the description gives it (Part 4) behind the operationIdPrefix \`${service.operationIdPrefix}\` of ${service.prefix} (spec/catalog.yaml, \`services\`).`,
          path: idAt(method, operation),
        });
      }
    }
    return results;
  });
}
