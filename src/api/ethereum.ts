/**
 * Ethereum encoding for the signing activities, on `ox`: secp256k1 key pairs with their EIP-55 address,
 * unsigned transactions decoded (legacy, EIP-2930, EIP-1559) and signed, payloads decoded and hashed as a
 * sign_raw_payload intent says, and signatures in the service's wire form (hex without 0x; r and s as
 * 64 hex digits, v "00" or "01"). Signatures are low-S. Nothing here is hand-written codec or crypto.
 */
import * as AbiFunction from 'ox/AbiFunction';
import * as Address from 'ox/Address';
import * as Hash from 'ox/Hash';
import * as Hex from 'ox/Hex';
import * as PublicKey from 'ox/PublicKey';
import * as Secp256k1 from 'ox/Secp256k1';
import * as TransactionEnvelope from 'ox/TxEnvelope';
import type { SignRawPayloadParameters } from './schemas/signing';

export interface EthereumKeyPair {
  /** Compressed SEC1, hex without 0x. */
  readonly publicKey: string;
  /** EIP-55 checksummed. */
  readonly address: string;
  /** The private scalar, hex without 0x. */
  readonly privateKey: string;
}

export function generateEthereumKeyPair(): EthereumKeyPair {
  return ethereumKeyPairOf(Secp256k1.randomPrivateKey().slice(2));
}

/** The key pair of a secp256k1 private scalar (hex, with or without 0x); throws when it is not one. */
export function ethereumKeyPairOf(privateKeyHex: string): EthereumKeyPair {
  const privateKey = `0x${privateKeyHex.replace(/^0x/, '').toLowerCase()}` as const;
  const point = Secp256k1.getPublicKey({ privateKey });
  return {
    publicKey: PublicKey.toHex(PublicKey.compress(point)).slice(2),
    address: Address.checksum(Address.fromPublicKey(point)),
    privateKey: privateKey.slice(2),
  };
}

const SIGNABLE_TRANSACTION_TYPES: readonly string[] = ['legacy', 'eip2930', 'eip1559'];
const HEX = /^(0x)?((?:[0-9a-fA-F]{2})*)$/;

/** A decoded unsigned transaction, ready to sign. */
export type UnsignedTransaction = ReturnType<typeof TransactionEnvelope.deserialize>;

/** Decodes an unsigned Ethereum transaction (hex, 0x optional), or says what is wrong with it. */
export function decodeUnsignedTransaction(text: string): { transaction: UnsignedTransaction } | { problem: string } {
  const hex = HEX.exec(text.trim());
  if (!hex || hex[2] === '')
    return { problem: 'unsignedTransaction must be the serialized transaction in hex (an even number of digits)' };
  let transaction: UnsignedTransaction;
  try {
    transaction = TransactionEnvelope.deserialize(`0x${hex[2]}`);
  } catch (error) {
    const reason = error instanceof Error ? (error.message.split('\n')[0] ?? '') : '';
    return { problem: `unsignedTransaction is not a valid Ethereum transaction: ${reason}` };
  }
  if (!SIGNABLE_TRANSACTION_TYPES.includes(String(transaction.type)))
    return {
      problem: `unsignedTransaction is a ${String(transaction.type)} transaction; legacy, EIP-2930 and EIP-1559 transactions can be signed`,
    };
  if (('r' in transaction && transaction.r !== undefined) || ('s' in transaction && transaction.s !== undefined))
    return { problem: 'unsignedTransaction already carries a signature; send the transaction without one' };
  return { transaction };
}

/** Signs the transaction; the serialized signed transaction, hex without 0x. */
export function signEthereumTransaction(transaction: UnsignedTransaction, privateKey: string): string {
  const payload = TransactionEnvelope.getSignPayload(transaction);
  const signature = Secp256k1.sign({ payload, privateKey: `0x${privateKey}` });
  return TransactionEnvelope.serialize(transaction, { signature }).slice(2);
}

/**
 * The digest a secp256k1 key signs for a sign_raw_payload intent: the payload decoded from its encoding,
 * then hashed. `HASH_FUNCTION_NOT_APPLICABLE` (for ed25519 keys) gives undefined; a payload that cannot be
 * decoded gives what is wrong with it.
 */
