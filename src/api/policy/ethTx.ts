/**
 * `eth.tx` as a policy reads it, from a decoded Ethereum transaction: the same values for the sandbox that judges
 * an activity and for the editor that tries a policy before it is sent.
 */
import type { DecodedArgument } from '../abi/callDecoder';
import type { DecodedEthereumTransaction } from '../transactionDecoder';
import type { EthTxValues } from './types';

/** A decoded argument as a policy reads it: integers as bigint, booleans as booleans, tuples and arrays as lists. */
function argumentValue(argument: DecodedArgument): unknown {
  if (argument.parts) return argument.parts.map(argumentValue);
  const text = argument.text ?? '';
  if (/^u?int\d*$/.test(argument.type)) {
    try {
      return BigInt(text);
    } catch {
      return text;
    }
  }
  if (argument.type === 'bool') return text === 'true';
  return text;
}

const TX_TYPES = { legacy: 'LEGACY', eip2930: 'TYPE_1', eip1559: 'TYPE_2' } as const;

/** The values of `eth.tx`; `from` is the signing key's address, when known. */
export function ethTxValuesOf(tx: DecodedEthereumTransaction, from: string | undefined): EthTxValues {
  const fee = (name: string): bigint | undefined => {
    const found = tx.fees.find((f) => f.name === name);
    return found === undefined ? undefined : BigInt(found.wei);
  };
  const maxFee = fee('maxFeePerGas');
  const values: EthTxValues = {
    ...(from !== undefined ? { from } : {}),
    to: tx.to ?? '',
    data: tx.data,
    value: BigInt(tx.valueWei),
    gas: BigInt(tx.gasLimit),
    // For EIP-1559, gas_price reads as max_fee_per_gas.
    gas_price: fee('gasPrice') ?? maxFee ?? 0n,
    chain_id: BigInt(tx.chainId ?? '0'),
    nonce: BigInt(tx.nonce),
    type: TX_TYPES[tx.transactionType],
  };
  if (maxFee !== undefined) values.max_fee_per_gas = maxFee;
  const priority = fee('maxPriorityFeePerGas');
  if (priority !== undefined) values.max_priority_fee_per_gas = priority;
  const { call } = tx;
  if (call.kind === 'decoded') {
    values.function_name = call.functionName;
    values.function_signature = call.selector;
    values.contract_call_args = Object.fromEntries(call.arguments.map((a) => [a.name, argumentValue(a)]));
  }
  return values;
}
