/**
 * Signing with a wallet account, as developers do it against the service: @turnkey/viem's createAccount and
 * @turnkey/ethers' TurnkeySigner with signWith = the account's address, verified with viem's and ethers' own
 * recovery; sign_raw_payloads; ed25519 accounts; and signWith naming nothing.
 */
import * as assert from 'node:assert/strict';
import { TurnkeySigner } from '@turnkey/ethers';
import { createAccount } from '@turnkey/viem';
import { verifyTypedData as ethersVerifyTypedData, verifyMessage as ethersVerifyMessage } from 'ethers';
import * as ed from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { parseTransaction, recoverAddress, recoverTransactionAddress, verifyMessage, verifyTypedData } from 'viem';
import { hashAuthorization } from 'viem/utils';
import { ActivityFailedError, ServiceError } from '../../src/api';
import type { CountersignClient } from '../../src/api/remote';
import { officialClient } from '../support/officialClient';
import { startTestSandbox, type TestSandbox } from '../support/startTestSandbox';
import { createWallet, ethereumAccount, solanaAccount } from '../support/walletFixtures';

const SPENDER: `0x${string}` = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TOKEN: `0x${string}` = '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238';

const DOMAIN_TYPES = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
] as const;

/** An EIP-2612 permit, as a dapp asks a wallet to sign it. */
const permit = {
  domain: { name: 'USD Coin', version: '2', chainId: 11155111, verifyingContract: TOKEN },
  types: {
    Permit: [
      { name: 'owner', type: 'address' },
      { name: 'spender', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'nonce', type: 'uint256' },
      { name: 'deadline', type: 'uint256' },
    ],
  },
  primaryType: 'Permit',
} as const;

