// The landing page (generated/docs/index.html): links to every family, the
// hand-written guides (scripts/docs-site/landing/*.html) and the tables computed from the
// bundles (migration, English/Portuguese names, coverage). A pure function of its
// model; every value from a document goes through the escaping `html` template.

import { COVERAGE_LABELS, COVERAGE_STATES, type CoverageCounts, type CoverageState, type DocumentCoverage } from './coverage.ts';
import type { MirrorTable, OperationLink, ReplacementRow } from './crossrefs.ts';
import { operationsOf, operationWithRole } from '../../src/lib/contract-index.ts';
import { html, inlineCode, trusted, type Html } from '../../src/lib/html.ts';
import { SOURCES_ANCHOR } from './observed-page.ts';
import {
  SOURCE_LABELS,
  SOURCE_STATES,
  bodiesOrigin,
  hasRecordings,
  observedProvenance,
  type PartSource,
  type SourceCoverage,
  type SourceState,
} from './sources.ts';
import { OBSERVED_STATUS, statusLabel, statusToken } from './status.ts';
import { TRACE_LABELS, type TraceCounts } from './traceability.ts';
import { LANDING_CSS } from './landing-style.ts';
import { collectionFile, hasCollection } from '../postman/families.ts';

export interface LandingFamily {
  id: string;
  title: string;
  status: string;
  statusNote: string | undefined;
  prefix: string | undefined;
  /** Present when the family's reference page is part of this site. */
  page: {
    href: string;
    coverage: DocumentCoverage;
    /** Published / observed only / unknown, per operation. */
    sources: SourceCoverage;
    /** Facts of the published bundle by source: stated, inferred, not published (x-source, x-inferred, x-undocumented). */
    traces?: TraceCounts;
    operationHrefs: Map<string, string>;
    /** The family's observed flavour page, when this build has one: not a family of its own. */
    observed: { href: string; title: string; operationHrefs: Map<string, string>; behaviours?: number } | undefined;
  } | null;
}

type FamilyPage = NonNullable<LandingFamily['page']>;

export interface LandingFragments {
  intro: Html;
  /** Install, client, mock and proxy, shown as one card before the families. */
  gettingStarted: Html;
  authentication: Html;
  migration: Html;
  dates: Html;
}

export interface LandingModel {
  families: LandingFamily[];
  fragments: LandingFragments;
  migration: ReplacementRow[];
  mirrors: MirrorTable;
  /** The certification flows page (observed), when this build has one. */
  flows?: { href: string; scenarios: number };
}

const PART_LABELS = { request: 'Request', response: 'Response' } as const;

function statusPill(status: string): Html {
  return html`<span class="status status-${statusToken(status)}">${statusLabel(status)}</span>`;
}

function statePill(state: CoverageState): Html {
  return html`<span class="state state-${state}">${COVERAGE_LABELS[state]}</span>`;
}

function percent(part: number, whole: number): string {
  return whole === 0 ? '0' : ((100 * part) / whole).toFixed(2).replace(/\.?0+$/, '');
}

function coverageBar(counts: CoverageCounts, part: 'request' | 'response'): Html {
  const segments = COVERAGE_STATES.filter((s) => counts[part][s] > 0).map(
    (s) =>
      html`<span class="seg state-${s}" style="width:${percent(counts[part][s], counts.operations)}%" title="${COVERAGE_LABELS[s]}: ${counts[part][s]}"></span>`,
  );
  return html`<span class="bar" role="img" aria-label="${PART_LABELS[part]} coverage: ${COVERAGE_STATES.map((s) => `${counts[part][s]} ${COVERAGE_LABELS[s].toLowerCase()}`).join(', ')}">${segments}</span>`;
}

const SHORT_LABELS: Record<CoverageState, string> = {
  documented: 'Documented',
  partial: 'Partly',
  unpublished: 'Not published',
  absent: 'No body',
};

/** Short words beside a bar: the non-zero states, e.g. "7 documented · 29 partly". */
function barCaption(counts: CoverageCounts, part: 'request' | 'response'): Html {
  const words = COVERAGE_STATES.filter((s) => counts[part][s] > 0).map((s) => `${counts[part][s]} ${SHORT_LABELS[s].toLowerCase()}`);
  return html`<span class="bar-caption">${words.join(' · ')}</span>`;
}

function opLink(link: OperationLink): Html {
  return html`<a href="${link.href}"><code>${link.operationId}</code></a>`;
}

function route(link: OperationLink): Html {
  return html`<code class="route">${link.method.toUpperCase()} ${link.path}</code>`;
}

