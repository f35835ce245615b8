import * as assert from 'node:assert/strict';
import { TurnkeyClient, TurnkeyRequestError } from '@turnkey/http';
import * as Address from 'ox/Address';
import * as Hash from 'ox/Hash';
import * as Hex from 'ox/Hex';
import * as PublicKey from 'ox/PublicKey';
import * as Secp256k1 from 'ox/Secp256k1';
import * as Signature from 'ox/Signature';
import * as TransactionEnvelope from 'ox/TxEnvelope';
import * as TxEnvelopeEip1559 from 'ox/TxEnvelopeEip1559';
import * as TxEnvelopeEip2930 from 'ox/TxEnvelopeEip2930';
import * as TxEnvelopeLegacy from 'ox/TxEnvelopeLegacy';
import type { PrivateKey } from '../../src/api';
import { officialClient } from '../support/officialClient';
import { startTestSandbox, type SeededOrganizationName, type TestSandbox } from '../support/startTestSandbox';

const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const HALF_N = Secp256k1.noble.Point.CURVE().n / 2n;

/** Unsigned transactions of each type the sandbox signs, serialized without 0x as the wire carries them. */
const unsignedTransactions: Record<string, string> = {
  legacy: TransactionEnvelope.serialize(
    TxEnvelopeLegacy.from({
      chainId: 1,
      nonce: 7n,
      gasPrice: 20_000_000_000n,
      gas: 21_000n,
      to: TO,
      value: 10n ** 15n,
    }),
  ).slice(2),
  eip2930: TransactionEnvelope.serialize(
    TxEnvelopeEip2930.from({
      chainId: 11155111,
      nonce: 0n,
      gasPrice: 1_000_000_000n,
      gas: 50_000n,
      to: TO,
      value: 1n,
      data: '0xa9059cbb',
      accessList: [{ address: TO, storageKeys: [`0x${'00'.repeat(31)}01`] }],
    }),
  ).slice(2),
  eip1559: TransactionEnvelope.serialize(
    TxEnvelopeEip1559.from({
      chainId: 8453,
      nonce: 3n,
      maxFeePerGas: 2_000_000_000n,
      maxPriorityFeePerGas: 1_000_000n,
      gas: 21_000n,
      to: TO,
      value: 5n,
    }),
  ).slice(2),
};

const hex = (text: string): Hex.Hex => `0x${text.replace(/^0x/, '')}`;

function ethereumAddress(key: PrivateKey): string {
  const address = key.addresses.find((a) => a.format === 'ADDRESS_FORMAT_ETHEREUM')?.address;
  assert.ok(address, `${key.privateKeyName} lists no Ethereum address`);
  return address;
}

/** Checks a signed transaction: no 0x, same fields as the unsigned one, low-S, and returns the signer. */
function signerOf(signedTransaction: string, unsignedTransaction: string): string {
  assert.match(signedTransaction, /^[0-9a-f]+$/, 'hex without 0x');
  const signed = TransactionEnvelope.deserialize(`0x${signedTransaction}`);
  const unsigned = TransactionEnvelope.deserialize(`0x${unsignedTransaction}`);
  assert.equal(signed.type, unsigned.type);
  assert.equal(TransactionEnvelope.getSignPayload(signed), TransactionEnvelope.getSignPayload(unsigned));
  const signature = Signature.from(signed as Signature.Signature);
  assert.ok(BigInt(signature.s) <= HALF_N, 'the signature is low-S');
  return Address.checksum(Secp256k1.recoverAddress({ payload: TransactionEnvelope.getSignPayload(signed), signature }));
}

