// `air-travel-api-contract flows` (and `npm run flows`): drives the certification
// scenarios step by step and writes a report. Exit code 0 when every scenario passes,
// 1 when one fails, 2 on bad usage.
import path from 'node:path';
import { dryRun, ENV, runFlows } from '../flows/run.ts';
import { summaryLines } from '../flows/report.ts';
import { type CommandSpec, helpText, parseCommand, UsageError } from './args.ts';
import { reportRecording } from './recording.ts';

export const FLOWS_COMMAND: CommandSpec = {
  name: 'flows',
  summary:
    'Drives the captured certification scenarios step by step, threading each answer into the next request, and checks every answer against the published and the observed contract. Without --base-url it starts the flows mock in this process and runs offline.',
  options: {
    'base-url': { type: 'string', value: 'URL', help: 'the sandbox to run against (default: the flows mock, in this process)' },
    scenario: { type: 'string', value: 'NAME', help: 'run this scenario only (default: every one)' },
    'dry-run': { type: 'boolean', help: 'print each request as it would go (credentials redacted) and stop' },
    out: { type: 'string', value: 'DIR', help: 'where report.md and report.html go (default reports/flows)' },
    record: {
      type: 'string',
      value: 'DIR',
      help: 'with --base-url: record every exchange into DIR, sanitized before it is written, for the observed flavour (docs/observed.md)',
    },
  },
  notes: [
    `Against a sandbox the credentials come from the environment: ${Object.values(ENV).join(', ')} (the last optional).`,
    'They are never printed nor written. Exit code: 0 every scenario passed, 1 one failed, 2 bad usage.',
  ],
};

export async function flowsCommand(argv: string[]): Promise<number> {
  const { values, help } = parseCommand(FLOWS_COMMAND, argv);
  if (help) {
    console.log(helpText(FLOWS_COMMAND));
    return 0;
  }
  const baseUrl = typeof values['base-url'] === 'string' ? values['base-url'] : undefined;
  const scenario = typeof values.scenario === 'string' ? values.scenario : undefined;
  if (values['dry-run'] === true) {
    for (const line of dryRun({ ...(baseUrl ? { baseUrl } : {}), ...(scenario ? { scenario } : {}) })) console.log(line);
    return 0;
  }
  const record = typeof values.record === 'string' ? values.record : undefined;
  if (record !== undefined && baseUrl === undefined)
    throw new UsageError(
      '--record records a run against a sandbox: give --base-url too (the flows mock answers only what is already recorded).',
    );
  const outDir = path.resolve(typeof values.out === 'string' ? values.out : 'reports/flows');
  const run = await runFlows({ ...(baseUrl ? { baseUrl } : {}), ...(scenario ? { scenario } : {}), ...(record ? { record } : {}), outDir });
  for (const line of summaryLines(run.model)) console.log(line);
  console.log(`Report: ${run.reports.map((file) => path.relative(process.cwd(), file)).join(', ')}`);
  const leaked = run.recording ? reportRecording(run.recording) : 0;
  return run.passed && leaked === 0 ? 0 : 1;
}