export function payloadDigest(intent: {
  readonly payload: string;
  readonly encoding: 'PAYLOAD_ENCODING_HEXADECIMAL' | 'PAYLOAD_ENCODING_TEXT_UTF8';
  readonly hashFunction: SignRawPayloadParameters['hashFunction'];
}): { digest: string | undefined } | { problem: string } {
  let bytes: Hex.Hex;
  if (intent.encoding === 'PAYLOAD_ENCODING_TEXT_UTF8') bytes = Hex.fromString(intent.payload);
  else {
    const hex = HEX.exec(intent.payload.trim());
    if (!hex) return { problem: 'payload must be hex (an even number of digits) for PAYLOAD_ENCODING_HEXADECIMAL' };
    bytes = `0x${hex[2] ?? ''}`;
  }
  const size = Hex.size(bytes);
  if (size === 0) return { problem: 'payload must not be empty' };
  switch (intent.hashFunction) {
    case 'HASH_FUNCTION_KECCAK256':
      return { digest: Hash.keccak256(bytes).slice(2) };
    case 'HASH_FUNCTION_SHA256':
      return { digest: Hash.sha256(bytes).slice(2) };
    case 'HASH_FUNCTION_NO_OP':
      if (size !== 32)
        return {
          problem: `with HASH_FUNCTION_NO_OP the payload is the digest itself and must be 32 bytes, not ${size}`,
        };
      return { digest: bytes.slice(2) };
    case 'HASH_FUNCTION_NOT_APPLICABLE':
    default:
      return { digest: undefined };
  }
}

/** Signs a 32-byte digest (hex without 0x): `{r, s, v}` as the service answers a raw payload. */
export function signEthereumDigest(digest: string, privateKey: string): { r: string; s: string; v: string } {
  const signature = Secp256k1.sign({ payload: `0x${digest}`, privateKey: `0x${privateKey}` });
  return {
    r: Hex.padLeft(signature.r, 32).slice(2),
    s: Hex.padLeft(signature.s, 32).slice(2),
    v: signature.yParity === 1 ? '01' : '00',
  };
}

/** The fields of an unsigned transaction to build; the type follows from the fee fields given. */
export interface UnsignedTransactionFields {
  readonly chainId: number;
  readonly nonce: bigint;
  readonly to: string;
  readonly value?: bigint;
  readonly data?: string;
  readonly gas: bigint;
  /** Legacy (or EIP-2930 with `accessList`). */
  readonly gasPrice?: bigint;
  readonly accessList?: readonly { readonly address: string; readonly storageKeys: readonly string[] }[];
  /** EIP-1559. */
  readonly maxFeePerGas?: bigint;
  readonly maxPriorityFeePerGas?: bigint;
}

/** Serializes an unsigned transaction: hex without 0x, as a sign_transaction intent carries it. */
export function serializeUnsignedTransaction(fields: UnsignedTransactionFields): string {
  const common = {
    chainId: fields.chainId,
    nonce: fields.nonce,
    to: fields.to as Address.Address,
    value: fields.value ?? 0n,
    data: (fields.data ?? '0x') as Hex.Hex,
    gas: fields.gas,
  };
  const accessList = (fields.accessList ?? []).map((entry) => ({
    address: entry.address as Address.Address,
    storageKeys: entry.storageKeys.map((key) => key as Hex.Hex),
  }));
  const envelope =
    fields.maxFeePerGas !== undefined
      ? TransactionEnvelope.from({
          ...common,
          type: 'eip1559',
          maxFeePerGas: fields.maxFeePerGas,
          maxPriorityFeePerGas: fields.maxPriorityFeePerGas ?? 0n,
          accessList,
        })
      : fields.accessList !== undefined
        ? TransactionEnvelope.from({ ...common, type: 'eip2930', gasPrice: fields.gasPrice ?? 0n, accessList })
        : TransactionEnvelope.from({ ...common, type: 'legacy', gasPrice: fields.gasPrice ?? 0n });
  return TransactionEnvelope.serialize(envelope).slice(2);
}

/** A contract call's data: `encodeFunctionCall('function transfer(address to, uint256 amount)', [to, 1n])`. */
export function encodeFunctionCall(humanReadable: string, args: readonly unknown[]): string {
  const fn = AbiFunction.from(humanReadable) as AbiFunction.AbiFunction;
  return AbiFunction.encodeData(fn, args as never);
}
