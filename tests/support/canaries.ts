// Canary secrets and personal data for recording tests, and a detector that decodes rather
// than lists: Base64 runs at every offset, percent-encoding undone thrice, JSON and HTML escapes.
export const CANARY = {
  login: 'LOGIN-canary-4471',
  senha: 'Senha-canary-9Qx',
  developerToken: '8d3f2c1a-7b6e-4a5d-9c8b-1f2e3d4c5b6a',
  accessCode: 'QUNDRVNTLWNhbmFyeS0xMjM=',
  nome: 'MARIACANARIA',
  sobrenome: 'SOUZACANARIO',
  email: 'maria.canaria@example.invalid',
  telefone: '+55 11 98765-4321',
  cpf: '123.456.789-09',
  nascimento: '1987-03-14',
  localizador: 'QWE987',
};
export const CANARIES = Object.values(CANARY);
export const HEADERS = {
  'content-type': 'application/json',
  'developer-token': CANARY.developerToken,
  'developer-access-code': CANARY.accessCode,
};

/**
 * Every view of a text a secret could hide in, found by decoding rather than by a list of
 * forms: JSON and HTML escapes undone, hex runs at both offsets, Base64 (standard and
 * URL-safe) at every offset, percent-encoding undone up to four times.
 */
export function decodedViews(text: string): string[] {
  const views = [text, text.replace(/\\u([0-9a-fA-F]{4})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)))];
  views.push(
    text
      .replace(/&#x([0-9a-f]+);/gi, (_m, h: string) => String.fromCodePoint(Number.parseInt(h, 16)))
      .replace(/&#(\d+);/g, (_m, d: string) => String.fromCodePoint(Number(d))),
  );
  for (const run of text.match(/[0-9a-fA-F]{8,}/g) ?? [])
    for (let k = 0; k < 2; k++) views.push(Buffer.from(run.slice(k).slice(0, (run.length - k) & ~1), 'hex').toString('utf8'));
  for (const run of text.match(/[A-Za-z0-9+/_-]{8,}={0,2}/g) ?? [])
    for (let k = 0; k < 4; k++) views.push(Buffer.from(run.slice(k).replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8'));
  let decoded = text;
  for (let i = 0; i < 4; i++) {
    decoded = decoded.replace(/(?:%[0-9a-fA-F]{2})+/g, (m) => {
      try {
        return decodeURIComponent(m);
      } catch {
        return m;
      }
    });
    views.push(decoded);
  }
  return views;
}

/** The given secrets (the canaries unless said) found in any decoded view of a text. */
export function hidden(text: string, secrets: readonly string[] = CANARIES): string[] {
  const views = decodedViews(text);
  return secrets.filter((s) => views.some((v) => v.includes(s)));
}
