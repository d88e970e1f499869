// `npm run proxy -- <upstream-url>`: forwards every call to the real service (or any
// upstream) and reports each place where a request or an answer breaks the contract.
import { readFamilies } from './build/families.ts';
import { startMock } from './mock/server.ts';

const args = process.argv.slice(2);
const upstream = args.find((a) => !a.startsWith('--'));
if (!upstream || !/^https?:\/\//.test(upstream)) {
  console.error('Usage: npm run proxy -- <upstream-url> [--port N]   (e.g. https://sandbox.example/)');
  process.exit(2);
}
const portIndex = args.indexOf('--port');
const port = Number(portIndex >= 0 ? args[portIndex + 1] : (process.env.PROXY_PORT ?? 4011));
const rootDir = process.cwd();
const families = (await readFamilies(rootDir)).map((f) => f.id);
const proxy = await startMock({
  rootDir,
  families,
  port,
  upstream,
  onViolation: (route, violations) => {
    for (const v of violations) console.log(`✗ ${route} ${v.location.join('.')}: ${v.message}`);
  },
});
console.log(`Contract proxy to ${upstream} listening on ${proxy.url}`);
console.log('Every violation is printed here. A request outside the contract is still forwarded, its answer carrying an sl-violations header; an answer outside the contract becomes a 502 problem. Ctrl-C stops it.');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void proxy.close().then(() => process.exit(0)));
}
