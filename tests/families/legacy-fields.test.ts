// Issue 3, item 6: the field tables of Parts 4.4 and 4.5 (with the fields of 2.1–2.3
// and 2.5 they refer to), name by name, type by type, required by required. Each
// expectation is typed here from the description; `shape()` computes the same form
// from the bundled legacy document.
//
// Conventions read from the description: a listed body field is required unless the
// description says it is optional (`ClienteId`/`clienteId` in Part 2.1 and 4.5,
// `Pagamento` "optional immediate payment"); the credentials of Part 2.1 travel in
// every legacy body; inside `AutenticacaoUsuario` only the `Login` and `Senha` that
// Part 4.5 writes out are required; a field with no published type is `untyped`;
// response fields are never required, as the description does not say which are
// always present.
import { describe, expect, test } from 'vitest';
import {
  bundled,
  obj,
  objectOf,
  operationNode,
  operationBody,
  requestSchema,
  responseSchema,
  shape,
  WITHOUT_LOGIN,
  type Shape,
} from './support.ts';

const doc = bundled('legacy');

type Fields = { [name: string]: Shape };
const closed = (properties: Fields, required: string[]): Shape => ({ properties, required: [...required].sort(), open: false });
const open = (properties: Fields, required: string[]): Shape => ({ properties, required: [...required].sort(), open: true });

// Part 2.1: the credential fields of every legacy body.
const credentials: Fields = { Login: 'string', Senha: 'string', ClienteId: 'integer' };
// Part 2.2: a seat object.
const assento = closed({ PaxID: 'string', TrechoID: 'string', AssentoLinha: 'string', AssentoColuna: 'string' }, [
  'PaxID',
  'TrechoID',
  'AssentoLinha',
  'AssentoColuna',
]);
// Part 2.3: the payment object.
const pagamento = closed({ FormaDePagamento: 'integer', ValorFaturado: 'number' }, ['FormaDePagamento', 'ValorFaturado']);

// Part 4.4, row by row.
const TABLE_4_4: { [operation: string]: Shape } = {
  ObterMapaDeAssentos: closed({ ...credentials, Localizador: 'string' }, ['Login', 'Senha', 'Localizador']),
  MarcarAssentos: closed({ ...credentials, Localizador: 'string', Assentos: { array: assento } }, [
    'Login',
    'Senha',
    'Localizador',
    'Assentos',
  ]),
  RemoverAssentos: closed({ ...credentials, Localizador: 'string', PaxID: 'string', TrechoID: 'string' }, [
    'Login',
    'Senha',
    'Localizador',
    'PaxID',
    'TrechoID',
  ]),
  DisponibilidadeDeServicoAuxiliar: closed({ ...credentials, Localizador: 'string', ServicoTipo: 'integer' }, [
    'Login',
    'Senha',
    'Localizador',
    'ServicoTipo',
  ]),
  TarifarServicoAuxiliar: closed({ ...credentials, DisponibilidadeId: 'string', Localizador: 'string', ServiceIds: { array: 'string' } }, [
    'Login',
    'Senha',
    'DisponibilidadeId',
    'Localizador',
    'ServiceIds',
  ]),
  GravarServicoAuxiliar: closed(
    { ...credentials, DisponibilidadeId: 'string', Localizador: 'string', ServiceIds: { array: 'string' }, Pagamento: pagamento },
    ['Login', 'Senha', 'DisponibilidadeId', 'Localizador', 'ServiceIds'],
  ),
  CancelarServicoAuxiliar: closed({ ...credentials, Localizador: 'string', ServiceIds: { array: 'string' } }, [
    'Login',
    'Senha',
    'Localizador',
    'ServiceIds',
  ]),
};

// Part 2.5: AutenticacaoUsuario (only Login and Senha have a published type) and AutenticacaoRS.
const autenticacaoUsuario = closed(
  {
    Login: 'string',
    Senha: 'string',
    PontoDeVenda: 'untyped',
    Identificacao: 'untyped',
    PushNotificationID: 'untyped',
    GoogleID: 'untyped',
    SessaoMobile: 'untyped',
    HashAcesso: 'untyped',
  },
  ['Login', 'Senha'],
);
const autenticacaoRS = closed(
  {
    Token: 'string',
    Erros: { array: 'string', nullable: true },
    PosicaoCartaoDeSeguranca: 'string',
    TokenSucesso: 'untyped',
    TokenSistema: 'untyped',
    TokenTipo: 'untyped',
    TokenPosicao: 'untyped',
    TokenRequerValidacao: 'untyped',
  },
  [],
);
const autenticarComUsuarioRQ = closed(
  { Login: 'string', Senha: 'string', clienteId: 'integer', AutenticacaoUsuario: autenticacaoUsuario },
  ['Login', 'Senha', 'AutenticacaoUsuario'],
);
// Valido, SessaoExpirada, Exception, plus user configuration data whose fields are not published.
const validarTokenSegurancaRS = open({ Valido: 'boolean', SessaoExpirada: 'boolean', Exception: 'untyped' }, []);

