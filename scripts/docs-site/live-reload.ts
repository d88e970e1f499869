// Live reload for `npm run dev`: open pages hold one server-sent event stream and reload
// when the build has rewritten the pages. No polling; EventSource reconnects by itself
// when the dev server restarts.
import type { IncomingMessage, ServerResponse } from 'node:http';

export const LIVE_PATH = '/__live';

const SCRIPT = `<script>new EventSource(${JSON.stringify(LIVE_PATH)}).addEventListener('reload', () => location.reload());</script>`;

export class LiveReload {
  readonly #clients = new Set<ServerResponse>();
  #sent = 0;

  /** Answers the event stream's request; false for any other path. */
  handle(req: IncomingMessage, res: ServerResponse): boolean {
    if ((req.url ?? '').split('?')[0] !== LIVE_PATH) return false;
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
