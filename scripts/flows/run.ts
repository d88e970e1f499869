// `npm run flows -- [--base-url URL] [--scenario NAME] [--dry-run] [--out DIR]`: drives the
// certification scenarios (evidence/flows) step by step and writes a report (report.md and
// report.html in DIR, default reports/flows). Without --base-url it starts the flows mock
// in this process (`npm run mock -- --flows`) and runs against it, offline. Against a
// sandbox, the credentials come from the environment (docs/flows.md) and are never
// printed nor written. Exit code 0 when every scenario passes, 1 when one fails, 2 on bad usage.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readFamilies } from '../pipeline/families.ts';
import { FLOWS_DOCUMENT_ID, loadFlows, readLineage } from '../mock/flows/load.ts';
import { startMock, type RunningMock } from '../mock/server.ts';
import { renderHtml, renderMarkdown, summaryLines } from './report.ts';
import { plannedRequests, runScenario, type ScenarioResult } from './runner.ts';
import { readScenarios } from './scenarios.ts';
import { loadValidators } from './validators.ts';

const REDACTED = '[redacted]';
/** Environment variables of a sandbox run: developer headers and agency credentials. */
export const ENV = {
  developerToken: 'FLOWS_DEVELOPER_TOKEN',
  accessCode: 'FLOWS_ACCESS_CODE',
  login: 'FLOWS_LOGIN',
  password: 'FLOWS_PASSWORD',
  clientId: 'FLOWS_CLIENT_ID',
} as const;

const args = process.argv.slice(2);
function usage(message: string): never {
  console.error(`${message}\nUsage: npm run flows -- [--base-url URL] [--scenario NAME] [--dry-run] [--out DIR]`);
  process.exit(2);
}
const option = (name: string): string | undefined => {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const value = args[i + 1];
  if (value === undefined || value.startsWith('--')) usage(`${name} needs a value.`);
  return value;
};
for (const a of args)
  if (a.startsWith('--') && !['--base-url', '--scenario', '--dry-run', '--out'].includes(a)) usage(`Unknown option ${a}.`);

const rootDir = process.cwd();
const all = readScenarios(rootDir);
const lineage = readLineage(rootDir);
const wanted = option('--scenario');
const scenarios = wanted ? all.filter((s) => s.name === wanted) : all;
if (scenarios.length === 0) usage(`No scenario named ${wanted}; there are: ${all.map((s) => s.name).join(', ')}.`);
const baseUrl = option('--base-url');
// The address is never echoed: a mistyped one may carry user information.
const hostOf = (url: string): string => {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return usage('--base-url is not an absolute URL.');
  }
  if (parsed.username || parsed.password || parsed.search || parsed.hash)
    usage('--base-url must not carry user information, a query or a fragment.');
  return parsed.hostname;
};
const loopback = baseUrl === undefined || ['127.0.0.1', 'localhost', '[::1]'].includes(hostOf(baseUrl));

if (args.includes('--dry-run')) {
  const shownBase = baseUrl ?? 'http://127.0.0.1:<port of the flows mock>';
  for (const scenario of scenarios) {
    console.log(`# ${scenario.name}`);
    for (const planned of plannedRequests(scenario, lineage)) {
      const body: Record<string, unknown> = { Login: REDACTED, Senha: REDACTED, ...planned.body };
      for (const t of planned.threads) body[t.field] = `<from ${t.fromStep} ${t.fromPath}>`;
      console.log(
        `POST ${shownBase}${planned.path}\ndeveloper-token: ${REDACTED}\ndeveloper-access-code: ${REDACTED}\n${JSON.stringify(body)}\n`,
      );
    }
  }
  process.exit(0);
}

const env = (name: string) => process.env[name] ?? '';
if (!loopback) {
  const missing = Object.entries(ENV)
    .filter(([key, name]) => key !== 'clientId' && env(name) === '')
    .map(([, name]) => name);
  if (missing.length > 0) usage(`A run against ${baseUrl} needs these environment variables: ${missing.join(', ')}.`);
}
// Against a local mock, the captures' own placeholders stand in (evidence/flows/README.md).
const first = scenarios[0]?.steps[0]?.request ?? {};
const clientId = env(ENV.clientId) === '' ? undefined : Number(env(ENV.clientId));
if (clientId !== undefined && !Number.isInteger(clientId)) usage(`${ENV.clientId} must be an integer.`);
const credentials = {
  Login: env(ENV.login) || String(first.Login ?? 'agencia'),
  Senha: env(ENV.password) || String(first.Senha ?? 's3gredo'),
  ...(clientId === undefined ? {} : { ClienteId: clientId }),
};

let mock: RunningMock | undefined;
let target = baseUrl;
if (target === undefined) {
  const flows = loadFlows(rootDir);
  mock = await startMock({
    rootDir,
    families: (await readFamilies(rootDir)).map((f) => f.id),
    documents: { [FLOWS_DOCUMENT_ID]: flows.document },
    respond: flows.responder.respond,
    port: 0,
    logLevel: 'silent',
  });
  target = mock.url;
}
const results: ScenarioResult[] = [];
try {
  const validators = loadValidators(rootDir);
  for (const scenario of scenarios) {
    results.push(
      await runScenario(scenario, lineage, {
        baseUrl: target,
        developerToken: env(ENV.developerToken) || 'flows-runner',
        accessCode: env(ENV.accessCode) || 'Zmxvd3MtcnVubmVy',
        credentials,
        validators,
        timeout: 60_000,
      }),
    );
  }
} finally {
  await mock?.close();
}
const model = { target: mock ? `the flows mock started by the runner (${target})` : (target as string), results };
const outDir = path.resolve(rootDir, option('--out') ?? 'reports/flows');
await mkdir(outDir, { recursive: true });
await writeFile(path.join(outDir, 'report.md'), renderMarkdown(model));
await writeFile(path.join(outDir, 'report.html'), renderHtml(model));
for (const line of summaryLines(model)) console.log(line);
console.log(
  `Report: ${path.relative(rootDir, path.join(outDir, 'report.md'))}, ${path.relative(rootDir, path.join(outDir, 'report.html'))}`,
);
process.exit(results.every((r) => r.status === 'pass') ? 0 : 1);
