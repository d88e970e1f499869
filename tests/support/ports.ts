// A port on 127.0.0.1 that nothing listens on now, for a server a test starts as a child
// process (which must be told its port up front): the system picks it, the probe lets it go.
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port was assigned'))));
    });
  });
}
