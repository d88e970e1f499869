// Issue 20, item 3: the root entry and every family entry bundle for the browser (esbuild,
// platform `browser`, no Node built-in available), so a web integrator can use them; the
// access-code builder (node:crypto) stays Node-only in `./access-code`, and bundling it for
// the browser fails, which is what shows the check can fail at all.
import { build } from 'esbuild';
import { describe, expect, test } from 'vitest';

const BROWSER_ENTRIES = ['src/index.ts', 'src/v2.ts', 'src/v2-observed.ts', 'src/v2-en.ts', 'src/v3.ts', 'src/v1.ts', 'src/legacy.ts'];

async function bundleForBrowser(entry: string): Promise<{ ok: true; code: string } | { ok: false; errors: string[] }> {
  try {
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      logLevel: 'silent',
    });
    return { ok: true, code: result.outputFiles[0]!.text };
  } catch (error) {
    const errors = (error as { errors?: { text: string }[] }).errors ?? [];
    return { ok: false, errors: errors.map((e) => e.text) };
  }
}

describe('browser bundles (esbuild, platform browser)', () => {
  test.each(BROWSER_ENTRIES)('%s bundles with no Node built-in', async (entry) => {
    const result = await bundleForBrowser(entry);
    expect(result).toMatchObject({ ok: true });
    if (!result.ok) return;
    // openapi-fetch reads `process` behind a typeof guard; a Node module or Buffer would be unguarded.
    expect(result.code).not.toMatch(/["']node:|\bBuffer\b/);
  });

  test('the root bundle loads and holds the shared runtime, not the access-code builder', async () => {
    const result = await bundleForBrowser('src/index.ts');
    if (!result.ok) throw new Error(result.errors.join('\n'));
    // The bundle itself, loaded as a module: it holds the shared runtime and nothing of ./access-code.
    const url = `data:text/javascript;base64,${Buffer.from(result.code).toString('base64')}`;
    const root = (await import(url)) as Record<string, unknown>;
    expect(typeof root.createFamilyClient).toBe('function');
    expect(typeof root.HttpStatusError).toBe('function');
    expect(typeof root.parseIsoDateTime).toBe('function');
    expect(root.createAccessCode).toBeUndefined();
  });

  test('./access-code needs node:crypto: its browser bundle fails', async () => {
    const result = await bundleForBrowser('src/access-code.ts');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.join('\n')).toMatch(/node:crypto/);
  });
});
