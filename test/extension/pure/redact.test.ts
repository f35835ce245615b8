/** The redactor every log line and message passes through. */
import * as assert from 'node:assert/strict';
import { ApiKeyStamper, generateApiKeyPair } from '../../../src/api';
import { REDACTED, Redactor } from '../../../src/extension/output/redact';

describe('redactor', () => {
  it('masks a registered private key wherever it appears, in either case', () => {
    const { privateKey } = generateApiKeyPair();
    const redactor = new Redactor();
    redactor.add(privateKey);
    const text = redactor.redact(`key=${privateKey} again ${privateKey.toUpperCase()}!`);
    assert.ok(!text.toLowerCase().includes(privateKey));
    assert.equal(text, `key=${REDACTED} again ${REDACTED}!`);
  });

  it('masks an X-Stamp value and the DER signature inside it, though no one registered them', async () => {
    const pair = generateApiKeyPair();
    const stamp = await new ApiKeyStamper({ apiPublicKey: pair.publicKey, apiPrivateKey: pair.privateKey }).stamp(
      '{"a":1}',
    );
    const decoded = Buffer.from(stamp.stampHeaderValue, 'base64url').toString('utf8');
    const signature = (JSON.parse(decoded) as { signature: string }).signature;
    const redactor = new Redactor();
    assert.equal(redactor.redact(`X-Stamp: ${stamp.stampHeaderValue}`), `X-Stamp: ${REDACTED}`);
    assert.ok(!redactor.redact(decoded).includes(signature));
  });

  it('masks keys in the CLI file form and privateKey fields', () => {
    const { privateKey } = generateApiKeyPair();
    const redactor = new Redactor();
    assert.equal(redactor.redact(`${privateKey}:p256`), REDACTED);
    assert.equal(redactor.redact(`{"privateKey": "${privateKey}"}`), `{"privateKey": "${REDACTED}"}`);
  });

  it('leaves public keys, fingerprints, addresses and hashes readable', () => {
    const { publicKey } = generateApiKeyPair();
    const fingerprint = `sha256:${'ab'.repeat(32)}`;
    const hash = `0x${'cd'.repeat(32)}`;
    const text = `pub ${publicKey} fp ${fingerprint} hash ${hash} addr 0x52908400098527886E0F7030069857D2E4169EE7`;
    assert.equal(new Redactor().redact(text), text);
  });
});
