import * as assert from 'node:assert/strict';
import type { TurnkeyClient } from '@turnkey/http';
import { decryptExportBundle, encryptPrivateKeyToBundle, generateP256KeyPair } from '@turnkey/crypto';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { ActivityFailedError, ServiceError } from '../../src/api';
import { officialClient } from '../support/officialClient';
import { startTestSandbox, type TestSandbox } from '../support/startTestSandbox';

describe('sandbox: export_private_key and the private-key import, in the service bundle format', () => {
  let t: TestSandbox;
  let demoId: string;
  let signer: string;
  beforeEach(async () => {
    t = await startTestSandbox();
    demoId = t.organization('Demo').organizationId;
    signer = t.sandbox.credentials.signerPublicKey;
  });
  afterEach(() => t.close());

  const official = (): TurnkeyClient => officialClient(t, 'Demo');
  const timestampMs = (): string => String(t.clock.now());
  const keyNamed = async (name: string) => {
    const { privateKeys } = await official().getPrivateKeys({ organizationId: demoId });
    const key = privateKeys.find((k) => k.privateKeyName === name);
    assert.ok(key, name);
    return key;
  };
  const ethereumAddressOf = (key: { addresses: { format?: string; address?: string }[] }): string =>
    key.addresses.find((a) => a.format === 'ADDRESS_FORMAT_ETHEREUM')?.address ?? '';
  const exportKey = (privateKeyId: string, targetPublicKey: string) =>
    official().exportPrivateKey({
      type: 'ACTIVITY_TYPE_EXPORT_PRIVATE_KEY',
      timestampMs: timestampMs(),
      organizationId: demoId,
      parameters: { privateKeyId, targetPublicKey },
    });
  const initImport = async (): Promise<string> => {
    const { activity } = await official().initImportPrivateKey({
      type: 'ACTIVITY_TYPE_INIT_IMPORT_PRIVATE_KEY',
      timestampMs: timestampMs(),
      organizationId: demoId,
      parameters: { userId: rootId() },
    });
    assert.equal(activity.status, 'ACTIVITY_STATUS_COMPLETED');
    const bundle = activity.result.initImportPrivateKeyResult?.importBundle;
    assert.ok(bundle);
    return bundle;
  };
  const rootId = (): string => t.organization('Demo').users[0]?.userId ?? '';
  const importKey = (privateKeyName: string, encryptedBundle: string) =>
    t.clientFor('Demo').importPrivateKey({
      organizationId: demoId,
      parameters: {
        userId: rootId(),
        privateKeyName,
        encryptedBundle,
        curve: 'CURVE_SECP256K1',
        addressFormats: ['ADDRESS_FORMAT_ETHEREUM'],
      },
    });

  it('publishes its signer key, and an export opens with decryptExportBundle to the key of the same address', async () => {
    assert.match(signer, /^04[0-9a-f]{128}$/);
    const key = await keyNamed('Demo treasury key');
    assert.equal(key.exported, false);
    const target = generateP256KeyPair();
    const { activity } = await exportKey(key.privateKeyId, target.publicKeyUncompressed);
    assert.equal(activity.status, 'ACTIVITY_STATUS_COMPLETED');
    const exportBundle = activity.result.exportPrivateKeyResult?.exportBundle ?? '';
    const privateKey = await decryptExportBundle({
      exportBundle,
      embeddedKey: target.privateKey,
      organizationId: demoId,
      dangerouslyOverrideSignerPublicKey: signer,
      returnMnemonic: false,
    });
    assert.match(privateKey, /^[0-9a-f]{64}$/);
    assert.equal(privateKeyToAddress(`0x${privateKey}`), ethereumAddressOf(key), 'the address re-derived from it');
    assert.equal((await keyNamed('Demo treasury key')).exported, true);
    // Only the sandbox's own signer key opens it: the production key the library defaults to does not.
    await assert.rejects(
      decryptExportBundle({
        exportBundle,
        embeddedKey: target.privateKey,
        organizationId: demoId,
        returnMnemonic: false,
      }),
    );
  });

  it('refuses with 400 an export to a key that is not P-256, and creates nothing', async () => {
    const key = await keyNamed('Demo treasury key');
    // A secp256k1 point: the right length, the wrong curve.
    const secp256k1 =
      '0479be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8';
    for (const targetPublicKey of [secp256k1, 'not a key']) {
      await assert.rejects(
        t.clientFor('Demo').exportPrivateKey({
          organizationId: demoId,
          parameters: { privateKeyId: key.privateKeyId, targetPublicKey },
        }),
        (error: unknown) => error instanceof ServiceError && error.status === 400 && /P-256/.test(error.message),
      );
    }
    assert.equal((await keyNamed('Demo treasury key')).exported, false);
  });

  it('imports a key encrypted with encryptPrivateKeyToBundle: same address, marked imported, and it exports back to itself', async () => {
    const secret = generatePrivateKey();
    const importBundle = await initImport();
    const encryptedBundle = await encryptPrivateKeyToBundle({
      privateKey: secret,
      keyFormat: 'HEXADECIMAL',
      importBundle,
      userId: rootId(),
      organizationId: demoId,
      dangerouslyOverrideSignerPublicKey: signer,
    });
    const activity = await importKey('imported key', encryptedBundle);
    const result = activity.result['importPrivateKeyResult'] as {
      privateKeyId: string;
      addresses: { address: string }[];
    };
    assert.equal(result.addresses[0]?.address, privateKeyToAddress(secret));
    const key = await keyNamed('imported key');
    assert.equal(key.imported, true);
    assert.equal(key.exported, false);
    assert.ok(!JSON.stringify(activity).includes(secret.slice(2)), 'the key is in no answer');

    const target = generateP256KeyPair();
    const exported = await exportKey(result.privateKeyId, target.publicKeyUncompressed);
    const back = await decryptExportBundle({
      exportBundle: exported.activity.result.exportPrivateKeyResult?.exportBundle ?? '',
      embeddedKey: target.privateKey,
      organizationId: demoId,
      dangerouslyOverrideSignerPublicKey: signer,
      returnMnemonic: false,
    });
    assert.equal(`0x${back}`, secret);

    // An import is used once: the same bundle again finds no import initialised.
    await assert.rejects(importKey('imported twice', encryptedBundle), (error: unknown) => {
      assert.ok(error instanceof ActivityFailedError);
      assert.match(error.message, /no import is initialised/);
      return true;
    });
  });

  it('fails an import whose bundle does not decrypt, or that was never initialised, without saying the secret', async () => {
    const secret = generatePrivateKey();
    await assert.rejects(
      importKey('never initialised', '{"encappedPublic":"04","ciphertext":"00"}'),
      ActivityFailedError,
    );
    const stale = await initImport();
    const encryptedToStale = await encryptPrivateKeyToBundle({
      privateKey: secret,
      keyFormat: 'HEXADECIMAL',
      importBundle: stale,
      userId: rootId(),
      organizationId: demoId,
      dangerouslyOverrideSignerPublicKey: signer,
    });
    // A second initialisation replaces the first: what was encrypted to the first target does not decrypt.
    await initImport();
    await assert.rejects(importKey('stale', encryptedToStale), (error: unknown) => {
      assert.ok(error instanceof ActivityFailedError);
      assert.match(error.message, /does not decrypt/);
      assert.ok(!error.message.includes(secret.slice(2)));
      return true;
    });
    const { privateKeys } = await official().getPrivateKeys({ organizationId: demoId });
    assert.ok(!privateKeys.some((k) => k.privateKeyName === 'stale'));
  });
});
