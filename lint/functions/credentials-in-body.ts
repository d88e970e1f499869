// Families whose credential names the description gives carry them in every
// request body: Login and Senha required (Autenticar: login and senha). On the legacy
// no-session service a body may also be one without Login, answered with SessaoExpirada
// true (Part 5, item 6): that alternative is the only one exempt.
import { createRulesetFunction, type IFunctionResult } from '@stoplight/spectral-core';
import { familyOfPath, type Catalog } from '../../scripts/lib/catalog.ts';
import { entriesOf, isRecord } from '../../src/lib/json.ts';
import { objectViews, documentOperations, type ObjectView } from '../openapi-walk.ts';

const pairs = [
  ['Login', 'Senha'],
  ['login', 'senha'],
] as const;

function carriesCredentials(view: ObjectView): boolean {
  return pairs.some((pair) => pair.every((name) => view.properties.has(name) && view.required.has(name)));
}

/** The legacy no-session service, where Part 5, item 6 applies. */
const NO_SESSION_PREFIX = '/AereoNoSession.svc/';

/** A schema that holds exactly the bodies without `Login` (`not: { required: [Login] }`). */
function isBodyWithoutLogin(schema: unknown): boolean {
  const not = isRecord(schema) ? schema['not'] : undefined;
  return isRecord(not) && Array.isArray(not['required']) && not['required'].length === 1 && not['required'][0] === 'Login';
}

/** The body's views, less the body-without-Login alternative where Part 5, item 6 allows it. */
function viewsToCheck(schema: unknown, pathKey: string): ObjectView[] {
  if (pathKey.startsWith(NO_SESSION_PREFIX) && isRecord(schema)) {
    for (const key of ['oneOf', 'anyOf']) {
      const branches = schema[key];
      if (!Array.isArray(branches)) continue;
      const rest = branches.filter((branch) => !isBodyWithoutLogin(branch));
      if (rest.length > 0 && rest.length < branches.length) return objectViews({ ...schema, [key]: rest });
    }
  }
  return objectViews(schema);
}

export function credentialsInBody(catalog: Catalog) {
  return createRulesetFunction<unknown, null>({ input: null, options: null }, function credentialsInBody(doc) {
    const results: IFunctionResult[] = [];
    for (const { pathKey, operation, path } of documentOperations(doc)) {
      const family = familyOfPath(catalog, pathKey);
      if (family === undefined || family.credentials !== 'known') continue;
      const body = operation['requestBody'];
      if (!isRecord(body)) continue; // a missing body is rule/request-body-present's finding
      for (const [type, media] of entriesOf(body['content'])) {
        const schema = isRecord(media) ? media['schema'] : undefined;
        if (viewsToCheck(schema, pathKey).every(carriesCredentials)) continue;
        results.push({
          message: `Family ${family.name} carries the agency credentials in every request body (Parts 2.1 and 5): the body requires \`Login\` and \`Senha\` (Autenticar's lower-case \`login\` and \`senha\`, Part 4.5).`,
          path: schema === undefined ? [...path, 'requestBody', 'content', type] : [...path, 'requestBody', 'content', type, 'schema'],
        });
      }
    }
    return results;
  });
}
