// The runner's report, in Markdown and in HTML: per scenario and step, the status, the
// time, the verdict of each contract with its violations, the identifiers threaded in and
// handed out, and the service's own message. It holds no request body and no credential.
import { html, type Html } from '../lib/html.ts';
import type { ScenarioResult, StepResult } from './runner.ts';
import type { Verdict } from './validators.ts';

export interface ReportModel {
  target: string;
  results: ScenarioResult[];
}

const verdictWord = (v: Verdict | undefined): string =>
  v === undefined ? 'not checked' : v.valid === undefined ? 'no schema' : v.valid ? 'valid' : `invalid (${v.violations.length})`;
const verdictOf = (step: StepResult, contract: Verdict['contract']) => step.verdicts.find((v) => v.contract === contract);
const ms = (value: number) => `${Math.round(value)} ms`;
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function summaryLines(model: ReportModel): string[] {
  const lines = model.results.map((r) => {
    const passed = r.steps.filter((s) => s.status === 'pass').length;
    const time = r.steps.reduce((t, s) => t + s.ms, 0);
    return `${r.status === 'pass' ? 'PASS' : 'FAIL'}  ${r.name}  ${passed}/${r.steps.length} steps  ${ms(time)}`;
  });
  const passed = model.results.filter((r) => r.status === 'pass').length;
  return [...lines, `${passed} of ${model.results.length} scenarios passed against ${model.target}`];
}

export function renderMarkdown(model: ReportModel): string {
  const out: string[] = [
    '# Certification flows: report',
    '',
    `Target: ${model.target}. Observed flows, not published by the provider: the steps are those captured on \`AereoNoSession.svc\` (evidence/flows).`,
    '',
  ];
  out.push('| scenario | status | steps passed | time |', '|---|---|---|---|');
  for (const r of model.results) {
    out.push(
      `| [${r.name}](#${r.name}) | ${r.status} | ${r.steps.filter((s) => s.status === 'pass').length}/${r.steps.length} | ${ms(r.steps.reduce((t, s) => t + s.ms, 0))} |`,
    );
  }
  for (const r of model.results) {
    out.push('', `## ${r.name}`, '', `Status: **${r.status}**`, '');
    out.push(
      '| step | status | time | mock | published | observed | threaded in | handed out | service message | problems |',
      '|---|---|---|---|---|---|---|---|---|---|',
    );
    for (const s of r.steps) {
      out.push(
        `| ${s.id} | ${s.status} | ${ms(s.ms)} | ${s.mock ?? '—'} | ${verdictWord(verdictOf(s, 'published'))} | ${verdictWord(verdictOf(s, 'observed'))} | ` +
          `${cell(s.threaded.map((t) => `\`${t.field}\` = \`${t.value}\` ← ${t.from}`).join('<br>') || '—')} | ` +
          `${cell(s.identifiers.map((x) => `\`${x.path}\` = \`${x.value}\``).join('<br>') || '—')} | ${cell(s.serviceMessage ?? '—')} | ` +
          `${cell([...s.problems, ...s.verdicts.flatMap((v) => v.violations.map((x) => `${v.contract}: ${x}`))].join('<br>') || '—')} |`,
      );
    }
  }
  return `${out.join('\n')}\n`;
}

function stepRow(s: StepResult): Html {
  const violations = s.verdicts.flatMap((v) => v.violations.map((x) => `${v.contract}: ${x}`));
  return html`<tr class="${s.status}">
  <td><code>${s.id}</code></td><td class="status">${s.status}</td><td>${ms(s.ms)}</td><td>${s.mock ?? '—'}</td>
  <td>${verdictWord(verdictOf(s, 'published'))}</td><td>${verdictWord(verdictOf(s, 'observed'))}</td>
  <td>${s.threaded.length === 0 ? '—' : html`<ul>${s.threaded.map((t) => html`<li><code>${t.field}</code> = <code>${t.value}</code> ← ${t.from}</li>`)}</ul>`}</td>
  <td>${s.identifiers.length === 0 ? '—' : html`<ul>${s.identifiers.map((x) => html`<li><code>${x.path}</code> = <code>${x.value}</code></li>`)}</ul>`}</td>
  <td>${s.serviceMessage ?? '—'}</td>
  <td>${s.problems.length + violations.length === 0 ? '—' : html`<ul>${[...s.problems, ...violations].map((p) => html`<li>${p}</li>`)}</ul>`}</td>
</tr>`;
}

export function renderHtml(model: ReportModel): string {
  return html`<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Certification flows: report</title>
<style>body{font:14px/1.4 system-ui,sans-serif;margin:2rem}table{border-collapse:collapse;margin:1rem 0}td,th{border:1px solid #ccc;padding:.3rem .5rem;vertical-align:top;text-align:left}tr.fail td.status{color:#a00;font-weight:bold}tr.pass td.status{color:#060}ul{margin:0;padding-left:1rem}.observed{background:#fff4d6;padding:.5rem 1rem;border-left:4px solid #d90}</style>
</head>
<body>
<h1>Certification flows: report</h1>
<p class="observed"><strong>Observed — not published by the provider.</strong> The steps are those one integration captured on <code>AereoNoSession.svc</code> (evidence/flows). Target: ${model.target}.</p>
<table id="summary"><thead><tr><th>scenario</th><th>status</th><th>steps passed</th><th>time</th></tr></thead><tbody>
${model.results.map((r) => html`<tr class="${r.status}"><td><a href="#${r.name}">${r.name}</a></td><td class="status">${r.status}</td><td>${r.steps.filter((s) => s.status === 'pass').length}/${r.steps.length}</td><td>${ms(r.steps.reduce((t, s) => t + s.ms, 0))}</td></tr>`)}
</tbody></table>
${model.results.map(
  (r) => html`<section id="${r.name}"><h2>${r.name}: ${r.status}</h2>
<table><thead><tr><th>step</th><th>status</th><th>time</th><th>mock</th><th>published</th><th>observed</th><th>threaded in</th><th>handed out</th><th>service message</th><th>problems</th></tr></thead>
<tbody>${r.steps.map(stepRow)}</tbody></table></section>`,
)}
</body>
</html>
`.value;
}
