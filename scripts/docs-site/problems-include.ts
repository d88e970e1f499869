// `npm run docs:problems [-- --check]`: the problem details docs/mock-and-proxy.md shows are
// the mock's own words, never typed by hand. Each case below is sent to a real mock on a free
// port; the table between `<!-- problems -->` and `<!-- /problems -->` is what it answered.
// tests/mock/problem-wording.test.ts fails when the mock's wording and the page part ways.
import { readFile, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { operationWithRole } from '../../src/lib/contract-index.ts';
import { scriptArgs } from '../lib/args.ts';

export const PROBLEMS_PAGE = 'docs/mock-and-proxy.md';
const INCLUDE = /<!-- problems -->[\s\S]*?<!-- \/problems -->/;

interface Case {
  /** What the reader sends, in words. */
  what: string;
  path?: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };
const DEVELOPER = { 'developer-token': '<DEVELOPER_TOKEN>', 'developer-access-code': '<ACCESS_CODE>' };
// The V2 search (`x-flow-role: search`), the call every example problem is made with.
const SEARCH = `/api/V2/Voos/${operationWithRole('v2-pt', 'search')}`;
const body = (fields: Record<string, unknown>): string =>
  JSON.stringify({
    Login: '<LOGIN>',
    Senha: '<PASSWORD>',
    Origem: 'GRU',
    Destino: 'GIG',
    DataIda: '2026-05-20T00:00:00',
    QuantidadeAdultos: 1,
    ...fields,
  });

/** One case per refusal the page's table lists that an HTTP client can send. */
export const PROBLEM_CASES: readonly Case[] = [
  { what: 'a path no operation has (`/api/V2/Voos/Disponibilidad`)', path: '/api/V2/Voos/Disponibilidad' },
  { what: 'a `GET`', method: 'GET', body: '' },
  { what: 'no developer headers', headers: { ...JSON_TYPE } },
  { what: 'a body sent as `text/plain`', headers: { ...DEVELOPER, 'content-type': 'text/plain' } },
  { what: 'a `Content-Encoding: gzip` body', headers: { ...DEVELOPER, ...JSON_TYPE, 'content-encoding': 'gzip' } },
  { what: 'a body labelled `charset=latin1`', headers: { ...DEVELOPER, 'content-type': 'application/json; charset=latin1' } },
  { what: 'a Latin-1 `é` in the body', body: Buffer.concat([Buffer.from('{"Login": "caf'), Buffer.from([0xe9]), Buffer.from('"}')]) },
  { what: 'malformed JSON (`{"Login": }`)', body: '{"Login": }' },
  { what: '`Prefer: code=999`', headers: { ...DEVELOPER, ...JSON_TYPE, prefer: 'code=999' } },
  { what: '`Prefer: example=nope`', headers: { ...DEVELOPER, ...JSON_TYPE, prefer: 'example=nope' } },
  { what: 'no body', body: '' },
  { what: '`QuantidadeAdultos: "two"`', body: body({ QuantidadeAdultos: 'two' }) },
  { what: '`DataIda: "20/05/2026"`', body: body({ DataIda: '20/05/2026' }) },
  { what: '`Accept: text/html`', headers: { ...DEVELOPER, ...JSON_TYPE, accept: 'text/html' } },
  { what: 'a body over 1 MiB', body: body({ Extra: 'x'.repeat(1024 * 1024) }) },
];

interface Answer {
  status: number;
  detail: string;
}

function send(port: number, c: Case): Promise<Answer> {
  const payload = c.body ?? body({});
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: c.method ?? 'POST',
        path: c.path ?? SEARCH,
        headers: { ...(c.headers ?? { ...DEVELOPER, ...JSON_TYPE }), 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, detail: String((JSON.parse(text || '{}') as { detail?: unknown }).detail ?? '') }),
        );
      },
    );
    // The mock closes a refused oversize body's connection: what it answered was read first.
    req.on('error', reject);
    req.end(payload);
  });
}

/** What the mock answers each case, now. */
export async function problemAnswers(): Promise<Answer[]> {
  // The mock, loaded when it is asked rather than with the module: `npm run docs:problems -- --help` answers without it.
  const { startMock } = await import('../../src/mock/server.ts');
  const mock = await startMock({ port: 0, logLevel: 'silent' });
  try {
    const answers: Answer[] = [];
    for (const c of PROBLEM_CASES) answers.push(await send(mock.port, c));
    return answers;
  } finally {
    await mock.close();
  }
}

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The table of cases and answers, as the page holds it between its markers. */
export function renderProblems(answers: readonly Answer[]): string {
  const rows = PROBLEM_CASES.map((c, i) => `| ${c.what} | \`${answers[i]?.status}\` | ${cell(answers[i]?.detail ?? '')} |`);
  return `<!-- problems -->\n| sent to \`POST ${SEARCH}\` | status | \`detail\`, as the mock words it |\n|---|---|---|\n${rows.join('\n')}\n<!-- /problems -->`;
}

/** The page with its table filled from the mock's answers; throws when the page has no markers. */
export async function filledPage(rootDir: string): Promise<{ text: string; filled: string }> {
  const text = await readFile(path.join(rootDir, PROBLEMS_PAGE), 'utf8');
  if (!INCLUDE.test(text)) throw new Error(`${PROBLEMS_PAGE}: no <!-- problems --> … <!-- /problems --> block`);
  const table = renderProblems(await problemAnswers());
  return { text, filled: text.replace(INCLUDE, () => table) };
}

if (import.meta.main) {
  const { values } = scriptArgs({
    command: 'npm run docs:problems',
    usage: `Usage: npm run docs:problems [-- --check]

Sends each refusal case to a real mock on a free port and writes what it answered into the
table of ${PROBLEMS_PAGE}.

  --check   write nothing; exit 1 when the page's table differs from the mock's answers
  --help    this text`,
    options: { check: { type: 'boolean' } },
  });
  const rootDir = path.resolve(import.meta.dirname, '../..');
  const { text, filled } = await filledPage(rootDir);
  if (filled === text) console.log(`✓ ${PROBLEMS_PAGE}: the problem details are the mock's`);
  else if (values.check === true) {
    console.error(`✗ ${PROBLEMS_PAGE}: the problem details differ from the mock's; run \`npm run docs:problems\``);
    process.exit(1);
  } else {
    await writeFile(path.join(rootDir, PROBLEMS_PAGE), filled);
    console.log(`${PROBLEMS_PAGE}: problem details written from the mock`);
  }
}
