// Builds generated/docs from the bundles already under generated/<family>/ (made by
// `npm run build`, or by hand with `npx redocly bundle <family> -o generated/<family>/openapi.yaml`).
// For previews and development; the pipeline calls buildDocsSite itself.

import { access, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scriptArgs } from '../lib/args.ts';

scriptArgs({
  command: 'npm run docs:build',
  usage: `Usage: npm run docs:build

Builds generated/docs from the bundles already under generated/<family>/ (npm run build
makes them; it builds the site itself too).

  --help   this text`,
  options: {},
});

// The site's builder, loaded once the command line is read: `--help` or a mistyped option answers without it.
const { siteFamilies } = await import('./catalog.ts');
const { buildDocsSite } = await import('./site.ts');

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

try {
  const started = performance.now();
  const families = await siteFamilies(rootDir);
  // The observed flavour's page, when its bundle is there (npm run build makes it).
  const observedBundle = path.join(rootDir, 'generated', 'v2-pt-observed', 'openapi.yaml');
  const hasObserved =
    families.some((f) => f.id === 'v2-pt') &&
    (await access(observedBundle).then(
      () => true,
      () => false,
    ));
  const files = await buildDocsSite({
    rootDir,
    outDir: path.join(rootDir, 'generated', 'docs'),
    families,
    ...(hasObserved ? { observed: { id: 'v2-pt-observed', of: 'v2-pt', bundlePath: observedBundle } } : {}),
  });
  for (const file of files) {
    const { size } = await stat(file);
    console.log(`${path.relative(rootDir, file)}  ${(size / 1024).toFixed(0)} KiB`);
  }
  console.log(`docs site: ${files.length} files in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
