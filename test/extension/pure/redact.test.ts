/** The redactor every log line and message passes through. */
import * as assert from 'node:assert/strict';
import { ApiKeyStamper, generateApiKeyPair } from '../../../src/api/remote';
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

  it('masks what used to slip through: a passkey stamp, :P256 and " :p256" keys, escaped and snake_case fields, re-ordered stamps', async () => {
    const pair = generateApiKeyPair();
    const key = pair.privateKey;
    const redactor = new Redactor();
    const passkeyStamp =
      '{"authenticatorData":"SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2MFAAAAAQ","clientDataJson":"eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0","credentialId":"f2PbTEvC6tsSgx75lx1gWQ","signature":"MEQCIFVAE9gcYjXlxVF-x87U7EPSto76sXkVQ8EU-OFjOvPAiBr"}';
    assert.equal(redactor.redact(`X-Stamp-Webauthn: ${passkeyStamp}`), `X-Stamp-Webauthn: ${REDACTED}`);
    assert.equal(redactor.redact(passkeyStamp), REDACTED);
    assert.equal(redactor.redact(`${key.toUpperCase()}:P256`), REDACTED);
    assert.equal(redactor.redact(`${key} :p256`), REDACTED);
    assert.equal(redactor.redact(`{\\"privateKey\\":\\"${key}\\"}`), `{\\"privateKey\\":\\"${REDACTED}\\"}`);
    assert.equal(redactor.redact(`private_key=${key}`), `private_key=${REDACTED}`);
    const stamp = await new ApiKeyStamper({ apiPublicKey: pair.publicKey, apiPrivateKey: key }).stamp('{}');
    const { publicKey, scheme, signature } = JSON.parse(
      Buffer.from(stamp.stampHeaderValue, 'base64url').toString(),
    ) as Record<string, string>;
    const reordered = Buffer.from(JSON.stringify({ signature, scheme, publicKey }, null, 1)).toString('base64');
    assert.equal(redactor.redact(`X-Stamp=${reordered}`), `X-Stamp=${REDACTED}`);
    assert.equal(redactor.redact(`stamp ${reordered} sent`), `stamp ${REDACTED} sent`);
  });

  it('masks a loaded key written in base64, base64url or as a JWK "d"', () => {
    const { privateKey } = generateApiKeyPair();
    const redactor = new Redactor();
    redactor.add(`${privateKey}:p256`);
    const bytes = Buffer.from(privateKey, 'hex');
    for (const form of [bytes.toString('base64'), bytes.toString('base64url'), privateKey]) {
      assert.equal(redactor.redact(`key ${form} end`), `key ${REDACTED} end`, form);
    }
    const jwk = JSON.stringify({ kty: 'EC', crv: 'P-256', d: bytes.toString('base64url') });
    assert.ok(!redactor.redact(jwk).includes(bytes.toString('base64url')));
  });

  it('leaves public keys, fingerprints, addresses and hashes readable', () => {
    const { publicKey } = generateApiKeyPair();
    const fingerprint = `sha256:${'ab'.repeat(32)}`;
    const hash = `0x${'cd'.repeat(32)}`;
    const text = `pub ${publicKey} fp ${fingerprint} hash ${hash} addr 0x52908400098527886E0F7030069857D2E4169EE7`;
    assert.equal(new Redactor().redact(text), text);
  });
});
