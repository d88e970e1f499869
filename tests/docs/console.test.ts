// What the docs console is given per operation, computed from a small document: the body
// it starts from (example, else every published field), the developer headers its security
// asks, where the credentials go, its compiled validator, and JSON that cannot close its
// <script> element whatever an example holds.
import { expect, test } from 'vitest';
import { consoleData, consoleParts, prefill, scriptJson } from '../../scripts/docs-site/console.ts';
import { withConsole } from '../../scripts/docs-site/reference.ts';

const doc = {
  openapi: '3.1.0',
  security: [{ token: [], code: [] }],
  components: {
    securitySchemes: {
      token: { type: 'apiKey', in: 'header', name: 'developer-token' },
      code: { type: 'apiKey', in: 'header', name: 'developer-access-code' },
    },
    schemas: {
      Creds: {
        type: 'object',
        required: ['Login', 'Senha', 'Assentos'],
        properties: {
          Login: { type: 'string' },
          Senha: { type: 'string' },
          Assentos: { type: 'array', items: { $ref: '#/components/schemas/Seat' } },
          X: { type: 'integer' },
        },
      },
      Seat: { type: 'object', required: ['PaxID'], properties: { PaxID: { type: 'string', examples: ['P1'] } } },
      Unused: { type: 'object' },
    },
  },
  paths: {
    '/a/Marcar': {
      post: {
        operationId: 'Marcar',
        tags: ['Seats'],
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Creds' } } } },
      },
    },
    '/a/Exemplo': {
      post: {
        operationId: 'Exemplo',
        tags: ['Other things'],
        requestBody: {
          content: {
            'application/json': {
              schema: { type: 'object' },
              examples: { one: { summary: 'published', value: { Note: '</script><script>alert(1)</script>' } } },
            },
          },
        },
      },
    },
  },
};

test('the body starts from every published field: the value its schema offers, a labelled placeholder, or one of its type', () => {
  expect(prefill(doc, { $ref: '#/components/schemas/Creds' })).toEqual({ Login: '', Senha: '', Assentos: [{ PaxID: 'P1' }], X: 1 });
  expect(prefill(doc, { $ref: '#/components/schemas/Seat' })).toEqual({ PaxID: 'P1' });
  expect(prefill(doc, { type: 'object', properties: { Origem: { type: 'string' } } })).toEqual({ Origem: '<Origem>' });
});

test('each operation gets its section, its developer headers, its example or prefilled body, and its compiled validator', () => {
  const data = consoleData(doc, { page: 'fx' });
  expect(data.operations.map((o) => [o.operationId, o.section, o.bodyFrom])).toEqual([
    ['Marcar', '/seats/marcar', 'skeleton'],
    ['Exemplo', '/other-things/exemplo', 'example'],
  ]);
  expect(data.operations[0]?.headers).toEqual(['developer-token', 'developer-access-code']);
  expect(data.operations[0]?.body).toEqual({ Login: '', Senha: '', Assentos: [{ PaxID: 'P1' }], X: 1 });
  expect(data.operations[0]?.credentials).toEqual([
    { path: ['Login'], field: 'Login' },
    { path: ['Senha'], field: 'Senha' },
  ]);
  // The validators script sets tryConsoleValidators: run it as the page does, no eval in it.
  const { validators } = consoleParts(doc, { page: 'fx' });
  expect(validators).not.toMatch(/\beval\(|new Function/);
  const scope: { tryConsoleValidators?: Record<string, ((v: unknown) => boolean) & { errors?: unknown[] }> } = {};
  new Function(
    'globalThis',
    `var window = globalThis; ${validators.replace(/^var tryConsoleValidators/, 'globalThis.tryConsoleValidators')}`,
  )(scope);
  const validate = scope.tryConsoleValidators?.[data.operations[0]?.validator ?? ''];
  expect(validate?.({ Login: 'a', Senha: 'b', Assentos: [{ PaxID: 'P1' }] })).toBe(true);
  expect(validate?.({ Login: 5, Senha: 'b', Assentos: [] })).toBe(false);
});

test('an example holding </script> cannot close the data element', () => {
  const page = withConsole('<html><body><div id="redoc"></div></body></html>', doc, {
    family: { id: 'fx', title: 'Fx', status: 'official', statusNote: undefined },
  });
  const data = page.slice(page.indexOf('id="try-console-data">'), page.indexOf('<script id="try-console-validators">'));
  expect(data.match(/<\/script/gi)).toHaveLength(1); // its own end tag only
  expect(JSON.parse(scriptJson({ a: '</script>' }))).toEqual({ a: '</script>' });
  expect(page.endsWith('</body></html>')).toBe(true);
});
