// The typed client's JavaScript and declarations (dist/), compiled from src/ and the
// generated types (client-worker.ts), so a consumer needs no TypeScript build of ours.
// dist/ is not committed; it is rebuilt when src/, the types or the compiler settings change.
import path from 'node:path';
import { filesUnder } from './cache.ts';

export const CLIENT_ID = 'client';

export async function clientInputs(rootDir: string): Promise<string[]> {
  const types = (await filesUnder(path.join(rootDir, 'generated'))).filter((f) => f.endsWith('schema.d.ts'));
  return [...(await filesUnder(path.join(rootDir, 'src'))), ...types, path.join(rootDir, 'tsconfig.json'), path.join(rootDir, 'tsconfig.build.json')];
}
