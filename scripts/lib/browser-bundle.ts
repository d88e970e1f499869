// A script bundled as a browser application's bundler would (esbuild, platform browser, ES
// modules with code splitting, minified): the MSW weight row and the MSW browser test use it.
// A Node-only module anywhere in the import graph fails the build (platform browser).
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';

export interface BrowserBundle {
  /** Output file name (relative to the output folder) → its bytes. */
  files: Map<string, Uint8Array>;
  /** The entry chunk's name. */
  entry: string;
  metafile: Metafile;
}

/** Bundles `source` (an ES module's text, resolved from `resolveDir`) for a browser. */
export async function bundlePageScript(
  source: string,
  resolveDir: string,
  options: { external?: string[]; minify?: boolean } = {},
): Promise<BrowserBundle> {
  const outdir = path.join(resolveDir, '.cache', 'browser-bundle');
  const result = await build({
    stdin: { contents: source, resolveDir, sourcefile: 'page-entry.ts', loader: 'ts' },
    bundle: true,
    minify: options.minify ?? true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outdir,
    write: false,
    metafile: true,
    logLevel: 'silent',
    external: options.external ?? [],
    // MSW reads it in its browser build; an application's bundler defines it the same way.
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const files = new Map(result.outputFiles.map((f) => [path.relative(outdir, f.path), f.contents]));
  // Dynamic imports make entry points of their own: the page's entry is the one from stdin.
  const entry = Object.keys(result.metafile.outputs).find((o) => result.metafile.outputs[o]?.entryPoint === 'page-entry.ts');
  if (!entry) throw new Error('esbuild wrote no entry chunk');
  return { files, entry: path.relative(outdir, path.resolve(entry)), metafile: result.metafile };
}

/** The chunks `from` imports, statically and (with `dynamic`) by import(), transitively, by output name. */
export function chunksLoaded(bundle: BrowserBundle, from: string, dynamic: (chunk: string) => boolean = () => false): Set<string> {
  const outputs = bundle.metafile.outputs;
  const key = (name: string) => Object.keys(outputs).find((o) => o.endsWith(`/${name}`) || o === name) ?? name;
  const nameOf = (out: string) => path.basename(out);
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const i of outputs[key(name)]?.imports ?? []) {
      const target = nameOf(i.path);
      if (i.kind === 'import-statement' || (i.kind === 'dynamic-import' && dynamic(target))) visit(target);
    }
  };
  visit(from);
  return seen;
}

export function gzippedBytes(bundle: BrowserBundle, chunks: Iterable<string>): number {
  let n = 0;
  for (const c of chunks) n += gzipSync(bundle.files.get(c) ?? new Uint8Array(), { level: 9 }).byteLength;
  return n;
}