describe('sandbox: signing with a wallet account', function () {
  this.timeout(20_000);
  let t: TestSandbox;
  let client: CountersignClient;
  let organizationId: string;
  let address: `0x${string}`;
  let solana: string;
  before(async () => {
    t = await startTestSandbox();
    client = t.clientFor('Demo');
    organizationId = t.organization('Demo').organizationId;
    const made = await createWallet(client, organizationId, 'Signing', [ethereumAccount(0), solanaAccount(0)]);
    address = made.addresses[0] as `0x${string}`;
    solana = made.addresses[1] ?? '';
  });
  after(() => t.close());
  /** The official client: @turnkey/viem and @turnkey/ethers carry their own copy of @turnkey/http's types. */
  const tk = (): never => officialClient(t, 'Demo') as never;

  it("@turnkey/viem's account signs a message, an EIP-2612 permit (its domain hashed as sent) and an EIP-1559 transaction that viem verifies", async () => {
    const account = await createAccount({ client: tk(), organizationId, signWith: address });
    assert.equal(account.address, address);
    const message = 'Sign in to the sandbox';
    const signature = await account.signMessage({ message });
    assert.ok(await verifyMessage({ address, message, signature }));
    const typed = {
      ...permit,
      message: { owner: address, spender: SPENDER, value: 10n ** 6n, nonce: 0n, deadline: 2n ** 40n },
    };
    // With EIP712Domain among the types, @turnkey/viem sends the domain, and the signature verifies with it.
    const withDomainTypes = {
      ...typed,
      domain: { ...typed.domain, chainId: 11155111n },
      types: { ...typed.types, EIP712Domain: DOMAIN_TYPES },
    };
    const typedSignature = await account.signTypedData(withDomainTypes);
    assert.ok(await verifyTypedData({ ...withDomainTypes, address, signature: typedSignature }));
    // Without it, @turnkey/viem sends `domain: {}`; hashed as sent (as the service does), it verifies over no domain.
    const bare = await account.signTypedData(typed);
    assert.ok(await verifyTypedData({ ...typed, domain: {}, address, signature: bare }));
    assert.ok(!(await verifyTypedData({ ...typed, address, signature: bare })));
    const signed = await account.signTransaction({
      type: 'eip1559',
      chainId: 11155111,
      nonce: 3,
      to: SPENDER,
      value: 10n ** 15n,
      gas: 21_000n,
      maxFeePerGas: 30_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
    });
    assert.equal(parseTransaction(signed).type, 'eip1559');
    assert.equal(await recoverTransactionAddress({ serializedTransaction: signed as never }), address);
  });

  it("@turnkey/viem's EIP-7702 authorization recovers to the account", async () => {
    const account = await createAccount({ client: tk(), organizationId, signWith: address });
    assert.ok(account.signAuthorization);
    const authorization = await account.signAuthorization({ address: TOKEN, chainId: 1, nonce: 7 });
    const hash = hashAuthorization({ address: TOKEN, chainId: 1, nonce: 7 });
    assert.equal(await recoverAddress({ hash, signature: authorization }), address);
  });

  it("@turnkey/ethers' TurnkeySigner signs a message and a permit that ethers verifies", async () => {
    const signer = new TurnkeySigner({ client: tk(), organizationId, signWith: address });
    assert.equal(await signer.getAddress(), address);
    const message = 'Hello from ethers';
    assert.equal(ethersVerifyMessage(message, await signer.signMessage(message)), address);
    const types = { Permit: [...permit.types.Permit] };
    const value = { owner: address, spender: SPENDER, value: 5n, nonce: 1n, deadline: 2n ** 40n };
    const signature = await signer.signTypedData(permit.domain, types, value);
    assert.equal(ethersVerifyTypedData(permit.domain, types, value, signature), address);
  });

  it('signs several payloads with one account (sign_raw_payloads), each recovering to it', async () => {
    const payloads = ['one', 'two', 'three'];
    const activity = await client.signRawPayloads({
      organizationId,
      parameters: {
        signWith: address.toLowerCase(),
        payloads,
        encoding: 'PAYLOAD_ENCODING_TEXT_UTF8',
        hashFunction: 'HASH_FUNCTION_KECCAK256',
      },
    });
    const { signatures } = activity.result?.['signRawPayloadsResult'] as {
      signatures: { r: string; s: string; v: string }[];
    };
    assert.equal(signatures.length, 3);
    const { keccak256, toHex } = await import('viem');
    for (const [i, sig] of signatures.entries()) {
      const recovered = await recoverAddress({
        hash: keccak256(toHex(payloads[i] ?? '')),
        signature: { r: `0x${sig.r}`, s: `0x${sig.s}`, yParity: Number(sig.v) },
      });
      assert.equal(recovered, address);
    }
  });

  it('signs with an ed25519 (Solana) account: the signature verifies against the address, NOT_APPLICABLE only', async () => {
    const message = Buffer.from('solana message');
    const activity = await client.signRawPayload({
      organizationId,
      parameters: {
        signWith: solana,
        payload: message.toString('hex'),
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE',
      },
    });
    const sig = activity.result?.['signRawPayloadResult'] as { r: string; s: string; v: string };
    assert.ok(ed.ed25519.verify(Buffer.from(sig.r + sig.s, 'hex'), message, base58.decode(solana)));
    await assert.rejects(
      client.signRawPayload({
        organizationId,
        parameters: {
          signWith: solana,
          payload: message.toString('hex'),
          encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
          hashFunction: 'HASH_FUNCTION_SHA256',
        },
      }),
      (error: unknown) => error instanceof ActivityFailedError && /HASH_FUNCTION_NOT_APPLICABLE/.test(error.message),
    );
  });

  it('answers a signature by account in the same shape as one by private key', async () => {
    const keys = await client.listPrivateKeys({ organizationId });
    const key = keys.find((k) => k.curve === 'CURVE_SECP256K1');
    assert.ok(key);
    const digest = 'ab'.repeat(32);
    const both = await Promise.all(
      [key.privateKeyId, address].map((signWith) =>
        client.signRawPayload({
          organizationId,
          parameters: {
            signWith,
            payload: digest,
            encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
            hashFunction: 'HASH_FUNCTION_NO_OP',
          },
        }),
      ),
    );
    for (const activity of both)
      assert.deepEqual(Object.keys(activity.result?.['signRawPayloadResult'] as object).sort(), ['r', 's', 'v']);
  });

  it('fails a signing whose signWith names nothing, and refuses malformed typed data with 400', async () => {
    await assert.rejects(
      client.signRawPayload({
        organizationId,
        parameters: {
          signWith: '0x000000000000000000000000000000000000dEaD',
          payload: 'ab'.repeat(32),
          encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
          hashFunction: 'HASH_FUNCTION_NO_OP',
        },
      }),
      (error: unknown) => error instanceof ActivityFailedError && /not found/.test(error.message),
    );
    await assert.rejects(
      client.signRawPayload({
        organizationId,
        parameters: {
          signWith: address,
          payload: '{"types":{},"primaryType":"Nope","message":{}}',
          encoding: 'PAYLOAD_ENCODING_EIP712',
          hashFunction: 'HASH_FUNCTION_NO_OP',
        },
      }),
      (error: unknown) => error instanceof ServiceError && error.status === 400 && /EIP-712/.test(error.message),
    );
  });
});
