// `npm run mock -- --flows` as a real process: captured steps are replayed with each
// flow's own identifiers, a divergent call names the nearest scenario and the differing
// field, two flows at once keep apart, a flow cannot run past a cancellation, and the
// reset header forgets every flow.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createFlowsResponder } from '../../src/mock/flows/replay.ts';
import { readScenarios } from '../../src/scenarios/read.ts';
import { rootDir } from '../support/bundle.ts';
import { startMockProcess, type MockProcess } from '../support/mock-process.ts';
import { flow, lineage, post, scenarios } from './support.ts';

let mock: MockProcess;
beforeAll(async () => {
  mock = await startMockProcess(rootDir, ['--flows']);
}, 90_000);
afterAll(async () => {
  await mock?.stop();
});

const CENARIO4 = 'cenario4-adulto-bebe-idavolta-nacional-cartao';
const cenario4 = scenarios.find((s) => s.name === CENARIO4);
const ids4 = cenario4?.steps.map((s) => s.id) ?? [];
const upTo = (id: string) => ids4.slice(0, ids4.indexOf(id) + 1);

describe('the flows mock', () => {
  test('says at start that it serves the captured route, labelled observed', async () => {
    await expect.poll(() => mock.output(), { timeout: 30_000 }).toContain('Ctrl-C');
    expect(mock.output()).toMatch(/POST \/AereoNoSession\.svc\/Reservar/);
    expect(mock.output()).toMatch(/9 captured scenarios replayed on \/AereoNoSession\.svc \(observed, not published\)/);
  });

  test("a captured step gets that step's answer, with this flow's identifiers in place of the captured ones", async () => {
    const f = flow(mock.url, CENARIO4);
    const [, search] = await f.steps(upTo('02-Disponibilidade'));
    const captured = cenario4?.steps[1]?.response as Record<string, unknown>;
    expect(search?.headers.get('x-mock-flows')).toBe('replay');
    expect(search?.headers.get('x-mock-flows-step')).toBe('02-Disponibilidade');
    const thread = lineage.scenarios.find((s) => s.name === CENARIO4)?.steps[2]?.threads.find((t) => t.field === 'IdentificacaoDaViagem');
    const token = (search?.body.ViagensTrecho1 as Array<Record<string, unknown>> | undefined)?.[0]?.IdentificacaoDaViagem;
    const capturedToken = (captured.ViagensTrecho1 as Array<Record<string, unknown>>)[0]?.IdentificacaoDaViagem;
    expect(thread?.fromPath).toBe('ViagensTrecho1[0].IdentificacaoDaViagem');
    expect(token).not.toBe(capturedToken);
    expect(String(token)).toHaveLength(String(capturedToken).length);
    // Every trip's token is this flow's, not only the one the capture priced; everything else is the captured answer.
    const trips = (body: unknown) => ((body as Record<string, unknown>).ViagensTrecho1 as Array<Record<string, unknown>>) ?? [];
    let text = JSON.stringify(search?.body);
    trips(search?.body).forEach((trip, i) => {
      const original = String(trips(captured)[i]?.IdentificacaoDaViagem);
      expect(trip.IdentificacaoDaViagem).not.toBe(original);
      text = text.split(String(trip.IdentificacaoDaViagem)).join(original);
    });
    expect(text).toBe(JSON.stringify(captured));
  });

  test('a divergent request gets 409 naming the nearest scenario and the field that differs, never a booking', async () => {
    const captured = scenarios.find((s) => s.name === 'cenario1-adulto-ida-nacional-faturado')?.steps[1];
    const answer = await post(mock.url, '/AereoNoSession.svc/Disponibilidade', {
      ...captured?.request,
      DataIda: '/Date(1790000000000-0300)/',
    });
    expect(answer.status).toBe(409);
    expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(answer.headers.get('x-mock-flows')).toBe('no-match');
    expect(answer.headers.get('x-mock-flows-nearest')).toBe('cenario1-adulto-ida-nacional-faturado/02-Disponibilidade');
    expect(answer.headers.get('x-mock-flows-differs')).toBe('DataIda');
    expect(answer.headers.get('x-mock-flows-reason')).toMatch(/nearest capture is step 02-Disponibilidade of cenario1/);
  });

  test('a search two scenarios captured alike names the other one, and x-mock-flows-scenario chooses', async () => {
    const c5 = scenarios.find((s) => s.name === 'cenario5-adulto-crianca-bebe-idavolta-nacional-faturado')?.steps[1];
    const c3 = scenarios
      .find((s) => s.name === 'cenario3-adulto-crianca-multiplos-nacional-faturado')
      ?.steps.find((s) => s.id === '02-Disponibilidade');
    expect(c5?.request).toEqual(c3?.request);
    expect(c5?.response).not.toEqual(c3?.response);
    const first = await post(mock.url, '/AereoNoSession.svc/Disponibilidade', c5?.request);
    expect(first.headers.get('x-mock-flows-scenario')).toBe('cenario3-adulto-crianca-multiplos-nacional-faturado');
    expect(first.headers.get('x-mock-flows-also')).toBe('cenario5-adulto-crianca-bebe-idavolta-nacional-faturado');
    const pinned = await post(mock.url, '/AereoNoSession.svc/Disponibilidade', c5?.request, {
      'x-mock-flows-scenario': 'cenario5-adulto-crianca-bebe-idavolta-nacional-faturado',
    });
    expect(pinned.headers.get('x-mock-flows-scenario')).toBe('cenario5-adulto-crianca-bebe-idavolta-nacional-faturado');
    expect(pinned.body.Data).toBe(c5?.response.Data);
  });

  test('a huge identifying value gets a bounded no-match answer and the mock keeps serving', async () => {
    const captured = scenarios.find((s) => s.name === CENARIO4)?.steps.find((s) => s.operation === 'Consultar');
    // Just within LIMITS.stringChars: a longer string is refused (413) before the flows see it.
    const huge = 'X'.repeat(65_536);
    const started = performance.now();
    const answer = await post(mock.url, '/AereoNoSession.svc/Consultar', { ...captured?.request, Localizador: huge });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(answer.status).toBe(409);
    expect(answer.headers.get('x-mock-flows')).toBe('no-match');
    expect(answer.headers.get('x-mock-flows-differs')).toBe('Localizador');
    let headerBytes = 0;
    answer.headers.forEach((value, name) => {
      if (name.startsWith('x-mock-flows')) headerBytes += value.length;
    });
    expect(headerBytes).toBeLessThan(2_048);
    const after = await post(mock.url, '/AereoNoSession.svc/RecuperarSistemasPesquisa', scenarios[0]?.steps[0]?.request);
    expect(after.headers.get('x-mock-flows')).toBe('replay');
  });

  test('a call outside the contract is still refused before any replay', async () => {
    const captured = scenarios.find((s) => s.name === 'cenario1-adulto-ida-nacional-faturado')?.steps[1];
    const answer = await post(mock.url, '/AereoNoSession.svc/Disponibilidade', { ...captured?.request, QuantidadeAdultos: 'one' });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.headers.get('x-mock-flows')).toBeNull();
  });

  test('two flows of one scenario at once do not mix: each has its own locator and its own cancellation', async () => {
    const a = flow(mock.url, CENARIO4);
    const b = flow(mock.url, CENARIO4);
    // Interleaved, step by step, up to the booking.
    const booked: Array<Awaited<ReturnType<typeof a.step>>> = [];
    for (const id of upTo('04-Reservar')) booked.push(await a.step(id), await b.step(id));
    const locatorOf = (r: (typeof booked)[number] | undefined) =>
      (r?.body.Reservas as Array<Record<string, unknown>> | undefined)?.[0]?.Localizador;
    const [reservarA, reservarB] = booked.slice(-2);
    expect(locatorOf(reservarA)).toBeTruthy();
    expect(locatorOf(reservarA)).not.toBe(locatorOf(reservarB));
    expect(reservarA?.headers.get('x-mock-flows-flow')).not.toBe(reservarB?.headers.get('x-mock-flows-flow'));
    // A goes all the way to Cancelar; B stops after Emitir.
    for (const id of ids4.slice(ids4.indexOf('05-IniciarEmissao')))
      expect((await a.step(id)).headers.get('x-mock-flows'), id).toBe('replay');
    for (const id of upTo('07-Emitir').slice(ids4.indexOf('05-IniciarEmissao')))
      expect((await b.step(id)).headers.get('x-mock-flows'), id).toBe('replay');
    // B's booking is not cancelled: Consultar replays for B, with B's locator in the answer.
    const consultarB = await b.step('08-Consultar');
    expect(consultarB.headers.get('x-mock-flows')).toBe('replay');
    expect(JSON.stringify(consultarB.body)).toContain(String(locatorOf(reservarB)));
    expect(JSON.stringify(consultarB.body)).not.toContain(String(locatorOf(reservarA)));
    // A's is: no capture shows Consultar after Cancelar, so the mock says so instead of showing the booking.
    const consultarA = await a.step('08-Consultar');
    expect(consultarA.headers.get('x-mock-flows')).toBe('out-of-order');
    expect(consultarA.headers.get('x-mock-flows-reason')).toMatch(/already ran 10-Cancelar/);
  });

  test('a flow cannot show a ticket before Emitir', async () => {
    const f = flow(mock.url, CENARIO4);
    await f.steps(upTo('05-IniciarEmissao'));
    const early = await f.step('08-Consultar');
    expect(early.headers.get('x-mock-flows')).toBe('out-of-order');
    expect(early.headers.get('x-mock-flows-reason')).toMatch(/after 07-Emitir, which this flow has not run/);
  });

  test('a call no flow can place is unmistakable: 409, the reason in headers, no identifier no flow handed out', async () => {
    const capturedLocators = new Set(
      scenarios.flatMap((s) => s.steps.flatMap((st) => (typeof st.request.Localizador === 'string' ? [st.request.Localizador] : []))),
    );
    const emissao = cenario4?.steps.find((s) => s.operation === 'IniciarEmissao');
    const unknown = await post(mock.url, '/AereoNoSession.svc/IniciarEmissao', { ...emissao?.request, Localizador: 'ZZZ999' });
    expect(unknown.status).toBe(409);
    expect(unknown.headers.get('x-mock-flows')).toBe('no-match');
    const text = JSON.stringify(unknown.body);
    for (const locator of capturedLocators) expect(text).not.toContain(locator);
    expect(unknown.body.Localizador).toBeUndefined();
    // The capture's own locator, with no Reservar in any flow: replaying would start a flow mid-way.
    const midway = await post(mock.url, '/AereoNoSession.svc/IniciarEmissao', emissao?.request);
    expect(midway.status).toBe(409);
    expect(midway.headers.get('x-mock-flows')).toBe('out-of-order');
    expect(midway.headers.get('x-mock-flows-reason')).toMatch(/capture's own Localizador.*start from 01-/);
    // Consultar before Emitir, inside a flow: no capture shows that booking then.
    const f = flow(mock.url, CENARIO4);
    await f.steps(upTo('04-Reservar'));
    const early = await f.step('08-Consultar');
    expect(early.status).toBe(409);
    expect(early.body.Reservas).toBeUndefined();
  });

  test('the reset header forgets every flow and every identifier handed out', async () => {
    const f = flow(mock.url, CENARIO4);
    await f.steps(upTo('04-Reservar'));
    expect((await f.step('05-IniciarEmissao')).headers.get('x-mock-flows')).toBe('replay');
    const captured = cenario4?.steps[0]?.request;
    const reset = await post(mock.url, '/AereoNoSession.svc/RecuperarSistemasPesquisa', captured, { 'x-mock-flows-reset': 'all' });
    expect(reset.headers.get('x-mock-flows')).toBe('replay');
    // The flow's locator is now unknown: the nearest capture differs by the locator.
    const after = await f.step('06-RecuperarFormasDeFinanciamento');
    expect(after.status).toBe(409);
    expect(after.headers.get('x-mock-flows')).toBe('no-match');
    expect(after.headers.get('x-mock-flows-differs')).toBe('Localizador');
  });
});