describe('sandbox: signing activities', () => {
  let t: TestSandbox;
  beforeEach(async () => {
    t = await startTestSandbox();
  });
  afterEach(() => t.close());

  const official = (name: SeededOrganizationName, userIndex = 0): TurnkeyClient => officialClient(t, name, userIndex);
  const keyNamed = async (org: SeededOrganizationName, name: string): Promise<PrivateKey> => {
    const keys = await t.clientFor(org).listPrivateKeys({ organizationId: t.organization(org).organizationId });
    const key = keys.find((k) => k.privateKeyName === name);
    assert.ok(key, `no key named ${name}`);
    return key;
  };
  const timestampMs = (): string => String(t.clock.now());
  type TransactionParameters = Parameters<TurnkeyClient['signTransaction']>[0]['parameters'];
  type PayloadParameters = Parameters<TurnkeyClient['signRawPayload']>[0]['parameters'];
  /** The official client's request, as its own callers build it. */
  const officialSignTransaction = (org: SeededOrganizationName, userIndex: number, parameters: TransactionParameters) =>
    official(org, userIndex).signTransaction({
      type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
      timestampMs: timestampMs(),
      organizationId: t.organization(org).organizationId,
      parameters,
    });
  const officialSignRawPayload = (org: SeededOrganizationName, parameters: PayloadParameters) =>
    official(org).signRawPayload({
      type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
      timestampMs: timestampMs(),
      organizationId: t.organization(org).organizationId,
      parameters,
    });

  it('lists each secp256k1 key with its EIP-55 Ethereum address, and get_private_key shows the same', async () => {
    const organizationId = t.organization('Demo').organizationId;
    const client = t.clientFor('Demo');
    const keys = await client.listPrivateKeys({ organizationId });
    for (const key of keys.filter((k) => k.curve === 'CURVE_SECP256K1')) {
      const address = ethereumAddress(key);
      assert.equal(Address.checksum(address), address, 'checksummed');
      const uncompressed = PublicKey.fromHex(`0x${Secp256k1.noble.Point.fromHex(key.publicKey).toHex(false)}`);
      assert.equal(
        Address.fromPublicKey(uncompressed, { checksum: true }),
        address,
        'the address of the listed public key',
      );
      assert.deepEqual(await client.getPrivateKey({ organizationId, privateKeyId: key.privateKeyId }), key);
    }
    // The private halves are held by the sandbox, and are in no answer.
    const held = [...t.engine.state.organizations.values()].flatMap((o) =>
      o.record.privateKeys.flatMap((k) => (k.signingKey === undefined ? [] : [k.signingKey])),
    );
    assert.equal(held.length, 6, 'every seeded secp256k1 key is one the sandbox signs with (Treasury has one)');
    const text = JSON.stringify(await official('Demo').getPrivateKeys({ organizationId }));
    for (const secret of held) assert.ok(!text.includes(secret), 'a private half reached an answer');
  });

  for (const [type, unsignedTransaction] of Object.entries(unsignedTransactions)) {
    it(`signs a ${type} transaction through the official client; it recovers to the key's address`, async () => {
      const key = await keyNamed('Demo', 'Demo signing key');
      const { activity } = await officialSignTransaction('Demo', 0, {
        signWith: key.privateKeyId,
        unsignedTransaction,
        type: 'TRANSACTION_TYPE_ETHEREUM',
      });
      assert.equal(activity.status, 'ACTIVITY_STATUS_COMPLETED');
      assert.ok(activity.intent.signTransactionIntentV2, 'the V2 intent key');
      const signed = activity.result.signTransactionResult?.signedTransaction;
      assert.ok(signed);
      assert.equal(signerOf(signed, unsignedTransaction), ethereumAddress(key));
    });
  }

  it('signs with the key an address names (any letter case), and the legacy chain id gives an EIP-155 v', async () => {
    const organizationId = t.organization('Demo').organizationId;
    const key = await keyNamed('Demo', 'Demo treasury key');
    const activity = await t.clientFor('Demo').signTransaction({
      organizationId,
      parameters: {
        signWith: ethereumAddress(key).toLowerCase(),
        unsignedTransaction: unsignedTransactions['legacy'] as string,
        type: 'TRANSACTION_TYPE_ETHEREUM',
      },
    });
    const signed = (activity.result['signTransactionResult'] as { signedTransaction: string }).signedTransaction;
    assert.equal(signerOf(signed, unsignedTransactions['legacy'] as string), ethereumAddress(key));
    const { v } = TransactionEnvelope.deserialize(`0x${signed}`) as { v?: number };
    assert.ok(v === 37 || v === 38, `v is ${v}`);
  });

  const payloadCases = [
    { encoding: 'PAYLOAD_ENCODING_TEXT_UTF8', hashFunction: 'HASH_FUNCTION_KECCAK256', payload: 'héllo ✓' },
    { encoding: 'PAYLOAD_ENCODING_TEXT_UTF8', hashFunction: 'HASH_FUNCTION_SHA256', payload: 'héllo ✓' },
    { encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_KECCAK256', payload: '0xdeadbeef' },
    { encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_SHA256', payload: 'deadbeef' },
    {
      encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
      hashFunction: 'HASH_FUNCTION_NO_OP',
      payload: Hash.keccak256(Hex.fromString('a digest')).slice(2),
    },
  ] as const;
  for (const c of payloadCases) {
    it(`signs a raw payload (${c.encoding}, ${c.hashFunction}); r, s and v recover to the key's address`, async () => {
      const key = await keyNamed('Demo', 'Demo signing key');
      const { activity } = await officialSignRawPayload('Demo', { signWith: ethereumAddress(key), ...c });
      assert.equal(activity.status, 'ACTIVITY_STATUS_COMPLETED');
      const result = activity.result.signRawPayloadResult;
      assert.ok(result);
      assert.match(result.r, /^[0-9a-f]{64}$/);
      assert.match(result.s, /^[0-9a-f]{64}$/);
      assert.match(result.v, /^0[01]$/);
      const bytes = c.encoding === 'PAYLOAD_ENCODING_TEXT_UTF8' ? Hex.fromString(c.payload) : hex(c.payload);
      const digest =
        c.hashFunction === 'HASH_FUNCTION_KECCAK256'
          ? Hash.keccak256(bytes)
          : c.hashFunction === 'HASH_FUNCTION_SHA256'
            ? Hash.sha256(bytes)
            : bytes;
      const signature = { r: hex(result.r), s: hex(result.s), yParity: Number(result.v) };
      assert.ok(BigInt(signature.s) <= HALF_N, 'low-S');
      assert.equal(Address.checksum(Secp256k1.recoverAddress({ payload: digest, signature })), ethereumAddress(key));
    });
  }

  it("waits for Team's quorum: the first root user's signing activity completes once the second approves", async () => {
    const organizationId = t.organization('Team').organizationId;
    const key = await keyNamed('Team', 'Team operations key');
    const unsignedTransaction = unsignedTransactions['eip1559'] as string;
    const { activity: submitted } = await officialSignTransaction('Team', 0, {
      signWith: key.privateKeyId,
      unsignedTransaction,
      type: 'TRANSACTION_TYPE_ETHEREUM',
    });
    assert.equal(submitted.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    assert.equal(submitted.result.signTransactionResult, undefined, 'nothing is signed before the quorum');
    const second = t.clientFor('Team', 1);
    const pending = await second.getActivity({ organizationId, activityId: submitted.id });
    assert.equal(pending.canApprove, true);
    await second.approveActivity({ organizationId, parameters: { fingerprint: submitted.fingerprint } });
    const done = await official('Team', 1).getActivity({ organizationId, activityId: submitted.id });
    assert.equal(done.activity.status, 'ACTIVITY_STATUS_COMPLETED');
    const signed = done.activity.result.signTransactionResult?.signedTransaction;
    assert.ok(signed);
    assert.equal(signerOf(signed, unsignedTransaction), ethereumAddress(key));
  });

  const malformed: readonly { what: string; parameters: Record<string, string>; message: RegExp }[] = [
    { what: 'not hex', parameters: { unsignedTransaction: 'zz12' }, message: /in hex/ },
    { what: 'an odd number of digits', parameters: { unsignedTransaction: '02c' }, message: /even number/ },
    {
      what: 'bytes that are no transaction',
      parameters: { unsignedTransaction: 'deadbeef' },
      message: /not a valid Ethereum transaction/,
    },
    {
      what: 'a truncated EIP-1559 transaction',
      parameters: { unsignedTransaction: (unsignedTransactions['eip1559'] as string).slice(0, 20) },
      message: /not a valid Ethereum transaction/,
    },
    { what: 'an EIP-4844 transaction', parameters: { unsignedTransaction: '03c0' }, message: /not a valid|eip4844/ },
    {
      what: 'a non-Ethereum transaction type',
      parameters: { type: 'TRANSACTION_TYPE_SOLANA' },
      message: /TRANSACTION_TYPE_ETHEREUM/,
    },
  ];
  for (const m of malformed) {
    it(`refuses ${m.what} with 400 InvalidArgument and creates no activity`, async () => {
      const organizationId = t.organization('Demo').organizationId;
      const key = await keyNamed('Demo', 'Demo signing key');
      const before = await t.clientFor('Demo').listActivities({ organizationId });
      await assert.rejects(
        officialSignTransaction('Demo', 0, {
          signWith: key.privateKeyId,
          unsignedTransaction: unsignedTransactions['legacy'] as string,
          type: 'TRANSACTION_TYPE_ETHEREUM',
          ...m.parameters,
        } as never),
        (error: unknown) => {
          assert.ok(error instanceof TurnkeyRequestError, String(error));
          assert.equal(error.code, 3);
          assert.match(error.message, m.message);
          return true;
        },
      );
      assert.equal((await t.clientFor('Demo').listActivities({ organizationId })).length, before.length);
    });
  }

  it('refuses an already signed transaction, a short no-op digest and typed data that is not EIP-712 with 400', async () => {
    const organizationId = t.organization('Demo').organizationId;
    const demo = t.clientFor('Demo');
    const key = await keyNamed('Demo', 'Demo signing key');
    const first = await demo.signTransaction({
      organizationId,
      parameters: {
        signWith: key.privateKeyId,
        unsignedTransaction: unsignedTransactions['eip1559'] as string,
        type: 'TRANSACTION_TYPE_ETHEREUM',
      },
    });
    const signed = (first.result['signTransactionResult'] as { signedTransaction: string }).signedTransaction;
    const refusals: [Promise<unknown>, RegExp][] = [
      [
        demo.signTransaction({
          organizationId,
          parameters: { signWith: key.privateKeyId, unsignedTransaction: signed, type: 'TRANSACTION_TYPE_ETHEREUM' },
        }),
        /already carries a signature/,
      ],
      [
        demo.signRawPayload({
          organizationId,
          parameters: {
            signWith: key.privateKeyId,
            payload: 'abcd',
            encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
            hashFunction: 'HASH_FUNCTION_NO_OP',
          },
        }),
        /must be 32 bytes/,
      ],
      [
        demo.signRawPayload({
          organizationId,
          parameters: {
            signWith: key.privateKeyId,
            payload: '{}',
            encoding: 'PAYLOAD_ENCODING_EIP712',
            hashFunction: 'HASH_FUNCTION_NO_OP',
          },
        }),
        /must be EIP-712 typed data with types, primaryType and message/,
      ],
      [
        demo.signRawPayload({
          organizationId,
          parameters: {
            signWith: key.privateKeyId,
            payload: '0xabc',
            encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
            hashFunction: 'HASH_FUNCTION_KECCAK256',
          },
        }),
        /payload must be hex/,
      ],
    ];
    for (const [refused, message] of refusals) {
      await assert.rejects(refused, (error: unknown) => {
        const e = error as { status?: number; message: string };
        assert.equal(e.status, 400, e.message);
        assert.match(e.message, message);
        return true;
      });
    }
  });

  it('fails the activity, saying why, for a key that cannot sign or that does not exist', async () => {
    const organizationId = t.organization('Demo').organizationId;
    const demo = t.clientFor('Demo');
    const solana = await keyNamed('Demo', 'Demo Solana key');
    const signing = await keyNamed('Demo', 'Demo signing key');
    const payload = { payload: 'hi', encoding: 'PAYLOAD_ENCODING_TEXT_UTF8' } as const;
    const cases: [Record<string, string>, RegExp][] = [
      [
        { signWith: solana.privateKeyId, hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE' },
        /Demo Solana key .* secp256k1 private keys and wallet accounts only/,
      ],
      [
        { signWith: signing.privateKeyId, hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE' },
        /HASH_FUNCTION_NOT_APPLICABLE is for ed25519 keys/,
      ],
      [
        { signWith: '0x0000000000000000000000000000000000000001', hashFunction: 'HASH_FUNCTION_KECCAK256' },
        /private key not found/,
      ],
    ];
    for (const [parameters, message] of cases) {
      const { activity } = await officialSignRawPayload('Demo', { ...payload, ...parameters } as never);
      assert.equal(activity.status, 'ACTIVITY_STATUS_FAILED');
      assert.match(String(activity.failure?.message), message);
      const read = await demo.getActivity({ organizationId, activityId: activity.id });
      assert.equal(read.status, 'ACTIVITY_STATUS_FAILED');
      assert.match(String(read.failure?.message), message);
    }
  });
});
