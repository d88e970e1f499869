// Families whose credential names the description gives carry them in every
// request body: Login and Senha required (Autenticar: login and senha).
import { createRulesetFunction, type IFunctionResult } from '@stoplight/spectral-core';
import { familyOfPath, type Catalog } from '../../scripts/lib/catalog.ts';
import { entriesOf, isRecord } from '../../src/lib/json.ts';
import { objectViews, operationsOf, type ObjectView } from '../openapi-walk.ts';

const pairs = [
  ['Login', 'Senha'],
  ['login', 'senha'],
] as const;

function carriesCredentials(view: ObjectView): boolean {
  return pairs.some((pair) => pair.every((name) => view.properties.has(name) && view.required.has(name)));
}

export function credentialsInBody(catalog: Catalog) {
  return createRulesetFunction<unknown, null>({ input: null, options: null }, function credentialsInBody(doc) {
    const results: IFunctionResult[] = [];
    for (const { pathKey, operation, path } of operationsOf(doc)) {
      const family = familyOfPath(catalog, pathKey);
      if (family === undefined || family.credentials !== 'known') continue;
      const body = operation['requestBody'];
      if (!isRecord(body)) continue; // a missing body is rule/request-body-present's finding
      for (const [type, media] of entriesOf(body['content'])) {
        const schema = isRecord(media) ? media['schema'] : undefined;
        if (objectViews(schema).every(carriesCredentials)) continue;
        results.push({
          message: `Family ${family.name} carries the agency credentials in every request body (Parts 2.1 and 5): the body requires \`Login\` and \`Senha\` (Autenticar's lower-case \`login\` and \`senha\`, Part 4.5).`,
          path: schema === undefined ? [...path, 'requestBody', 'content', type] : [...path, 'requestBody', 'content', type, 'schema'],
        });
      }
    }
    return results;
  });
}
