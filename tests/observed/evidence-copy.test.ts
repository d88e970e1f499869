// evidence/facilita-corp/ is a byte-for-byte copy of shared/evidence; PROVENANCE says where
// it came from and fixes every file by its hash, so a hand edit or a partial refresh fails
// here. source.json beside it is this project's record of the source (sources.test.ts).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { evidenceDir, inventory } from './support.ts';

const provenanceText = readFileSync(path.join(evidenceDir, 'PROVENANCE'), 'utf8');
const fields = new Map(
  provenanceText
    .split('\n')
    .filter((line) => /^[a-z-]+: /.test(line))
    .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)] as const),
);
const hashes = new Map(
  provenanceText
    .slice(provenanceText.indexOf('\nsha256:\n') + '\nsha256:\n'.length)
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const match = /^([0-9a-f]{64}) {2}(.+)$/.exec(line);
      if (!match) throw new Error(`PROVENANCE: not a sha256sum line: ${line}`);
      return [match[2] as string, match[1] as string] as const;
    }),
);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .filter((file) => file !== 'PROVENANCE' && file !== 'source.json')
    .sort();
}

describe('the evidence copy', () => {
  test('records its source: the repository and commit the inventory names, and that it is the sanitized copy of shared/evidence', () => {
    expect(fields.get('source-repository')).toBe(inventory.provenance.repository);
    expect(fields.get('source-commit')).toBe(inventory.provenance.commit);
    expect(fields.get('source-url')).toBe(inventory.provenance.url);
    expect(fields.get('copied-from')).toBe('shared/evidence');
    expect(fields.get('what')).toMatch(/sanitized copy/);
  });

  test('PROVENANCE lists exactly the files of the copy', () => {
    expect([...hashes.keys()].sort()).toEqual(filesUnder(evidenceDir));
  });

  test.each([...hashes])('%s has the recorded sha256', (file, hash) => {
    const actual = createHash('sha256').update(readFileSync(path.join(evidenceDir, file))).digest('hex');
    expect(actual).toBe(hash);
  });

  test('has an example pair for every observed operation', () => {
    const files = new Set(filesUnder(path.join(evidenceDir, 'examples')));
    for (const op of Object.keys(inventory.operations)) {
      expect(files.has(`${op}.request.json`), op).toBe(true);
      expect(files.has(`${op}.response.json`), op).toBe(true);
    }
  });
});
