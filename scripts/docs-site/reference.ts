// One family's reference page: Redocly `build-docs` (Redoc 3) on a copy of the
// bundle that carries the family's status and, on each operation, its deprecation,
// mirror and coverage notes; self-contained (`--inlineBundle`) so it works offline.

import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { COVERAGE_LABELS, type DocumentCoverage, type PartCoverage } from './coverage.ts';
import type { MirrorRow, ReplacementRow } from './crossrefs.ts';
import { escapeHtml } from '../../src/lib/html.ts';
import { operationText } from '../../src/lib/operation-text.ts';
import { isObject, listOperations, type JsonObject, plainCopy } from './openapi.ts';
import { statusLabel, statusToken } from './status.ts';
import { buildDocs, type BuildDocsArgv } from './build-docs.ts';
import { collectionFile, hasCollection } from '../postman/families.ts';
import { countTraces, noteSchemaSources, sourceNote } from './traceability.ts';
import { CONSOLE_ASSETS, consoleParts, scriptJson } from './console.ts';
import type { FlavourLinks } from './flavour-links.ts';

const TEMPLATE = fileURLToPath(new URL('./reference-template.hbs', import.meta.url));

/**
 * Redoc options (Redoc 3 CE): show our markers on fields (not `x-source`: each node's
 * source is already said once, in words, by its note), leave room for the family bar.
 * (`sanitize: true` would be welcome, but build-docs 2.77 fails to prerender with it:
 * "linkedom is not available in browser bundles"; the text we add is escaped instead.)
 */
export const REDOC_OPTIONS = {
  showExtensions: ['x-inferred', 'x-undocumented'],
  scrollYOffset: 48,
  hideDownloadButtons: true,
  sortRequiredPropsFirst: true,
} as const;

export interface ReferenceFamily {
  id: string;
  title: string;
  status: string;
  statusNote: string | undefined;
  /** Where the bar's "Coverage" link goes; the family's own report by default. */
  coverageHref?: string;
  /** A flavour of another family's page (the observed flavour): the bar links back to it. */
  flavourOf?: { href: string; title: string };
}

export interface ReferenceNotes {
  coverage: DocumentCoverage;
  /** Rows of the migration table whose legacy operation is in this family. */
  replacements: readonly ReplacementRow[];
  /** Rows of the mirror table whose English operation is in this family. */
  mirrors: readonly MirrorRow[];
  /** Title of a family by id, for naming link targets. */
  familyTitle: (id: string) => string;
  /** The same operations on the family's observed flavour, when it has one. */
  observed?: FlavourLinks;
}

/** The note that links a published operation to its observed shape. */
export function observedLinkNote(link: { operationId: string; href: string; summary: string }): string {
  return `> **Observed shape:** [${mdCode(link.operationId)} on the observed flavour](${link.href}) — ${mdText(link.summary)}; not published by the provider.`;
}

/** Text placed in Markdown: HTML special characters become entities, so nothing turns into markup. */
export function mdText(text: string): string {
  return escapeHtml(text);
}

/**
 * Text shown as code in Markdown, whatever it holds. A code span is literal, so text with no
 * backtick and no line break stays one; any other (a third party's quoted line, file or
 * source name may hold backtick runs that end a span early, or a blank line that ends the
 * paragraph) is a `<code>` element with every character Markdown or HTML reads written as a
 * character reference, so nothing in it becomes markup or a link.
 */
