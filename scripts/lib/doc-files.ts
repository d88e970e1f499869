// The Markdown files a reader meets: the README, CONTRIBUTING, docs/ and each example's
// README. The docs' commands test, the claims test and the figures include read the same list.
import { readdirSync } from 'node:fs';
import path from 'node:path';

export function docFiles(rootDir: string): string[] {
  const docs = readdirSync(path.join(rootDir, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`);
  const examples = readdirSync(path.join(rootDir, 'examples'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => `examples/${d.name}/README.md`);
  return ['README.md', 'CONTRIBUTING.md', ...docs.sort(), ...examples.sort()];
}
