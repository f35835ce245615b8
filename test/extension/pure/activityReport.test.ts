/** What the log and the messages say about a submitted activity and an API key record. No `vscode` here. */
import * as assert from 'node:assert/strict';
import { makeProof } from '../../support/appProof';
import { activitySchema, apiKeySchema, checkAppProof } from '../../../src/api/remote';
import { activityJsonText, summarizeApiKey } from '../../../src/extension/output/activityReport';
import { activityRecord, apiKeyRecord } from '../../api/sampleRecords';
import {
  activityHeadline,
  activityOutcome,
  appProofLines,
  outcomeSentence,
  signingOutcomeLine,
} from '../../../src/extension/wording/activityWords';
import { fieldRow } from '../../../src/extension/wording/activityPresentation';
import { signatureText } from '../../../src/extension/wording/serviceNames';

const completed = activitySchema.parse(
  activityRecord({ id: 'act-1', type: 'ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE' }),
);

describe('activity report', () => {
  it('heads the log entry with type and status in words, the id, and the raw type and status', () => {
    assert.equal(
      activityHeadline(completed),
      'Create smart contract interface: Completed (activity act-1, ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE, ACTIVITY_STATUS_COMPLETED)',
    );
  });

  it('prints the activity as indented JSON with id, status and type first, and nothing dropped', () => {
    const text = activityJsonText(completed);
    assert.match(
      text,
      /^\{\n {2}"id": "act-1",\n {2}"status": "ACTIVITY_STATUS_COMPLETED",\n {2}"type": "ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE",/,
    );
    assert.deepEqual(JSON.parse(text), JSON.parse(JSON.stringify(completed)));
  });

  it('treats consensus needed as waiting for approvals, not as an error', () => {
    const waiting = activitySchema.parse({
      ...activityRecord({ status: 'ACTIVITY_STATUS_CONSENSUS_NEEDED' }),
      fingerprint: 'sha256:f00d',
    });
    assert.equal(activityOutcome(waiting.status), 'waitsForApprovals');
    assert.match(outcomeSentence(waiting), /waits for approvals.*sha256:f00d/);
    assert.equal(outcomeSentence(completed), 'Create smart contract interface: completed.');
    assert.equal(activityOutcome('ACTIVITY_STATUS_FAILED'), 'failed');
    assert.equal(activityOutcome('ACTIVITY_STATUS_REJECTED'), 'rejected');
    assert.equal(activityOutcome('ACTIVITY_STATUS_PENDING'), 'pending');
  });

  it('lists each App Proof with the outcome of its signature check', () => {
    const good = makeProof({ type: 'APP_PROOF_TYPE_ADDRESS_DERIVATION', timestampMs: '1' });
    const tampered = { ...makeProof({ a: 1 }), proofPayload: '{"a":2}' };
    const lines = appProofLines({ appProofs: [good, tampered] }, true, checkAppProof);
    assert.equal(lines.length, 2);
    assert.match(
      lines[0] ?? '',
      /^App Proof 1: signature valid \(scheme SIGNATURE_SCHEME_EPHEMERAL_KEY_P256, signing key 0x04[0-9a-f]{8}…[0-9a-f]{6}\)\.$/,
    );
    assert.equal(lines[1], 'App Proof 2: signature NOT valid: the signature does not match the payload.');
  });

  it('shows a signature the same way in the message and in the row: its first ten and last six digits', () => {
    const r = `0x${'ab'.repeat(31)}c0ffee`.slice(0, 66);
    const s = `0x${'12'.repeat(32)}`;
    assert.equal(signatureText(r), `0x${r.slice(2, 12)}…${r.slice(-6)}`);
    assert.equal(signatureText('0x1234'), '0x1234', 'a short value whole');
    const base64 = 'MEUCIQDx1a2b3c4d5e6f7g8h9i0jKLMNOPQRSTUVWXYZ';
    assert.equal(signatureText(base64), `${base64.slice(0, 10)}…${base64.slice(-6)}`);
    const line = signingOutcomeLine({ result: { signRawPayloadResult: { r, s, v: '00' } } });
    assert.equal(line, `Signature: r ${signatureText(r)}, s ${signatureText(s)}, v 00.`);
    assert.equal(fieldRow('r', r).text, signatureText(r));
    assert.equal(fieldRow('signature', s).text, signatureText(s));
    assert.equal(fieldRow('r', r).fullText, r, 'the tooltip holds it whole');
  });

  it('says when App Proofs were asked for and none came, and says nothing when they were not asked for', () => {
    assert.match(appProofLines({ appProofs: [] }, true, checkAppProof)[0] ?? '', /No App Proofs/);
    assert.deepEqual(appProofLines({ appProofs: [] }, false, checkAppProof), []);
  });

  it('summarizes an API key: name, credential type, public key, creation and expiration', () => {
    const never = summarizeApiKey(apiKeySchema.parse(apiKeyRecord()));
    assert.deepEqual(never, {
      apiKeyName: 'ci',
      apiKeyId: 'key-1',
      credentialType: 'CREDENTIAL_TYPE_API_KEY_P256',
      publicKey: '02f739f8c77b32f4d5f13265861febd76e7a9c61a1140d296b8c16302508870316',
      createdAt: '2023-11-14T22:13:20.000Z',
      expiration: 'never',
    });
    const expiring = summarizeApiKey(apiKeySchema.parse({ ...apiKeyRecord(), expirationSeconds: '86400' }));
    assert.equal(expiring.expiration, '2023-11-15T22:13:20.000Z');
  });
});
