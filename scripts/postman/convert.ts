// openapi-to-postmanv2 (Postman's own importer) on a bundle, behind a promise: folders
// by tag, request names from the summary or the operation id.
import Converter from 'openapi-to-postmanv2';

export const CONVERTER_OPTIONS = { folderStrategy: 'Tags', requestNameSource: 'Fallback', parametersResolution: 'Example' } as const;

/** The converter's collection for a bundle's JSON text (its ids random, its bodies faked: finish it). */
export function convertBundle(json: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    Converter.convert({ type: 'string', data: json }, CONVERTER_OPTIONS, (error, result) => {
      if (error) return reject(error);
      if (!result?.result) return reject(new Error(`openapi-to-postmanv2: ${result?.reason ?? 'no collection'}`));
      resolve(result.output?.[0]?.data);
    });
  });
}
