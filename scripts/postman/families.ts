// Which documents get a Postman collection, and where it is written: read by the
// pipeline's step and by the docs site, which links each collection from its page.

/** Converted with complaints, so left out: the converter cannot merge v2-pt-observed's allOf (integer beside number|null). */
const NOT_CONVERTED: ReadonlySet<string> = new Set(['v2-pt-observed']);

/** Whether a document (a family or an observed flavour) has a collection. */
export function hasCollection(id: string): boolean {
  return !NOT_CONVERTED.has(id);
}

/** A collection's path under generated/. */
export const collectionFile = (id: string): string => `postman/${id}.postman_collection.json`;

/** Its copy beside the docs site's pages (generated/docs/), so a page links a download that works served or copied. */
export const siteCollectionFile = (id: string): string => `docs/${collectionFile(id)}`;

/** A collection's Bruno directory under generated/ (`bruno.json`, `collection.bru`, a `.bru` per request). */
export const brunoDir = (id: string): string => `bruno/${id}`;
