// What the sources show beyond bodies' types, gathered with their sources, for the
// observed flavours' notes and docs only (never the published contract):
// - operations public integrations call on the legacy route that the description does
//   not list there (spec/catalog.yaml, legacy services);
// - how integrations name the session token in later legacy bodies;
// - second-factor fields (security key or token) seen in real answers;
// - the plain text integrations encrypt into developer-access-code.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { routesOf, type Source } from './sources.ts';

export interface Backed {
  /** What is observed: an operation name, a field name or path, a form. */
  subject: string;
  /** `source (repository) file:line` or `source: operation body path`, one per place. */
  where: string[];
  sources: string[];
}

export interface ObservedFacts {
  legacyOperations: Backed[];
  sessionTokenFields: Backed[];
  secondFactorFields: Backed[];
  accessCodeForms: Backed[];
}

const SECOND_FACTOR = /(ChaveDeSeguranca|TokenDeSeguranca)/;

/** The operations the description lists on the legacy no-session service (spec/catalog.yaml). */
export function publishedLegacyOperations(specDir: string): Set<string> {
  const catalog = parse(readFileSync(path.join(specDir, 'catalog.yaml'), 'utf8')) as {
    families?: { legacy?: { services?: Array<{ prefix?: string; operations?: string[] }> } };
  };
  const service = catalog.families?.legacy?.services?.find((s) => s.prefix === '/AereoNoSession.svc');
  return new Set(service?.operations ?? []);
}

function add(list: Backed[], subject: string, source: Source, where: string): void {
  let entry = list.find((b) => b.subject === subject);
  if (!entry) list.push((entry = { subject, where: [], sources: [] }));
  entry.where.push(`${source.info.id} (${source.info.origin}) ${where}`);
  if (!entry.sources.includes(source.info.id)) entry.sources.push(source.info.id);
}

export function observedFacts(sources: readonly Source[], specDir: string): ObservedFacts {
  const published = publishedLegacyOperations(specDir);
  const out: ObservedFacts = { legacyOperations: [], sessionTokenFields: [], secondFactorFields: [], accessCodeForms: [] };
  for (const source of sources) {
    for (const fact of source.facts) {
      if (fact.kind === 'legacy-operation' && fact.operation && !published.has(fact.operation))
        add(out.legacyOperations, fact.operation, source, fact.where);
      if (fact.kind === 'session-token-field' && fact.field) add(out.sessionTokenFields, fact.field, source, fact.where);
      if (fact.kind === 'access-code-form' && fact.form) add(out.accessCodeForms, fact.form, source, fact.where);
    }
    // Bodies: an operation the source has legacy-route bodies of was called on the legacy route.
    for (const operation of Object.keys(source.operations)) {
      if (routesOf(source, operation).has('legacy') && !published.has(operation))
        add(out.legacyOperations, operation, source, `bodies of ${operation}`);
    }
    for (const [operation, bodies] of Object.entries(source.operations)) {
      for (const body of ['request', 'response'] as const) {
        for (const [fieldPath, stats] of Object.entries(bodies[body].fields)) {
          const last = fieldPath.slice(Math.max(fieldPath.lastIndexOf('.'), fieldPath.lastIndexOf(']')) + 1);
          if (SECOND_FACTOR.test(last))
            add(
              out.secondFactorFields,
              last,
              source,
              `${operation} ${body} ${fieldPath} (${stats.types.join('|')}, ${stats.present} of ${stats.of})`,
            );
        }
      }
    }
  }
  for (const list of Object.values(out))
    list.sort((a: Backed, b: Backed) => b.sources.length - a.sources.length || a.subject.localeCompare(b.subject));
  return out;
}

/** The facts as a Markdown section, each with the number of sources and where. */
export function factsMarkdown(facts: ObservedFacts): string {
  const list = (items: Backed[], say: (b: Backed) => string): string =>
    items.length === 0
      ? '- none seen'
      : items
          .map(
            (b) =>
              `- ${say(b)} — ${b.sources.length} source${b.sources.length === 1 ? '' : 's'} (${b.sources.map((s) => `\`${s}\``).join(', ')})`,
          )
          .join('\n');
  return [
    '### Observed facts, with their sources (not published by the provider)',
    `**Operations called on \`AereoNoSession.svc\` that the description does not list there** (it lists seats, ancillaries and authentication only):\n\n${list(facts.legacyOperations, (b) => `\`${b.subject}\``)}`,
    `**The session token in later legacy bodies** (the description names the field \`token\`, Part 4.5):\n\n${list(facts.sessionTokenFields, (b) => `\`${b.subject}\`, next to Login and Senha`)}`,
    `**Second-factor fields in real answers** (the description gives \`PosicaoCartaoDeSeguranca\` and the \`Token…\` fields of AutenticacaoRS, Part 2.5):\n\n${list(facts.secondFactorFields, (b) => `\`${b.subject}\``)}`,
    `**What integrations encrypt into \`developer-access-code\`** (not shown by the description, Part 5.9):\n\n${list(facts.accessCodeForms, (b) => `\`${b.subject}\``)}`,
    'Each source, file and line: `evidence/<source>/facts.json` and `docs/observed.md`.',
  ].join('\n\n');
}
