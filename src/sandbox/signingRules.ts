/**
 * The signing activities. `checkSigningIntent` runs when the request arrives: a transaction or payload
 * that cannot be decoded is refused with 400 and creates no activity. The rules run once the quorum is
 * met: they find the key `signWith` names, sign with it, and fail the activity with a clear message when
 * that key cannot sign. Transactions are decoded and encoded by `ox`; signatures are low-S.
 */
import * as Hash from 'ox/Hash';
import * as Hex from 'ox/Hex';
import * as Secp256k1 from 'ox/Secp256k1';
import * as TransactionEnvelope from 'ox/TxEnvelope';
import { ActivityType, GrpcCode, type SignRawPayloadParameters, type SignTransactionParameters } from '../api';
import { operations } from '../api/remote';
import { completed, failed, type Outcome } from './outcome';
import { invalidRequest } from './rpcError';
import { findSigningKey, SECP256K1 } from './signingKeys';
import type { ActivityRecord, Organization } from './state';

const SIGNABLE_TRANSACTION_TYPES: readonly string[] = ['legacy', 'eip2930', 'eip1559'];
const SIGNABLE_ENCODINGS = ['PAYLOAD_ENCODING_HEXADECIMAL', 'PAYLOAD_ENCODING_TEXT_UTF8'];
const HEX = /^(0x)?((?:[0-9a-fA-F]{2})*)$/;

type Envelope = ReturnType<typeof TransactionEnvelope.deserialize>;

/** Decodes an unsigned Ethereum transaction (hex, 0x optional), or says what is wrong with it. */
function decodeTransaction(text: string): { envelope: Envelope } | { problem: string } {
  const hex = HEX.exec(text.trim());
  if (!hex || hex[2] === '')
    return { problem: 'unsignedTransaction must be the serialized transaction in hex (an even number of digits)' };
  let envelope: Envelope;
  try {
    envelope = TransactionEnvelope.deserialize(`0x${hex[2]}`);
  } catch (error) {
    const reason = error instanceof Error ? (error.message.split('\n')[0] ?? '') : '';
    return { problem: `unsignedTransaction is not a valid Ethereum transaction: ${reason}` };
  }
  if (!SIGNABLE_TRANSACTION_TYPES.includes(String(envelope.type)))
    return {
      problem: `unsignedTransaction is a ${String(envelope.type)} transaction; the sandbox signs legacy, EIP-2930 and EIP-1559 transactions`,
    };
  if (('r' in envelope && envelope.r !== undefined) || ('s' in envelope && envelope.s !== undefined))
    return { problem: 'unsignedTransaction already carries a signature; send the transaction without one' };
  return { envelope };
}

/** The payload's bytes in its encoding, or what is wrong with it. */
function payloadBytes(intent: SignRawPayloadParameters): { bytes: Hex.Hex } | { problem: string } {
  if (!SIGNABLE_ENCODINGS.includes(intent.encoding))
    return {
      problem: `encoding ${intent.encoding} is not supported by the local sandbox; use PAYLOAD_ENCODING_HEXADECIMAL or PAYLOAD_ENCODING_TEXT_UTF8`,
    };
  let bytes: Hex.Hex;
  if (intent.encoding === 'PAYLOAD_ENCODING_TEXT_UTF8') bytes = Hex.fromString(intent.payload);
  else {
    const hex = HEX.exec(intent.payload.trim());
    if (!hex) return { problem: 'payload must be hex (an even number of digits) for PAYLOAD_ENCODING_HEXADECIMAL' };
    bytes = `0x${hex[2] ?? ''}`;
  }
  if (Hex.size(bytes) === 0) return { problem: 'payload must not be empty' };
  if (intent.hashFunction === 'HASH_FUNCTION_NO_OP' && Hex.size(bytes) !== 32)
    return {
      problem: `with HASH_FUNCTION_NO_OP the payload is the digest itself and must be 32 bytes, not ${Hex.size(bytes)}`,
    };
  return { bytes };
}

