/**
 * The local sandbox's Treasury organization as the suites use it: its users by index in `credentials.json` (one root
 * user, two finance approvers, a developer whose approval no policy counts), the recipient of its transfers, its
 * policy for large transfers, and a transfer of the sample token that its policies read.
 */
import { encodeFunctionCall, serializeUnsignedTransaction } from '../../src/api/remote';
import { SAMPLE_TOKEN_ADDRESS } from '../../src/api/sampleToken';

export const ROOT = 0;
export const APPROVER_1 = 1;
export const APPROVER_2 = 2;
export const DEVELOPER = 3;
export const TREASURY_RECIPIENT = '0x52908400098527886E0F7030069857D2E4169EE7';
export const LARGE_TRANSFERS = 'Large transfers need two finance approvals';

/**
 * An unsigned EIP-1559 transaction to `to`: with `amount`, a call of transfer(recipient, amount) (`to` being the
 * token); without, a payment of 1 wei.
 */
export function treasuryTransaction(nonce: bigint, to: string, amount?: bigint): string {
  return serializeUnsignedTransaction({
    chainId: 1,
    nonce,
    to,
    gas: 100_000n,
    maxFeePerGas: 2n,
    maxPriorityFeePerGas: 1n,
    ...(amount === undefined
      ? { value: 1n }
      : { data: encodeFunctionCall('function transfer(address to, uint256 amount)', [TREASURY_RECIPIENT, amount]) }),
  });
}

/** An unsigned transfer of `amount` (in the token's smallest unit) of the sample token to the recipient. */
export function treasuryTransfer(amount: bigint, nonce: bigint, to: string = SAMPLE_TOKEN_ADDRESS): string {
  return treasuryTransaction(nonce, to, amount);
}
