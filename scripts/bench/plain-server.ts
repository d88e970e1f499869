// The reference for mock throughput: node:http answering each route's body from a
// table, with no validation. Reads the table (JSON: path -> body text) from argv[2].
import http from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';

const table = JSON.parse(readFileSync(process.argv[2] as string, 'utf8')) as Record<string, string>;
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const body = table[req.url ?? ''];
    if (body === undefined) res.writeHead(404).end();
    else res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
  });
});
server.listen(0, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`));
process.on('SIGINT', () => server.close(() => process.exit(0)));
