// The named, reusable schemas of the observed flavour, as data: which observed places
// each one stands for. Names are Portuguese, as on the route they type. Everything not
// listed here stays inline in its operation's schema.
import type { Body } from './evidence.ts';

export interface NamedPlace {
  operation: string;
  body: Body;
  /** Inventory path of the object ('' for the body itself). */
  path: string;
}

export interface NamedSchema {
  name: string;
  description: string;
  /** Every place the schema stands for; the observed operations' response bodies when `envelope`. */
  places: NamedPlace[] | 'every response body';
  /** Only these properties (the envelope is a part of every response body). */
  only?: readonly string[];
}

/** Keys every observed response carries (README: 81 of 81); kept out of the operations' own schemas. */
export const ENVELOPE_KEYS = ['Data', 'DataVersao', 'SessaoExpirada', 'Exception'] as const;

export const ENVELOPE = 'EnvelopeDeResposta';
export const EXCEPTION = 'ExcecaoDoServico';
/** A date in a response: the observed legacy token or the ISO 8601 form V2 publishes. */
export const RESPONSE_DATE = 'DataObservada';

/** The steps of a booking flow whose bodies hold named schemas (`x-flow-role` in spec/extensions.md). */
export type NamedRole = 'price' | 'book' | 'issue';

/** `withRole` gives the operation of a flow role, read from the contract: no operation name is written here. */
export function namedSchemas(operations: readonly string[], withRole: (role: NamedRole) => string): NamedSchema[] {
  const price = withRole('price');
  const book = withRole('book');
  const issue = withRole('issue');
  const exceptionPlaces = operations.map((operation) => ({ operation, body: 'response' as const, path: 'Exception' }));
  return [
    {
      name: ENVELOPE,
      description:
        "The fields every observed response carries at its root, next to the operation's own result: the server time (`Data`), a version date (`DataVersao`, `dd/MM/yyyy` in the captures, not the capture date), whether the session expired, and the error reported in the body (`Exception`, null on success).",
      places: 'every response body',
      only: ENVELOPE_KEYS,
    },
    {
      name: EXCEPTION,
      description:
        "An error reported in the body of an answer (`Exception`): the operation's result fields are then null or empty. The HTTP status of these answers was not captured.",
      places: exceptionPlaces,
    },
    {
      name: 'ClasseSelecionada',
      description:
        'A fare class chosen for one flight of the trip, outbound (`ClassesSelecionadas`) or return (`ClassesSelecionadasVolta`), sent to price and to book.',
      places: [
        { operation: price, body: 'request', path: 'ClassesSelecionadas[]' },
        { operation: price, body: 'request', path: 'ClassesSelecionadasVolta[]' },
        { operation: book, body: 'request', path: 'ClassesSelecionadas[]' },
        { operation: book, body: 'request', path: 'ClassesSelecionadasVolta[]' },
      ],
    },
    {
      name: 'Passageiro',
      description: 'A passenger of the booking request, with the infant on their lap when there is one.',
      places: [{ operation: book, body: 'request', path: 'Passageiros[]' }],
    },
    {
      name: 'InformacaoComplementarDePassageiro',
      description: 'Complementary data of a passenger of the booking request.',
      places: [{ operation: book, body: 'request', path: 'InformacoesComplementaresPassageiro[]' }],
    },
    {
      name: 'Contato',
      description: 'A contact of the booking request.',
      places: [{ operation: book, body: 'request', path: 'Contatos[]' }],
    },
    {
      name: 'PagamentoDaEmissao',
      description: 'Payment of the issuance: a form of payment, with card data when paying by card.',
      places: [{ operation: issue, body: 'request', path: 'Pagamento' }],
    },
    {
      name: 'CartaoDeCredito',
      description: 'Credit card data of a payment by card.',
      places: [{ operation: issue, body: 'request', path: 'Pagamento.CartaoDeCredito' }],
    },
  ];
}
