// What `mock --observed` serves is said one way everywhere a reader meets it: v2-pt and
// legacy from their observed flavours, which is what the mock does (its banner and both
// routes: tests/observed/mock.test.ts) and what `mock --help` says.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { startMock } from '../../src/mock/server.ts';
import { docFiles } from '../../scripts/lib/doc-files.ts';
import { rootDir } from '../support/bundle.ts';

/** A line that says what the observed mock serves: it names the option and a flavour or bundle. */
const STATES_WHAT = /(--observed|`observed`).*(flavour|serves|bundle)|(flavour|serves|bundle).*--observed/;

test('every doc line that says what --observed serves names v2-pt and legacy', () => {
  const lines = docFiles(rootDir).flatMap((file) => {
    const all = readFileSync(path.join(rootDir, file), 'utf8').split('\n');
    return all.map((text, i) => ({ where: `${file}:${i + 1}`, text, next: all[i + 1] ?? '' }));
  });
  const statements = lines.filter((l) => STATES_WHAT.test(l.text));
  expect(statements.length).toBeGreaterThanOrEqual(4);
  const partial = statements.filter((l) => !/v2-pt and legacy/.test(`${l.text} ${l.next}`)).map((l) => `${l.where}: ${l.text.trim()}`);
  expect(partial).toEqual([]);
});

test('and the mock started with observed: true serves both from their observed flavours', async () => {
  const mock = await startMock({ rootDir, port: 0, observed: true, logLevel: 'silent' });
  try {
    expect(mock.routes).toEqual(expect.arrayContaining(['POST /AereoNoSession.svc/Disponibilidade', 'POST /api/V2/Voos/Disponibilidade']));
  } finally {
    await mock.close();
  }
  const published = await startMock({ rootDir, port: 0, logLevel: 'silent' });
  try {
    expect(published.routes).not.toContain('POST /AereoNoSession.svc/Disponibilidade');
  } finally {
    await published.close();
  }
});
