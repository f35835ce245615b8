/** Contexts and policies for the engine's tests: a signing activity with a key, and the people who approve it. */
import type { EthTxValues, PolicyContext, PolicyDefinition, PolicyUser } from '../../../src/api/policy';

export const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
export const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
export const FINANCE_TAG = 'b3f1c2a4-0f1e-4d3c-9a8b-7c6d5e4f3a21';
export const HOT_TAG = 'e7d6c5b4-a392-4817-8675-309a1b2c3d4e';

export const root: PolicyUser = { id: 'user-root', tags: [], email: 'root@example.test', alias: 'Root' };
export const alice: PolicyUser = { id: 'user-alice', tags: [FINANCE_TAG], alias: 'Alice' };
export const bob: PolicyUser = { id: 'user-bob', tags: [FINANCE_TAG], alias: 'Bob' };
export const dev: PolicyUser = { id: 'user-dev', tags: [], alias: 'Developer' };

/** An ERC-20 transfer of `amount` to the token, decoded with its interface. */
export function transferTx(amount: bigint, overrides: Partial<EthTxValues> = {}): EthTxValues {
  const data = `0xa9059cbb${'0'.repeat(24)}${RECIPIENT.slice(2).toLowerCase()}${amount.toString(16).padStart(64, '0')}`;
  return {
    from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    to: TOKEN,
    data,
    value: 0n,
    gas: 60_000n,
    gas_price: 2_000_000_000n,
    chain_id: 31337n,
    nonce: 0n,
    max_fee_per_gas: 2_000_000_000n,
    max_priority_fee_per_gas: 1_000_000_000n,
    type: 'TYPE_2',
    function_name: 'transfer',
    function_signature: '0xa9059cbb',
    contract_call_args: { to: RECIPIENT, amount: amount.toString() },
    ...overrides,
  };
}

/** Signing a transaction with a private key tagged `tags`, approved so far by `approvers`. */
export function signingWithKey(
  approvers: readonly PolicyUser[],
  tx: EthTxValues = transferTx(1000n),
  tags: readonly string[] = [],
): PolicyContext {
  return {
    activity: { type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2', params: { type: 'TRANSACTION_TYPE_ETHEREUM' } },
    approvers,
    credentials: approvers.map((u) => ({
      id: `key-${u.id}`,
      user_id: u.id,
      type: 'CREDENTIAL_TYPE_API_KEY_P256',
      public_key: `02${u.id.length.toString(16).padStart(64, '0')}`,
    })),
    private_key: { id: 'key-1', tags, imported: false, exported: false, label: 'Hot key' },
    eth: { tx },
    now: new Date('2026-11-26T12:00:00Z'),
  };
}

/** Signing with a wallet account: there is no private key, and wallets have no tags. */
export function signingWithWallet(
  approvers: readonly PolicyUser[],
  tx: EthTxValues = transferTx(1000n),
): PolicyContext {
  const { private_key: _none, ...rest } = signingWithKey(approvers, tx);
  return {
    ...rest,
    wallet: { id: 'wallet-1', imported: false, exported: false, label: 'Treasury' },
    wallet_account: { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' },
  };
}

/** Any other activity, with no key, wallet or transaction. */
export function plainActivity(type: string, params: Record<string, unknown> = {}, approvers = [root]): PolicyContext {
  return { activity: { type, params }, approvers, credentials: [], now: new Date('2026-11-26T12:00:00Z') };
}

let counter = 0;
export function policy(fields: Partial<PolicyDefinition> & Pick<PolicyDefinition, 'effect'>): PolicyDefinition {
  counter += 1;
  return { policyId: `policy-${counter}`, policyName: `Policy ${counter}`, ...fields };
}
