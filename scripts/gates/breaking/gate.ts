// The decision for one family: do the current bundle's changes since the
// released baseline come with the version and the CHANGELOG entry they need?
import { duplicateVersions, parseChangelog } from './changelog.ts';
import type { OpenApiDocument } from './document.ts';
import { diffDocuments, type Finding } from './document-diff.ts';
import { RULES } from './rules.ts';
import { compareVersions, isMajorRaise, nextMajor, parseVersion } from './semver.ts';

export interface FamilyInputs {
  family: string;
  /** baseline/<family>/openapi.yaml, the last released contract. */
  baseline: OpenApiDocument | undefined;
  /** generated/<family>/openapi.yaml, the bundle of the current spec. */
  current: OpenApiDocument | undefined;
  /** spec/<family>/CHANGELOG.md, when it exists. */
  changelog: string | undefined;
  /** Where each input lives, for messages. */
  paths: { baseline: string; current: string; changelog: string };
}

export type FamilyStatus = 'new' | 'unchanged' | 'compatible' | 'breaking-released' | 'failed';

export interface FamilyResult {
  family: string;
  status: FamilyStatus;
  baselineVersion: string | undefined;
  currentVersion: string | undefined;
  findings: Finding[];
  /** Why the family fails the gate; empty when it passes. */
  errors: string[];
  /** Breaking findings the CHANGELOG entry does not list yet. */
  unlisted: Finding[];
}

/** A change is listed when the entry names its JSON pointer, whole (`…/Valor` is not `…/ValorTotal`). */
export function lists(text: string, pointer: string): boolean {
  const escaped = pointer.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${escaped}(?![\\w~/-]|\\.\\w)`).test(text); // a full stop may follow
}

export function evaluateFamily(inputs: FamilyInputs): FamilyResult {
  const { family, baseline, current, paths } = inputs;
  const result: FamilyResult = {
    family,
    status: 'failed',
    baselineVersion: baseline?.version,
    currentVersion: current?.version,
    findings: [],
    errors: [],
    unlisted: [],
  };
  if (!current) {
    if (baseline) {
      result.findings.push({
        rule: 'family-removed',
        severity: 'breaking',
        family,
        operation: '(every operation)',
        pointer: '#/paths',
        side: 'baseline',
        detail: `${paths.current} is missing`,
        why: RULES['family-removed'].why,
      });
      result.errors.push(
        `${paths.current} is missing but ${paths.baseline} was released: run \`npm run build\`. ` +
          `If the family is retired on purpose, delete ${paths.baseline} in the same change and say so in ${paths.changelog}.`,
      );
    } else {
      result.errors.push(`${paths.current} is missing: run \`npm run build\` first.`);
    }
    return result;
  }
  if (!baseline) {
    result.status = 'new';
    return result;
  }

  const from = parseVersion(baseline.version);
  const to = parseVersion(current.version);
  if (!from) result.errors.push(`${paths.baseline}: info.version "${baseline.version}" is not a semantic version (MAJOR.MINOR.PATCH).`);
  if (!to) result.errors.push(`${paths.current}: info.version "${current.version}" is not a semantic version (MAJOR.MINOR.PATCH).`);
  result.findings = diffDocuments(family, baseline, current);
  if (!from || !to) return result;

  const entries = parseChangelog(inputs.changelog ?? '');
  for (const version of duplicateVersions(entries)) result.errors.push(`${paths.changelog}: version ${version} has more than one entry.`);
  const entry = entries.find((e) => e.version === current.version);
  const order = compareVersions(to, from);
  if (order < 0) result.errors.push(`info.version went down from ${baseline.version} (released) to ${current.version}.`);
  if (order > 0 && !entry) {
    result.errors.push(
      `info.version was raised to ${current.version}, but ${inputs.changelog === undefined ? `${paths.changelog} does not exist` : `${paths.changelog} has no "## ${current.version}" entry`}.`,
    );
  }

  const breaking = result.findings.filter((f) => f.severity === 'breaking');
  if (breaking.length > 0) {
    if (!isMajorRaise(from, to)) {
      result.errors.push(
        `${breaking.length} breaking change(s) since the released ${baseline.version}: raise info.version to ${nextMajor(from)} ` +
          `(a new major) and list each change, with the JSON pointer shown, under "## ${nextMajor(from)}" in ${paths.changelog}.`,
      );
    } else if (entry) {
      result.unlisted = breaking.filter((f) => !lists(entry.body, f.pointer));
      if (result.unlisted.length > 0) {
        const pointers = new Set(result.unlisted.map((f) => f.pointer));
        result.errors.push(
          `${pointers.size} breaking change(s) are not listed under "## ${current.version}" in ${paths.changelog} (each needs its JSON pointer there).`,
        );
      }
    }
  }

  if (result.errors.length === 0) {
    result.status = breaking.length > 0 ? 'breaking-released' : result.findings.length > 0 ? 'compatible' : 'unchanged';
  }
  return result;
}
