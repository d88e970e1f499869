// What a browser test loads for the MSW handlers of one family: `createHandlers` and the
// v2-pt contract compiled at build time (routes, answers, validators as ajv standalone code,
// with ajv's runtime helpers), bundled as an application's bundler does (esbuild for the
// browser, minified, code splitting, gzip -9). MSW itself is the application's own dependency
// and is weighed apart. A Node-only module (node:http, a child process, the recorder) in the
// graph fails the bundle: the browser platform has none.
import path from 'node:path';
import { bundlePageScript, chunksLoaded, gzippedBytes } from '../lib/browser-bundle.ts';

export interface MswSize {
  /** The handlers' entry and the v2-pt chunks, gzipped. */
  handlers: number;
  /** The same, minified. */
  minified: number;
  /** MSW's own browser code that a page with the handlers loads, gzipped. */
  msw: number;
  /** Every other family's chunk together (loaded only when asked for), gzipped. */
  otherFamilies: number;
}

export async function mswSize(rootDir: string, entry = 'dist/msw.js'): Promise<MswSize> {
  const source = `import { createHandlers } from ${JSON.stringify(path.join(rootDir, entry))};
export const handlers = await createHandlers({ families: ['v2-pt'] });`;
  const ours = await bundlePageScript(source, rootDir, { external: ['msw'] });
  const isV2 = (chunk: string) => /^v2-pt(?:\.first|\.all)?-[\w]+\.js$/.test(chunk);
  const loaded = chunksLoaded(ours, ours.entry, isV2);
  const rest = [...ours.files.keys()].filter((f) => !loaded.has(f) && f.endsWith('.js'));
  const withMsw = await bundlePageScript(`export { http, HttpResponse } from 'msw';\nexport { setupWorker } from 'msw/browser';`, rootDir);
  return {
    handlers: gzippedBytes(ours, loaded),
    minified: [...loaded].reduce((n, f) => n + (ours.files.get(f)?.byteLength ?? 0), 0),
    msw: gzippedBytes(withMsw, chunksLoaded(withMsw, withMsw.entry)),
    otherFamilies: gzippedBytes(ours, rest),
  };
}

// `node scripts/bench/msw.ts`: the figures alone, from dist/ (after `npm run build:client`).
if (import.meta.main) console.log(await mswSize(process.cwd()));
