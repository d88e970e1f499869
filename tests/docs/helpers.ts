// Shared by the docs tests: the repository root and fixture loading.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const FIXTURES = path.join(ROOT, 'tests', 'docs', 'fixtures');

export function fixture(name: string): unknown {
  return parse(readFileSync(path.join(FIXTURES, name), 'utf8'));
}