/** Refuses (400) a signing request whose transaction or payload cannot be decoded; other types pass. */
export function checkSigningIntent(activityType: string, parameters: Record<string, unknown>): void {
  let problem: string | undefined;
  let field = 'parameters';
  if (activityType === ActivityType.SignTransactionV2) {
    const intent = parameters as SignTransactionParameters;
    if (intent.type !== 'TRANSACTION_TYPE_ETHEREUM') {
      problem = `transaction type ${intent.type} is not supported by the local sandbox; use TRANSACTION_TYPE_ETHEREUM`;
      field = 'parameters.type';
    } else {
      const decoded = decodeTransaction(intent.unsignedTransaction);
      if ('problem' in decoded) problem = decoded.problem;
      field = 'parameters.unsignedTransaction';
    }
  } else if (activityType === ActivityType.SignRawPayloadV2) {
    const decoded = payloadBytes(parameters as SignRawPayloadParameters);
    if ('problem' in decoded) problem = decoded.problem;
    field = 'parameters.payload';
  }
  if (problem !== undefined)
    throw invalidRequest(`invalid request: ${problem}`, [{ field, description: problem.slice(0, 200) }]);
}

/** The key to sign with, or the failure that says why there is none. */
function signingKeyFor(organization: Organization, signWith: string): { privateKey: Hex.Hex } | Outcome {
  const key = findSigningKey(organization, signWith);
  if (!key)
    return failed(
      GrpcCode.NotFound,
      `private key not found: no private key with ID or address ${signWith} in this organization`,
      'NOT_FOUND',
    );
  if (key.curve !== SECP256K1)
    return failed(
      GrpcCode.FailedPrecondition,
      `private key ${key.privateKeyName} (${key.privateKeyId}) cannot sign here: it is a ${key.curve} key, and the local sandbox signs with secp256k1 keys only`,
      'REQUEST_INVALID',
    );
  if (key.signingKey === undefined)
    return failed(
      GrpcCode.FailedPrecondition,
      `private key ${key.privateKeyName} (${key.privateKeyId}) cannot sign: the local sandbox does not hold its private half`,
      'REQUEST_INVALID',
    );
  return { privateKey: `0x${key.signingKey}` };
}

export function signTransaction(activity: ActivityRecord, organization: Organization): Outcome {
  const operation = operations.signTransaction;
  const intent = operation.parameters.parse(activity.intent[operation.intentKey]);
  const decoded = decodeTransaction(intent.unsignedTransaction);
  if ('problem' in decoded) return failed(GrpcCode.InvalidArgument, decoded.problem, 'REQUEST_INVALID');
  const found = signingKeyFor(organization, intent.signWith);
  if (!('privateKey' in found)) return found;
  const { envelope } = decoded;
  const signature = Secp256k1.sign({
    payload: TransactionEnvelope.getSignPayload(envelope),
    privateKey: found.privateKey,
  });
  const signedTransaction = TransactionEnvelope.serialize(envelope, { signature }).slice(2);
  return completed({ signTransactionResult: { signedTransaction } });
}

export function signRawPayload(activity: ActivityRecord, organization: Organization): Outcome {
  const operation = operations.signRawPayload;
  const intent = operation.parameters.parse(activity.intent[operation.intentKey]);
  const decoded = payloadBytes(intent);
  if ('problem' in decoded) return failed(GrpcCode.InvalidArgument, decoded.problem, 'REQUEST_INVALID');
  const found = signingKeyFor(organization, intent.signWith);
  if (!('privateKey' in found)) return found;
  let digest: Hex.Hex;
  switch (intent.hashFunction) {
    case 'HASH_FUNCTION_KECCAK256':
      digest = Hash.keccak256(decoded.bytes);
      break;
    case 'HASH_FUNCTION_SHA256':
      digest = Hash.sha256(decoded.bytes);
      break;
    case 'HASH_FUNCTION_NO_OP':
      digest = decoded.bytes;
      break;
    default:
      return failed(
        GrpcCode.InvalidArgument,
        `${intent.hashFunction} is for ed25519 keys; a secp256k1 key signs a digest: use HASH_FUNCTION_KECCAK256, HASH_FUNCTION_SHA256 or HASH_FUNCTION_NO_OP`,
        'REQUEST_INVALID',
      );
  }
  const signature = Secp256k1.sign({ payload: digest, privateKey: found.privateKey });
  return completed({
    signRawPayloadResult: {
      r: Hex.padLeft(signature.r, 32).slice(2),
      s: Hex.padLeft(signature.s, 32).slice(2),
      v: signature.yParity === 1 ? '01' : '00',
    },
  });
}
