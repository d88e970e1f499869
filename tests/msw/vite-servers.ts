// Run by tests/msw/vite-app.browser.test.ts as its own process (the Vite of tests/vite/'s lock,
// not the one vitest loads): builds the app in argv[3], then serves it with `vite preview` and
// with the dev server, both on 127.0.0.1 at a free port, prints their URLs as one JSON line,
// and stops both when its standard input closes.
import { pathToFileURL } from 'node:url';
import path from 'node:path';

interface ViteServer {
  resolvedUrls: { local: string[] } | null;
  close(): Promise<void>;
  httpServer: { close(): void } | null;
}
interface Vite {
  build(config: object): Promise<unknown>;
  preview(config: object): Promise<ViteServer>;
  createServer(config: object): Promise<ViteServer & { listen(): Promise<ViteServer> }>;
}

const [modules, root] = process.argv.slice(2) as [string, string];
const vite = (await import(pathToFileURL(path.join(modules, 'vite', 'dist', 'node', 'index.js')).href)) as Vite;
// Symbolic links kept: the package's `msw` peer resolves beside the app, where the lock's msw is linked.
const common = { root, logLevel: 'error', configFile: false, resolve: { preserveSymlinks: true } };
await vite.build({ ...common, build: { outDir: path.join(root, 'dist'), emptyOutDir: true } });
const preview = await vite.preview({
  ...common,
  build: { outDir: path.join(root, 'dist') },
  preview: { host: '127.0.0.1', port: 0, strictPort: false },
});
const dev = await (await vite.createServer({ ...common, server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false } })).listen();
process.stdout.write(`${JSON.stringify({ preview: preview.resolvedUrls?.local[0], dev: dev.resolvedUrls?.local[0] })}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void Promise.all([preview.close(), dev.close()]).then(() => process.exit(0));
});
