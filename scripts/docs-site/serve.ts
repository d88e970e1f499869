// `npm run docs:serve`: a small static server for previewing generated/docs on
// 127.0.0.1 (port from DOCS_PORT, default 8080). Read-only, no directory listings.

import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { problem } from '../../src/mock/problem.ts';
import { sendProblem } from '../../src/mock/wire.ts';
import { scriptArgs } from '../lib/args.ts';
import { LiveReload } from './live-reload.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** Whether `file` is `root` or inside it. */
function within(root: string, file: string): boolean {
  return file === root || file.startsWith(root + path.sep);
}

/** Maps a URL path to a file under `root`, or null when it would leave `root`. */
export function fileFor(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const relative = decoded.endsWith('/') ? `${decoded}index.html` : decoded;
  const file = path.resolve(root, `.${path.posix.normalize(`/${relative}`)}`);
  return within(root, file) ? file : null;
}

export interface DocsServerOptions {
  /** `npm run dev`: pages get a listener and reload when told. */
  live?: LiveReload;
}

export function createDocsServer(rootDir: string, options: DocsServerOptions = {}): Server {
  const root = path.resolve(rootDir);
  const { live } = options;
  // The root as the disk has it, once: a symbolic link inside it must not lead out of it.
  let realRoot: Promise<string> | undefined;
  return createServer(async (req, res) => {
    const send = (status: number, detail: string, headers: Record<string, string> = {}) =>
      sendProblem(res, problem(status, detail), headers);
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'The docs site is read-only: GET or HEAD.', { allow: 'GET, HEAD' });
    if (live?.handle(req, res)) return;
    const asked = fileFor(root, req.url ?? '/');
    if (!asked) return send(403, 'The path leads outside the docs site.');
    try {
      realRoot ??= realpath(root).catch((error: unknown) => {
        realRoot = undefined;
        throw error;
      });
      const file = await realpath(asked);
      if (!within(await realRoot, file)) return send(403, 'The path leads outside the docs site (through a symbolic link).');
      const info = await stat(file);
      if (!info.isFile()) return send(404, 'No page at this path.');
      if (live && path.extname(file) === '.html') {
        const page = Buffer.from(LiveReload.inject(await readFile(file, 'utf8')));
        res.writeHead(200, { 'content-type': TYPES['.html'], 'content-length': page.length, 'cache-control': 'no-cache' });
        return res.end(req.method === 'HEAD' ? undefined : page);
      }
      res.writeHead(200, {
        'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'content-length': info.size,
        'cache-control': 'no-cache',
      });
      if (req.method === 'HEAD') return res.end();
      createReadStream(file).pipe(res);
    } catch {
      send(404, 'No page at this path.');
    }
  });
}

/** Starts the server on 127.0.0.1 and resolves with its address once it listens. */
export function serveDocs(rootDir: string, port: number, options: DocsServerOptions = {}): Promise<{ server: Server; url: string }> {
  const server = createDocsServer(rootDir, options);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const actual = typeof address === 'object' && address ? address.port : port;
      resolve({ server, url: `http://127.0.0.1:${actual}/` });
    });
  });
}

function portFromEnv(value: string | undefined): number {
  if (value === undefined || value === '') return 8080;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`DOCS_PORT must be a port number (0-65535), got "${value}".`);
  }
  return port;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  scriptArgs({
    command: 'npm run docs:serve',
    usage: `Usage: npm run docs:serve

Serves generated/docs on 127.0.0.1 (port from DOCS_PORT, default 8080), read-only.

  --help   this text`,
    options: {},
  });
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'generated', 'docs');
  try {
    await stat(path.join(root, 'index.html'));
  } catch {
    console.error(`No site at ${root}: run npm run build first.`);
    process.exit(1);
  }
  try {
    const { server, url } = await serveDocs(root, portFromEnv(process.env.DOCS_PORT));
    console.log(`Serving ${path.relative(process.cwd(), root) || '.'} at ${url} (Ctrl+C to stop)`);
    const stop = () => server.close(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } catch (error) {
    console.error(`docs:serve: ${(error as Error).message}`);
    process.exit(1);
  }
}
