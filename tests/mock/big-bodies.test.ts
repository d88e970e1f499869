// The big-body pool (src/mock/big-bodies.ts): one body per process at a time, the others
// waiting their turn; a pool closed under them (the contract swapped) lets the waiting
// ones go on, to be checked by the mock itself, never left hanging.
import { expect, test } from 'vitest';
import { BigBodyPool } from '../../src/mock/big-bodies.ts';

test('a body waiting its turn when the pool closes is handed back to the mock, not left hanging', async () => {
  const pool = new BigBodyPool([]);
  const first = await pool.open(undefined);
  const second = await pool.open(undefined);
  let admitted = false;
  const third = pool.open(undefined).then((stream) => {
    admitted = true;
    return stream;
  });
  // Two processes, two bodies: the third waits while the first two are open (admission follows a slot's end, no timer).
  for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setImmediate(resolve));
  expect(admitted).toBe(false);
  pool.close();
  expect(await (await third).verdict).toEqual({ id: -1, kind: 'parsed' });
  expect(await first.verdict).toEqual({ id: -1, kind: 'parsed' });
  expect(await second.verdict).toEqual({ id: -1, kind: 'parsed' });
}, 60_000);

test('a body streamed in pieces gets its verdict; the next waiting body is admitted after it', async () => {
  const pool = new BigBodyPool([]);
  try {
    const a = await pool.open(undefined);
    const b = await pool.open(undefined);
    const waiting = pool.open(undefined);
    // Strings within LIMITS.stringChars: a longer one is refused (413) before anything else.
    const text = Buffer.from(`{"a":"${'x'.repeat(50_000)}","b":"${'x'.repeat(50_000)}"}`);
    a.write(text.subarray(0, 50_000));
    a.write(text.subarray(50_000));
    a.end();
    expect(await a.verdict).toMatchObject({ kind: 'parsed' });
    const c = await waiting;
    c.write(Buffer.from([0x7b, 0xff, 0x7d]));
    c.end();
    expect(await c.verdict).toMatchObject({ kind: 'bad-text', detail: expect.stringContaining('offset 1 (0xFF)') });
    b.write(Buffer.from('{"a":'));
    b.end();
    expect(await b.verdict).toMatchObject({ kind: 'bad-json' });
  } finally {
    pool.close();
  }
}, 60_000);