/** Inside the family's card: the observed flavour, labelled as not published, never as a family. */
function observedAside(page: FamilyPage): Html {
  const observed = page.observed;
  if (!observed) return html``;
  const ops = page.sources.operations.filter((o) => o.request.observed || o.response.observed).length;
  const added = page.sources.addedOperations.filter((o) => o.request || o.response).length;
  const from = observedProvenance(page.sources).map((p) => p.repository);
  const sourceCount = new Set(observedProvenance(page.sources).map((p) => p.source)).size;
  return html`<aside class="observed-flavour" data-observed="${observed.href}">
    <p>${statusPill(OBSERVED_STATUS)}</p>
    <p>An opt-in <strong>observed flavour</strong> of this route types the payloads of ${ops} of ${page.sources.counts.operations}
    operations${added > 0 ? html`, and of ${added} operation${added === 1 ? '' : 's'} seen on this route that the published document does not list,` : ''}
    from sanitized bodies of ${sourceCount} independent ${hasRecordings(page.sources) ? `source${sourceCount === 1 ? '' : 's'} (${bodiesOrigin(page.sources)})` : `public integration${sourceCount === 1 ? '' : 's'}`}. The provider publishes none of it.</p>
    ${from.length > 0 ? html`<p class="observed-source">Bodies from ${from.map((r, i) => html`${i > 0 ? ', ' : ''}<code>${r}</code>`)}</p>` : ''}
    ${
      observed.behaviours
        ? html`<p class="observed-behaviours" data-behaviours="${String(observed.behaviours)}">${observed.behaviours} behaviour${observed.behaviours === 1 ? '' : 's'} integrations stated (a refusal, a renewed identifier, a routine error), each on its operation with the quote, its translation, the file and line, and how strong the evidence is.</p>`
        : ''
    }
    <p class="card-links"><a href="${observed.href}">Open the observed reference</a> <a href="#${SOURCES_ANCHOR}">Published, observed or unknown</a></p>
  </aside>`;
}

/** The legacy operations that authenticate and answer the bare token (`x-session`, a string answer): Autenticar. */
const TOKEN_OPERATIONS: ReadonlySet<string> = new Set(
  operationsOf('legacy').flatMap((op) => (op.authenticates && op.answer === 'string' ? [op.name] : [])),
);

/** A way in to the console from the landing page: the search when the family has one, else its first operation, opened. */
function tryHref(page: FamilyPage): { href: string; operation: string } | undefined {
  const entries = [...page.operationHrefs];
  // The V2 search's name (`x-flow-role: search`), which V3 and the observed flavours keep.
  const search = `/${operationWithRole('v2-pt', 'search')}`;
  const [route, href] = entries.find(([key]) => key.endsWith(search)) ?? entries[0] ?? [];
  if (route === undefined || href === undefined) return undefined;
  const hash = href.indexOf('#');
  if (hash < 0) return undefined;
  return { operation: route.slice(route.lastIndexOf('/') + 1), href: `${href.slice(0, hash)}?try${href.slice(hash)}` };
}

function familyCard(family: LandingFamily): Html {
  const page = family.page;
  const trial = page ? tryHref(page) : undefined;
  const body = page
    ? html`<dl class="card-stats">
        <div><dt>Operations</dt><dd>${page.coverage.counts.operations}</dd></div>
        <div><dt>Requests</dt><dd>${coverageBar(page.coverage.counts, 'request')} ${barCaption(page.coverage.counts, 'request')}</dd></div>
        <div><dt>Responses</dt><dd>${coverageBar(page.coverage.counts, 'response')} ${barCaption(page.coverage.counts, 'response')}</dd></div>
      </dl>
      <p class="card-links"><a class="button" href="${page.href}">Open the reference</a>${
        trial ? html` <a href="${trial.href}" data-try="${trial.operation}">Try ${trial.operation} in the console</a>` : ''
      } <a href="#coverage-${family.id}">Coverage</a>
        <a href="openapi/${family.id}.yaml" data-bundle="yaml">YAML</a> <a href="openapi/${family.id}.json" data-bundle="json">JSON</a>${
          hasCollection(family.id) ? html` <a href="${collectionFile(family.id)}" data-postman>Postman</a>` : ''
        }</p>
      ${observedAside(page)}`
    : html`<p class="missing">No reference page in this build: the family's document is not part of it yet.</p>`;
  return html`<article class="card${page ? '' : ' card-missing'}" data-family="${family.id}">
    <header>${statusPill(family.status)}${family.prefix ? html` <code>${family.prefix}</code>` : ''}</header>
    <h3>${page ? html`<a href="${page.href}">${family.title}</a>` : family.title}</h3>
    ${family.statusNote ? html`<p class="status-note">${family.statusNote}</p>` : ''}
    ${body}
  </article>`;
}

