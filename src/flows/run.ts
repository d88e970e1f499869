// A run of the certification scenarios (evidence/flows): against a sandbox, or against the
// flows mock started in this process, offline. Against a sandbox the credentials come from
// the environment (FLOWS_*) and are never printed nor written; the report (report.md and
// report.html) holds no request body and no credential.
import { access, constants, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PACKAGE_ROOT, packageIdentity } from '../lib/layout.ts';
import { readFlows } from '../mock/flows/load.ts';
import { startMock, type RunningMock } from '../mock/server.ts';
import { StartError } from '../mock/start-error.ts';
import type { Lineage } from '../scenarios/lineage.ts';
import type { Scenario } from '../scenarios/read.ts';
import { renderHtml, renderMarkdown, type ReportModel } from './report.ts';
import { plannedRequests, runScenario, type ScenarioResult } from './runner.ts';
import { loadValidators } from './validators.ts';
import { createRecorder, RecordingRefused, type Exchange, type RecordingSummary } from '../record/recorder.ts';
import { REDACTED } from '../lib/contract-index.ts';
import { blankSecretFields } from '../secret-fields.ts';

/** Environment variables of a sandbox run: developer headers and agency credentials. */
export const ENV = {
  developerToken: 'FLOWS_DEVELOPER_TOKEN',
  accessCode: 'FLOWS_ACCESS_CODE',
  login: 'FLOWS_LOGIN',
  password: 'FLOWS_PASSWORD',
  clientId: 'FLOWS_CLIENT_ID',
} as const;

export interface FlowsOptions {
  /** The package whose scenarios are run (default: this package). */
  rootDir?: string;
  /** The sandbox's address; without it the flows mock is started in this process. */
  baseUrl?: string;
  /** One scenario by name (default: every one). */
  scenario?: string;
  /** Where report.md and report.html go. */
  outDir: string;
  /** Where FLOWS_* are read (default process.env). */
  env?: Readonly<Record<string, string | undefined>>;
  /** Record every exchange of the run, sanitized, into this folder (for the observed flavour). */
  record?: string;
}

export interface FlowsRun {
  model: ReportModel;
  reports: string[];
  passed: boolean;
  /** With `record`: what the recording wrote, replaced and could not write. */
  recording?: RecordingSummary;
}

interface Plan {
  scenarios: Scenario[];
  lineage: Lineage;
}

function plan(rootDir: string, wanted: string | undefined): Plan {
  const { scenarios: all, lineage } = readFlows(rootDir);
  const scenarios = wanted === undefined ? all : all.filter((s) => s.name === wanted);
  if (scenarios.length === 0)
    throw new StartError(
      'UNKNOWN_NAME',
      `No scenario named ${JSON.stringify(wanted?.slice(0, 80))}; there are: ${all.map((s) => s.name).join(', ')}.`,
    );
  return { scenarios, lineage };
}

/** Whether the base URL is this machine; the address itself is never echoed (a mistyped one may carry user information). */
function isLoopback(baseUrl: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(baseUrl);
  } catch {
    throw new StartError('BAD_OPTION', '--base-url is not an absolute URL.');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new StartError('BAD_OPTION', '--base-url must be an http:// or https:// address.');
  if (parsed.username || parsed.password || parsed.search || parsed.hash)
    throw new StartError('BAD_OPTION', '--base-url must not carry user information, a query or a fragment.');
  return ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname);
}

/** Each request as it would go, credentials and developer headers redacted, threaded fields named by their source. */
export function dryRun(options: Pick<FlowsOptions, 'rootDir' | 'baseUrl' | 'scenario'>): string[] {
  if (options.baseUrl !== undefined) isLoopback(options.baseUrl);
  const { scenarios, lineage } = plan(options.rootDir ?? PACKAGE_ROOT, options.scenario);
  const shownBase = options.baseUrl ?? 'http://127.0.0.1:<port of the flows mock>';
  const lines: string[] = [];
  for (const scenario of scenarios) {
    lines.push(`# ${scenario.name}`);
    for (const planned of plannedRequests(scenario, lineage)) {
      // Every field the index marks (a captured `senha`, `Dados.SENHA`, a `token`) is blanked, at any depth.
      const body = blankSecretFields({ Login: REDACTED, Senha: REDACTED, ...planned.body }) as Record<string, unknown>;
      for (const t of planned.threads) body[t.field] = `<from ${t.fromStep} ${t.fromPath}>`;
      lines.push(
        `POST ${shownBase}${planned.path}\ndeveloper-token: ${REDACTED}\ndeveloper-access-code: ${REDACTED}\n${JSON.stringify(body)}\n`,
      );
    }
  }
  return lines;
}

/** The report folder, made and checked writable before any call goes out. */
async function writableFolder(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
    await access(dir, constants.W_OK);
  } catch (error) {
    throw new StartError(
      'UNWRITABLE',
      `The report folder cannot be written (${(error as NodeJS.ErrnoException).code ?? 'error'}): choose another with --out DIR.`,
    );
  }
}

export async function runFlows(options: FlowsOptions): Promise<FlowsRun> {
  const rootDir = options.rootDir ?? PACKAGE_ROOT;
  const env = (name: string) => options.env?.[name] ?? process.env[name] ?? '';
  const { scenarios, lineage } = plan(rootDir, options.scenario);
  const sandbox = options.baseUrl !== undefined && !isLoopback(options.baseUrl);
  if (sandbox) {
    const missing = Object.entries(ENV)
      .filter(([key, name]) => key !== 'clientId' && env(name) === '')
      .map(([, name]) => name);
    if (missing.length > 0)
      throw new StartError('BAD_OPTION', `A run against a sandbox needs these environment variables: ${missing.join(', ')}.`);
  }
  const clientId = env(ENV.clientId) === '' ? undefined : Number(env(ENV.clientId));
  if (clientId !== undefined && !Number.isInteger(clientId)) throw new StartError('BAD_OPTION', `${ENV.clientId} must be an integer.`);
  await writableFolder(options.outDir);
  // Against a local mock, the captures' own placeholders stand in (evidence/flows/README.md).
  const first = scenarios[0]?.steps[0]?.request ?? {};
  const credentials = {
    Login: env(ENV.login) || String(first.Login ?? 'agencia'),
    Senha: env(ENV.password) || String(first.Senha ?? 's3gredo'),
    ...(clientId === undefined ? {} : { ClienteId: clientId }),
  };

  let mock: RunningMock | undefined;
  let target = options.baseUrl;
  if (target === undefined) {
    mock = await startMock({ rootDir, flows: true, port: 0, logLevel: 'silent' });
    target = mock.url;
  }
  const recorder = options.record
    ? await createRecorder(options.record, {
        tool: `${packageIdentity().name} flows`,
        toolVersion: packageIdentity().version,
        upstream: target,
      }).catch(async (error: unknown) => {
        await mock?.close();
        throw error instanceof RecordingRefused ? new StartError('UNWRITABLE', error.message) : error;
      })
    : undefined;
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
          ...(recorder ? { onExchange: (exchange: Exchange) => recorder.record(exchange) } : {}),
        }),
      );
    }
  } finally {
    await mock?.close();
  }
  const model: ReportModel = { target: mock ? `the flows mock started by the runner (${target})` : target, results };
  const reports = [path.join(options.outDir, 'report.md'), path.join(options.outDir, 'report.html')];
  await writeFile(reports[0]!, renderMarkdown(model));
  await writeFile(reports[1]!, renderHtml(model));
  const recording = await recorder?.finish();
  return { model, reports, passed: results.every((r) => r.status === 'pass'), ...(recording ? { recording } : {}) };
}
