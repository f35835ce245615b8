/**
 * The signing activities. `checkSigningIntent` runs when the request arrives: a transaction or payload
 * that cannot be decoded is refused with 400 and creates no activity. The rules run once the quorum is
 * met: they find the key `signWith` names, sign with it, and fail the activity with a clear message when
 * that key cannot sign. Decoding, encoding and signing (low-S) are src/api's, on `ox`.
 */
import { ActivityType, GrpcCode, type SignRawPayloadParameters, type SignTransactionParameters } from '../api';
import {
  decodeUnsignedTransaction,
  operations,
  payloadDigest,
  signEthereumDigest,
  signEthereumTransaction,
  type UnsignedTransaction,
} from '../api/remote';
import { completed, failed, type Outcome } from './outcome';
import { invalidRequest } from './rpcError';
import { findSigningKey, SECP256K1 } from './signingKeys';
import type { ActivityRecord, Organization } from './state';

/** Ethereum's integers are 256-bit; a nonce stays below 2^64 - 1 (EIP-2681). */
const MAX_UINT256 = 2n ** 256n - 1n;
const MAX_NONCE = 2n ** 64n - 2n;
const AMOUNT_FIELDS = ['gas', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas', 'value'] as const;
/** Signs nothing that matters: signing with it once at submission proves the transaction can be signed. */
const TRIAL_SIGNING_KEY = '01'.padStart(64, '0');

/** What in a decoded transaction is out of range, so that it would fail when signed; undefined when none is. */
function rangeProblem(transaction: UnsignedTransaction): string | undefined {
  const fields = transaction as unknown as Record<string, unknown>;
  const chainId = fields['chainId'];
  if (chainId !== undefined && !(typeof chainId === 'number' && Number.isSafeInteger(chainId) && chainId >= 1))
    return `unsignedTransaction has chainId ${typeof chainId === 'number' ? chainId : typeof chainId}, out of range: a chain ID is a whole number from 1 to ${Number.MAX_SAFE_INTEGER}`;
  const nonce = fields['nonce'];
  if (typeof nonce === 'bigint' && nonce > MAX_NONCE)
    return `unsignedTransaction has nonce ${nonce}, out of range: a nonce is below 2^64 - 1 (EIP-2681)`;
  for (const name of AMOUNT_FIELDS) {
    const value = fields[name];
    if (typeof value === 'bigint' && value > MAX_UINT256)
      return `unsignedTransaction has ${name} ${value}, out of range: it must fit in 256 bits`;
  }
  try {
    signEthereumTransaction(transaction, TRIAL_SIGNING_KEY);
  } catch (error) {
    const reason = error instanceof Error ? (error.message.split('\n')[0] ?? '').slice(0, 200) : 'unsignable';
    return `unsignedTransaction cannot be signed: ${reason}`;
  }
  return undefined;
}

/** The payload's digest, or what is wrong with the intent (an encoding the sandbox does not sign included). */
function digestOf(intent: SignRawPayloadParameters): ReturnType<typeof payloadDigest> {
  const { encoding } = intent;
  if (encoding !== 'PAYLOAD_ENCODING_HEXADECIMAL' && encoding !== 'PAYLOAD_ENCODING_TEXT_UTF8')
    return {
      problem: `encoding ${encoding} is not supported by the local sandbox; use PAYLOAD_ENCODING_HEXADECIMAL or PAYLOAD_ENCODING_TEXT_UTF8`,
    };
  return payloadDigest({ ...intent, encoding });
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
      const decoded = decodeUnsignedTransaction(intent.unsignedTransaction);
      problem = 'problem' in decoded ? decoded.problem : rangeProblem(decoded.transaction);
      field = 'parameters.unsignedTransaction';
    }
  } else if (activityType === ActivityType.SignRawPayloadV2) {
    const decoded = digestOf(parameters as SignRawPayloadParameters);
    if ('problem' in decoded) problem = decoded.problem;
    field = 'parameters.payload';
  }
  if (problem !== undefined)
    throw invalidRequest(`invalid request: ${problem}`, [{ field, description: problem.slice(0, 200) }]);
}

/** The private half to sign with, or the failure that says why there is none. */
function signingKeyFor(organization: Organization, signWith: string): { privateKey: string } | Outcome {
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
  return { privateKey: key.signingKey };
}

export function signTransaction(activity: ActivityRecord, organization: Organization): Outcome {
  const operation = operations.signTransaction;
  const intent = operation.parameters.parse(activity.intent[operation.intentKey]);
  const decoded = decodeUnsignedTransaction(intent.unsignedTransaction);
  if ('problem' in decoded) return failed(GrpcCode.InvalidArgument, decoded.problem, 'REQUEST_INVALID');
  const found = signingKeyFor(organization, intent.signWith);
  if (!('privateKey' in found)) return found;
  const signedTransaction = signEthereumTransaction(decoded.transaction, found.privateKey);
  return completed({ signTransactionResult: { signedTransaction } });
}

export function signRawPayload(activity: ActivityRecord, organization: Organization): Outcome {
  const operation = operations.signRawPayload;
  const intent = operation.parameters.parse(activity.intent[operation.intentKey]);
  const decoded = digestOf(intent);
  if ('problem' in decoded) return failed(GrpcCode.InvalidArgument, decoded.problem, 'REQUEST_INVALID');
  const found = signingKeyFor(organization, intent.signWith);
  if (!('privateKey' in found)) return found;
  if (decoded.digest === undefined)
    return failed(
      GrpcCode.InvalidArgument,
      `${intent.hashFunction} is for ed25519 keys; a secp256k1 key signs a digest: use HASH_FUNCTION_KECCAK256, HASH_FUNCTION_SHA256 or HASH_FUNCTION_NO_OP`,
      'REQUEST_INVALID',
    );
  return completed({ signRawPayloadResult: signEthereumDigest(decoded.digest, found.privateKey) });
}