// Part 4.5, row by row, on every service that has the operation.
const TABLE_4_5: { path: string; request: Shape; response: Shape }[] = [
  ...['/AereoNoSession.svc', '/Aereo.svc'].flatMap((service) => [
    {
      path: `${service}/Autenticar`,
      request: closed({ login: 'string', senha: 'string', clienteId: 'integer' }, ['login', 'senha']),
      response: 'string',
    },
    { path: `${service}/AutenticarComUsuario`, request: autenticarComUsuarioRQ, response: autenticacaoRS },
  ]),
  {
    path: '/AereoNoSession.svc/ValidarTokenSeguranca',
    // The optional ClienteId travels in the body of every legacy call (Part 2.1).
    request: closed({ Login: 'string', Senha: 'string', ClienteId: 'integer', TokenDeSeguranca: 'string' }, [
      'Login',
      'Senha',
      'TokenDeSeguranca',
    ]),
    response: validarTokenSegurancaRS,
  },
  {
    // On the session-keeping Aereo.svc a later request may carry the session `token`.
    path: '/Aereo.svc/ValidarTokenSeguranca',
    request: closed({ Login: 'string', Senha: 'string', ClienteId: 'integer', TokenDeSeguranca: 'string', token: 'string' }, [
      'Login',
      'Senha',
      'TokenDeSeguranca',
    ]),
    response: validarTokenSegurancaRS,
  },
  { path: '/Usuario.svc/Autenticar', request: autenticarComUsuarioRQ, response: autenticacaoRS },
];

describe('Part 4.4: seat and ancillary bodies on AereoNoSession.svc', () => {
  test.each(Object.entries(TABLE_4_4))('%s', (operation, expected) => {
    expect(shape(doc, operationBody(doc, `/AereoNoSession.svc/${operation}`))).toEqual(expected);
  });

  test.each(Object.keys(TABLE_4_4))('%s answers the open legacy result, which may be the SessaoExpirada answer', (operation) => {
    expect(shape(doc, responseSchema(doc, `/AereoNoSession.svc/${operation}`))).toEqual(open({ SessaoExpirada: 'boolean' }, []));
  });
});

describe('Part 5, item 6: on AereoNoSession.svc a body may come without Login', () => {
  const noSession = [...Object.keys(TABLE_4_4), 'ValidarTokenSeguranca'].map((name) => `/AereoNoSession.svc/${name}`);
  test.each(noSession)('%s: oneOf its own body and the body without Login', (path) => {
    const alternatives = requestSchema(doc, path)['oneOf'];
    expect(Array.isArray(alternatives) ? alternatives.map((a) => obj(a, 'alternative')['$ref']).at(-1) : alternatives).toBe(WITHOUT_LOGIN);
  });

  test('the body without Login refuses Login and is otherwise open and not published', () => {
    const schema = objectOf(doc, { $ref: WITHOUT_LOGIN });
    expect(schema).toMatchObject({ type: 'object', additionalProperties: true, 'x-undocumented': true, not: { required: ['Login'] } });
    expect(schema['x-source']).toBe('5, 7');
  });

  test('elsewhere the body is the operation body alone: Autenticar, AutenticarComUsuario, Aereo.svc, Usuario.svc', () => {
    const paths = Object.keys(obj(doc['paths'], 'paths')).filter((p) => !noSession.includes(p));
    for (const path of paths) expect(requestSchema(doc, path)['oneOf'], path).toBeUndefined();
  });
});

describe('Part 4.5: authentication bodies and answers', () => {
  test.each(TABLE_4_5)('$path', ({ path, request, response }) => {
    expect(shape(doc, operationBody(doc, path)), `request of ${path}`).toEqual(request);
    expect(shape(doc, responseSchema(doc, path)), `response of ${path}`).toEqual(response);
  });
});

test('the secrets of the legacy bodies are write-only passwords', () => {
  const components = obj(obj(doc['components'], 'components')['schemas'], 'schemas');
  for (const name of ['Senha', 'TokenDeSeguranca']) {
    expect(obj(components[name], name)).toMatchObject({ type: 'string', format: 'password', writeOnly: true });
  }
  const usuario = obj(obj(obj(components['AutenticacaoUsuario'], 'AutenticacaoUsuario')['properties'], 'properties')['Senha'], 'Senha');
  expect(usuario).toMatchObject({ type: 'string', format: 'password', writeOnly: true });
});

test('the session token of Autenticar is described where later Aereo.svc requests carry it', () => {
  const body = objectOf(doc, requestSchema(doc, '/Aereo.svc/ValidarTokenSeguranca'));
  const token = obj(obj(body['properties'], 'properties')['token'], 'token');
  expect(token['$ref']).toBe('#/components/schemas/TokenDeSessao');
  expect(typeof token['x-inferred']).toBe('string');
  // AutenticacaoRS's Token is a session token (Part 2.5); what Part 4.5 says of Autenticar's
  // token (where later requests carry it) is not said of this one.
  const rs = objectOf(doc, responseSchema(doc, '/Usuario.svc/Autenticar'));
  const rsToken = obj(obj(rs['properties'], 'properties')['Token'], 'Token');
  expect(rsToken['$ref']).toBeUndefined();
  expect(rsToken['type']).toBe('string');
  expect(operationNode(doc, '/Aereo.svc/Autenticar')['description']).toMatch(/`token`/);
});
