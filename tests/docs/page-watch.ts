// What a docs page does wrong while a test uses it: page errors, console errors, and the
// Content-Security-Policy's refusals (the page's own `securitypolicyviolation` events), across
// navigations. Redoc's search probes `Function` inside a try/catch and searches without a
// worker when refused (build-docs 2.77): that probe, in Redoc's code above the console's, is the
// one refusal allowed; anything at or below the console's first line is not.
import type { Page } from 'playwright-core';

export interface Watched {
  page: Page;
  /** Every problem so far, the policy's refusals included. */
  problems(): Promise<string[]>;
}

const CONSOLE_START = '<style id="try-console-style">';

export async function watch(page: Page): Promise<Watched> {
  const seen: string[] = [];
  const violations: Array<{ directive: string; uri: string; file: string; line: number }> = [];
  page.on('pageerror', (e) => seen.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    // An API answer of 4xx is logged by Chromium as a failed load: the console's call, not a fault.
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource: the server responded with a status'))
      seen.push(`console error: ${m.text()}`);
  });
  await page.exposeFunction(
    '__violation',
    (directive: string, uri: string, file: string, line: number) => void violations.push({ directive, uri, file, line }),
  );
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __violation: (d: string, u: string, f: string, l: number) => void }).__violation(
        e.violatedDirective,
        e.blockedURI,
        e.sourceFile,
        e.lineNumber,
      );
    });
  });
  const consoleLines = new Map<string, Promise<number>>();
  const consoleLineOf = (file: string): Promise<number> => {
    let line = consoleLines.get(file);
    if (!line) {
      line = fetch(file)
        .then((r) => r.text())
        .then((text) => (text.includes(CONSOLE_START) ? text.slice(0, text.indexOf(CONSOLE_START)).split('\n').length : 0))
        .catch(() => 0);
      consoleLines.set(file, line);
    }
    return line;
  };
  return {
    page,
    async problems() {
      const out = [...seen];
      for (const v of violations) {
        const redocProbe = v.directive === 'script-src' && v.uri === 'eval' && v.line < (await consoleLineOf(v.file));
        if (!redocProbe) out.push(`CSP violation: ${v.directive} ${v.uri} ${v.file}:${v.line}`);
      }
      return out;
    },
  };
}
