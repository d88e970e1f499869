// evidence/facilita-corp/ and evidence/flows/ are byte-for-byte copies of shared/evidence
// and shared/evidence/flows; each PROVENANCE says where it came from and fixes every file
// by its hash, so a hand edit or a partial refresh fails here. source.json beside the
// first is this project's record of the source (sources.test.ts), and behaviours.json the
// behaviours it states, with their quotes (behaviours.test.ts).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { evidenceDir, inventory } from './support.ts';

function readProvenance(dir: string) {
  const text = readFileSync(path.join(dir, 'PROVENANCE'), 'utf8');
  const fields = new Map(
    text
      .split('\n')
      .filter((line) => /^[a-z-]+: /.test(line))
      .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)] as const),
  );
  const hashes = new Map(
    text
      .slice(text.indexOf('\nsha256:\n') + '\nsha256:\n'.length)
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const match = /^([0-9a-f]{64}) {2}(.+)$/.exec(line);
        if (!match) throw new Error(`${dir}/PROVENANCE: not a sha256sum line: ${line}`);
        return [match[2] as string, match[1] as string] as const;
      }),
  );
  return { fields, hashes };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .filter((file) => file !== 'PROVENANCE' && file !== 'source.json' && file !== 'behaviours.json')
    .sort();
}

const copies = [
  { dir: evidenceDir, copiedFrom: 'shared/evidence' },
  { dir: path.join(path.dirname(evidenceDir), 'flows'), copiedFrom: 'shared/evidence/flows' },
];

describe.each(copies)('the evidence copy from $copiedFrom', ({ dir, copiedFrom }) => {
  const { fields, hashes } = readProvenance(dir);

  test('records its source: the repository and commit the inventory names, and that it is a sanitized copy', () => {
    expect(fields.get('source-repository')).toBe(inventory.provenance.repository);
    expect(fields.get('source-commit')).toBe(inventory.provenance.commit);
    expect(fields.get('source-url')).toBe(inventory.provenance.url);
    expect(fields.get('copied-from')).toBe(copiedFrom);
    expect(fields.get('what')).toMatch(/sanitized copy/);
  });

  test('PROVENANCE lists exactly the files of the copy', () => {
    expect([...hashes.keys()].sort()).toEqual(filesUnder(dir));
  });

  test.each([...hashes])('%s has the recorded sha256', (file, hash) => {
    const actual = createHash('sha256')
      .update(readFileSync(path.join(dir, file)))
      .digest('hex');
    expect(actual).toBe(hash);
  });
});

describe('the evidence copy from shared/evidence', () => {
  test('has an example pair for every observed operation', () => {
    const files = new Set(filesUnder(path.join(evidenceDir, 'examples')));
    for (const op of Object.keys(inventory.operations)) {
      expect(files.has(`${op}.request.json`), op).toBe(true);
      expect(files.has(`${op}.response.json`), op).toBe(true);
    }
  });
});
