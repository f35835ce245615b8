/**
 * App Proofs: what the service attaches to an activity submitted with `generateAppProofs: true`.
 * A proof's `publicKey` is 130 bytes in hex (an uncompressed encryption key, then the uncompressed
 * signing key); `signature` is 64 bytes r‖s over sha256 of the `proofPayload` string, made with the
 * signing key. Checking it proves the payload came from the holder of that key; tying the key to an
 * enclave needs the boot proof, which is out of scope here.
 */
import { p256 } from '@noble/curves/nist.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import type { AppProof } from './schemas/activity';
import { APP_PROOF_SIGNATURE_SCHEME } from './wireValues';

const UNCOMPRESSED_KEY_BYTES = 65;

export type AppProofCheck =
  | { readonly ok: true; readonly payload: unknown; readonly signingPublicKey: string }
  | { readonly ok: false; readonly reason: string };

function isHex(value: string, bytes: number): boolean {
  return value.length === bytes * 2 && /^[0-9a-fA-F]*$/.test(value);
}

/** Checks one proof's scheme, shape and signature. Never throws. */
export function checkAppProof(proof: AppProof): AppProofCheck {
  if (proof.scheme !== APP_PROOF_SIGNATURE_SCHEME) {
    return { ok: false, reason: `unsupported scheme ${JSON.stringify(proof.scheme)}` };
  }
  if (!isHex(proof.publicKey, 2 * UNCOMPRESSED_KEY_BYTES)) {
    return { ok: false, reason: 'publicKey is not 130 bytes of hex' };
  }
  if (!isHex(proof.signature, 64)) {
    return { ok: false, reason: 'signature is not 64 bytes of hex (r‖s)' };
  }
  const signingPublicKey = proof.publicKey.slice(2 * UNCOMPRESSED_KEY_BYTES).toLowerCase();
  let valid: boolean;
  try {
    valid = p256.verify(
      hexToBytes(proof.signature),
      new TextEncoder().encode(proof.proofPayload),
      hexToBytes(signingPublicKey),
      {
        prehash: true,
        format: 'compact',
        lowS: false,
      },
    );
  } catch {
    return { ok: false, reason: 'the signing key is not a point on P-256' };
  }
  if (!valid) return { ok: false, reason: 'the signature does not match the payload' };
  let payload: unknown;
  try {
    payload = JSON.parse(proof.proofPayload);
  } catch {
    return { ok: false, reason: 'proofPayload is not JSON' };
  }
  return { ok: true, payload, signingPublicKey };
}
