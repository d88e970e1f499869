// One ruleset, two entry points: the Spectral CLI (through .spectral.mjs) and the
// pipeline's in-process lintWithSpectral give the same findings, on the real
// bundles and on documents full of findings (the rejected fixtures, linted here
// against the real spec/catalog.yaml).
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { isRecord } from '../../src/lib/json.ts';
import { conventionRules } from '../../lint/ruleset.ts';
import { lintWithSpectral, type SpectralFinding } from '../../lint/spectral.ts';
import { fixture, repoFile } from './lint-fixtures.ts';

const run = promisify(execFile);

function fromCli(result: unknown): SpectralFinding & { source: string } {
  if (!isRecord(result) || !isRecord(result['range']) || !isRecord(result['range']['start']) || !Array.isArray(result['path'])) {
    throw new Error(`unexpected Spectral CLI result: ${JSON.stringify(result)}`);
  }
  const start = result['range']['start'];
  return {
    source: String(result['source']),
    code: String(result['code']),
    message: String(result['message']),
    path: result['path'].map(String),
    severity: Number(result['severity']),
    line: Number(start['line']) + 1,
  };
}

test('the Spectral CLI and lintWithSpectral agree finding by finding', async () => {
  const generated = existsSync(repoFile('generated'))
    ? readdirSync(repoFile('generated'))
        .map((family) => repoFile(`generated/${family}/openapi.yaml`))
        .filter((file) => existsSync(file))
    : [];
  const rejected = readdirSync(fixture('rejected')).map((name) => fixture(`rejected/${name}`));
  const files = [...generated, ...rejected].sort();

  // The CLI exits non-zero when it finds errors; its JSON report is what counts.
  const cli = await run(
    process.execPath,
    [
      repoFile('node_modules/@stoplight/spectral-cli/dist/index.js'),
      'lint',
      '--ruleset',
      repoFile('.spectral.mjs'),
      '--format',
      'json',
      ...files,
    ],
    { cwd: repoFile('.'), maxBuffer: 64 * 1024 * 1024 },
  ).catch((error: unknown) => {
    if (isRecord(error) && typeof error['stdout'] === 'string' && error['stdout'].startsWith('[')) return { stdout: error['stdout'] };
    throw error;
  });
  const parsed: unknown = JSON.parse(cli.stdout);
  if (!Array.isArray(parsed)) throw new Error('the Spectral CLI did not print a JSON array');
  const cliFindings = parsed.map(fromCli);

  let total = 0;
  const codes = new Set<string>();
  for (const file of files) {
    const inProcess = await lintWithSpectral(file);
    const viaCli = cliFindings.filter((finding) => finding.source === file).map(({ source: _source, ...finding }) => finding);
    const key = (finding: SpectralFinding): string => JSON.stringify(finding);
    expect(viaCli.map(key).sort(), file).toEqual(inProcess.map(key).sort());
    total += inProcess.length;
    for (const finding of inProcess) codes.add(finding.code);
  }
  // The comparison covered convention, OWASP and spectral:oas rules alike.
  expect(total).toBeGreaterThan(0);
  expect(conventionRules.some((rule) => codes.has(rule))).toBe(true);
  expect([...codes].some((code) => code.startsWith('owasp:'))).toBe(true);
  expect([...codes].some((code) => code.startsWith('oas3'))).toBe(true);
});
