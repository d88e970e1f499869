// Styles of the landing page, inlined so the page needs nothing from the network:
// system fonts only, a readable measure, quiet colours, status colours shared with
// the reference pages' family bar.

export const LANDING_CSS = `
:root {
  --ink: #1b2333; --muted: #5a6578; --line: #e3e7ee; --paper: #ffffff; --wash: #f6f8fb;
  --accent: #1f5fd1; --navy: #172033;
  --documented: #137a48; --partial: #b7791f; --unpublished: #8a94a6; --absent: #c9ced8; --observed: #6a3fc1;
  --sans: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif;
  --mono: ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", Menlo, Consolas, monospace;
}
* { box-sizing: border-box; }
html { scroll-behavior: smooth; scroll-padding-top: 16px; }
body { margin: 0; background: var(--paper); color: var(--ink); font: 16.5px/1.65 var(--sans); -webkit-font-smoothing: antialiased; }
a { color: var(--accent); text-decoration-thickness: 1px; text-underline-offset: 2px; }
a:hover { text-decoration-thickness: 2px; }
code { font: 0.86em/1.4 var(--mono); background: var(--wash); border: 1px solid var(--line); border-radius: 4px; padding: 0.05em 0.35em; }
pre { font: 13.5px/1.55 var(--mono); background: var(--navy); color: #e6ebf5; border-radius: 8px; padding: 16px 18px; overflow-x: auto; }
pre code { background: none; border: 0; padding: 0; color: inherit; font-size: inherit; }
h1, h2, h3 { line-height: 1.25; letter-spacing: -0.01em; }
h2 { font-size: 1.6rem; margin: 0 0 0.6em; padding-top: 0.2em; }
h3 { font-size: 1.15rem; margin: 1.8em 0 0.5em; }
p, ul, ol { margin: 0 0 1em; }
li { margin: 0.25em 0; }
strong { font-weight: 650; }

.hero { background: var(--navy); color: #e6ebf5; }
.hero-inner { max-width: 1180px; margin: 0 auto; padding: 44px 32px 36px; }
.hero h1 { font-size: 2.5rem; margin: 0 0 0.35em; color: #fff; }
.hero p { max-width: 46em; font-size: 1.1rem; color: #c4cde0; }
.hero a { color: #b9cdf5; }
.hero code { background: rgba(255,255,255,0.08); border-color: rgba(255,255,255,0.15); color: #fff; }
.eyebrow { text-transform: uppercase; letter-spacing: 0.12em; font-size: 0.8rem !important; font-weight: 600; color: #8fb0f0 !important; margin-bottom: 0.6em; }

.layout { max-width: 1180px; margin: 0 auto; padding: 0 32px; display: grid; grid-template-columns: 236px minmax(0, 1fr); gap: 48px; }
.toc { position: sticky; top: 0; align-self: start; padding: 40px 0; font-size: 0.92rem; }
.toc ol, .toc ul { list-style: none; padding: 0; margin: 0 0 1.6em; }
.toc li { margin: 0; }
.toc a { display: block; padding: 4px 10px; border-left: 2px solid var(--line); color: var(--muted); text-decoration: none; }
.toc a:hover { color: var(--ink); border-left-color: var(--accent); }
.toc .toc-observed a { padding-left: 22px; font-size: 0.86rem; color: var(--observed); }
.toc .toc-observed span { color: var(--muted); }
.toc-title { font-size: 0.75rem; text-transform: uppercase; letter-spacing: 0.1em; color: var(--muted); font-weight: 600; margin: 0 0 0.5em; }
main { padding: 40px 0 64px; min-width: 0; }
main > section { max-width: 860px; margin-bottom: 64px; }
main > section#coverage { max-width: 980px; }
main > section > p, main > section > ul, main > section > ol { max-width: 44em; }

.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(340px, 1fr)); gap: 18px; margin-top: 1.4em; }
.card { border: 1px solid var(--line); border-radius: 12px; padding: 18px 20px 16px; background: var(--paper); box-shadow: 0 1px 2px rgba(23,32,51,0.04); }
.card header { display: flex; align-items: center; gap: 10px; flex-wrap: wrap; }
.card h3 { margin: 0.6em 0 0.3em; font-size: 1.1rem; }
.card h3 a { color: var(--ink); text-decoration: none; }
.card h3 a:hover { color: var(--accent); }
.card .status-note { color: var(--muted); font-size: 0.93rem; margin-bottom: 0.8em; }
.card-missing { background: var(--wash); border-style: dashed; }
.getting-started .start-steps { display: grid; grid-template-columns: repeat(auto-fit, minmax(300px, 1fr)); gap: 6px 28px; }
.getting-started .start-step h3 { margin: 0.4em 0 0.2em; font-size: 1.05rem; }
.getting-started .start-step p { color: var(--muted); font-size: 0.93rem; }
.getting-started pre { font-size: 12.5px; white-space: pre-wrap; overflow-wrap: anywhere; }
.observed-flavour { margin: 14px 0 0; padding: 10px 14px 12px; border: 1px dashed var(--observed); border-radius: 10px; background: #faf7ff; font-size: 0.9rem; }
.observed-flavour p { margin: 0 0 0.5em; }
.observed-flavour p:last-child { margin: 0; }
.observed-flavour .card-links { flex-wrap: wrap; gap: 4px 16px; }
.observed-flavour .card-links a { color: var(--observed); font-weight: 600; white-space: nowrap; }
.observed-flavour .observed-source { color: var(--muted); font-size: 0.85rem; overflow-wrap: anywhere; }
.card-stats { margin: 0 0 0.9em; display: grid; gap: 6px; }
.card-stats div { display: grid; grid-template-columns: 90px 1fr; align-items: center; }
.card-stats dt { color: var(--muted); font-size: 0.85rem; }
.card-stats dd { margin: 0; font-weight: 600; display: flex; align-items: center; gap: 10px; min-width: 0; }
.bar-caption { font-size: 0.8rem; font-weight: 500; line-height: 1.3; color: var(--muted); min-width: 0; }
.card-links { margin: 0; display: flex; gap: 14px; align-items: center; font-size: 0.93rem; }
.button { display: inline-block; background: var(--accent); color: #fff; padding: 6px 14px; border-radius: 6px; text-decoration: none; font-weight: 600; }
.button:hover { background: #174bab; }
.missing { color: var(--muted); font-style: italic; }
.warn { color: #b42318; font-size: 0.88rem; }

.status { display: inline-block; padding: 1px 9px; border-radius: 999px; font-size: 0.72rem; font-weight: 700; letter-spacing: 0.05em; text-transform: uppercase; background: #475467; color: #fff; vertical-align: 0.12em; }
.status-official { background: #137a48; }
.status-mirror { background: #2458c6; }
.status-lean { background: #6a3fc1; }
.status-older { background: #a15c07; }
.status-deprecated { background: #b42318; }
.status-observed { background: var(--observed); text-transform: none; letter-spacing: 0.01em; font-size: 0.78rem; }

.state { display: inline-block; white-space: nowrap; font-size: 0.8rem; font-weight: 600; padding: 0 8px; border-radius: 999px; line-height: 1.7; }
.state::before { content: ""; display: inline-block; width: 7px; height: 7px; border-radius: 50%; margin-right: 6px; vertical-align: 0.08em; background: currentColor; }
.state-documented { color: var(--documented); background: #e7f5ee; }
.state-partial { color: #8a5a12; background: #fbf1de; }
.state-unpublished { color: #5a6578; background: #eef0f4; }
.state-absent { color: #7b8494; background: #f6f7f9; }
.state-published { color: var(--documented); background: #e7f5ee; }
.state-observed { color: var(--observed); background: #f1ebfc; }
.state-unknown { color: #5a6578; background: #eef0f4; }
td .state + br + .state, td .state + br + .pill-link { margin-top: 4px; }
.pill-link { text-decoration: none; }
.pill-link .state { text-decoration: underline; text-decoration-thickness: 1px; text-underline-offset: 2px; }
.also-observed { font-size: 0.8rem; font-weight: 600; color: var(--observed); }
.bar { display: inline-flex; width: 112px; flex: none; height: 9px; border-radius: 999px; overflow: hidden; background: var(--line); vertical-align: middle; }
.bar .seg { display: block; height: 100%; }
.bar .state-documented { background: var(--documented); }
.bar .state-partial { background: var(--partial); }
.bar .state-unpublished { background: var(--unpublished); }
.bar .state-absent { background: var(--absent); }
.legend { list-style: none; padding: 0; }
.legend li { margin: 0.4em 0; }
.legend .state { min-width: 9.5em; margin-right: 8px; }

.table-wrap { overflow-x: auto; margin: 1em 0 1.4em; border: 1px solid var(--line); border-radius: 10px; }
table { border-collapse: collapse; width: 100%; font-size: 0.93rem; }
th, td { text-align: left; vertical-align: top; padding: 9px 14px; border-bottom: 1px solid var(--line); }
thead th { background: var(--wash); font-size: 0.8rem; text-transform: uppercase; letter-spacing: 0.05em; color: var(--muted); font-weight: 600; }
tbody:last-child tr:last-child > * { border-bottom: 0; }
tbody tr:hover { background: #fafbfd; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
thead th .state { text-transform: none; letter-spacing: 0; }
.coverage-summary tbody th { font-weight: 600; vertical-align: middle; }
.coverage-summary td[rowspan] { vertical-align: middle; font-weight: 600; }
.coverage-summary tbody tr:first-child > * { border-top: 1px solid var(--line); }
.coverage-summary tbody tr:first-child > [rowspan] { border-bottom: 0; }
.coverage-summary td.part { color: var(--muted); }
.coverage-summary td.num { font-size: 1rem; }
.coverage-summary thead th { white-space: nowrap; }
.dot { text-transform: none; letter-spacing: 0; font-size: 0.85rem; background: none !important; }
.coverage-summary tbody th { min-width: 10em; }
.coverage-summary th, .coverage-summary td { padding: 8px 11px; }
.dot::before { content: ""; display: inline-block; width: 8px; height: 8px; border-radius: 50%; margin-right: 6px; vertical-align: 0.05em; background: currentColor; }
.dot.state-documented { color: var(--documented); }
.dot.state-partial { color: #8a5a12; }
.dot.state-unpublished { color: #5a6578; }
.dot.state-absent { color: #7b8494; }
.dot.state-published { color: var(--documented); }
.dot.state-observed { color: var(--observed); }
.dot.state-unknown { color: #5a6578; }
.coverage-summary td[data-state="published"] { border-left: 1px solid var(--line); }
.coverage-sources { margin-top: 2.2em; }
.coverage-sources h3 { margin-top: 0; }
.coverage-summary td[data-state="documented"] { border-left: 1px solid var(--line); }
.coverage-family { margin-top: 2em; }
.coverage-family h3 { margin: 0 0 0.4em; display: flex; align-items: center; gap: 10px; }
.coverage-family .bars { display: flex; gap: 28px; flex-wrap: wrap; color: var(--muted); font-size: 0.9rem; }
.coverage-family .bars .bar { margin: 0 8px; }
details summary { cursor: pointer; color: var(--accent); font-weight: 600; font-size: 0.95rem; }
details[open] summary { margin-bottom: 0.3em; }
.route { white-space: nowrap; font-size: 0.8em; color: var(--muted); background: none; border: 0; padding: 0; }
.none { color: var(--muted); font-weight: 600; }
.migration td { width: 50%; }
.migration .note { margin-top: 4px; color: var(--muted); font-size: 0.86rem; }
.deprecated { font-size: 0.72rem; font-weight: 700; text-transform: uppercase; letter-spacing: 0.04em; color: #b42318; }
.inferred { display: inline-block; font-size: 0.72rem; font-weight: 700; text-transform: uppercase; letter-spacing: 0.04em; color: #6a3fc1; background: #f1ebfc; padding: 0 7px; border-radius: 4px; }

.callout { border-left: 3px solid var(--accent); background: #f3f7fe; padding: 12px 16px; border-radius: 0 8px 8px 0; margin: 0 0 1.2em; }
.callout.observed { border-left-color: #6a3fc1; background: #f7f3fe; }
.callout.unpublished { border-left-color: var(--unpublished); background: var(--wash); }
.callout > :last-child { margin-bottom: 0; }
.callout-title { font-weight: 650; margin-bottom: 0.3em !important; }
dl.fields { display: grid; grid-template-columns: max-content 1fr; gap: 6px 18px; margin: 0 0 1.2em; }
dl.fields dt { font-weight: 600; }
dl.fields dd { margin: 0; }

.page-footer { border-top: 1px solid var(--line); padding-top: 18px; color: var(--muted); font-size: 0.88rem; }

@media (max-width: 900px) {
  .layout { grid-template-columns: 1fr; gap: 0; }
  .toc { position: static; padding-bottom: 0; }
  .hero-inner { padding: 40px 24px 32px; }
  .layout { padding: 0 24px; }
}
`;
