// `npm run flows` as a real process against `npm run mock -- --flows` as a real process:
// every scenario passes end to end, two runners at once both pass (their flows keep
// apart in the one mock), the report says per step what was threaded and handed out,
// and no secret given in the environment shows in the report or the output.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rootDir } from '../support/bundle.ts';
import { startMockProcess, type MockProcess } from '../support/mock-process.ts';
import { scenarios } from './support.ts';

const SECRETS = {
  FLOWS_PASSWORD: 'Pw"canary\\<&>é-Senha-7319',
  FLOWS_DEVELOPER_TOKEN: 'canary-devtoken-5b1e0c',
  FLOWS_ACCESS_CODE: 'Y2FuYXJ5LWFjY2Vzcy1jb2Rl',
  FLOWS_LOGIN: 'canary-login',
};
/** Every form a secret could take in a Markdown, HTML or JSON output. */
const forms = (secret: string) => [
  secret,
  JSON.stringify(secret).slice(1, -1),
  secret.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;'),
  encodeURIComponent(secret),
  Buffer.from(secret).toString('base64'),
];

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  md: string;
  html: string;
}

const dirs: string[] = [];
function runFlows(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const out = mkdtempSync(path.join(tmpdir(), 'flows-report-'));
  dirs.push(out);
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['src/cli/main.ts', 'flows', '--out', out, ...args],
      { cwd: rootDir, env: { ...process.env, ...env }, timeout: 120_000 },
      (error, stdout, stderr) => {
        const read = (f: string) => {
          try {
            return readFileSync(path.join(out, f), 'utf8');
          } catch {
            return '';
          }
        };
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr, md: read('report.md'), html: read('report.html') });
      },
    );
  });
}

let mock: MockProcess;
beforeAll(async () => {
  mock = await startMockProcess(rootDir, ['--flows']);
}, 90_000);
afterAll(async () => {
  await mock?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('npm run flows against the flows mock', () => {
  let runs: Run[];
  beforeAll(async () => {
    // Two runners at once on one mock, with secrets in the environment.
    runs = await Promise.all([runFlows(['--base-url', mock.url], SECRETS), runFlows(['--base-url', mock.url], SECRETS)]);
  }, 180_000);

  test('every scenario passes end to end, in both runners at once', () => {
    for (const run of runs) {
      expect(run.stderr).toBe('');
      expect(run.code, run.stdout).toBe(0);
      for (const s of scenarios) expect(run.stdout).toMatch(new RegExp(`^PASS  ${s.name}  ${s.steps.length}/${s.steps.length} steps`, 'm'));
      expect(run.stdout).toContain(`${scenarios.length} of ${scenarios.length} scenarios passed`);
    }
  });

  test('the report has a row per step, replayed by the mock and valid against both contracts', () => {
    for (const s of scenarios) {
      const section = runs[0]?.md.split(`## ${s.name}\n`)[1]?.split('\n## ')[0] ?? '';
      const rows = section.split('\n').filter((l) => /^\| \d\d-/.test(l));
      expect(rows.map((r) => r.split(' | ')[0]?.slice(2))).toEqual(s.steps.map((st) => st.id));
      for (const row of rows) expect(row).toMatch(/^\| [\w-]+ \| pass \| \d+ ms \| replay \| valid \| valid \|/);
    }
  });

  test("the two runners' flows got different identifiers from the one mock", () => {
    const handedOut = (md: string) => [...md.matchAll(/`Reservas\[0\]\.Localizador` = `(\w+)`/g)].map((m) => m[1]);
    const [a, b] = runs.map((r) => handedOut(r.md));
    expect(a?.length).toBeGreaterThan(3);
    expect(a?.filter((x) => b?.includes(x))).toEqual([]);
  });

  test('no secret of the environment shows in the report or the output, in any encoding', () => {
    for (const run of runs) {
      const texts = [run.md, run.html, run.stdout, run.stderr];
      for (const secret of [SECRETS.FLOWS_PASSWORD, SECRETS.FLOWS_DEVELOPER_TOKEN, SECRETS.FLOWS_ACCESS_CODE]) {
        for (const form of forms(secret)) for (const text of texts) expect(text.includes(form), form).toBe(false);
      }
    }
  });
});

describe('npm run flows, other modes', () => {
  test('without --base-url it starts the flows mock itself and one scenario passes offline', async () => {
    const run = await runFlows(['--scenario', 'cenario1-adulto-ida-nacional-faturado']);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^PASS {2}cenario1-adulto-ida-nacional-faturado {2}9\/9 steps/m);
    expect(run.stdout).toContain('1 of 1 scenarios passed against the flows mock started by the runner');
  }, 120_000);

  test('--dry-run prints every request it would send, threaded fields named, secrets redacted, and sends nothing', async () => {
    const run = await runFlows(['--dry-run', '--base-url', 'https://sandbox.invalid'], SECRETS);
    expect(run.code).toBe(0);
    const posts = run.stdout.split('\n').filter((l) => l.startsWith('POST '));
    expect(posts).toHaveLength(scenarios.reduce((n, s) => n + s.steps.length, 0));
    expect(posts[0]).toBe('POST https://sandbox.invalid/AereoNoSession.svc/RecuperarSistemasPesquisa');
    expect(run.stdout).toContain('"Localizador":"<from 04-Reservar Reservas[0].Localizador>"');
    expect(run.stdout).toContain('"Senha":"[redacted]"');
    for (const secret of Object.values(SECRETS)) for (const form of forms(secret)) expect(run.stdout.includes(form), form).toBe(false);
  });

  test('a base URL with user information is refused without being echoed', async () => {
    const run = await runFlows(['--base-url', `https://agent:${encodeURIComponent(SECRETS.FLOWS_PASSWORD)}@sandbox.invalid`], SECRETS);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--base-url must not carry user information');
    for (const form of forms(SECRETS.FLOWS_PASSWORD)) expect(run.stderr.includes(form) || run.stdout.includes(form), form).toBe(false);
  });

  test('against a sandbox without the credentials in the environment it refuses, naming the variables only', async () => {
    const env = { FLOWS_PASSWORD: '', FLOWS_DEVELOPER_TOKEN: '', FLOWS_ACCESS_CODE: '', FLOWS_LOGIN: '' };
    const run = await runFlows(['--base-url', 'https://sandbox.invalid'], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'needs these environment variables: FLOWS_DEVELOPER_TOKEN, FLOWS_ACCESS_CODE, FLOWS_LOGIN, FLOWS_PASSWORD',
    );
  });
});
