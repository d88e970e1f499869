// A fake sandbox on 127.0.0.1 for recording tests: it answers each V2 operation with the
// canaries (and the credentials it was sent) in every encoding of canaries.ts, beside the
// figures, codes, dates, card figures, a lossless number, a trip identifier carrying
// canaries in its gzip, `__proto__` members and, for Tarifar, JSON that cannot be parsed.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CANARY, encodingsOf, splitOf, tripIdentifier } from './canaries.ts';

/** The literal the fake sandbox sends for `Valor`: more digits than a double keeps. */
export const LOSSLESS = '12345678901234567890';
/** Sent as a phone number in Reservar's request, and back as a departure time: the in-memory check must replace it. */
export const ECHOED_PHONE = '9876543';

export interface FakeSandbox {
  url: string;
  close(): Promise<void>;
}

const ECHOED = [CANARY.login, CANARY.senha, CANARY.developerToken, CANARY.accessCode, CANARY.nome, CANARY.email, CANARY.cpf];

/** Every canary in every encoding, under field names no document knows and ones it does (Mensagem, Descricao). */
function echoes(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  ECHOED.forEach((secret, i) => {
    for (const [encoding, value] of Object.entries(encodingsOf(secret))) out[`Eco${i}_${encoding}`] = value;
    const [a, b] = splitOf(secret);
    out[`Parte${i}A`] = a;
    out[`Parte${i}B`] = b;
  });
  out.MensagemSucesso = `Reserva ${CANARY.localizador} criada para ${CANARY.nome} ${CANARY.sobrenome} (${CANARY.email}) senha ${CANARY.senha}`;
  out.Descricao = encodingsOf(CANARY.senha).base64;
  out[CANARY.nome] = 'a key that is a name';
  return out;
}

async function reservar(): Promise<string> {
  const trip = await tripIdentifier({
    Origem: 'GRU',
    Destino: 'GIG',
    DataIda: '2026-05-20T10:00:00',
    Passageiro: `${CANARY.nome}/${CANARY.sobrenome}`,
    Senha: CANARY.senha,
    Nota: encodingsOf(CANARY.developerToken).base64,
  });
  const body = {
    Localizador: CANARY.localizador,
    Valor: 0,
    Origem: 'GRU',
    Destino: 'GIG',
    DataIda: '2026-05-20T10:00:00',
    HoraSaida: ECHOED_PHONE,
    Classe: 'Y',
    IdentificacaoDaViagem: trip,
    Passageiros: [{ Tipo: 'ADT', Nome: CANARY.nome, Sobrenome: CANARY.sobrenome, Email: CANARY.email, DataNascimento: CANARY.nascimento }],
    Pagamento: { CartaoDeCredito: { Numero: '4111111111111111', CodigoDeSeguranca: '737', Validade: '12/29', Bandeira: 3, Parcelas: 1 } },
    ...echoes(),
    Exception: null,
  };
  // The surname as JSON \u escapes; the lossless literal and `__proto__` members written as text.
  const escaped = [...CANARY.sobrenome].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
  return JSON.stringify(body)
    .replaceAll(CANARY.sobrenome, escaped)
    .replace('"Valor":0', `"Valor":${LOSSLESS}`)
    .replace('"Exception":null', `"Exception":null,"__proto__":{"Classe":"Y","Nota":"${CANARY.senha}"},"constructor":{"prototype":1}`);
}

export async function startFakeSandbox(): Promise<FakeSandbox> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const operation = (req.url ?? '').split('?')[0]?.split('/').at(-1) ?? '';
      const json = { 'content-type': 'application/json; charset=utf-8' };
      if (operation === 'Reservar') void reservar().then((text) => res.writeHead(200, json).end(text));
      else if (operation === 'Tarifar') res.writeHead(200, json).end(`{"Valor": 12, "Nome": "${CANARY.nome}", `);
      else res.writeHead(200, json).end(JSON.stringify({ Localizador: CANARY.localizador, Status: 'HK', ...echoes(), Exception: null }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What an integration sends: the credentials, a passenger, the phone the sandbox echoes. */
export function requestFor(operation: string, locator: string = CANARY.localizador): unknown {
  const credentials = { Login: CANARY.login, Senha: CANARY.senha };
  if (operation === 'Reservar')
    return {
      ...credentials,
      Passageiros: [
        {
          Nome: CANARY.nome,
          Sobrenome: CANARY.sobrenome,
          Email: CANARY.email,
          Telefone: { NumeroDDD: '11', NumeroTelefone: ECHOED_PHONE },
          CPF: CANARY.cpf,
          DataNascimento: CANARY.nascimento,
        },
      ],
    };
  return { ...credentials, Localizador: locator };
}
