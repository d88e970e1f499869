// One call the way an integrator makes it with a JavaScript HTTP client, each with its
// defaults (its own Accept, Content-Type, encodings): `node call.mjs <client> <url>
// <request.json>`, the request being { headers, body } (body: a JSON value). Prints
// { status, body } as JSON. Run by tests/clients/defaults.test.ts.
import { readFileSync } from 'node:fs';

const [client, url, requestFile] = process.argv.slice(2);
const { headers, body } = JSON.parse(readFileSync(requestFile, 'utf8'));

const calls = {
  async axios() {
    const { default: axios } = await import('axios');
    const r = await axios.post(url, body, { headers, validateStatus: () => true, responseType: 'text', transformResponse: (x) => x });
    return { status: r.status, body: r.data };
  },
  async got() {
    const { default: got } = await import('got');
    const r = await got.post(url, { json: body, headers, throwHttpErrors: false, retry: { limit: 0 } });
    return { status: r.statusCode, body: r.body };
  },
  async ky() {
    const { default: ky } = await import('ky');
    const r = await ky.post(url, { json: body, headers, throwHttpErrors: false, retry: 0 });
    return { status: r.status, body: await r.text() };
  },
  async undici() {
    const { request } = await import('undici');
    const r = await request(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: r.statusCode, body: await r.body.text() };
  },
  async fetch() {
    const r = await globalThis.fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: r.status, body: await r.text() };
  },
  async superagent() {
    const { default: superagent } = await import('superagent');
    const r = await superagent
      .post(url)
      .set(headers)
      .send(body)
      .ok(() => true);
    return { status: r.status, body: r.text };
  },
  async 'node-fetch'() {
    const { default: fetch } = await import('node-fetch');
    const r = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: r.status, body: await r.text() };
  },
};

const call = calls[client];
if (!call) throw new Error(`unknown client ${client}`);
process.stdout.write(JSON.stringify(await call()));
