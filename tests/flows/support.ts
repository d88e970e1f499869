// Drives a captured scenario step by step over HTTP against a running flows mock, threading
// fields by the committed lineage, so a test can interleave flows and look at each answer.
import { readLineage } from '../../src/scenarios/lineage.ts';
import { plannedRequests, valueAt } from '../../src/flows/runner.ts';
import { readScenarios, type Scenario } from '../../src/scenarios/read.ts';
import { rootDir } from '../support/bundle.ts';

export const scenarios: Scenario[] = readScenarios(rootDir);
export const lineage = readLineage(rootDir);
export const developerHeaders = {
  'content-type': 'application/json; charset=utf-8',
  'developer-token': '00000000-0000-0000-0000-000000000000',
  'developer-access-code': 'QUJD',
};

export interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
  /** What was sent, after threading. */
  sent: Record<string, unknown>;
}

export async function post(url: string, route: string, body: unknown, extra: Record<string, string> = {}): Promise<Omit<Answer, 'sent'>> {
  const response = await fetch(`${url}${route}`, {
    method: 'POST',
    headers: { ...developerHeaders, ...extra },
    body: JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

/** A flow of `name` through the mock at `url`: each `step(id)` sends that step, threaded from this flow's own answers. */
export function flow(url: string, name: string) {
  const scenario = scenarios.find((s) => s.name === name);
  if (!scenario) throw new Error(`no scenario ${name}`);
  const planned = plannedRequests(scenario, lineage);
  const answers = new Map<string, unknown>();
  return {
    scenario,
    async step(id: string, extra: Record<string, string> = {}): Promise<Answer> {
      const p = planned.find((x) => x.id === id);
      if (!p) throw new Error(`${name} has no step ${id}`);
      const sent: Record<string, unknown> = { Login: 'agencia', Senha: 's3gredo', ...p.body };
      for (const t of p.threads) sent[t.field] = valueAt(answers.get(t.fromStep), t.fromPath);
      const answer = await post(url, p.path, sent, extra);
      answers.set(id, answer.body);
      return { ...answer, sent };
    },
    async steps(ids: readonly string[]): Promise<Answer[]> {
      const out: Answer[] = [];
      for (const id of ids) out.push(await this.step(id));
      return out;
    },
  };
}
