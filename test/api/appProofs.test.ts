import * as assert from 'node:assert/strict';
import { makeProof } from '../support/appProof';
import { verifyAppProofSignature } from '@turnkey/crypto';
import { type AppProof } from '../../src/api';
import { checkAppProof } from '../../src/api/remote';

type OfficialProof = Parameters<typeof verifyAppProofSignature>[0];
const official = (proof: AppProof) => verifyAppProofSignature(proof as OfficialProof);

const payload = {
  type: 'APP_PROOF_TYPE_ADDRESS_DERIVATION',
  timestampMs: '1732000000000',
  addressDerivationProof: {
    organizationId: 'org',
    walletId: 'w',
    derivationPath: "m/44'/60'/0'/0/0",
    address: '0xabc',
  },
};

describe('App Proofs', () => {
  it('accepts a proof signed by the last 65 bytes of its public key, and the official verifier agrees', () => {
    const proof = makeProof(payload);
    const check = checkAppProof(proof);
    assert.equal(check.ok, true);
    if (check.ok) assert.deepEqual(check.payload, payload);
    assert.doesNotThrow(() => official(proof));
  });

  it('refuses a proof whose payload was changed after signing', () => {
    const proof = makeProof(payload);
    const tampered = { ...proof, proofPayload: proof.proofPayload.replace('0xabc', '0xabd') };
    assert.deepEqual(checkAppProof(tampered), { ok: false, reason: 'the signature does not match the payload' });
    assert.throws(() => official(tampered));
  });

  it('refuses a proof verified against its encryption key instead of its signing key', () => {
    const proof = makeProof(payload);
    const swapped = { ...proof, publicKey: proof.publicKey.slice(130) + proof.publicKey.slice(0, 130) };
    assert.equal(checkAppProof(swapped).ok, false);
  });

  it('names what is wrong with a malformed proof', () => {
    const proof = makeProof(payload);
    assert.match(
      String((checkAppProof({ ...proof, scheme: 'SIGNATURE_SCHEME_TK_API_P256' }) as { reason: string }).reason),
      /unsupported scheme/,
    );
    assert.match(
      String((checkAppProof({ ...proof, publicKey: proof.publicKey.slice(2) }) as { reason: string }).reason),
      /130 bytes/,
    );
    assert.match(
      String((checkAppProof({ ...proof, signature: `${proof.signature}00` }) as { reason: string }).reason),
      /64 bytes/,
    );
    assert.match(
      String((checkAppProof({ ...proof, publicKey: '04'.padEnd(260, '0') }) as { reason: string }).reason),
      /not a point|does not match/,
    );
  });
});
