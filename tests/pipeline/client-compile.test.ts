// The client compile (scripts/pipeline/ts-worker.ts) parses src/ and the lib declarations
// while the types are being made, and must then compile against the types this build
// wrote, not the ones on disk when it started. Here the copy starts with a stale v3
// types file that exports nothing: compiled against it, the client would not build. The copy is
// otherwise built (built-copy.ts): the build cache finds v3's types altered and rebuilds them.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { runPipeline } from '../../scripts/pipeline/pipeline.ts';
import type { Workspace } from '../../scripts/lib/workspace.ts';
import { builtCopy } from '../support/built-copy.ts';

let copy: Workspace | undefined;

afterAll(async () => {
  await copy?.dispose();
});

test('the client is compiled against the types this build wrote, not those on disk when the build began', async () => {
  copy = await builtCopy({ prefix: 'client-compile-' });
  const { dir } = copy;
  const types = path.join(dir, 'generated/v3/schema.d.ts');
  await writeFile(types, 'export {};\n');
  // A client file that needs a path only the real types have.
  await writeFile(
    path.join(dir, 'src/probe.ts'),
    "import type { paths } from '../generated/v3/schema.d.ts';\nexport type Probe = paths['/api/V3/Voos/Disponibilidade']['post'];\n",
  );

  const reports = await runPipeline({ rootDir: dir });
  expect(reports.find((r) => r.id === 'v3')?.skipped).toBe(false);

  expect(await readFile(types, 'utf8')).toContain('"/api/V3/Voos/Disponibilidade": {');
  expect(await readFile(path.join(dir, 'dist/probe.d.ts'), 'utf8')).toContain("paths['/api/V3/Voos/Disponibilidade']['post']");
}, 120_000);
