// Prompts: the certification scenario (search to issuance, in the captures' order) on the in-process mock, and
// a legacy call's migration to V2 by the rules of Part 9 (migration.ts).
import type { GetPromptResult, Prompt } from '@modelcontextprotocol/sdk/types.js';
import { MigrationError } from '../errors.ts';
import { credentialKind, limitBroken, operationWithRole } from '../lib/contract-index.ts';
import { PACKAGE_ROOT } from '../lib/layout.ts';
import { bookingChain } from '../scenarios/chain.ts';
import { readLineage } from '../scenarios/lineage.ts';
import { migrateLegacyCall } from '../migration.ts';
import type { Redactor } from '../redact.ts';
import type { OperationTool } from './tools.ts';

const SCENARIO = 'certification_scenario';
const MIGRATION = 'migrate_legacy_call';
/** The scenario's steps in the captures' order, search to the lookup after issuance, with what each takes from an earlier answer (the lineage). */
const CHAIN = bookingChain(readLineage(PACKAGE_ROOT));
// The scenario's own steps by flow role (`x-flow-role` in the contract index).
const SEARCH = operationWithRole('v2-pt', 'search');
const BOOK = operationWithRole('v2-pt', 'book');
const STEPS = CHAIN.slice(
  CHAIN.findIndex((s) => s.operation === SEARCH),
  CHAIN.findIndex((s) => s.operation === operationWithRole('v2-pt', 'lookup')) + 1,
);

/** `IdentificacaoDaViagem from Disponibilidade's ViagensTrecho1[].IdentificacaoDaViagem` */
const takesText = (step: (typeof STEPS)[number]): string =>
  step.takes.map((t) => `${t.field} from ${t.fromOperation}'s ${t.fromField}${t.always ? '' : ' (when the trip has it)'}`).join(', ');

function userText(description: string, text: string): GetPromptResult {
  return { description, messages: [{ role: 'user', content: { type: 'text', text } }] };
}

export function promptsOf(served: string, tools: readonly OperationTool[], redactor: Redactor) {
  const names = new Set(tools.map((t) => t.name));
  return {
    list(): Prompt[] {
      return [
        {
          name: SCENARIO,
          title: 'Certification scenario on the mock',
          description:
            "Search, price, book and issue through the v2-pt tools on the in-process mock, in the captured flows' order, checking each answer.",
          arguments: [
            { name: 'origin', description: 'Origin airport code (default GRU)' },
            { name: 'destination', description: 'Destination airport code (default GIG)' },
            { name: 'date', description: 'Departure date, ISO 8601 (default 2026-05-20T00:00:00)' },
          ],
        },
        {
          name: MIGRATION,
          title: 'Migrate a legacy call to V2',
          description: 'The V2 Portuguese call that replaces a legacy AereoNoSession.svc call (Part 9), and the tool to make it with.',
          arguments: [
            { name: 'path', description: 'The legacy path or URL, e.g. /AereoNoSession.svc/MarcarAssentos', required: true },
            { name: 'body', description: 'The legacy body, as JSON text', required: true },
          ],
        },
      ];
    },
    /** The prompt, or why the arguments cannot make one. */
    get(name: string, args: Record<string, string>): GetPromptResult | string {
      if (name === SCENARIO) {
        const missing = STEPS.filter((step) => !names.has(step.operation));
        const origin = args.origin || 'GRU';
        const destination = args.destination || 'GIG';
        const date = args.date || '2026-05-20T00:00:00';
        const lines = [
          'Run the certification scenario with the tools of this server, one step at a time, in the order the captured flows ran it (observed, not published):',
          `1. Call ${SEARCH} with {"Origem": ${JSON.stringify(origin)}, "Destino": ${JSON.stringify(destination)}, "DataIda": ${JSON.stringify(date)}, "QuantidadeAdultos": 1}.`,
          ...STEPS.slice(1).map(
            (step, i) =>
              `${i + 2}. Call ${step.operation}${step.takes.length > 0 ? ` with ${takesText(step)}` : ''}${step.operation === BOOK ? ', and the passengers' : ''}.`,
          ),
          'After each step, report its status and any problem or violation in the result; stop at the first status that is not 2xx.',
          'Do not pass Login, Senha, ClienteId or developer headers: the server adds them.',
        ];
        if (!served.startsWith('v2-pt') || missing.length > 0)
          lines.push(`This server serves ${served}: start it with --family v2-pt (without --base-url) to run the scenario on the mock.`);
        return userText('Search, price, book and issue on the mock', lines.join('\n'));
      }
      if (name === MIGRATION) {
        let body: unknown;
        try {
          body = JSON.parse(args.body ?? '');
        } catch {
          return 'body must be JSON text: the legacy request body.';
        }
        // The package's limits, before the migration walks the body.
        const broken = limitBroken(body);
        if (broken) return `body: ${broken.detail}`;
        try {
          // Placeholders stand for the credentials: the server adds the real ones from its environment.
          const migrated = migrateLegacyCall(
            { path: String(args.path ?? ''), body: body as object },
            { credentials: { Login: 'FROM_ENVIRONMENT', Senha: 'FROM_ENVIRONMENT' } },
          );
          // The credential fields by the index (`x-credential`): the server adds them itself.
          const toolArgs = Object.fromEntries(
            Object.entries(migrated.body as Record<string, unknown>).filter(([key]) => credentialKind(key) === undefined),
          );
          const text = [
            `The legacy call becomes POST ${migrated.path} (Part 9: same operation name, same developer headers, Login and Senha in the body instead of the session token).`,
            `With this server's v2-pt tools, call ${migrated.operation} with these arguments (the server adds Login and Senha):`,
            JSON.stringify(redactor.value(toolArgs), null, 2),
            served === 'v2-pt' ? '' : `This server serves ${served}: start one with --family v2-pt to make the call.`,
          ].join('\n');
          return userText(`${migrated.operation}: legacy to V2`, text.trim());
        } catch (error) {
          if (error instanceof MigrationError)
            return userText('No V2 call', `This legacy call does not migrate: ${redactor.text(error.message)}.`);
          throw error;
        }
      }
      return `No prompt named ${JSON.stringify(name.slice(0, 80))}: the prompts are ${SCENARIO} and ${MIGRATION}.`;
    },
  };
}
