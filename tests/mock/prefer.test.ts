// The front reads `Prefer` and its query fallbacks without Prism (src/mock/prefer.ts): it
// must read them as Prism's own reader does, accepting and refusing the same forms.
import { expect, test } from 'vitest';
import { createPrismEngine } from '../../src/mock/prism-adapter.ts';
import { readPreferences } from '../../src/mock/prefer.ts';

const headerForms = [
  'code=200',
  'Code=201',
  'CODE=200, example=first',
  'example=resultado',
  'example="a,b"; x=1, code=201',
  'code=200;example=x',
  'code=200, code=201',
  'dynamic=false',
  'dynamic=true',
  'dynamic=TRUE',
  'dynamic=maybe',
  'dynamic',
  'code',
  'code=abc',
  'code=2000',
  'code=20',
  'code= 200 ',
  'code="200"',
  'seed=42',
  'respond-async, wait=5',
  'return=representation',
  'example=',
  'example=sessaoExpirada, dynamic=false, code=200',
  ' , code=200,,',
  'x-code=500, code=200',
];

const queryForms: Array<Record<string, string | string[]>> = [
  { __code: '200' },
  { __code: 'abc' },
  { __code: ['200', '201'] },
  { __example: 'resultado' },
  { __example: ['a', 'b'] },
  { __dynamic: 'false' },
  { __dynamic: 'yes' },
  { __seed: '7', __code: '200' },
  { __code: 'x', __dynamic: 'y' },
  { other: '1' },
];

test('Prefer and its query fallbacks are read as Prism reads them: the same values, the same refusals', async () => {
  const engine = await createPrismEngine(
    { openapi: '3.1.0', info: { title: 'p', version: '1' }, paths: {} },
    { validateRequest: false, logLevel: 'silent', logSink: { write: () => undefined } },
  );
  const cases = [
    ...headerForms.map((prefer) => ({ headers: { prefer } as Record<string, string>, query: {} as Record<string, string | string[]> })),
    ...queryForms.map((query) => ({ headers: {} as Record<string, string>, query })),
    // An empty header is no header: the query is read.
    { headers: { prefer: '' }, query: { __code: '201' } },
    { headers: { prefer: 'code=200' }, query: { __code: '201' } },
  ];
  for (const { headers, query } of cases) {
    const theirs = engine.preferences({ headers, url: { path: '/x', query } });
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) for (const v of [value].flat()) params.append(name, v);
    const ours = readPreferences(headers.prefer, params);
    const label = JSON.stringify({ headers, query });
    expect(ours.ok, label).toBe(theirs.ok);
    if (ours.ok && theirs.ok) expect(ours.value, label).toEqual(JSON.parse(JSON.stringify(theirs.value)));
  }
});
