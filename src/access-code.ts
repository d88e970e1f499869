// Builds the `developer-access-code` header with node:crypto.
//
// The description only says "RSA PKCS1 encryption of the developer key combined with a
// timestamp, in Base64" (Part 2, item 2; the exact procedure is not shown, Part 5,
// item 9). What follows is what public integrations of this service do, observed, not
// published: plaintext `<developer code>|dd/MM/yyyy` (the caller's local date; the
// developer code is the short code issued by the operator, not the developer-token
// GUID), UTF-8, RSA PKCS#1 v1.5 with the operator's public key (PEM), standard Base64.
// Replace `plaintext` if the operator tells you otherwise.
import { constants, createPublicKey, publicEncrypt, type KeyObject } from 'node:crypto';
import { ConfigurationError } from './errors.ts';

/** Options of {@link createAccessCode}. */
export interface AccessCodeOptions {
  /** The developer code issued by the operator (a secret: never logged nor put in an error). */
  developerCode: string;
  /** The operator's RSA public key: a PEM string, or a `KeyObject`. */
  publicKey: string | KeyObject;
  /** The clock; default `() => new Date()`. */
  now?: () => Date;
  /** The plaintext to encrypt; default {@link defaultAccessCodePlaintext}. */
  plaintext?: (developerCode: string, now: Date) => string;
}

const two = (n: number): string => String(n).padStart(2, '0');

/** `<developer code>|dd/MM/yyyy`, the date on the caller's local clock (observed in public integrations). */
export function defaultAccessCodePlaintext(developerCode: string, now: Date): string {
  return `${developerCode}|${two(now.getDate())}/${two(now.getMonth() + 1)}/${String(now.getFullYear()).padStart(4, '0')}`;
}

function publicKeyOf(source: string | KeyObject): KeyObject {
  let key: KeyObject;
  try {
    key = typeof source === 'string' ? createPublicKey(source) : source.type === 'public' ? source : createPublicKey(source);
  } catch {
    throw new ConfigurationError('createAccessCode: publicKey is not a readable PEM public key');
  }
  if (key.asymmetricKeyType !== 'rsa') throw new ConfigurationError('createAccessCode: publicKey must be an RSA key');
  return key;
}

/**
 * A function giving a fresh access code per call, for the `accessCode` option of every
 * client. The key is parsed once, here; each call encrypts anew (PKCS#1 v1.5 is randomised).
 */
export function createAccessCode(options: AccessCodeOptions): () => string {
  const { developerCode, now = () => new Date(), plaintext = defaultAccessCodePlaintext } = options;
  if (typeof developerCode !== 'string' || developerCode === '') {
    throw new ConfigurationError('createAccessCode: developerCode must be a non-empty string');
  }
  const key = publicKeyOf(options.publicKey);
  // PKCS#1 v1.5 fits at most (modulus bytes - 11) bytes of plaintext.
  const maxBytes = (key.asymmetricKeyDetails?.modulusLength ?? 0) / 8 - 11;
  return () => {
    const data = Buffer.from(plaintext(developerCode, now()), 'utf8');
    if (data.length > maxBytes) {
      throw new ConfigurationError(
        `createAccessCode: the plaintext is ${data.length} bytes, more than the ${maxBytes} this key can encrypt`,
      );
    }
    return publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, data).toString('base64');
  };
}
