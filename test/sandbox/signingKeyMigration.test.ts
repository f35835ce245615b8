import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { crc32 } from 'node:zlib';
import * as Address from 'ox/Address';
import * as Secp256k1 from 'ox/Secp256k1';
import * as Signature from 'ox/Signature';
import * as TransactionEnvelope from 'ox/TxEnvelope';
import * as TxEnvelopeEip1559 from 'ox/TxEnvelopeEip1559';
import { ActivityFailedError, type LogFields, type Logger, type PrivateKey } from '../../src/api';
import { ApiKeyStamper, CountersignClient } from '../../src/api/remote';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { CREDENTIALS_FILE_NAME, writeFileAtomic } from '../../src/sandbox/credentials';
import { createSeed } from '../../src/sandbox/seed';
import type { OrganizationRecord } from '../../src/sandbox/state';
import { JOURNAL_FILE_NAME, readJournal } from '../../src/sandbox/storage/journalStorage';

/**
 * A seed as sandboxes wrote it before they could sign: secp256k1 keys without a private half or address, and no
 * Treasury (which came later still).
 */
function oldSeed(nowMs: number): ReturnType<typeof createSeed> {
  const seed = createSeed(nowMs);
  const old = seed.organizations.filter((o) => o.name !== 'Treasury');
  const organizations: OrganizationRecord[] = old.map((o) => ({
    ...o,
    privateKeys: o.privateKeys.map((key) => {
      const { signingKey: _discarded, ...rest } = key;
      return { ...rest, addresses: [{ format: 'ADDRESS_FORMAT_COMPRESSED', address: key.publicKey }] };
    }),
  }));
  return { organizations, effects: [], credentials: seed.credentials.filter((o) => o.name !== 'Treasury') };
}

function journalRecords(dir: string): { kind: string }[] {
  return readJournal(readFileSync(path.join(dir, JOURNAL_FILE_NAME))).records as { kind: string }[];
}