// Issue 35, item 4: identifiers are random, of the captured shape, and a flow belongs to its caller.
describe('flows are scoped', () => {
  const shape = (value: string) => value.replace(/\d/g, '9').replace(/[A-Z]/g, 'A').replace(/[a-z]/g, 'a');
  const locatorOf = (r: { body: Record<string, unknown> }) =>
    String((r.body.Reservas as Array<Record<string, unknown>> | undefined)?.[0]?.Localizador);

  test('handed-out locators and trip tokens are random, of the captured shape, never a captured value', async () => {
    const captured = cenario4?.steps.find((s) => s.operation === 'IniciarEmissao')?.request.Localizador as string;
    const capturedToken = cenario4?.steps.find((s) => s.operation === 'Reservar')?.request.IdentificacaoDaViagem as string;
    const locators: string[] = [];
    const tokens: string[] = [];
    for (let i = 0; i < 6; i++) {
      const answers = await flow(mock.url, CENARIO4).steps(upTo('04-Reservar'));
      const reservar = answers.at(-1)!;
      expect(reservar.headers.get('x-mock-flows')).toBe('replay');
      locators.push(locatorOf(reservar));
      tokens.push(String(reservar.sent.IdentificacaoDaViagem));
    }
    for (const l of locators) expect(shape(l)).toBe(shape(captured));
    for (const t of tokens) {
      expect(shape(t)).toBe(shape(capturedToken));
      expect(t.startsWith('H4sI')).toBe(true);
    }
    expect(new Set(locators).size).toBe(locators.length);
    expect(locators).not.toContain(captured);
    // Not a counter: no two differ in their last character only.
    for (const a of locators) for (const b of locators) if (a !== b) expect(a.slice(0, -1) === b.slice(0, -1), `${a} ${b}`).toBe(false);
  });

  test("another caller's locator is unknown to this caller: the same answer as any unknown locator", async () => {
    const a = flow(mock.url, CENARIO4);
    const booked = await a.steps(upTo('04-Reservar'));
    const locator = locatorOf(booked.at(-1)!);
    const path = '/AereoNoSession.svc/IniciarEmissao';
    // Another developer token, then the same token with another Login.
    const otherToken = await a.step('05-IniciarEmissao', { 'developer-token': '11111111-1111-1111-1111-111111111111' });
    expect(otherToken.sent.Localizador).toBe(locator);
    const otherLogin = await post(mock.url, path, { ...otherToken.sent, Login: 'outra-agencia' });
    // A locator of the same shape no flow handed out, from the flow's own caller.
    const unknown = await post(mock.url, path, { ...otherToken.sent, Localizador: locator === 'QQQ999' ? 'QQQ998' : 'QQQ999' });
    const view = (r: { status: number; headers: Headers; body: Record<string, unknown> }) => {
      const headers: Record<string, string> = {};
      r.headers.forEach((value, name) => {
        if (name.startsWith('x-mock-flows')) headers[name] = value;
      });
      return { status: r.status, body: r.body, headers };
    };
    expect(unknown.status).toBe(409);
    expect(view(otherToken)).toEqual(view(unknown));
    expect(view(otherLogin)).toEqual(view(unknown));
    // The flow itself goes on for its own caller.
    expect((await a.step('05-IniciarEmissao')).headers.get('x-mock-flows')).toBe('replay');
  });

  test("a second Emitir of one booking: the flows' own 409 saying it was issued once", async () => {
    const f = flow(mock.url, CENARIO4);
    const answers = await f.steps(upTo('07-Emitir'));
    expect(answers.at(-1)?.headers.get('x-mock-flows')).toBe('replay');
    const again = await f.step('07-Emitir');
    expect(again.status).toBe(409);
    expect(again.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(again.headers.get('x-mock-flows')).toBe('already-issued');
    expect(again.headers.get('x-mock-flows-flow')).toBe(answers.at(-1)?.headers.get('x-mock-flows-flow'));
    expect(String(again.body.detail)).toMatch(
      /^The flows mock cannot place this call in a flow \(already-issued\): this flow already ran 07-Emitir .*issued once/,
    );
    // The booking is still there to consult.
    expect((await f.step('08-Consultar')).headers.get('x-mock-flows')).toBe('replay');
  });
});

describe('--flows with --observed', () => {
  test('replays on the captured route while V2 answers from the observed flavour', async () => {
    const both = await startMockProcess(rootDir, ['--flows', '--observed']);
    try {
      const step = scenarios[0]?.steps[0];
      const legacy = await post(both.url, '/AereoNoSession.svc/RecuperarSistemasPesquisa', step?.request);
      expect(legacy.headers.get('x-mock-flows')).toBe('replay');
      expect(legacy.body).toEqual(step?.response);
      const v2 = await post(both.url, '/api/V2/Voos/RecuperarSistemasPesquisa', step?.request);
      expect(v2.status).toBe(200);
      expect(v2.headers.get('x-mock-flows')).toBeNull();
      expect(Object.keys(v2.body)).toContain('SessaoExpirada');
    } finally {
      await both.stop();
    }
  }, 90_000);
});

describe('the flows state', () => {
  test('a replay copies what it changes: the captured answers stay as read', () => {
    const own = readScenarios(rootDir);
    const responder = createFlowsResponder(own, lineage);
    for (const s of own)
      for (const st of s.steps)
        responder.respond({
          family: 'legacy',
          operation: st.operation,
          method: 'post',
          path: '',
          body: st.request,
          headers: { 'x-mock-flows-scenario': s.name },
        });
    expect(own).toEqual(scenarios);
  });

  test('is bounded: past maxFlows the least recently used flow is forgotten', () => {
    const responder = createFlowsResponder(scenarios, lineage, { maxFlows: 3 });
    const search = cenario4?.steps[1];
    const tokens: string[] = [];
    for (let i = 0; i < 5; i++) {
      const decision = responder.respond({
        family: 'legacy',
        operation: 'Disponibilidade',
        method: 'post',
        path: '/AereoNoSession.svc/Disponibilidade',
        body: search?.request,
        headers: {},
      });
      expect(decision?.kind).toBe('answer');
      const body = decision?.kind === 'answer' ? (decision.body as Record<string, unknown>) : {};
      tokens.push(String((body.ViagensTrecho1 as Array<Record<string, unknown>>)[0]?.IdentificacaoDaViagem));
    }
    expect(responder.size).toBe(3);
    const price = cenario4?.steps[2];
    const priced = (token: string | undefined) =>
      responder.respond({
        family: 'legacy',
        operation: 'Tarifar',
        method: 'post',
        path: '/AereoNoSession.svc/Tarifar',
        body: { ...price?.request, IdentificacaoDaViagem: token },
        headers: {},
      });
    // Forgotten, and told so rather than read as an unknown trip.
    const forgotten = priced(tokens[0]);
    expect(forgotten?.kind).toBe('refuse');
    expect(forgotten?.kind === 'refuse' ? forgotten.headers['x-mock-flows'] : '').toBe('evicted');
    expect(forgotten?.kind === 'refuse' ? forgotten.detail : '').toMatch(
      /flow that handed out this IdentificacaoDaViagem was forgotten: the mock keeps the 3 most recently used flows/,
    );
    expect(priced(tokens[4])?.kind).toBe('answer'); // remembered
    responder.reset();
    expect(responder.size).toBe(0);
  });
});
