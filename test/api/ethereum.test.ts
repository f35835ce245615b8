import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import * as Address from 'ox/Address';
import * as Secp256k1 from 'ox/Secp256k1';
import * as Signature from 'ox/Signature';
import * as TransactionEnvelope from 'ox/TxEnvelope';
import * as TxEnvelopeEip1559 from 'ox/TxEnvelopeEip1559';
import {
  decodeUnsignedTransaction,
  generateEthereumKeyPair,
  payloadDigest,
  signEthereumDigest,
  signEthereumTransaction,
} from '../../src/api/remote';

const hex = (text: string): `0x${string}` => `0x${text}`;
const HALF_N = Secp256k1.noble.Point.CURVE().n / 2n;

describe('api: Ethereum keys, transactions and payload signatures', () => {
  it('makes key pairs whose listed address is the EIP-55 address of their public key', () => {
    const pair = generateEthereumKeyPair();
    assert.match(pair.publicKey, /^0[23][0-9a-f]{64}$/);
    assert.match(pair.privateKey, /^[0-9a-f]{64}$/);
    assert.equal(Address.checksum(pair.address), pair.address);
    const derived = Secp256k1.getPublicKey({ privateKey: `0x${pair.privateKey}` });
    assert.equal(Address.checksum(Address.fromPublicKey(derived)), pair.address);
  });

  it('signs digests low-S, in the wire form, recovering to the address (50 random digests)', () => {
    const pair = generateEthereumKeyPair();
    for (let i = 0; i < 50; i++) {
      const digest = randomBytes(32).toString('hex');
      const { r, s, v } = signEthereumDigest(digest, pair.privateKey);
      assert.match(r, /^[0-9a-f]{64}$/);
      assert.match(s, /^[0-9a-f]{64}$/);
      assert.match(v, /^0[01]$/);
      assert.ok(BigInt(`0x${s}`) <= HALF_N, `high-S signature ${s}`);
      const signature = { r: hex(r), s: hex(s), yParity: Number(v) };
      const recovered = Secp256k1.recoverAddress({ payload: hex(digest), signature });
      assert.equal(Address.checksum(recovered), pair.address);
    }
  });

  it('hashes payloads as the intent says, and says what is wrong with one it cannot use', () => {
    const utf8 = { payload: 'hello', encoding: 'PAYLOAD_ENCODING_TEXT_UTF8' } as const;
    assert.deepEqual(payloadDigest({ ...utf8, hashFunction: 'HASH_FUNCTION_KECCAK256' }), {
      digest: '1c8aff950685c2ed4bc3174f3472287b56d9517b9c948127319a09a7a36deac8',
    });
    assert.deepEqual(payloadDigest({ ...utf8, hashFunction: 'HASH_FUNCTION_SHA256' }), {
      digest: '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824',
    });
    assert.deepEqual(payloadDigest({ ...utf8, hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE' }), { digest: undefined });
    const hex = { encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NO_OP' } as const;
    assert.deepEqual(payloadDigest({ ...hex, payload: `0x${'ab'.repeat(32)}` }), { digest: 'ab'.repeat(32) });
    assert.match(JSON.stringify(payloadDigest({ ...hex, payload: 'abcd' })), /must be 32 bytes, not 2/);
    assert.match(JSON.stringify(payloadDigest({ ...hex, payload: 'abc' })), /must be hex/);
    assert.match(
      JSON.stringify(payloadDigest({ ...utf8, payload: '', hashFunction: 'HASH_FUNCTION_SHA256' })),
      /empty/,
    );
  });

  it('decodes unsigned transactions, refusing what is not one, and signs them', () => {
    const pair = generateEthereumKeyPair();
    const unsigned = TransactionEnvelope.serialize(
      TxEnvelopeEip1559.from({ chainId: 1, nonce: 0n, maxFeePerGas: 2n, maxPriorityFeePerGas: 1n, gas: 21_000n }),
    ).slice(2);
    const decoded = decodeUnsignedTransaction(unsigned);
    assert.ok('transaction' in decoded);
    const signed = signEthereumTransaction(decoded.transaction, pair.privateKey);
    assert.match(signed, /^02[0-9a-f]+$/);
    const recovered = Secp256k1.recoverAddress({
      payload: TransactionEnvelope.getSignPayload(decoded.transaction),
      signature: Signature.from(TransactionEnvelope.deserialize(hex(signed)) as Signature.Signature),
    });
    assert.equal(Address.checksum(recovered), pair.address);
    for (const [text, problem] of [
      ['', /in hex/],
      ['0x', /in hex/],
      ['02c', /even number/],
      ['ffff', /not a valid Ethereum transaction/],
      [signed, /already carries a signature/],
    ] as const) {
      const refused = decodeUnsignedTransaction(text);
      assert.ok('problem' in refused, text);
      assert.match(refused.problem, problem);
    }
  });
});
