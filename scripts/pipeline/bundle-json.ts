// The JSON twin of a bundle (generated/<family>/openapi.json), for generators and the mock,
// which read JSON: the same document the YAML serializes, compact, one final newline. The
// YAML is the one people read; compact, the twin ships at 40 % of its indented size.
export function bundleJson(document: unknown): string {
  return `${JSON.stringify(document)}\n`;
}