function familiesSection(model: LandingModel): Html {
  return html`<section id="families">
    <h2>Route families</h2>
    <p>Each route family has its own OpenAPI document and reference page. New integrations use the
    official V2 Portuguese route; the status tells what each of the others is for (Part 9 of the interface description).</p>
    <div class="cards">${model.families.map(familyCard)}</div>
  </section>`;
}

function migrationTable(model: LandingModel): Html {
  const rows = model.migration;
  if (rows.length === 0) {
    return html`<p class="missing" data-table="migration">The legacy family's document is not part of this build, so the
    operation-by-operation table cannot be computed yet; the rules above apply to every operation.</p>`;
  }
  const targetCell = (row: ReplacementRow): Html => {
    if (row.kind === 'none') return html`<span class="none">No V2 equivalent</span>`;
    if (row.kind === 'unstated') return html`<span class="none">No replacement stated</span>`;
    if (!row.replacement) {
      return html`<code>${row.target?.operationId ?? row.target?.path ?? ''}</code> <span class="warn">not in any document of this build</span>`;
    }
    return html`${opLink(row.replacement)}<br>${route(row.replacement)}`;
  };
  const noteCell = (row: ReplacementRow): Html => {
    if (row.kind === 'replaced') {
      const same = row.replacement?.operationId === row.legacy.operationId;
      return same ? html`Same operation name (rule 1).` : html`Named by the legacy document.`;
    }
    // Part 9, rule 4 names Autenticar (the operation answering the bare token); every other reason is in the operation's own description.
    const rule4 = TOKEN_OPERATIONS.has(row.legacy.path.split('/').pop() ?? '')
      ? html`Rule 4: drop the call and send <code>Login</code> and <code>Senha</code> in every body. `
      : '';
    return html`${rule4}See <a href="${row.legacy.href}">its description</a>.`;
  };
  return html`<div class="table-wrap"><table data-table="migration" class="migration">
    <thead><tr><th>Legacy operation</th><th>On the V2 Portuguese route</th></tr></thead>
    <tbody>${rows.map(
      (row) => html`<tr data-legacy="${row.legacy.operationId}" data-kind="${row.kind}">
        <td>${opLink(row.legacy)}<br>${route(row.legacy)}</td>
        <td>${targetCell(row)}<div class="note">${noteCell(row)}</div></td>
      </tr>`,
    )}</tbody>
  </table></div>`;
}

function mirrorSection(model: LandingModel): Html {
  const { rows, unmirrored } = model.mirrors;
  const table =
    rows.length === 0
      ? html`<p class="missing" data-table="mirror">The V2 English family's document is not part of this build, so the table
        of English and Portuguese names cannot be computed yet.</p>`
      : html`<div class="table-wrap"><table data-table="mirror">
        <thead><tr><th>English operation</th><th>Portuguese operation</th><th>Basis</th></tr></thead>
        <tbody>${rows.map(
          (row) => html`<tr data-english="${row.english.operationId}" data-inferred="${row.inferred === null ? 'no' : 'yes'}">
            <td>${opLink(row.english)}</td>
            <td>${row.portuguese ? opLink(row.portuguese) : html`<code>${row.target?.operationId ?? row.target?.path ?? ''}</code> <span class="warn">not in any document of this build</span>`}</td>
            <td>${row.inferred === null ? 'Stated' : html`<span class="inferred">Inferred</span>${typeof row.inferred === 'string' ? html` ${inlineCode(row.inferred)}` : ''}`}</td>
          </tr>`,
        )}</tbody>
      </table></div>`;
  const rest = unmirrored
    .filter((u) => u.operations.length > 0)
    .map(
      (u) => html`<p>${u.operations.length === 1 ? 'The other operation' : `The other ${u.operations.length} operations`} of the
      ${familyTitleOf(model, u.familyId)} ${u.operations.length === 1 ? 'has' : 'have'} no published English name:
      ${u.operations.map((op, i) => html`${i > 0 ? ', ' : ''}${opLink(op)}`)}.</p>`,
    );
  return html`<section id="english-portuguese">
    <h2>English and Portuguese operation names</h2>
    <p>The V2 English route (<code>/api/V2/Flights</code>) mirrors the Portuguese one with English names. The interface
    description lists the English operations but does not pair them with the Portuguese ones: every pairing below is read
    from the English document's <code>x-mirror-of</code> and is an <strong>inference</strong> where marked
    <code>x-inferred</code>. The names of the credential fields in English bodies are not published.</p>
    ${table}
    ${rest}
  </section>`;
}

