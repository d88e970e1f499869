// The flows copied into evidence/flows are sanitized at the source; this leak check runs on
// our copy anyway: credentials are the placeholders, e-mails are example.com, every
// document-like number is the all-zeros-but-one placeholder, and no word of a real
// credential or developer header name carries a value.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { rootDir } from '../support/bundle.ts';

const dir = path.join(rootDir, 'evidence/flows');
const files = readdirSync(dir, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile())
  .map((e) => path.join(e.parentPath, e.name));

test('the nine scenarios are there with a README naming their source', () => {
  expect(readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory())).toHaveLength(9);
  expect(readFileSync(path.join(dir, 'README.md'), 'utf8')).toMatch(/facilitapasscorp-design\/facilita-corp` at commit `[0-9a-f]{40}`/);
});

test.each(files.map((f) => [path.relative(dir, f), f]))('%s holds no credential, e-mail, phone or document number', (_name, file) => {
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(/"(Login|Senha)"\s*:\s*"([^"]*)"/g)) expect(m[2]).toBe(m[1] === 'Login' ? 'agencia' : 's3gredo');
  for (const m of text.matchAll(/[\w.+-]+@[\w.-]+/g)) expect(m[0]).toMatch(/@example\.com$/);
  // A run of 8 to 16 digits in a string value is a document, phone, card or ticket number: zeros and a final 1, or a ticket placeholder.
  for (const m of text.matchAll(/"(\d{8,16})"/g)) expect(m[1]).toMatch(/^0+\d{1,3}$/);
  expect(text).not.toMatch(/developer-(token|access-code)"\s*:/i);
  expect(text.toLowerCase()).not.toContain('wooba.com');
});