export function mdCode(text: string): string {
  if (!/[`\r\n]/.test(text)) return `\`${text}\``;
  return `<code>${text.replace(/[&<>"'\\`*_[\]~|!(){}#+\-.:\r\n]/g, (c) => `&#${c.charCodeAt(0)};`)}</code>`;
}

function opKey(method: string, pathName: string): string {
  return `${method} ${pathName}`;
}

function countsSentence(coverage: DocumentCoverage): string {
  const { counts } = coverage;
  const part = (name: 'request' | 'response') =>
    (['documented', 'partial', 'unpublished', 'absent'] as const)
      .filter((s) => counts[name][s] > 0)
      .map((s) => `${counts[name][s]} ${COVERAGE_LABELS[s].toLowerCase()}`)
      .join(', ');
  const n = counts.operations;
  return `${n} operation${n === 1 ? '' : 's'}; requests: ${part('request') || 'none'}; responses: ${part('response') || 'none'}`;
}

function partLabel(part: PartCoverage): string {
  return COVERAGE_LABELS[part.state].toLowerCase();
}

/** Read or write, in the words the hover and the MCP tool use (src/lib/operation-text.ts): `*Reads only:* …`; empty when unsaid. */
export function effectNote(doc: unknown, operation: JsonObject, observed: boolean): string {
  const effect = operationText(doc, operation, observed).effect;
  if (effect === undefined) return '';
  const colon = effect.indexOf(':');
  return `*${effect.slice(0, colon)}:*${effect.slice(colon + 1)}`;
}

/** The Markdown callout placed before the document's own description. */
export function statusCallout(family: ReferenceFamily, coverage: DocumentCoverage): string {
  const lines = [`> **Status: ${mdText(statusLabel(family.status))}**${family.statusNote ? ` — ${mdText(family.statusNote)}` : ''}.`];
  if (family.status === 'deprecated') {
    lines.push('>', '> New integrations use the V2 Portuguese route; see the [migration guide](index.html#migration).');
  }
  lines.push(
    '>',
    `> Coverage, computed from the \`x-undocumented\` markers: ${countsSentence(coverage)}. ` +
      `See the [coverage report](index.html#coverage-${family.id}).`,
  );
  return lines.join('\n');
}

function replacementNote(row: ReplacementRow, familyTitle: (id: string) => string): string {
  const guide = 'See the [migration guide](index.html#migration).';
  if (row.kind === 'none') return `> **Deprecated.** No V2 equivalent. ${guide}`;
  if (row.kind === 'unstated') return `> **Deprecated.** ${guide}`;
  const stated = row.target?.operationId ?? row.target?.path ?? 'an operation';
  if (!row.replacement) return `> **Deprecated.** Replaced by ${mdCode(stated)} (not in this build). ${guide}`;
  const r = row.replacement;
  return `> **Deprecated.** Replaced by [${mdCode(r.operationId)}](${r.href}) on the ${mdText(familyTitle(r.familyId))} (${mdCode(`${r.method.toUpperCase()} ${r.path}`)}). ${guide}`;
}

function mirrorNote(row: MirrorRow, familyTitle: (id: string) => string): string {
  const p = row.portuguese;
  const name = p
    ? `[${mdCode(p.operationId)}](${p.href}) on the ${mdText(familyTitle(p.familyId))} (${mdCode(`${p.method.toUpperCase()} ${p.path}`)})`
    : `${mdCode(row.target?.operationId ?? row.target?.path ?? '?')} (not in this build)`;
  const inferred = row.inferred === null ? '' : ` *Inferred*${typeof row.inferred === 'string' ? `: ${mdText(row.inferred)}` : '.'}`;
  return `> **Mirror of** ${name}.${inferred}`;
}

/** A copy of the bundle with the notes a reader needs; the bundle itself is not touched. */
export function documentForDocs(bundle: unknown, family: ReferenceFamily, notes: ReferenceNotes): JsonObject {
  if (!isObject(bundle)) throw new Error(`Family "${family.id}": the bundle is not an OpenAPI document.`);
  const doc = plainCopy(bundle);
  const info = isObject(doc.info) ? doc.info : (doc.info = {});
  const description = typeof info.description === 'string' ? info.description : '';
  const traces = countTraces(bundle);
  const facts =
    `> *Sources:* of ${traces.facts} facts, ${traces.stated} are stated by the interface description, ` +
    `${traces.inferred} inferred and ${traces.undocumented} not published; each operation and schema names its part ` +
    `([report](index.html#coverage-facts)).`;
  info.description = `${`${statusCallout(family, notes.coverage)}\n>\n${facts}\n\n${description}`.trimEnd()}\n`;

  const coverageByOp = new Map(notes.coverage.operations.map((c) => [opKey(c.method, c.path), c]));
  const replacementByOp = new Map(notes.replacements.map((r) => [opKey(r.legacy.method, r.legacy.path), r]));
  const mirrorByOp = new Map(notes.mirrors.map((m) => [opKey(m.english.method, m.english.path), m]));
  for (const entry of listOperations(doc)) {
    const key = opKey(entry.method, entry.path);
    const lines: string[] = [];
    const replacement = replacementByOp.get(key);
    if (replacement) lines.push(replacementNote(replacement, notes.familyTitle));
    const mirror = mirrorByOp.get(key);
    if (mirror) lines.push(mirrorNote(mirror, notes.familyTitle));
    const observed = notes.observed?.get(key);
    if (observed) lines.push(observedLinkNote(observed));
    const coverage = coverageByOp.get(key);
    if (coverage) {
      lines.push(
        `*Coverage:* request **${partLabel(coverage.request)}**, response **${partLabel(coverage.response)}** ` +
          `([report](index.html#coverage-${family.id})).`,
      );
    }
    const effect = effectNote(doc, entry.operation, family.flavourOf !== undefined);
    if (effect !== '') lines.push(effect);
    // A mirror's inference is in its own note above.
    const source = sourceNote(entry.operation, { inferred: !mirror });
    if (source !== '') lines.push(source);
    const own = typeof entry.operation.description === 'string' ? entry.operation.description : '';
    entry.operation.description = [...lines, own].filter((s) => s.trim() !== '').join('\n\n');
  }
  noteSchemaSources(doc);
  return doc;
}

/** Redoc loads its logo from a CDN at run time; point it at an inline image instead. */
const LOGO_SVG =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='56' height='16' viewBox='0 0 56 16'%3E" +
  "%3Ctext x='0' y='12' font-family='system-ui,sans-serif' font-size='12' font-weight='600' fill='%23172033'%3ERedocly%3C/text%3E%3C/svg%3E";
const CDN_LOGOS = ['https://cdn.redoc.ly/redoc/logo-mini-full.svg', 'https://cdn.redoc.ly/redoc/logo-mini.svg'];

export function makeOffline(page: string, familyId: string): string {
  let out = page;
  for (const url of CDN_LOGOS) out = out.split(url).join(LOGO_SVG);
  for (const host of ['cdn.redoc.ly', 'cdn.redocly.com/redoc/']) {
    if (out.includes(host)) {
      throw new Error(`Family "${familyId}": the reference page still loads from ${host}; it would not work offline.`);
    }
  }
  return out;
}

/** The build-docs arguments of a family's page (in process or through the CLI alike). */
export function referenceArgv(family: ReferenceFamily, input: string, output: string): BuildDocsArgv {
  const templateOptions: Record<string, string> = {
    familyId: family.id,
    familyTitle: family.title,
    status: statusToken(family.status),
    statusLabel: statusLabel(family.status),
    statusNote: family.statusNote ?? '',
    coverageHref: family.coverageHref ?? `index.html#coverage-${family.id}`,
    flavourOfHref: family.flavourOf?.href ?? '',
    flavourOfTitle: family.flavourOf?.title ?? '',
    postmanHref: hasCollection(family.id) ? collectionFile(family.id) : '',
  };
  return {
    api: input,
    o: output,
    title: `${family.title} — Air travel booking API reference`,
    template: TEMPLATE,
    templateOptions,
    openapi: { ...REDOC_OPTIONS },
  };
}

/** Builds `<outFile>` with `redocly build-docs`; `workDir` is a private scratch folder. */
export interface ReferencePageJob {
  family: ReferenceFamily;
  doc: JsonObject;
  outFile: string;
  workDir: string;
  /** The console's link to each operation on the other flavour (operationId → link). */
  counterparts?: Record<string, { href: string; label: string }>;
}

/** The try-it console placed in a rendered page: its style in the head, its data and script before the end of the body. */
export function withConsole(page: string, doc: JsonObject, job: Pick<ReferencePageJob, 'family' | 'counterparts'>): string {
  const { counterparts } = job;
  const { data, validators } = consoleParts(doc, {
    page: job.family.id,
    ...(counterparts ? { counterpart: (id: string) => counterparts[id] } : {}),
  });
  if (/<\/(script|style)/i.test(CONSOLE_ASSETS.script + CONSOLE_ASSETS.style + validators))
    throw new Error('The console assets would close their own element.');
  // The page's last </body>: Redoc's inlined script before it may hold the string itself.
  const body = page.lastIndexOf('</body>');
  if (body < 0) throw new Error(`Family "${job.family.id}": the page has no </body> to place the console before.`);
  return (
    page.slice(0, body) +
    `<style id="try-console-style">${CONSOLE_ASSETS.style}</style>\n<script type="application/json" id="try-console-data">${scriptJson(data)}</script>\n<script id="try-console-validators">${validators}</script>\n<script id="try-console-script">${CONSOLE_ASSETS.script}</script>\n` +
    page.slice(body)
  );
}

export async function buildReferencePage(opts: ReferencePageJob): Promise<void> {
  const { family, doc, outFile, workDir } = opts;
  const input = path.join(workDir, `${family.id}.json`);
  const output = path.join(workDir, `${family.id}.html`);
  await writeFile(input, `${JSON.stringify(doc, null, 2)}\n`);

  try {
    await buildDocs(referenceArgv(family, input, output), workDir);
  } catch (error) {
    throw new Error(`Docs: redocly build-docs failed for family "${family.id}":\n${(error as Error).message}`);
  }
  const page = makeOffline(await readFile(output, 'utf8'), family.id);
  await writeFile(outFile, withConsole(page, doc, opts));
}
