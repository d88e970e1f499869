// Human-readable lines for findings and family results.
import type { Finding } from './document-diff.ts';
import type { FamilyResult } from './gate.ts';
import type { RuleId } from './rules.ts';

/** One line naming the family, the operation, the JSON pointer and why it breaks a client. */
export function formatFinding(f: Finding): string {
  const tag = f.severity === 'breaking' ? 'BREAKING' : f.severity === 'warning' ? 'warning' : 'change';
  return (
    `${tag} [${f.family}] ${f.operation}: ${f.detail} — ${f.why}. ` +
    `(${f.rule} at ${f.pointer} in the ${f.side === 'baseline' ? 'released baseline' : 'current bundle'})`
  );
}

/** CHANGELOG lines an author can paste under the new version: one per changed place. */
export function changelogLines(findings: Finding[]): string[] {
  const byPointer = new Map<string, Finding[]>();
  for (const f of findings) byPointer.set(f.pointer, [...(byPointer.get(f.pointer) ?? []), f]);
  return [...byPointer].map(([pointer, list]) => {
    const first = list[0] as Finding;
    const ops = [...new Set(list.map((f) => f.operation.replace(/ \(.*\)$/, '')))];
    const scope = ops.length > 3 ? `${ops.length} operations` : ops.join(', ');
    return `- ${first.detail} (${scope}): \`${pointer}\``;
  });
}

function countByRule(findings: Finding[]): string {
  const counts = new Map<RuleId, number>();
  for (const f of findings) counts.set(f.rule, (counts.get(f.rule) ?? 0) + 1);
  return [...counts].map(([rule, n]) => `${rule} ×${n}`).join(', ');
}

export function formatResult(r: FamilyResult, verbose: boolean): string[] {
  const versions = r.baselineVersion && r.currentVersion ? ` ${r.baselineVersion} → ${r.currentVersion}` : '';
  const head: Record<FamilyResult['status'], string> = {
    new: 'new family, no released baseline yet: nothing to compare (`npm run release:baseline` records it at its first release)',
    unchanged: 'no contract change since the released baseline',
    compatible: 'compatible changes only',
    'breaking-released': 'breaking changes, released under a new major and listed in the CHANGELOG',
    failed: 'FAILED',
  };
  const lines = [`${r.family}${versions}: ${head[r.status]}`];
  for (const e of r.errors) lines.push(`  ✗ ${e}`);
  const breaking = r.findings.filter((f) => f.severity === 'breaking');
  const warnings = r.findings.filter((f) => f.severity === 'warning');
  const infos = r.findings.filter((f) => f.severity === 'info');
  for (const f of [...breaking, ...warnings]) lines.push(`  ${formatFinding(f)}`);
  if (infos.length) {
    if (verbose) for (const f of infos) lines.push(`  ${formatFinding(f)}`);
    else lines.push(`  ${infos.length} non-breaking change(s): ${countByRule(infos)} (--verbose lists them)`);
  }
  const toList = r.unlisted.length ? r.unlisted : r.status === 'failed' ? breaking : [];
  if (toList.length) {
    lines.push('  CHANGELOG lines for these breaking changes (one per changed place):');
    for (const line of changelogLines(toList)) lines.push(`    ${line}`);
  }
  return lines;
}
