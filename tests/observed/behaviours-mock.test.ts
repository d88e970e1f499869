// The observed mock replays the behaviours evidence/facilita-corp/behaviours.json records,
// as real processes on 127.0.0.1: `mock --observed --flows` refuses a null anywhere in a
// Tarifar body (naming its path, citing the quote, labelled as the mock's own answer) and
// answers the captured body as before; in a flow, a booking asked again gets the captured
// "another booking alike" answer, and the trip identifier Reservar carries is threaded as
// captured (Tarifar's answer holds null there, so the search's one goes on). `--no-behaviours`
// and `startMock({ behaviours: false })` turn both off; `behaviours: [ids]` keeps only those,
// and refuses an id the mock may not replay (a behaviour not stated for the sandbox, or
// contradicted by the captures).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startMock, type RunningMock } from '../../src/mock/server.ts';
import { startMockProcess, type MockProcess } from '../support/mock-process.ts';
import { developerHeaders, flow, lineage, post, scenarios } from '../flows/support.ts';
import { evidenceDir, loadEvidenceExample, rootDir } from './support.ts';

interface Quote {
  file: string;
  line: number;
  quote: string;
}
interface Recorded {
  id: string;
  message?: string;
  reading?: string;
  quotes: Quote[];
}
const recorded = (JSON.parse(readFileSync(path.join(evidenceDir, 'behaviours.json'), 'utf8')) as { behaviours: Recorded[] }).behaviours;
const behaviour = (id: string): Recorded => {
  const found = recorded.find((b) => b.id === id);
  if (!found) throw new Error(`no behaviour ${id}`);
  return found;
};
const NULLS = behaviour('tarifar-refuses-null');
const ALIKE = behaviour('reservar-refuses-booking-alike');
const RENEWED = behaviour('tarifar-renews-trip-identifier');

const ROUTES = ['/api/V2/Voos/Tarifar', '/AereoNoSession.svc/Tarifar'];
const tarifar = loadEvidenceExample('Tarifar', 'request') as Record<string, unknown>;
const disponibilidade = loadEvidenceExample('Disponibilidade', 'request') as Record<string, unknown>;

/** With --observed --flows the V2 route is stateful: a Tarifar carries a trip this caller's own search handed out. */
async function ownTrip(url: string): Promise<Record<string, unknown>> {
  const search = await post(url, '/api/V2/Voos/Disponibilidade', disponibilidade);
  const trip = (search.body.ViagensTrecho1 as Array<Record<string, unknown>>)[0];
  return { IdentificacaoDaViagem: trip?.IdentificacaoDaViagem, ViagemIda: trip?.Id };
}
const CENARIO4 = 'cenario4-adulto-bebe-idavolta-nacional-cartao';

