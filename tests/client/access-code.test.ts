// The access-code builder, checked by decrypting with a key pair made here (Node 24
// still decrypts PKCS#1 v1.5).
import { constants, generateKeyPairSync, privateDecrypt, type KeyObject } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { createAccessCode, defaultAccessCodePlaintext } from '../../src/access-code.ts';
import { ConfigurationError } from '../../src/index.ts';

function keyPair(modulusLength: number): { publicPem: string; privateKey: KeyObject } {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength });
  return { publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(), privateKey };
}

const decrypt = (privateKey: KeyObject, code: string): string =>
  privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(code, 'base64')).toString('utf8');

// dd/MM/yyyy by another route: the pt-BR calendar date of the same local clock.
const brazilianDate = (date: Date): string =>
  new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(date);

const k1024 = keyPair(1024);
const k2048 = keyPair(2048);

describe('createAccessCode', () => {
  test.each([
    [1024, k1024],
    [2048, k2048],
  ])('%i-bit key: valid standard Base64 of the key size, decrypting to <code>|dd/MM/yyyy', (bits, { publicPem, privateKey }) => {
    const now = new Date(2026, 4, 7, 23, 59, 30);
    const code = createAccessCode({ developerCode: 'DEV01', publicKey: publicPem, now: () => now })();
    expect(code).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    expect(Buffer.from(code, 'base64').toString('base64')).toBe(code);
    expect(Buffer.from(code, 'base64')).toHaveLength(bits / 8);
    expect(decrypt(privateKey, code)).toBe(`DEV01|${brazilianDate(now)}`);
  });

  test('uses the local calendar date of the clock and UTF-8', () => {
    const now = new Date();
    const code = createAccessCode({ developerCode: 'código', publicKey: k1024.publicPem })();
    expect(decrypt(k1024.privateKey, code)).toBe(`código|${brazilianDate(now)}`);
    expect(defaultAccessCodePlaintext('X', new Date(2026, 0, 2))).toBe(`X|${brazilianDate(new Date(2026, 0, 2))}`);
  });

  test('each call encrypts anew (randomised padding), all decrypting to the same plaintext', () => {
    const build = createAccessCode({ developerCode: 'DEV01', publicKey: k1024.publicPem });
    const codes = [build(), build(), build()];
    expect(new Set(codes).size).toBe(3);
    expect(new Set(codes.map((c) => decrypt(k1024.privateKey, c))).size).toBe(1);
  });

  test('the plaintext builder is replaceable; a KeyObject works as the key', () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const code = createAccessCode({
      developerCode: 'DEV01',
      publicKey,
      plaintext: (dev, now) => `${dev}@${now.getTime()}`,
      now: () => new Date(5),
    })();
    expect(decrypt(privateKey, code)).toBe('DEV01@5');
  });

  test('bad input gets a clear error that does not echo the developer code', () => {
    const secret = 'DEV-SECRET-7731';
    expect(() => createAccessCode({ developerCode: '', publicKey: k1024.publicPem })).toThrow(ConfigurationError);
    expect(() => createAccessCode({ developerCode: secret, publicKey: 'not a pem' })).toThrow(/not a readable PEM public key/);
    const { publicKey: ecKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    expect(() => createAccessCode({ developerCode: secret, publicKey: ecKey })).toThrow(/RSA/);
    const tooLong = createAccessCode({ developerCode: secret.repeat(20), publicKey: k1024.publicPem });
    let message = '';
    try {
      tooLong();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigurationError);
      message = (error as Error).message;
    }
    expect(message).toMatch(/more than the 117 this key can encrypt/);
    expect(message).not.toContain(secret);
  });
});