describe('sandbox: a journal from before signing gains signing keys', () => {
  let dir: string;
  let sandbox: RunningSandbox | undefined;
  const logged: string[] = [];
  const log = (message: string, fields?: LogFields): void => void logged.push(message + JSON.stringify(fields ?? {}));
  const logger: Logger = { trace: log, debug: log, info: log, warn: log, error: log };

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'countersign-migration-'));
    const seed = oldSeed(Date.now());
    const demoKey = seed.organizations[0]?.privateKeys[0];
    assert.ok(demoKey);
    // Written as sandboxes then wrote it: `<crc32 of the JSON> <JSON>` per line, in a private file.
    const tag = { tagId: 'tag-old', tagName: 'old tag', privateKeyIds: [demoKey.privateKeyId], createdAtMs: 1 };
    const lines = [
      { kind: 'seed', organizations: seed.organizations },
      // A tag made before the migration: the key keeps it.
      {
        kind: 'effects',
        effects: [{ op: 'putTag', organizationId: seed.organizations[0]?.organizationId, record: tag }],
      },
    ].map((record) => {
      const json = JSON.stringify(record);
      return `${crc32(Buffer.from(json, 'utf8')).toString(16).padStart(8, '0')} ${json}\n`;
    });
    writeFileSync(path.join(dir, JOURNAL_FILE_NAME), lines.join(''), { mode: 0o600 });
    writeFileAtomic(
      path.join(dir, CREDENTIALS_FILE_NAME),
      JSON.stringify({ baseUrl: '', organizations: seed.credentials }),
    );
  });
  afterEach(async () => {
    await sandbox?.close();
    sandbox = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  const demoClient = (running: RunningSandbox): { client: CountersignClient; organizationId: string } => {
    const org = running.credentials.organizations.find((o) => o.name === 'Demo');
    const key = org?.users[0]?.apiKeys[0];
    assert.ok(org && key);
    const stamper = new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey });
    return {
      client: new CountersignClient({ baseUrl: running.baseUrl }, stamper, { maxAttempts: 1 }),
      organizationId: org.organizationId,
    };
  };

  const signWith = async (running: RunningSandbox, key: PrivateKey): Promise<string> => {
    const { client, organizationId } = demoClient(running);
    const unsigned = TransactionEnvelope.serialize(
      TxEnvelopeEip1559.from({ chainId: 1, nonce: 1n, maxFeePerGas: 9n, maxPriorityFeePerGas: 1n, gas: 21_000n }),
    );
    try {
      const activity = await client.signTransaction({
        organizationId,
        parameters: {
          signWith: key.privateKeyId,
          unsignedTransaction: unsigned.slice(2),
          type: 'TRANSACTION_TYPE_ETHEREUM',
        },
      });
      const signed = (activity.result['signTransactionResult'] as { signedTransaction: string }).signedTransaction;
      const envelope = TransactionEnvelope.deserialize(`0x${signed}`);
      const signature = Signature.from(envelope as Signature.Signature);
      return Address.checksum(
        Secp256k1.recoverAddress({ payload: TransactionEnvelope.getSignPayload(envelope), signature }),
      );
    } finally {
      await client.close();
    }
  };

  it('writes one migration record at start-up; the old keys then sign and recover to their listed addresses', async () => {
    const before = journalRecords(dir);
    sandbox = await startSandbox({ dataDir: dir, logger });
    const records = journalRecords(dir);
    assert.deepEqual(
      records.map((r) => r.kind),
      // The signing keys, the enclave key that signs bundles, then the Treasury organization the old seed did not have.
      [...before.map((r) => r.kind), 'signingKeys', 'enclaveKey', 'seed'],
    );
    assert.equal(statSync(path.join(dir, JOURNAL_FILE_NAME)).mode & 0o777, 0o600, 'the journal is private');

    const { client, organizationId } = demoClient(sandbox);
    const keys = await client.listPrivateKeys({ organizationId });
    await client.close();
    const oldIds = (before[0] as unknown as { organizations: OrganizationRecord[] }).organizations[0]?.privateKeys.map(
      (k) => k.privateKeyId,
    );
    assert.deepEqual(
      keys.map((k) => k.privateKeyId),
      oldIds,
      'the keys keep their ids',
    );
    const signing = keys.find((k) => k.privateKeyName === 'Demo signing key');
    assert.ok(signing);
    assert.deepEqual(signing.privateKeyTags, ['tag-old'], 'and their tags');
    const address = signing.addresses.find((a) => a.format === 'ADDRESS_FORMAT_ETHEREUM')?.address;
    assert.ok(address);
    assert.equal(await signWith(sandbox, signing), address);

    // The private halves are in the journal alone: not in a log line, not in credentials.json.
    const grant = records.find((r) => r.kind === 'signingKeys') as unknown as { keys: { signingKey: string }[] };
    assert.equal(grant.keys.length, 5, 'the five seeded secp256k1 keys of the old journal');
    const credentials = readFileSync(path.join(dir, CREDENTIALS_FILE_NAME), 'utf8');
    for (const { signingKey } of grant.keys) {
      assert.ok(!logged.some((line) => line.includes(signingKey)), 'a private half was logged');
      assert.ok(!credentials.includes(signingKey), 'a private half is in credentials.json');
    }

    // The ed25519 key still cannot sign, and the failure says so.
    const solana = keys.find((k) => k.curve === 'CURVE_ED25519');
    assert.ok(solana);
    await assert.rejects(signWith(sandbox, solana), (error: unknown) => {
      assert.ok(error instanceof ActivityFailedError);
      assert.match(error.message, /Demo Solana key .* secp256k1 private keys and wallet accounts only/);
      return true;
    });
  });

  it('migrates once: a restart adds no record and signs with the same keys', async () => {
    sandbox = await startSandbox({ dataDir: dir, logger });
    const { client, organizationId } = demoClient(sandbox);
    const keys = await client.listPrivateKeys({ organizationId });
    await client.close();
    await sandbox.close();
    const afterFirst = journalRecords(dir).filter((r) => r.kind === 'signingKeys').length;

    sandbox = await startSandbox({ dataDir: dir, logger });
    assert.equal(journalRecords(dir).filter((r) => r.kind === 'signingKeys').length, afterFirst);
    assert.equal(afterFirst, 1);
    const again = demoClient(sandbox);
    const reread = await again.client.listPrivateKeys({ organizationId });
    await again.client.close();
    assert.deepEqual(reread, keys, 'the same keys and addresses after a restart');
    const treasury = reread.find((k) => k.privateKeyName === 'Demo treasury key');
    assert.ok(treasury);
    assert.equal(
      await signWith(sandbox, treasury),
      treasury.addresses.find((a) => a.format === 'ADDRESS_FORMAT_ETHEREUM')?.address,
    );
  });
});
