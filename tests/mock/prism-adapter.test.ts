// Issue 18, item 4: what the mock relies on in Prism (one deep import, its preference
// parser; its default answer, named examples and the 404 for an unknown example) is
// checked on a small document, so an upgrade that changes any of it fails here with a
// sentence saying what changed, not somewhere in the parity test.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { checkPrismAdapter, PREFER_PARSER_MODULE, PRISM_CHECKED_VERSION } from '../../src/mock/prism-adapter.ts';
import { rootDir } from '../support/bundle.ts';

test('every expectation the Prism adapter has of Prism still holds', async () => {
  expect(await checkPrismAdapter()).toEqual([]);
});

test("the adapter is the only module that reaches into a dependency's compiled files", () => {
  const mockDir = path.join(rootDir, 'src/mock');
  const offenders = [
    'server.ts',
    'answers.ts',
    'routes.ts',
    'validators.ts',
    'problem.ts',
    'request-log.ts',
    'responder.ts',
    'join.ts',
  ].filter((file) =>
    /from '@[\w-]+\/[\w-]+\/dist\/|require\('@[\w-]+\/[\w-]+\/dist\//.test(readFileSync(path.join(mockDir, file), 'utf8')),
  );
  expect(offenders).toEqual([]);
  expect(PREFER_PARSER_MODULE).toMatch(/^@stoplight\/prism-http-server\/dist\//);
});

test('the checked Prism version is the one package.json pins', () => {
  const pkg = JSON.parse(readFileSync(path.join(rootDir, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
  expect(pkg.devDependencies['@stoplight/prism-http']).toBe(PRISM_CHECKED_VERSION);
});