function familyTitleOf(model: LandingModel, id: string): string {
  return model.families.find((f) => f.id === id)?.title ?? id;
}

function countCell(family: string, part: 'request' | 'response', state: CoverageState, value: number): Html {
  return html`<td class="num" data-family="${family}" data-part="${part}" data-state="${state}">${value}</td>`;
}

function sourcePill(state: SourceState, href?: string): Html {
  const pill = html`<span class="state state-${state}">${SOURCE_LABELS[state]}</span>`;
  return href ? html`<a class="pill-link" href="${href}">${pill}</a>` : pill;
}

/** A part's cell: its published state and, where the family has an observed flavour, where its types come from. */
function partCell(page: FamilyPage, state: CoverageState, source: PartSource, key: string): Html {
  if (!page.sources.hasObservedLayer || !page.observed) return statePill(state);
  const observedHref = source.observed ? (page.observed.operationHrefs.get(key) ?? page.observed.href) : undefined;
  const extra =
    source.state === 'published' && source.observed
      ? html` <a class="also-observed" href="${observedHref ?? page.observed.href}">+ observed</a>`
      : '';
  const backing = source.observed
    ? html` <span class="observed-sources" title="${source.observed.sources.map((s) => `${s.source}: ${s.seen} of ${s.of}`).join('; ')}">${source.observed.sources.length} source${source.observed.sources.length === 1 ? '' : 's'}</span>`
    : '';
  return html`${statePill(state)}<br>${sourcePill(source.state, source.state === 'observed' ? observedHref : undefined)}${extra}${backing}`;
}

function sourcesSection(built: readonly LandingFamily[]): Html {
  const observedFamilies = built.filter((f) => f.page?.observed);
  return html`<section class="coverage-sources" id="${SOURCES_ANCHOR}">
    <h3>Published, observed only or unknown</h3>
    <p>Where each payload's types come from. Computed from the <code>x-undocumented</code> markers of the published
    documents and the <code>x-observed</code> records of the observed flavour${observedFamilies.length === 1 ? '' : 's'}
    (${observedFamilies.length === 0 ? 'none in this build' : observedFamilies.map((f, i) => html`${i > 0 ? ', ' : ''}<a href="${f.page?.observed?.href ?? ''}">${f.page?.observed?.title ?? ''}</a>`)}):</p>
    <ul class="legend">
      <li>${sourcePill('published')} the provider's document types it (documented or partly documented above).</li>
      <li>${sourcePill('observed')} the provider publishes nothing of it; the observed flavour types it from captured sandbox
      traffic. Observed, not promised: other agencies, suppliers or production may differ.</li>
      <li>${sourcePill('unknown')} neither: not published and not observed.</li>
    </ul>
    <p>Route families without an observed flavour are published or unknown.</p>
    <div class="table-wrap"><table class="coverage-summary" data-table="coverage-sources">
      <thead><tr><th>Family</th><th class="num">Operations</th><th>Part</th>${SOURCE_STATES.map(
        (s) => html`<th class="num"><span class="dot state-${s}">${SOURCE_LABELS[s]}</span></th>`,
      )}</tr></thead>
      ${built.map((f) => {
        const page = f.page as FamilyPage;
        const counts = page.sources.counts;
        const cell = (part: 'request' | 'response', state: SourceState) =>
          html`<td class="num" data-family="${f.id}" data-part="${part}" data-state="${state}">${counts[part][state]}</td>`;
        return html`<tbody data-family="${f.id}">
          <tr><th scope="rowgroup" rowspan="2"><a href="#coverage-${f.id}">${f.title}</a>${page.observed ? html`<br><a class="also-observed" href="${page.observed.href}">with its observed flavour</a>` : ''}</th>
            <td class="num" rowspan="2" data-family="${f.id}" data-part="operations">${counts.operations}</td>
            <td class="part">Requests</td>${SOURCE_STATES.map((s) => cell('request', s))}</tr>
          <tr><td class="part">Responses</td>${SOURCE_STATES.map((s) => cell('response', s))}</tr>
        </tbody>`;
      })}
    </table></div>
  </section>`;
}

