/**
 * App Proofs signed by the sandbox's own ephemeral P-256 key, in the service's format: `publicKey` is
 * an uncompressed encryption key followed by the uncompressed signing key (130 bytes of hex), and
 * `signature` is raw r‖s (64 bytes of hex) over sha256 of the `proofPayload` string. A new key is made
 * at each start, as an enclave would after a reboot; earlier proofs keep their own key and still verify.
 */
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { APP_PROOF_SIGNATURE_SCHEME } from '../api';
import type { ActivityRecord, AppProofRecord } from './state';

function uncompressedHex(publicKey: KeyObject): string {
  const jwk = publicKey.export({ format: 'jwk' });
  if (typeof jwk.x !== 'string' || typeof jwk.y !== 'string') throw new Error('not an EC public key');
  return `04${Buffer.from(jwk.x, 'base64url').toString('hex')}${Buffer.from(jwk.y, 'base64url').toString('hex')}`;
}

export class AppProofSigner {
  readonly publicKey: string;
  readonly #signingKey: KeyObject;

  constructor() {
    const encryption = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const signing = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    this.#signingKey = signing.privateKey;
    this.publicKey = uncompressedHex(encryption.publicKey) + uncompressedHex(signing.publicKey);
  }

  /** One proof that this activity, with this outcome, came from the sandbox. */
  proveActivity(activity: ActivityRecord, nowMs: number): AppProofRecord {
    const proofPayload = JSON.stringify({
      type: 'APP_PROOF_TYPE_ACTIVITY_OUTCOME',
      timestampMs: String(nowMs),
      activityOutcomeProof: {
        organizationId: activity.organizationId,
        activityId: activity.id,
        activityType: activity.type,
        fingerprint: activity.fingerprint,
        status: activity.status,
        result: activity.result,
      },
    });
    const signature = sign('sha256', Buffer.from(proofPayload, 'utf8'), {
      key: this.#signingKey,
      dsaEncoding: 'ieee-p1363',
    });
    return {
      scheme: APP_PROOF_SIGNATURE_SCHEME,
      publicKey: this.publicKey,
      proofPayload,
      signature: signature.toString('hex'),
    };
  }
}
