/**
 * What a sign_transaction activity asks to sign, in plain data for a reviewer: an unsigned Ethereum transaction's
 * chain, recipient, value in ETH, nonce, gas and fees, and its call decoded with the smart contract interface the
 * organization registered for the recipient (abi/callDecoder.ts). Everything is decoded by `ox`; nothing here
 * throws on bad input: what cannot be read comes back as a problem in words.
 */
import * as Address from 'ox/Address';
import * as Hex from 'ox/Hex';
import * as Value from 'ox/Value';
import { decodeContractCall, type CallDecoding, type RegisteredInterface } from './abi/callDecoder';
import { firstLine } from './errorLine';
import { decodeUnsignedTransaction } from './ethereum';

export interface DecodedEthereumTransaction {
  readonly kind: 'ethereum';
  readonly transactionType: 'legacy' | 'eip2930' | 'eip1559';
  readonly chainId: string | undefined;
  /** EIP-55; undefined for a contract creation. */
  readonly to: string | undefined;
  readonly valueWei: string;
  /** Exact, e.g. "0.000000000000000001". */
  readonly valueEth: string;
  readonly nonce: string;
  readonly gasLimit: string;
  /** gasPrice (legacy, EIP-2930) or maxFeePerGas and maxPriorityFeePerGas (EIP-1559), in wei and gwei. */
  readonly fees: readonly { readonly name: string; readonly wei: string; readonly gwei: string }[];
  readonly accessListEntries: number;
  /** The calldata, 0x-prefixed. */
  readonly data: string;
  readonly dataBytes: number;
  readonly call: CallDecoding;
}

export type TransactionDecoding =
  | { readonly ok: true; readonly transaction: DecodedEthereumTransaction }
  | { readonly ok: false; readonly problem: string };

const gwei = (wei: bigint): string => Value.formatGwei(wei);

/**
 * Decodes an unsigned Ethereum transaction (hex, 0x optional) of a sign_transaction intent, with the
 * organization's registered interfaces for its call.
 */
export function decodeEthereumTransaction(
  unsignedTransaction: string,
  interfaces: readonly RegisteredInterface[],
): TransactionDecoding {
  const read = decodeUnsignedTransaction(unsignedTransaction);
  if ('problem' in read) return { ok: false, problem: read.problem };
  const tx = read.transaction;
  if (tx.type !== 'legacy' && tx.type !== 'eip2930' && tx.type !== 'eip1559')
    return { ok: false, problem: `a ${String(tx.type)} transaction cannot be reviewed here` };
  try {
    const type = tx.type;
    const value = tx.value ?? 0n;
    const data: Hex.Hex = tx.data ?? tx.input ?? '0x';
    const to = tx.to ? Address.checksum(tx.to) : undefined;
    const fees: { name: string; wei: string; gwei: string }[] = [];
    const fee = (name: string, wei: bigint | undefined) => {
      if (wei !== undefined) fees.push({ name, wei: wei.toString(), gwei: gwei(wei) });
    };
    if (tx.type === 'eip1559') {
      fee('maxFeePerGas', tx.maxFeePerGas);
      fee('maxPriorityFeePerGas', tx.maxPriorityFeePerGas);
    } else fee('gasPrice', 'gasPrice' in tx ? tx.gasPrice : undefined);
    const accessList = 'accessList' in tx && Array.isArray(tx.accessList) ? tx.accessList.length : 0;
    const call: CallDecoding =
      to === undefined
        ? { kind: 'contractCreation' }
        : data === '0x'
          ? { kind: 'transfer' }
          : decodeContractCall(to, data, interfaces);
    return {
      ok: true,
      transaction: {
        kind: 'ethereum',
        transactionType: type,
        chainId: tx.chainId === undefined ? undefined : String(tx.chainId),
        to,
        valueWei: value.toString(),
        valueEth: Value.formatEther(value),
        nonce: String(tx.nonce ?? 0n),
        gasLimit: String(tx.gas ?? 0n),
        fees,
        accessListEntries: accessList,
        data,
        dataBytes: Hex.size(data),
        call,
      },
    };
  } catch (error) {
    return { ok: false, problem: `the transaction could not be read: ${firstLine(error)}` };
  }
}
