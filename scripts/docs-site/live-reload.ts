// Live reload for `npm run dev`: open pages hold one server-sent event stream and reload
// when the build has rewritten the pages. No polling; EventSource reconnects by itself
// when the dev server restarts. Streams are capped: each holds a socket for as long as
// it stays open, and nothing but a few tabs should ever listen.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { problem } from '../../src/mock/problem.ts';
import { sendProblem } from '../../src/mock/wire.ts';

export const LIVE_PATH = '/__live';
/** Event streams open at once, at most (a browser holds six connections per host over HTTP/1.1). */
export const MAX_LIVE_STREAMS = 64;

const SCRIPT = `<script>new EventSource(${JSON.stringify(LIVE_PATH)}).addEventListener('reload', () => location.reload());</script>`;

export class LiveReload {
  readonly #clients = new Set<ServerResponse>();
  readonly #max: number;
  #sent = 0;

  constructor(maxStreams = MAX_LIVE_STREAMS) {
    this.#max = maxStreams;
  }

  /** Answers the event stream's request; false for any other path. */
  handle(req: IncomingMessage, res: ServerResponse): boolean {
    if ((req.url ?? '').split('?')[0] !== LIVE_PATH) return false;
    if (this.#clients.size >= this.#max) {
      const detail = `${this.#max} pages are listening for reloads already; close some tabs or reload this one later.`;
      sendProblem(res, problem(503, detail), { 'retry-after': '10' });
      return true;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    // A comment line at once, so the page's EventSource reports itself open.
    res.write(': live\n\n');
    this.#clients.add(res);
    res.on('close', () => this.#clients.delete(res));
    return true;
  }

  /** Pages open now reload. */
  reload(): void {
    this.#sent += 1;
    for (const res of this.#clients) res.write(`event: reload\ndata: ${this.#sent}\n\n`);
  }

  /** How many pages are listening. */
  get listeners(): number {
    return this.#clients.size;
  }

  /** The page with the listener added before `</body>`. */
  static inject(html: string): string {
    const at = html.lastIndexOf('</body>');
    return at === -1 ? `${html}${SCRIPT}` : `${html.slice(0, at)}${SCRIPT}${html.slice(at)}`;
  }

  close(): void {
    for (const res of this.#clients) res.end();
    this.#clients.clear();
  }
}
