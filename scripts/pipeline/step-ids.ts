// The ids of the pipeline's steps beyond the families (whose ids are redocly.yaml's
// `apis:` keys): keys of the build cache's manifest and names in the build log.

/** The observed flavour: derived from the published family OBSERVED_OF. */
export const OBSERVED_ID = 'v2-pt-observed';
export const OBSERVED_OF = 'v2-pt';
/** The legacy route's observed flavour, built in the same step from the published legacy family. */
export const LEGACY_OBSERVED_ID = 'legacy-observed';
export const LEGACY_OBSERVED_OF = 'legacy';
/** The docs site: a reference page per family and the landing page. */
export const DOCS_ID = 'docs';
/** The typed client compiled into dist/. */
export const CLIENT_ID = 'client';
/** The certification flows' lineage, computed from the captures. */
export const FLOWS_ID = 'flows';
/** The mock's start cache: the families it serves and every document's pre-rendered answers. */
export const MOCK_ID = 'mock';
/** The Postman collections: one per published family and observed flavour, from their bundles. */
export const POSTMAN_ID = 'postman';
/** The contract index: every door's facts (operations, effects, secrets, credentials), from the bundles. */
export const INDEX_ID = 'index';
