/**
 * Transactions to summarise, shared by the suites of the summary and its words: addresses, signatures, the sample
 * token's interface with a self-multicall, and a signing activity around an unsigned transaction.
 */
import type { Activity } from '../../src/api';
import {
  activitySchema,
  decodeEthereumTransaction,
  encodeFunctionCall,
  serializeUnsignedTransaction,
  summarizeTransaction,
  type CallSummary,
  type ClearSigningDescriptor,
  type RegisteredInterface,
} from '../../src/api/remote';
import { SAMPLE_TOKEN_ABI, SAMPLE_TOKEN_ADDRESS, SAMPLE_TOKEN_LABEL } from '../../src/api/sampleToken';

export const RECIPIENT = '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB';
export const UNREGISTERED = '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb';
/** Multicall3, at the address it has on every chain. */
export const MULTICALL3 = '0xcA11bde05977b3631167028862bE2a173976CA11';
export const MAX_UINT256 = 2n ** 256n - 1n;

export const APPROVE = 'function approve(address spender, uint256 amount)';
export const TRANSFER = 'function transfer(address to, uint256 amount)';
export const MULTICALL = 'function multicall(bytes[] data)';
export const AGGREGATE3 = 'function aggregate3((address target, bool allowFailure, bytes callData)[] calls)';

/** The sample token with a self-multicall, as routers and some tokens have. */
export const tokenWithMulticall: RegisteredInterface = {
  smartContractInterfaceId: 'sci-1',
  smartContractAddress: SAMPLE_TOKEN_ADDRESS,
  smartContractInterface: JSON.stringify([
    ...SAMPLE_TOKEN_ABI,
    {
      type: 'function',
      name: 'multicall',
      inputs: [{ name: 'data', type: 'bytes[]' }],
      outputs: [{ name: 'results', type: 'bytes[]' }],
      stateMutability: 'nonpayable',
    },
  ]),
  label: SAMPLE_TOKEN_LABEL,
};

/** A sign_transaction waiting for a second approval, with key-1, of an EIP-1559 transaction on Sepolia. */
export function signingActivity(id: string, to: string, data: string, gas = 65_000n): Activity {
  return activitySchema.parse({
    id,
    organizationId: 'org-1',
    status: 'ACTIVITY_STATUS_CONSENSUS_NEEDED',
    type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
    intent: {
      signTransactionIntentV2: {
        signWith: 'key-1',
        type: 'TRANSACTION_TYPE_ETHEREUM',
        unsignedTransaction: serializeUnsignedTransaction({
          chainId: 11155111,
          nonce: 3n,
          to,
          data,
          gas,
          maxFeePerGas: 30_000_000_000n,
          maxPriorityFeePerGas: 1_500_000_000n,
        }),
      },
    },
    votes: [],
    fingerprint: `sha256:${id}`,
    canApprove: true,
    canReject: true,
    createdAt: { seconds: '1763812800', nanos: '0' },
    updatedAt: { seconds: '1763812800', nanos: '0' },
  });
}

/** An unsigned transfer of `tokens` whole sample tokens (18 decimals) to a fixed recipient, on Sepolia. */
export function sampleTokenTransfer(tokens: bigint, nonce = 1n): string {
  return serializeUnsignedTransaction({
    chainId: 11155111,
    nonce,
    to: SAMPLE_TOKEN_ADDRESS,
    data: encodeFunctionCall(TRANSFER, ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', tokens * 10n ** 18n]),
    gas: 65_000n,
    maxFeePerGas: 30_000_000_000n,
    maxPriorityFeePerGas: 1_500_000_000n,
  });
}

/** Tokens of the built-in list on Ethereum mainnet, and Uniswap's Permit2 (the same address on every chain). */
export const USDC_MAINNET = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
export const USDT_MAINNET = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
export const PERMIT2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3';

/** An interface registered for `address` with these ABI entries (human-readable signatures or JSON entries). */
export function registeredInterface(
  address: string,
  abi: readonly unknown[],
  label = 'Registered',
): RegisteredInterface {
  return {
    smartContractInterfaceId: `sci-${label}`,
    smartContractAddress: address,
    smartContractInterface: JSON.stringify(abi),
    label,
  };
}

/** A transaction to `to` with `data`, decoded and summarised with these interfaces and descriptors. */
export function summarizeCall(
  to: string,
  data: string,
  options: {
    readonly interfaces?: readonly RegisteredInterface[];
    readonly descriptors?: readonly ClearSigningDescriptor[];
    readonly chainId?: number;
    readonly value?: bigint;
  } = {},
): CallSummary {
  const interfaces = options.interfaces ?? [];
  const decoded = decodeEthereumTransaction(
    serializeUnsignedTransaction({
      chainId: options.chainId ?? 11155111,
      nonce: 1n,
      to,
      data,
      value: options.value ?? 0n,
      gas: 200_000n,
      maxFeePerGas: 30_000_000_000n,
      maxPriorityFeePerGas: 1_500_000_000n,
    }),
    interfaces,
  );
  if (!decoded.ok) throw new Error(decoded.problem);
  return summarizeTransaction(decoded.transaction, { interfaces, descriptors: options.descriptors ?? [] });
}
