// Deterministic YAML for the committed overlay: block style, no folding, and the
// short machine records (`x-observed`, type lists, value lists) on one line each so
// a reviewer reads one line per fact.
import { Document, isMap, isScalar, isSeq, visit } from 'yaml';

const ONE_LINE_KEYS = new Set(['x-observed', 'type', 'examples', 'required']);

export function overlayYaml(value: unknown): string {
  const doc = new Document(value);
  visit(doc, {
    Pair(_, pair) {
      if (!isScalar(pair.key) || !ONE_LINE_KEYS.has(String(pair.key.value))) return;
      const v = pair.value;
      // `examples` of a media type is a map of Example Objects: leave it in block style.
      if (isSeq(v) && v.items.every((item) => isScalar(item))) v.flow = true;
      else if (isMap(v) && String(pair.key.value) === 'x-observed') v.flow = true;
    },
  });
  return doc.toString({ lineWidth: 0 });
}
