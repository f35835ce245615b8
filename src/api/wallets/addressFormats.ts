/**
 * A wallet account's address from its public key, per `v1AddressFormat`, with the encoders of @scure/base and
 * the hashes of @noble/hashes and ox: Ethereum (EIP-55), Solana (base58), compressed and uncompressed keys (hex),
 * Tron (base58check of 0x41 and the Ethereum hash), Cosmos (bech32 of the key's hash160), Bitcoin and Dogecoin
 * P2PKH (base58check), Bitcoin P2WPKH (bech32, BIP-84) and P2TR (bech32m of the BIP-86 tweaked key), Sui and
 * Aptos (single-key ed25519 schemes). The other formats (scripts, TON, Stellar, XRP, Spark, Sei) are refused,
 * naming the format.
 */
import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js';
import { blake2b } from '@noble/hashes/blake2.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { sha3_256 } from '@noble/hashes/sha3.js';
import { base58, bech32, bech32m, createBase58check, hex } from '@scure/base';
import * as Address from 'ox/Address';
import * as Hash from 'ox/Hash';
import * as PublicKey from 'ox/PublicKey';
import type { WalletCurve } from './derivation';

const base58check = createBase58check(sha256);
const hash160 = (bytes: Uint8Array): Uint8Array => ripemd160(sha256(bytes));

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** secp256k1 uncompressed point, 65 bytes. */
function uncompressed(publicKey: Uint8Array): Uint8Array {
  return secp256k1.Point.fromBytes(publicKey).toBytes(false);
}

/** BIP-86: the x-only key tweaked by its own TapTweak hash (no script path). */
function taprootOutputKey(publicKey: Uint8Array): Uint8Array {
  const x = publicKey.slice(1);
  const internal = schnorr.utils.lift_x(BigInt(`0x${hex.encode(x)}`));
  const tweak = BigInt(`0x${hex.encode(schnorr.utils.taggedHash('TapTweak', x))}`);
  return internal.add(secp256k1.Point.BASE.multiply(tweak)).toBytes(true).slice(1);
}

type Encoder = (publicKey: Uint8Array) => string;

const BITCOIN_NETWORKS = {
  MAINNET: { p2pkh: 0x00, hrp: 'bc' },
  TESTNET: { p2pkh: 0x6f, hrp: 'tb' },
  SIGNET: { p2pkh: 0x6f, hrp: 'tb' },
  REGTEST: { p2pkh: 0x6f, hrp: 'bcrt' },
} as const;

const SECP256K1_FORMATS: Record<string, Encoder> = {
  ADDRESS_FORMAT_COMPRESSED: (key) => hex.encode(key),
  ADDRESS_FORMAT_UNCOMPRESSED: (key) => hex.encode(uncompressed(key)),
  ADDRESS_FORMAT_ETHEREUM: (key) => Address.checksum(Address.fromPublicKey(PublicKey.fromBytes(uncompressed(key)))),
  ADDRESS_FORMAT_TRON: (key) =>
    base58check.encode(concat(new Uint8Array([0x41]), Hash.keccak256(uncompressed(key).slice(1)).slice(12))),
  ADDRESS_FORMAT_COSMOS: (key) => bech32.encode('cosmos', bech32.toWords(hash160(key))),
  ADDRESS_FORMAT_DOGE_MAINNET: (key) => base58check.encode(concat(new Uint8Array([0x1e]), hash160(key))),
  ADDRESS_FORMAT_DOGE_TESTNET: (key) => base58check.encode(concat(new Uint8Array([0x71]), hash160(key))),
};
for (const [network, { p2pkh, hrp }] of Object.entries(BITCOIN_NETWORKS)) {
  SECP256K1_FORMATS[`ADDRESS_FORMAT_BITCOIN_${network}_P2PKH`] = (key) =>
    base58check.encode(concat(new Uint8Array([p2pkh]), hash160(key)));
  SECP256K1_FORMATS[`ADDRESS_FORMAT_BITCOIN_${network}_P2WPKH`] = (key) =>
    bech32.encode(hrp, [0, ...bech32.toWords(hash160(key))]);
  SECP256K1_FORMATS[`ADDRESS_FORMAT_BITCOIN_${network}_P2TR`] = (key) =>
    bech32m.encode(hrp, [1, ...bech32m.toWords(taprootOutputKey(key))]);
}

const ED25519_FORMATS: Record<string, Encoder> = {
  ADDRESS_FORMAT_COMPRESSED: (key) => hex.encode(key),
  ADDRESS_FORMAT_SOLANA: (key) => base58.encode(key),
  ADDRESS_FORMAT_SUI: (key) => `0x${hex.encode(blake2b(concat(new Uint8Array([0x00]), key), { dkLen: 32 }))}`,
  ADDRESS_FORMAT_APTOS: (key) => `0x${hex.encode(sha3_256(concat(key, new Uint8Array([0x00]))))}`,
};

const ENCODERS: Readonly<Record<WalletCurve, Record<string, Encoder>>> = {
  CURVE_SECP256K1: SECP256K1_FORMATS,
  CURVE_ED25519: ED25519_FORMATS,
};

/** The address formats derived for a curve. */
export function addressFormatsOf(curve: WalletCurve): readonly string[] {
  return Object.keys(ENCODERS[curve]);
}

/** The curves whose keys have addresses of this format (empty: a format not derived at all). */
export function curvesOfAddressFormat(format: string): WalletCurve[] {
  return (Object.keys(ENCODERS) as WalletCurve[]).filter((curve) => ENCODERS[curve][format] !== undefined);
}

/** The address of a public key (compressed for secp256k1), or undefined when the format is not derived for the curve. */
export function addressOf(curve: WalletCurve, format: string, publicKey: Uint8Array): string | undefined {
  return ENCODERS[curve][format]?.(publicKey);
}
