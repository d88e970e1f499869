// The Spectral ruleset, once: the Spectral CLI loads it through .spectral.mjs and
// the pipeline through lint/spectral.ts. It runs on the bundles
// (generated/<family>/openapi.yaml), where every $ref is local.
//
// Redocly or Spectral? The conventions below are Spectral custom functions because
// each needs data (spec/catalog.yaml, lint/property-names.yaml), follows $refs
// across nodes (effective security, composed bodies) or relates two nodes (a
// deprecated operation and its replacement). Conventions that are a fixed pattern
// on one kind of node are Redocly configurable rules (`rule/...` in redocly.yaml),
// which lint the hand-written sources.
import type { RulesetDefinition } from '@stoplight/spectral-core';
import { oas3 } from '@stoplight/spectral-formats';
import { oas } from '@stoplight/spectral-rulesets';
import { asRuleset } from './ruleset-shape.ts';
import { loadCatalog, type Catalog } from '../scripts/lib/catalog.ts';
import { credentialsInBody } from './functions/credentials-in-body.ts';
import { deprecatedNamesReplacement } from './functions/deprecated-names-replacement.ts';
import { developerHeadersRequired } from './functions/developer-headers-required.ts';
import { factsTraced } from './functions/facts-traced.ts';
import { familyOperationsComplete } from './functions/family-operations-complete.ts';
import { operationNameListed } from './functions/operation-name-listed.ts';
import { propertyNamesFollowLanguage, propertyNamesPublished } from './functions/property-names.ts';
import { undocumentedMarkerMeansOpen } from './functions/undocumented-marker-means-open.ts';
import { unusedComponent } from './functions/unused-component.ts';
import { owaspOff, owaspRuleset } from './owasp.ts';
import { loadPropertyNames } from './property-names.ts';

/** The names of this service's own Spectral rules. */
export const conventionRules = [
  'operation-name-listed',
  'family-operations-complete',
  'developer-headers-required',
  'credentials-in-body',
  'undocumented-marker-means-open',
  'deprecated-names-replacement',
  'property-names-follow-language',
  'property-names-published',
] as const;

/**
 * Traceability (issue 19): every fact of a bundle cites its source. Kept apart from
 * conventionRules because the other rules' small fixtures are not traced.
 */
export const traceRules = ['facts-traced'] as const;

export function createRuleset(catalog: Catalog = loadCatalog()): RulesetDefinition {
  const names = loadPropertyNames();
  const convention = (description: string, fn: ReturnType<typeof operationNameListed>, resolved = true) => ({
    description,
    message: '{{error}}',
    severity: 'error' as const,
    given: '$',
    resolved,
    then: { function: fn },
  });
  return {
    formats: [oas3],
    extends: [asRuleset(oas, 'spectral:oas'), owaspRuleset],
    rules: {
      // spectral:oas: the provider publishes no contact.
      'info-contact': 'off',
      // spectral:oas's rule, which also lets a component marked x-unplaced stand alone
      // (a named fact whose place the description does not give).
      'oas3-unused-component': {
        message: 'Potentially unused component has been detected.',
        severity: 'warn',
        formats: [oas3],
        resolved: false,
        given: '$',
        then: { function: unusedComponent() },
      },
      // The assumed 200 is each operation's only success response; it must be there.
      'operation-success-response': 'error',
      ...Object.fromEntries(Object.keys(owaspOff).map((rule) => [rule, 'off'])),

      'operation-name-listed': convention(
        'The last path segment is an operation name the description lists for the family (spec/catalog.yaml), and the operationId repeats it.',
        operationNameListed(catalog),
      ),
      'family-operations-complete': convention(
        'Every operation the description lists for a family is described in its document.',
        familyOperationsComplete(catalog),
      ),
      'developer-headers-required': convention(
        'Every operation requires both developer headers together (effective security).',
        developerHeadersRequired(),
      ),
      'credentials-in-body': convention(
        'Bodies of families whose credential names are known require Login and Senha.',
        credentialsInBody(catalog),
      ),
      'undocumented-marker-means-open': convention(
        'x-undocumented marks exactly the open objects, which say what is not published.',
        undocumentedMarkerMeansOpen(),
        false,
      ),
      'deprecated-names-replacement': convention(
        'Deprecated operations carry x-replaced-by and name their replacement in the description.',
        deprecatedNamesReplacement(catalog),
      ),
      'property-names-follow-language': convention(
        'Property names are Portuguese on /Voos and the legacy services, English on /Flights.',
        propertyNamesFollowLanguage(catalog, names),
        false,
      ),
      'property-names-published': convention(
        'Property names are names the description gives; nothing is invented.',
        propertyNamesPublished(catalog, names),
        false,
      ),
      'facts-traced': convention(
        'Every operation, schema, property, constraint, response and example cites its source: x-source, x-inferred or x-undocumented.',
        factsTraced(),
        false,
      ),
    },
  };
}

export const ruleset: RulesetDefinition = createRuleset();
export default ruleset;
