// One request written byte for byte on a fresh TCP connection, for what an HTTP client
// would never send (no Host, an unknown Expect): the answer's status and body as read.
import net from 'node:net';

export interface RawAnswer {
  status: number;
  head: string;
  body: string;
}

/** Writes `request` to the server at `baseUrl` and reads until the server closes (within 10 s). */
export function rawExchange(baseUrl: string, request: string): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error('no close within 10 s')));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const at = text.indexOf('\r\n\r\n');
      const head = at >= 0 ? text.slice(0, at) : text;
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0), head, body: at >= 0 ? text.slice(at + 4) : '' });
    });
    socket.end(request);
  });
}
