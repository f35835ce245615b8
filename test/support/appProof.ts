import { generateKeyPairSync, sign } from 'node:crypto';
import { APP_PROOF_SIGNATURE_SCHEME, type AppProof } from '../../src/api';

/** A proof made the way the service makes one, with node:crypto, independently of the code under test. */
export function makeProof(payload: object): AppProof {
  const signing = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const encryption = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const raw = (key: typeof signing.publicKey) =>
    key.export({ format: 'der', type: 'spki' }).subarray(-65).toString('hex');
  const proofPayload = JSON.stringify(payload);
  const signature = sign('sha256', Buffer.from(proofPayload), {
    key: signing.privateKey,
    dsaEncoding: 'ieee-p1363',
  }).toString('hex');
  return {
    scheme: APP_PROOF_SIGNATURE_SCHEME,
    publicKey: raw(encryption.publicKey) + raw(signing.publicKey),
    proofPayload,
    signature,
  };
}
