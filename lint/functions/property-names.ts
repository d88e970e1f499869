// Property names follow the family's language and are names the description
// gives (lint/property-names.yaml): Portuguese on /Voos routes and the legacy
// services, English on /Flights. Names learnt from captured traffic, in the opt-in
// observed flavour, carry `x-observed` (spec/extensions.md) and are not the
// description's: they are left out.
import { createRulesetFunction, type IFunctionResult } from '@stoplight/spectral-core';
import { familyOfDocument, type Catalog, type Language } from '../../scripts/lib/catalog.ts';
import { entriesOf, isRecord } from '../../src/lib/json.ts';
import { languageName, type PropertyNames } from '../property-names.ts';
import { pathKeysOf, schemasOf } from '../openapi-walk.ts';

const other: Readonly<Record<Language, Language>> = { pt: 'en', en: 'pt' };

type Check = 'language' | 'published';

function propertyNamesFunction(catalog: Catalog, names: PropertyNames, check: Check) {
  return createRulesetFunction<unknown, null>({ input: null, options: null }, function propertyNames(doc) {
    const family = familyOfDocument(catalog, pathKeysOf(doc));
    if (family === undefined) return []; // stray paths are operation-name-listed's finding
    const own = family.language;
    const foreign = other[own];
    const routes = family.prefixes.join(', ');
    const results: IFunctionResult[] = [];
    const schemas = schemasOf(doc);
    // A schema inside an observed one (a behaviour's shape member, lint/traced-nodes.ts alike) is observed too.
    const observedRoots = schemas.filter(({ schema }) => schema['x-observed'] !== undefined).map(({ path }) => path);
    const underObserved = (path: readonly (string | number)[]): boolean =>
      observedRoots.some((root) => root.length <= path.length && root.every((segment, i) => segment === path[i]));
    for (const { schema, path } of schemas) {
      if (underObserved(path)) continue;
      for (const [name, property] of entriesOf(schema['properties'])) {
        if (names[own].has(name) || (isRecord(property) && property['x-observed'] !== undefined)) continue;
        const isForeign = names[foreign].has(name);
        if (check === 'language' && isForeign) {
          results.push({
            message: `\`${name}\` is a field name of the ${languageName[foreign]} routes; on ${routes} (family ${family.name}) property names are the ${languageName[own]} ones the description gives (lint/property-names.yaml).`,
            path: [...path, 'properties', name],
          });
        }
        if (check === 'published' && !isForeign) {
          results.push({
            message: `\`${name}\` is not a field name the description gives for ${languageName[own]} routes: the contract never invents a field; a payload that is not published is an open object marked \`x-undocumented\` (lint/property-names.yaml lists the names given).`,
            path: [...path, 'properties', name],
          });
        }
      }
    }
    return results;
  });
}

export function propertyNamesFollowLanguage(catalog: Catalog, names: PropertyNames) {
  return propertyNamesFunction(catalog, names, 'language');
}

export function propertyNamesPublished(catalog: Catalog, names: PropertyNames) {
  return propertyNamesFunction(catalog, names, 'published');
}