const FACT_KINDS = ['stated', 'inferred', 'undocumented'] as const;

function factsSection(built: readonly LandingFamily[]): Html {
  const traced = built.filter((f) => f.page?.traces);
  if (traced.length === 0) return html``;
  return html`<section class="coverage-facts" id="coverage-facts">
    <h3>Where each fact comes from</h3>
    <p>Every operation, schema, property, response and example of a published document cites its source, and the build
    fails on one that does not. Counted at build time from the bundles:</p>
    <ul class="legend">
      <li><strong>${TRACE_LABELS.stated}</strong>: <code>x-source</code> only, the part of the interface description that states it.</li>
      <li><strong>${TRACE_LABELS.inferred}</strong>: <code>x-inferred</code>, with the reason it is assumed (beside the part it is drawn from).</li>
      <li><strong>${TRACE_LABELS.undocumented}</strong>: <code>x-undocumented</code>, an open object for what the provider does not publish.</li>
    </ul>
    <div class="table-wrap"><table class="coverage-summary" data-table="coverage-facts">
      <thead><tr><th>Family</th><th class="num">Facts</th>${FACT_KINDS.map((k) => html`<th class="num">${TRACE_LABELS[k]}</th>`)}</tr></thead>
      <tbody>${traced.map((f) => {
        const counts = f.page?.traces as TraceCounts;
        return html`<tr data-family="${f.id}"><th scope="row"><a href="#coverage-${f.id}">${f.title}</a></th>
          <td class="num" data-family="${f.id}" data-kind="facts">${counts.facts}</td>${FACT_KINDS.map(
            (k) => html`<td class="num" data-family="${f.id}" data-kind="${k}">${counts[k]}</td>`,
          )}</tr>`;
      })}</tbody>
    </table></div>
  </section>`;
}

function coverageSection(model: LandingModel): Html {
  const built = model.families.filter((f) => f.page !== null);
  const summary = html`<div class="table-wrap"><table class="coverage-summary" data-table="coverage-summary">
    <thead><tr><th>Family</th><th class="num">Operations</th><th>Part</th>${COVERAGE_STATES.map(
      (s) => html`<th class="num"><span class="dot state-${s}">${SHORT_LABELS[s]}</span></th>`,
    )}</tr></thead>
    ${built.map((f) => {
      const counts = (f.page as FamilyPage).coverage.counts;
      return html`<tbody data-family="${f.id}">
        <tr><th scope="rowgroup" rowspan="2"><a href="#coverage-${f.id}">${f.title}</a></th>
          <td class="num" rowspan="2" data-family="${f.id}" data-part="operations">${counts.operations}</td>
          <td class="part">Requests</td>${COVERAGE_STATES.map((s) => countCell(f.id, 'request', s, counts.request[s]))}</tr>
        <tr><td class="part">Responses</td>${COVERAGE_STATES.map((s) => countCell(f.id, 'response', s, counts.response[s]))}</tr>
      </tbody>`;
    })}
  </table></div>`;

  const perFamily = built.map((f) => {
    const page = f.page as FamilyPage;
    const { operations, counts } = page.coverage;
    const sourceOf = new Map(page.sources.operations.map((o) => [`${o.method} ${o.path}`, o]));
    return html`<section class="coverage-family" id="coverage-${f.id}" data-family="${f.id}">
      <h3>${f.title} ${statusPill(f.status)}</h3>
      <p class="bars"><span>Requests ${coverageBar(counts, 'request')} ${barCaption(counts, 'request')}</span> <span>Responses ${coverageBar(counts, 'response')} ${barCaption(counts, 'response')}</span></p>
      <details>
        <summary>${counts.operations} operation${counts.operations === 1 ? '' : 's'}, one by one</summary>
        <div class="table-wrap"><table data-table="coverage-operations" data-family="${f.id}">
          <thead><tr><th>Operation</th><th>Group</th><th>Request</th><th>Response</th></tr></thead>
          <tbody>${operations.map((op) => {
            const key = `${op.method} ${op.path}`;
            const href = page.operationHrefs.get(key) ?? page.href;
            const source = sourceOf.get(key) as (typeof page.sources.operations)[number];
            return html`<tr data-operation="${op.operationId}" data-request="${op.request.state}" data-response="${op.response.state}"
              data-request-source="${source.request.state}" data-response-source="${source.response.state}">
              <td><a href="${href}"><code>${op.operationId}</code></a>${op.deprecated ? html` <span class="deprecated">Deprecated</span>` : ''}</td>
              <td>${op.tags[0] ?? ''}</td>
              <td>${partCell(page, op.request.state, source.request, key)}</td>
              <td>${partCell(page, op.response.state, source.response, key)}</td>
            </tr>`;
          })}</tbody>
        </table></div>
      </details>
    </section>`;
  });

  return html`<section id="coverage">
    <h2>Coverage report</h2>
    <p>How much of each payload the provider publishes, per operation, for the request and the response. Computed at
    build time from the bundled documents' <code>x-undocumented</code> markers, never typed by hand:</p>
    <ul class="legend">
      <li>${statePill('documented')} no marker: every field is published.</li>
      <li>${statePill('partial')} some fields are published and some are not: an open object with some published fields (for example the credentials, or the search fields), or fields whose type is not published.</li>
      <li>${statePill('unpublished')} an open object with no published field: do not rely on any field.</li>
      <li>${statePill('absent')} the operation has no body there.</li>
    </ul>
    <p>The response column reads the success response; HTTP status codes, error codes and error bodies are not published for any operation.</p>
    ${built.length === 0 ? html`<p class="missing">No family is part of this build.</p>` : summary}
    ${built.length === 0 ? '' : sourcesSection(built)}
    ${factsSection(built)}
    ${perFamily}
  </section>`;
}

