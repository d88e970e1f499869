// Every "never" or "always" the docs say about secrets stands on a test: the paragraph that
// says it names a test file, and that file exists.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { docFiles } from '../../scripts/lib/doc-files.ts';
import { rootDir } from '../support/bundle.ts';

const CLAIM = /\b(never|always|none of them|no secret)\b/i;
const ABOUT_SECRETS = /\b(secrets?|passwords?|Senha|developer-token|access code|redact\w*)\b/i;

/** Paragraphs of prose (code blocks and tables left out) that claim something absolute and speak of secrets. */
function claims(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, '');
  return prose
    .split(/\n\s*\n/)
    .filter((p) => !p.trimStart().startsWith('|'))
    .filter((p) => CLAIM.test(p) && ABOUT_SECRETS.test(p));
}

test('each absolute claim about secrets in the docs names the test that backs it, and the test exists', () => {
  const files = docFiles(rootDir);
  const unbacked: string[] = [];
  let seen = 0;
  for (const file of files) {
    const full = path.join(rootDir, file);
    if (!existsSync(full)) continue;
    for (const paragraph of claims(readFileSync(full, 'utf8'))) {
      seen += 1;
      const cited = [...paragraph.matchAll(/tests\/[\w./-]+\.test\.ts/g)].map((m) => m[0]);
      if (cited.length === 0 || !cited.every((f) => existsSync(path.join(rootDir, f))))
        unbacked.push(`${file}: ${paragraph.trim().slice(0, 120).replace(/\s+/g, ' ')}…`);
    }
  }
  expect(seen).toBeGreaterThan(2);
  expect(unbacked).toEqual([]);
});
