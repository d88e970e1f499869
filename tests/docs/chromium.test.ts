// How the browser tests find their browser: CHROMIUM_PATH first, then the usual names on
// PATH; outside CI a missing browser skips them with the reason, with CI=true it fails them.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, expect, test, vi } from 'vitest';
import { chromiumForTests, findChromium } from '../support/chromium.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'chromium-lookup-'));
const empty = mkdtempSync(path.join(os.tmpdir(), 'chromium-none-'));
const fake = path.join(dir, 'google-chrome');
writeFileSync(fake, '#!/bin/sh\n');
chmodSync(fake, 0o755);
const notExecutable = path.join(dir, 'chromium.txt');
writeFileSync(notExecutable, '');
chmodSync(notExecutable, 0o644);

afterEach(() => vi.restoreAllMocks());
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(empty, { recursive: true, force: true });
});

test('CHROMIUM_PATH wins, and must be an executable file', () => {
  expect(findChromium({ CHROMIUM_PATH: fake, PATH: empty })).toEqual({ found: true, path: fake });
  const lookup = findChromium({ CHROMIUM_PATH: notExecutable, PATH: dir });
  expect(lookup).toEqual({ found: false, reason: `CHROMIUM_PATH=${notExecutable} is not an executable file` });
});

test('a usual browser name on PATH is found, after the usual places', () => {
  expect(findChromium({ PATH: [empty, dir].join(path.delimiter) }, [])).toEqual({ found: true, path: fake });
  expect(findChromium({ PATH: dir }, [notExecutable, fake])).toEqual({ found: true, path: fake });
  expect(findChromium({ PATH: empty }, [])).toEqual({ found: false, reason: expect.stringMatching(/^no Chromium or Chrome found/) });
});

test('outside CI a missing browser skips with the reason; with CI=true it is an error', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const missing = { CHROMIUM_PATH: path.join(empty, 'nothing-here') };
  expect(chromiumForTests(missing)).toBeUndefined();
  expect(warn).toHaveBeenCalledWith(
    expect.stringMatching(/^Browser tests skipped: CHROMIUM_PATH=.*nothing-here is not an executable file\.$/),
  );
  expect(() => chromiumForTests({ ...missing, CI: 'true' })).toThrow(/^Browser tests are required in CI: CHROMIUM_PATH=.*nothing-here/);
  expect(chromiumForTests({ CHROMIUM_PATH: fake, CI: 'true' })).toBe(fake);
});
