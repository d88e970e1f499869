// The route the flows were captured on, `AereoNoSession.svc/<Operation>`, for the mock.
// The published legacy contract has none of these operations (Part 4.4 lists seats,
// ancillaries and authentication only), so no published schema checks them. The captures
// are the evidence of this route, and the observed flavour types exactly these operations
// from them: its path items are served here under the legacy prefix, every one labelled
// observed, never merged into the published legacy document.

import { isRecord as isObject } from '../../lib/json.ts';

type Doc = Record<string, unknown>;

export const CAPTURED_PREFIX = '/AereoNoSession.svc';
const V2_PREFIX = '/api/V2/Voos';

/**
 * A document serving `operations` at `/AereoNoSession.svc/<Operation>`, from the observed
 * flavour's path items of the same names (migration rule 1: same operation names).
 */
export function capturedRouteDocument(observed: Doc, operations: readonly string[]): Doc {
  const source = isObject(observed.paths) ? observed.paths : {};
  const paths: Doc = {};
  for (const operation of operations) {
    const item = source[`${V2_PREFIX}/${operation}`];
    if (!isObject(item) || !isObject(item.post))
      throw new Error(`The observed flavour has no ${V2_PREFIX}/${operation} to serve the captured route from.`);
    const post = item.post;
    paths[`${CAPTURED_PREFIX}/${operation}`] = {
      post: {
        ...post,
        description:
          `Observed only — not published by the provider: the certification flows were captured on this route, and the ` +
          `mock serves it with \`--flows\` from the observed flavour's types of ${V2_PREFIX}/${operation}.\n\n${String(post.description ?? '')}`,
      },
    };
  }
  return {
    openapi: observed.openapi,
    info: { title: 'Legacy route of the certification flows (observed only)', version: '1.0.0' },
    security: observed.security,
    paths,
    components: observed.components,
  };
}