let on: MockProcess;
let flows: MockProcess;
let off: MockProcess;
beforeAll(async () => {
  [on, flows, off] = await Promise.all([
    startMockProcess(rootDir, ['--observed']),
    startMockProcess(rootDir, ['--flows']),
    startMockProcess(rootDir, ['--observed', '--flows', '--no-behaviours']),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([on?.stop(), flows?.stop(), off?.stop()]);
});

function withNullAt(body: Record<string, unknown>, set: (copy: Record<string, unknown>) => void): Record<string, unknown> {
  const copy = structuredClone(body);
  set(copy);
  return copy;
}

describe('mock --observed: a null in a Tarifar body', () => {
  test.each(ROUTES)('%s: the captured body is answered as today', async (route) => {
    const answer = await post(on.url, route, tarifar);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-mock-behaviour')).toBeNull();
    expect(answer.body.Exception).toBeNull();
  });

  test.each(ROUTES)('%s: a null in a nested typed field is refused with 400, naming the path and citing the quote', async (route) => {
    const body = withNullAt(tarifar, (b) => {
      (b.ClassesSelecionadas as Array<Record<string, unknown>>)[0] = {
        ...(b.ClassesSelecionadas as Array<Record<string, unknown>>)[0],
        Familia: null,
      };
    });
    const answer = await post(on.url, route, body);
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(answer.headers.get('x-mock-behaviour')).toBe(NULLS.id);
    const detail = String(answer.body.detail);
    expect(detail).toContain('Null at ClassesSelecionadas[0].Familia.');
    expect(detail).toContain(`behaviour ${NULLS.id}`);
    expect(detail).toContain(`${NULLS.quotes[0]?.file}:${NULLS.quotes[0]?.line}`);
    expect(detail).toContain(NULLS.quotes[0]?.quote);
    // What the mock reads into the quote (any field, any depth) is said, since the quote does not say it.
    expect(detail).toContain(String(NULLS.reading));
    expect(detail).toContain("the mock's own answer: the service's 400 body was not captured");
    expect(answer.body.validation).toEqual([
      expect.objectContaining({ location: ['request', 'body', 'ClassesSelecionadas', '0', 'Familia'], code: NULLS.id }),
    ]);
  });

  test('a null anywhere counts: a field no capture shows, and several at once', async () => {
    const body = withNullAt(tarifar, (b) => {
      b.CampoNaoVisto = null;
      b.ViagemIda = null;
    });
    const answer = await post(on.url, '/api/V2/Voos/Tarifar', body);
    expect(answer.status).toBe(400);
    expect(String(answer.body.detail)).toMatch(/^Null at ViagemIda, CampoNaoVisto\./);
  });

  test('a hostile body (60 levels deep, 20,000 nulls wide) gets the same refusal, bounded, and the mock keeps serving', async () => {
    // Within LIMITS.depth (64): deeper is refused (413) before the behaviours are asked.
    const deep = `{"ClassesSelecionadas":${'['.repeat(60)}null${']'.repeat(60)}}`;
    const deeper = `{"ClassesSelecionadas":${'['.repeat(100_000)}null${']'.repeat(100_000)}}`;
    const wide = JSON.stringify({ ...tarifar, ClassesSelecionadasVolta: new Array(20_000).fill(null) });
    for (const [text, expected, status] of [
      [deep, /^Null at …(\[0\]){32}\./, 400],
      [deeper, /deeper than 64 levels/, 413],
      [wide, /^Null at ClassesSelecionadasVolta\[0\], .*ClassesSelecionadasVolta\[9\] and 19990 more\./, 400],
    ] as const) {
      const response = await fetch(`${on.url}/api/V2/Voos/Tarifar`, { method: 'POST', headers: developerHeaders, body: text });
      const body = (await response.json()) as { detail: string; validation?: unknown[] };
      expect(response.status).toBe(status);
      expect(body.detail).toMatch(expected);
      expect(body.validation?.length ?? 0).toBeLessThanOrEqual(10);
      expect(JSON.stringify(body).length).toBeLessThan(8_000);
    }
    expect((await post(on.url, '/api/V2/Voos/Tarifar', tarifar)).status).toBe(200);
  });

  test('the same body without the null is answered as today; other operations are not concerned', async () => {
    const body = withNullAt(tarifar, (b) => {
      b.CampoNaoVisto = null;
    });
    const { CampoNaoVisto: _dropped, ...without } = body;
    expect((await post(on.url, '/api/V2/Voos/Tarifar', without)).status).toBe(200);
    const reservar = { ...(loadEvidenceExample('Reservar', 'request') as Record<string, unknown>), CampoNaoVisto: null };
    const booked = await post(on.url, '/api/V2/Voos/Reservar', reservar);
    expect(booked.status).toBe(200);
    expect(booked.headers.get('x-mock-behaviour')).toBeNull();
  });

  test('--no-behaviours answers a Tarifar body with a null in an untyped field as the observed flavour does', async () => {
    const body = withNullAt({ ...tarifar, ...(await ownTrip(off.url)) }, (b) => {
      b.CampoNaoVisto = null;
    });
    const answer = await post(off.url, '/api/V2/Voos/Tarifar', body);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-mock-behaviour')).toBeNull();
  });

  test('--no-behaviours still types the request: a null in an observed Tarifar field fails validation (422), without the quote', async () => {
    const answer = await post(off.url, '/api/V2/Voos/Tarifar', { ...tarifar, ViagemIda: null });
    expect(answer.status).toBe(422);
    expect(String(answer.body.detail)).not.toContain(NULLS.id);
  });
});

describe('mock --flows: the booking and its trip identifier', () => {
  const upTo = (id: string): string[] => {
    const ids = scenarios.find((s) => s.name === CENARIO4)?.steps.map((s) => s.id) ?? [];
    return ids.slice(0, ids.indexOf(id) + 1);
  };

  test(`${RENEWED.id}: Reservar carries the trip identifier as captured (Tarifar answers null there, so the search's goes on)`, async () => {
    const thread = lineage.scenarios
      .find((s) => s.name === CENARIO4)
      ?.steps.find((s) => s.id === '04-Reservar')
      ?.threads.find((t) => t.field === 'IdentificacaoDaViagem');
    expect(thread?.fromStep).toBe('02-Disponibilidade');
    const f = flow(flows.url, CENARIO4);
    const answers = await f.steps(upTo('04-Reservar'));
    const [, search, priced, booked] = answers;
    const renewed = (priced?.body.ViagensTrecho1 as Array<Record<string, unknown>> | undefined)?.[0]?.IdentificacaoDaViagem;
    expect(priced?.status).toBe(200);
    expect(renewed).toBeNull();
    const handedOut = (search?.body.ViagensTrecho1 as Array<Record<string, unknown>> | undefined)?.[0]?.IdentificacaoDaViagem;
    expect(typeof handedOut).toBe('string');
    expect(booked?.sent.IdentificacaoDaViagem).toBe(handedOut);
    expect(booked?.status).toBe(200);
    expect(booked?.headers.get('x-mock-flows')).toBe('replay');
  });

  test('a Reservar with the null Tarifar gave instead is no captured call: 409', async () => {
    const f = flow(flows.url, CENARIO4);
    const answers = await f.steps(upTo('03-Tarifar'));
    const reservar = scenarios.find((s) => s.name === CENARIO4)?.steps.find((s) => s.id === '04-Reservar');
    const answer = await post(flows.url, '/AereoNoSession.svc/Reservar', { ...reservar?.request, IdentificacaoDaViagem: null });
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answer.status).toBe(409);
    expect(answer.headers.get('x-mock-flows-differs')).toContain('IdentificacaoDaViagem');
  });

  test('a booking asked again within its flow gets the captured "another booking alike" answer, and the flow goes on', async () => {
    const captured = scenarios
      .flatMap((s) => s.steps)
      .find((s) => (s.response.Exception as { Message?: string } | null)?.Message === ALIKE.message);
    expect(captured).toBeDefined();
    const f = flow(flows.url, CENARIO4);
    const answers = await f.steps(upTo('04-Reservar'));
    const first = answers.at(-1);
    expect(first?.body.Exception).toBeNull();
    const again = await f.step('04-Reservar');
    expect(again.status).toBe(200);
    expect(again.headers.get('x-mock-behaviour')).toBe(ALIKE.id);
    expect(again.headers.get('x-mock-flows')).toBe('behaviour');
    expect(again.body).toEqual(captured?.response);
    expect((again.body.Exception as { Message: string }).Message).toBe(ALIKE.message);
    // The script then reuses the locator it saved: the flow goes on with the first booking's.
    const locator = (first?.body.Reservas as Array<Record<string, unknown>> | undefined)?.[0]?.Localizador;
    expect(typeof locator).toBe('string');
    const captured5 = f.scenario.steps.find((s) => s.id === '05-IniciarEmissao');
    const issue = await post(flows.url, '/AereoNoSession.svc/IniciarEmissao', { ...captured5?.request, Localizador: locator });
    expect(issue.status).toBe(200);
    expect(issue.headers.get('x-mock-flows')).toBe('replay');
  });

  test('--no-behaviours replays the same booking again, as before', async () => {
    const f = flow(off.url, CENARIO4);
    await f.steps(upTo('04-Reservar'));
    const again = await f.step('04-Reservar');
    expect(again.status).toBe(200);
    expect(again.headers.get('x-mock-behaviour')).toBeNull();
    expect(again.headers.get('x-mock-flows')).toBe('replay');
    expect(again.body.Exception).toBeNull();
  });
});

describe('startMock({ behaviours })', () => {
  let inProcess: RunningMock | undefined;
  afterAll(async () => {
    await inProcess?.close();
  });

  test('false turns the null refusal off, true (the default) keeps it', async () => {
    inProcess = await startMock({ port: 0, observed: true, behaviours: false, logLevel: 'silent' });
    const body = { ...tarifar, CampoNaoVisto: null };
    expect((await post(inProcess.url, '/api/V2/Voos/Tarifar', body)).status).toBe(200);
    await inProcess.close();
    inProcess = await startMock({ port: 0, observed: true, logLevel: 'silent' });
    expect((await post(inProcess.url, '/api/V2/Voos/Tarifar', body)).status).toBe(400);
  }, 60_000);

  test('a list of ids replays only those: the repeated booking without the null refusal, and the other way round', async () => {
    await inProcess?.close();
    inProcess = await startMock({ port: 0, observed: true, flows: true, behaviours: [ALIKE.id], logLevel: 'silent' });
    const body = { ...tarifar, CampoNaoVisto: null };
    expect((await post(inProcess.url, '/api/V2/Voos/Tarifar', { ...body, ...(await ownTrip(inProcess.url)) })).status).toBe(200);
    const ids = scenarios.find((s) => s.name === CENARIO4)?.steps.map((s) => s.id) ?? [];
    const f = flow(inProcess.url, CENARIO4);
    await f.steps(ids.slice(0, ids.indexOf('04-Reservar') + 1));
    expect((await f.step('04-Reservar')).headers.get('x-mock-behaviour')).toBe(ALIKE.id);
    await inProcess.close();
    inProcess = await startMock({ port: 0, observed: true, flows: true, behaviours: [NULLS.id], logLevel: 'silent' });
    expect((await post(inProcess.url, '/api/V2/Voos/Tarifar', body)).status).toBe(400);
    const g = flow(inProcess.url, CENARIO4);
    await g.steps(ids.slice(0, ids.indexOf('04-Reservar') + 1));
    const again = await g.step('04-Reservar');
    expect(again.headers.get('x-mock-behaviour')).toBeNull();
    expect(again.headers.get('x-mock-flows')).toBe('replay');
  }, 60_000);

  test('an id the mock may not replay is refused at start, naming the ones it may', async () => {
    await inProcess?.close();
    inProcess = undefined;
    // Documented only: contradicted by the captures, or of unknown environment.
    for (const id of ['tarifar-renews-trip-identifier', 'disponibilidade-routine-refusals', 'no-such-behaviour'])
      await expect(startMock({ port: 0, observed: true, flows: true, behaviours: [id], logLevel: 'silent' })).rejects.toThrow(
        new RegExp(`named ${id}; .*${NULLS.id}`),
      );
  }, 60_000);
});
