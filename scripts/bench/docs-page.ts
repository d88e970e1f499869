// The weight of one family's reference page with its try-it console: the page as served
// (generated/docs/v2-pt.html, built by `npm run build`), gzip -9, beside the same page with
// the console cut out, so the console's own share shows.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const CONSOLE_PAGE = 'v2-pt.html';

export interface PageWeight {
  page: string;
  raw: number;
  gzipped: number;
  /** The same page without the console's style, data and script. */
  withoutConsoleGzipped: number;
}

/** The console's elements, placed together before `</body>` by scripts/docs-site/reference.ts. */
const CONSOLE_BLOCK = /<style id="try-console-style">[\s\S]*?<script id="try-console-script">[\s\S]*?<\/script>\n?/;

export async function docsPageWeight(rootDir: string, page = CONSOLE_PAGE): Promise<PageWeight> {
  const file = path.join(rootDir, 'generated', 'docs', page);
  const html = await readFile(file, 'utf8');
  if (!CONSOLE_BLOCK.test(html)) throw new Error(`${file} has no try-it console: run npm run build first.`);
  const gz = (text: string) => gzipSync(text, { level: 9 }).length;
  return { page, raw: Buffer.byteLength(html), gzipped: gz(html), withoutConsoleGzipped: gz(html.replace(CONSOLE_BLOCK, '')) };
}
