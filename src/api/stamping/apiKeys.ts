/**
 * API keys as the service's own tools write them: a P-256 private scalar in hex, optionally suffixed
 * with `:p256` (the official CLI's key files), and the compressed SEC1 public key in hex.
 */
import { p256 } from '@noble/curves/nist.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { InvalidInputError } from '../errors';

export interface ApiKeyPair {
  /** 64 lowercase hex characters. */
  readonly privateKey: string;
  /** 66 lowercase hex characters, `02…` or `03…`. */
  readonly publicKey: string;
}

const OTHER_CURVES = ['secp256k1', 'ed25519'];

/**
 * Reads a private key as pasted or read from a key file and returns its 64-hex form.
 * Throws InvalidInputError saying what is wrong; the message never repeats the input.
 */
export function parsePrivateKey(input: string): string {
  let text = input.trim();
  const colon = text.lastIndexOf(':');
  if (colon !== -1) {
    const curve = text
      .slice(colon + 1)
      .trim()
      .toLowerCase();
    text = text.slice(0, colon).trim();
    if (OTHER_CURVES.includes(curve)) {
      throw new InvalidInputError(
        'private key',
        `This is a ${curve} key; Countersign signs with P-256 API keys only.`,
        'Generate a P-256 key (the default of the service\'s CLI and of "Countersign: Generate API Key").',
      );
    }
    if (curve !== 'p256') {
      throw new InvalidInputError(
        'private key',
        `Unknown key suffix ":${curve.slice(0, 20)}"; expected ":p256" or none.`,
      );
    }
  }
  if (text.startsWith('0x') || text.startsWith('0X')) text = text.slice(2);
  if (text.length === 0) {
    throw new InvalidInputError('private key', 'The private key is empty.');
  }
  if (!/^[0-9a-fA-F]+$/.test(text)) {
    throw new InvalidInputError(
      'private key',
      'The private key must be hexadecimal (0-9, a-f); it contains other characters.',
      'Paste the contents of the ".private" key file, or the 64-character hex key.',
    );
  }
  if (text.length !== 64) {
    throw new InvalidInputError(
      'private key',
      `The private key must be 64 hex characters (32 bytes); this one has ${text.length}.`,
      text.length === 66 ? 'That length is a public key; paste the private key instead.' : undefined,
    );
  }
  const hex = text.toLowerCase();
  if (!p256.utils.isValidSecretKey(hexToBytes(hex))) {
    throw new InvalidInputError('private key', 'The private key is not a valid P-256 scalar (zero or too large).');
  }
  return hex;
}

/** Validates a compressed P-256 public key in hex and returns it in lowercase. */
export function parsePublicKey(input: string): string {
  const hex = input.trim().toLowerCase().replace(/^0x/, '');
  if (!/^0[23][0-9a-f]{64}$/.test(hex)) {
    throw new InvalidInputError(
      'public key',
      'The public key must be a compressed P-256 key: 66 hex characters starting with 02 or 03.',
    );
  }
  if (!p256.utils.isValidPublicKey(hexToBytes(hex), true)) {
    throw new InvalidInputError('public key', 'The public key is not a point on the P-256 curve.');
  }
  return hex;
}

/** The compressed public key of a (parsed) private key. */
export function derivePublicKey(privateKey: string): string {
  return bytesToHex(p256.getPublicKey(hexToBytes(parsePrivateKey(privateKey)), true));
}

/**
 * Parses both halves of a key pair and checks they belong together.
 * A mismatch would produce stamps the service rejects, so it is refused here.
 */
export function parseApiKeyPair(privateKey: string, publicKey: string): ApiKeyPair {
  const priv = parsePrivateKey(privateKey);
  const pub = parsePublicKey(publicKey);
  const derived = bytesToHex(p256.getPublicKey(hexToBytes(priv), true));
  if (derived !== pub) {
    throw new InvalidInputError(
      'API key',
      'The private key does not belong to the public key it was given with.',
      'Check that both halves come from the same key pair (the ".private" and ".public" files of one key).',
    );
  }
  return { privateKey: priv, publicKey: pub };
}

/** A fresh P-256 key pair from the platform's secure random source. */
export function generateApiKeyPair(): ApiKeyPair {
  const secret = p256.utils.randomSecretKey();
  return { privateKey: bytesToHex(secret), publicKey: bytesToHex(p256.getPublicKey(secret, true)) };
}
