// `npm run docs:serve`: a small static server for previewing generated/docs on
// 127.0.0.1 (port from DOCS_PORT, default 8080). Read-only, no directory listings.
// Beside the pages it serves the mock on the same origin: every request that is not a
// GET or HEAD goes to a mock started in process, so the pages' console calls it without CORS.

import { readFile, realpath, stat } from 'node:fs/promises';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { problem } from '../../src/mock/problem.ts';
import type { RunningMock } from '../../src/mock/server.ts';
import { sendProblem } from '../../src/mock/wire.ts';
import { scriptArgs } from '../lib/args.ts';
import { LiveReload } from './live-reload.ts';
import { COMMON_HEADERS, pageHeaders } from './page-headers.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.json', '.yaml', '.svg']);
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The encoding to send: Brotli, else gzip, when the client accepts it (a `q=0` refuses). */
export function chooseEncoding(accept: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Map(
    (accept ?? '').split(',').map((part) => {
      const [name = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return [name.trim(), q === undefined ? 1 : Number(q)] as const;
    }),
  );
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : undefined;
}

/** A file as served: its bytes (live-reload listener added to a page), its headers, and its compressed forms, made once. */
interface Served {
  key: string;
  body: Buffer;
  headers: Record<string, string>;
  encoded: Map<string, Promise<Buffer>>;
}

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
  /** A running mock's URL: every request that is not a GET or HEAD is passed to it (same origin as the pages). */
  mock?: string;
}

/** Passes one request to the mock and its answer back, as they come. */
function forward(target: URL, req: IncomingMessage, res: ServerResponse, fail: () => void): void {
  const headers = { ...req.headers, host: target.host };
  const outgoing = request(new URL(req.url ?? '/', target), { method: req.method ?? 'POST', headers }, (answer) => {
    const { connection: _c, 'keep-alive': _k, 'transfer-encoding': _t, ...kept } = answer.headers;
    res.writeHead(answer.statusCode ?? 502, { ...kept, ...COMMON_HEADERS });
    answer.pipe(res);
  });
  outgoing.on('error', () => (res.headersSent ? res.destroy() : fail()));
  req.pipe(outgoing);
}

export function createDocsServer(rootDir: string, options: DocsServerOptions = {}): Server {
  const root = path.resolve(rootDir);
  const { live } = options;
  const mock = options.mock ? new URL(options.mock) : undefined;
  // The root as the disk has it, once: a symbolic link inside it must not lead out of it.
  let realRoot: Promise<string> | undefined;
  const cache = new Map<string, Served>();
  return createServer(async (req, res) => {
    const send = (status: number, detail: string, headers: Record<string, string> = {}) =>
      sendProblem(res, problem(status, detail), { ...COMMON_HEADERS, ...headers });
    if (mock && req.method !== 'GET' && req.method !== 'HEAD')
      return forward(mock, req, res, () => send(502, 'The mock beside the docs did not answer.'));
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
      const ext = path.extname(file);
      const key = `${info.mtimeMs}:${info.size}:${live ? 'live' : ''}`;
      let served = cache.get(file);
      if (served?.key !== key) {
        const bytes = await readFile(file);
        const page = ext === '.html' ? (live ? LiveReload.inject(bytes.toString('utf8')) : bytes.toString('utf8')) : undefined;
        served = {
          key,
          body: page === undefined ? bytes : Buffer.from(page),
          headers: page === undefined ? {} : pageHeaders(page),
          encoded: new Map(),
        };
        cache.set(file, served);
      }
      const encoding = COMPRESSIBLE.has(ext) ? chooseEncoding(req.headers['accept-encoding']) : undefined;
      let body = served.body;
      if (encoding) {
        let pending = served.encoded.get(encoding);
        if (!pending) {
          // Brotli at quality 5: about gzip's speed, a third smaller for these pages.
          pending = encoding === 'br' ? brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }) : gzipped(body);
          served.encoded.set(encoding, pending);
        }
        body = await pending;
      }
      res.writeHead(200, {
        ...COMMON_HEADERS,
        ...served.headers,
        'content-type': TYPES[ext] ?? 'application/octet-stream',
        'content-length': body.length,
        'cache-control': 'no-cache',
        ...(COMPRESSIBLE.has(ext) ? { vary: 'accept-encoding' } : {}),
        ...(encoding ? { 'content-encoding': encoding } : {}),
      });
      res.end(req.method === 'HEAD' ? undefined : body);
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
  const { values } = scriptArgs({
    command: 'npm run docs:serve',
    usage: `Usage: npm run docs:serve

Serves generated/docs on 127.0.0.1 (port from DOCS_PORT, default 8080), read-only,
and the mock of every family on the same origin (any request that is not a GET or HEAD),
so the reference pages' console can call it.

  --no-mock   the pages only (a POST gets 405)
  --help      this text`,
    options: { 'no-mock': { type: 'boolean' } },
  });
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'generated', 'docs');
  try {
    await stat(path.join(root, 'index.html'));
  } catch {
    console.error(`No site at ${root}: run npm run build first.`);
    process.exit(1);
  }
  try {
    const port = portFromEnv(process.env.DOCS_PORT);
    let mock: RunningMock | undefined;
    if (values['no-mock'] !== true) {
      // The mock, loaded once the command line is read and only when it is served: `--help` and `--no-mock` go without it.
      const { startMock } = await import('../../src/mock/server.ts');
      mock = await startMock({ port: 0, logLevel: 'warn' });
    }
    const { server, url } = await serveDocs(root, port, mock ? { mock: mock.url } : {});
    console.log(
      `Serving ${path.relative(process.cwd(), root) || '.'} at ${url}${mock ? ' with the mock on the same origin' : ''} (Ctrl+C to stop)`,
    );
    const stop = () => {
      server.closeAllConnections();
      server.close(() => void (mock ? mock.close() : Promise.resolve()).then(() => process.exit(0)));
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } catch (error) {
    console.error(`docs:serve: ${(error as Error).message}`);
    process.exit(1);
  }
}
