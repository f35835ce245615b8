/**
 * Ed25519 signatures for sign_raw_payload(s) with HASH_FUNCTION_NOT_APPLICABLE: the message itself is signed
 * (Ed25519 hashes internally). On the wire, as the service answers: r and s are the signature's two halves as
 * 64 hex digits each, v is "00".
 */
import { ed25519 } from '@noble/curves/ed25519.js';

export function signEd25519(message: Uint8Array, privateKey: Uint8Array): { r: string; s: string; v: string } {
  const signature = Buffer.from(ed25519.sign(message, privateKey)).toString('hex');
  return { r: signature.slice(0, 64), s: signature.slice(64), v: '00' };
}

export function verifyEd25519(signature: string, message: Uint8Array, publicKey: Uint8Array): boolean {
  return ed25519.verify(Buffer.from(signature, 'hex'), message, publicKey);
}