/** The certification flows: observed, never published; a link and a sentence. */
function flowsSection(flows: NonNullable<LandingModel['flows']>): Html {
  return html`<section id="certification-flows">
      <h2>Certification flows</h2>
      <aside class="observed-flavour" data-observed="${flows.href}">
        <p>${statusPill(OBSERVED_STATUS)}</p>
        <p>${flows.scenarios} homologation scenarios as one integration captured them on the sandbox, step by step, with the fields each
        request takes from an earlier answer. The provider publishes no flow.</p>
        <p class="card-links"><a href="${flows.href}">Open the certification flows</a></p>
      </aside>
    </section>`;
}

const NAV: Array<[string, string]> = [
  ['getting-started', 'Getting started'],
  ['families', 'Route families'],
  ['authentication', 'Authentication'],
  ['migration', 'Migrating from legacy'],
  ['english-portuguese', 'English and Portuguese names'],
  ['dates', 'Date formats'],
  ['coverage', 'Coverage report'],
];

export function renderLanding(model: LandingModel): string {
  const page = html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Air travel booking API — reference</title>
<style>${trusted(LANDING_CSS)}</style>
</head>
<body>
<header class="hero">
  <div class="hero-inner">
    <p class="eyebrow">Reference documentation</p>
    <h1>Air travel booking API</h1>
    ${model.fragments.intro}
  </div>
</header>
<div class="layout">
  <nav class="toc" aria-label="Contents">
    <p class="toc-title">On this page</p>
    <ol>${NAV.map(([id, label]) => html`<li><a href="#${id}">${label}</a></li>`)}</ol>
    <p class="toc-title">Reference pages</p>
    <ul>${model.families
      .filter((f) => f.page)
      .map(
        (f) =>
          html`<li><a href="${f.page?.href ?? ''}">${f.title}</a></li>${
            f.page?.observed
              ? html`<li class="toc-observed"><a href="${f.page.observed.href}">Observed flavour <span>(not published)</span></a></li>`
              : ''
          }`,
      )}${model.flows ? html`<li class="toc-observed"><a href="${model.flows.href}">Certification flows <span>(observed)</span></a></li>` : ''}</ul>
  </nav>
  <main>
    <section id="getting-started">
      <h2>Getting started</h2>
      <article class="card getting-started">${model.fragments.gettingStarted}</article>
    </section>
    ${familiesSection(model)}
    ${model.flows ? flowsSection(model.flows) : ''}
    <section id="authentication">
      <h2>Authentication</h2>
      ${model.fragments.authentication}
    </section>
    <section id="migration">
      <h2>Migrating from the legacy service to V2</h2>
      ${model.fragments.migration}
      <h3>Operation by operation</h3>
      <p>Read from the legacy document's <code>x-replaced-by</code> on each deprecated operation.</p>
      ${migrationTable(model)}
    </section>
    ${mirrorSection(model)}
    <section id="dates">
      <h2>Date formats</h2>
      ${model.fragments.dates}
    </section>
    ${coverageSection(model)}
    <footer class="page-footer">
      <p>Generated by <code>npm run build</code> from the OpenAPI documents under <code>spec/</code>. Do not edit this page by hand.</p>
    </footer>
  </main>
</div>
</body>
</html>
`;
  return page.value;
}
