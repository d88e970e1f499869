// The JSON twin of a bundle (generated/<family>/openapi.json), for generators that read
// JSON only: the same document the YAML serializes, two-space indented, one final newline.
export function bundleJson(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
