/**
 * HD wallets: BIP-39 mnemonics (@scure/bip39) and seeds (node:crypto's PBKDF2), BIP-32 derivation for secp256k1 (@scure/bip32) and
 * SLIP-10 for ed25519 (HMAC-SHA512 from @noble/hashes, keys from @noble/curves: the scheme is a few lines and no
 * maintained SLIP-10 package is among the dependencies). A path is parsed once into its indexes; a path that
 * cannot be parsed, or an ed25519 path with a non-hardened step (SLIP-10 has none), is named in the problem.
 */
import { pbkdf2Sync } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { HDKey } from '@scure/bip32';
import { generateMnemonic, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';

export const HARDENED = 0x80000000;

export type WalletCurve = 'CURVE_SECP256K1' | 'CURVE_ED25519';

/** A BIP-39 English mnemonic of 12, 15, 18, 21 or 24 words (128 to 256 bits of entropy). */
export function newMnemonic(words = 12): string {
  return generateMnemonic(wordlist, (words / 3) * 32);
}

export function isValidMnemonic(mnemonic: string): boolean {
  return validateMnemonic(mnemonic.trim().normalize('NFKD'), wordlist);
}

/**
 * The 64-byte BIP-39 seed of a mnemonic (and optional passphrase): PBKDF2-HMAC-SHA512 of the NFKD mnemonic, salted
 * with "mnemonic" and the passphrase, 2048 rounds. node:crypto's (OpenSSL's) PBKDF2 takes about 2 ms where
 * @scure/bip39's JavaScript one takes about 80; the same bytes (the tests compare with viem's derivation).
 */
export function seedOfMnemonic(mnemonic: string, passphrase = ''): Uint8Array {
  const words = mnemonic.trim().normalize('NFKD');
  return new Uint8Array(pbkdf2Sync(words, `mnemonic${passphrase.normalize('NFKD')}`, 2048, 64, 'sha512'));
}

export interface ParsedPath {
  /** Each step's index, hardened ones with HARDENED added. */
  readonly indexes: readonly number[];
  /** The path as a wallet library writes it: `m/44'/60'/0'/0/0` (`h` and `H` read as `'`). */
  readonly canonical: string;
}

const STEP = /^(\d{1,10})(['hH]?)$/;

/** Parses `m/44'/60'/0'/0/0`; the problem names what is wrong. */
export function parsePath(path: string): ParsedPath | { problem: string } {
  const parts = path.trim().split('/');
  if (parts[0] !== 'm') return { problem: `path "${path.slice(0, 64)}" must start with m/` };
  if (parts.length < 2) return { problem: `path "${path.slice(0, 64)}" names no step after m` };
  if (parts.length > 256) return { problem: 'path has more than 255 steps' };
  const indexes: number[] = [];
  for (const part of parts.slice(1)) {
    const step = STEP.exec(part);
    const value = step ? Number(step[1]) : NaN;
    if (!step || value >= HARDENED)
      return { problem: `path "${path.slice(0, 64)}" has an invalid step "${part.slice(0, 16)}"` };
    indexes.push(step[2] === '' ? value : value + HARDENED);
  }
  const canonical = ['m', ...indexes.map((i) => (i >= HARDENED ? `${i - HARDENED}'` : String(i)))].join('/');
  return { indexes, canonical };
}

/** A derived key: the private scalar or seed (32 bytes) and the public key (compressed for secp256k1). */
export interface DerivedKey {
  readonly privateKey: Uint8Array;
  readonly publicKey: Uint8Array;
}

const ED25519_SEED_KEY = new TextEncoder().encode('ed25519 seed');

/** SLIP-10 for ed25519: every step hardened. */
function deriveEd25519(seed: Uint8Array, indexes: readonly number[]): DerivedKey {
  let node = hmac(sha512, ED25519_SEED_KEY, seed);
  for (const index of indexes) {
    const data = new Uint8Array(37);
    data.set(node.subarray(0, 32), 1);
    new DataView(data.buffer).setUint32(33, index, false);
    node = hmac(sha512, node.subarray(32), data);
  }
  const privateKey = node.slice(0, 32);
  return { privateKey, publicKey: ed25519.getPublicKey(privateKey) };
}

/** Derives the key at `path` from a BIP-39 seed; the problem names what cannot be derived. */
export function deriveKey(seed: Uint8Array, curve: WalletCurve, path: string): DerivedKey | { problem: string } {
  const parsed = parsePath(path);
  if ('problem' in parsed) return parsed;
  if (curve === 'CURVE_ED25519') {
    if (parsed.indexes.some((i) => i < HARDENED))
      return {
        problem: `path "${path.slice(0, 64)}" has a non-hardened step: an ed25519 path is hardened at every step`,
      };
    return deriveEd25519(seed, parsed.indexes);
  }
  const node = HDKey.fromMasterSeed(seed).derive(parsed.canonical);
  if (!node.privateKey || !node.publicKey) return { problem: `path "${path.slice(0, 64)}" derives no key` };
  return { privateKey: node.privateKey, publicKey: node.publicKey };
}
