// @usebruno/converters ships no types: the importers this repository calls, as far as it reads them.
declare module '@usebruno/converters' {
  export function postmanToBruno(collection: unknown): Promise<unknown>;
  export function openApiToBruno(spec: unknown, options?: { groupBy?: 'tags' | 'path' }): unknown;
}
