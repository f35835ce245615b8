/**
 * The signing activities. `checkSigningIntent` runs when the request arrives: a transaction or payload
 * that cannot be decoded is refused with 400 and creates no activity. The rules run once the quorum is
 * met: they find the key `signWith` names, sign with it, and fail the activity with a clear message when
 * that key cannot sign. Decoding, encoding and signing (low-S) are src/api's, on `ox`.
 */
import {
  ActivityType,
  GrpcCode,
  type SignRawPayloadParameters,
  type SignRawPayloadsParameters,
  type SignTransactionParameters,
} from '../api';
import {
  decodeUnsignedTransaction,
  eip712Digest,
  eip7702Digest,
  signEd25519,
  operations,
  payloadDigest,
  signEthereumDigest,
  signEthereumTransaction,
  type UnsignedTransaction,
} from '../api/remote';
import { completed, failed, type Outcome } from './outcome';
import { invalidRequest } from './rpcError';
import { SECP256K1 } from './signingKeys';
import type { ActivityRecord, Organization } from './state';
import { findSigner } from './wallets/accountSigning';

const ED25519 = 'CURVE_ED25519';

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

/**
 * The payload's digest, or what is wrong with the intent: hex and UTF-8 payloads are hashed as `hashFunction`
 * says (NOT_APPLICABLE: no digest, an ed25519 signer signs the bytes); EIP-712 typed data and EIP-7702
 * authorizations are hashed as their standards say, with HASH_FUNCTION_NO_OP.
 */
function digestOf(intent: Omit<SignRawPayloadParameters, 'signWith'>): ReturnType<typeof payloadDigest> {
  const { encoding } = intent;
  if (encoding === 'PAYLOAD_ENCODING_EIP712' || encoding === 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION') {
    if (intent.hashFunction !== 'HASH_FUNCTION_NO_OP')
      return { problem: `${encoding} payloads are hashed by their standard; use HASH_FUNCTION_NO_OP` };
    return encoding === 'PAYLOAD_ENCODING_EIP712' ? eip712Digest(intent.payload) : eip7702Digest(intent.payload);
  }
  return payloadDigest({ ...intent, encoding });
}

/** The payload's bytes, as an ed25519 key signs them (HEXADECIMAL or TEXT_UTF8); undefined for other encodings. */
function messageOf(payload: string, encoding: string): Uint8Array | undefined {
  if (encoding === 'PAYLOAD_ENCODING_TEXT_UTF8') return Buffer.from(payload, 'utf8');
  if (encoding === 'PAYLOAD_ENCODING_HEXADECIMAL') return Buffer.from(payload.trim().replace(/^0x/, ''), 'hex');
  return undefined;
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
  } else if (activityType === ActivityType.SignRawPayloads) {
    const intent = parameters as SignRawPayloadsParameters;
    for (const [i, payload] of intent.payloads.entries()) {
      const decoded = digestOf({ ...intent, payload });
      if ('problem' in decoded) {
        problem = decoded.problem;
        field = `parameters.payloads[${i}]`;
        break;
      }
    }
  }
  if (problem !== undefined)
    throw invalidRequest(`invalid request: ${problem}`, [{ field, description: problem.slice(0, 200) }]);
}

/** The key to sign with (its curve and private half), or the failure that says why there is none. */
function signingKeyFor(organization: Organization, signWith: string): { curve: string; privateKey: string } | Outcome {
  const signer = findSigner(organization, signWith);
  if (!signer)
    return failed(
      GrpcCode.NotFound,
      `private key not found: no private key or wallet account with ID or address ${signWith} in this organization`,
      'NOT_FOUND',
    );
  if (signer.kind === 'walletAccount') {
    if (signer.privateKey === undefined)
      return failed(
        GrpcCode.FailedPrecondition,
        `wallet account ${signer.account.address} cannot sign: its key cannot be derived`,
        'REQUEST_INVALID',
      );
    return { curve: signer.account.curve, privateKey: Buffer.from(signer.privateKey).toString('hex') };
  }
  const { key } = signer;
  if (key.curve !== SECP256K1)
    return failed(
      GrpcCode.FailedPrecondition,
      `private key ${key.privateKeyName} (${key.privateKeyId}) cannot sign here: it is a ${key.curve} key, and the local sandbox signs with secp256k1 private keys and wallet accounts only`,
      'REQUEST_INVALID',
    );
  if (key.signingKey === undefined)
    return failed(
      GrpcCode.FailedPrecondition,
      `private key ${key.privateKeyName} (${key.privateKeyId}) cannot sign: the local sandbox does not hold its private half`,
      'REQUEST_INVALID',
    );
  return { curve: key.curve, privateKey: key.signingKey };
}

const notSecp256k1Transaction = (curve: string): Outcome =>
  failed(
    GrpcCode.InvalidArgument,
    `an Ethereum transaction is signed by a secp256k1 key or account, not a ${curve} one`,
    'REQUEST_INVALID',
  );

export function signTransaction(activity: ActivityRecord, organization: Organization): Outcome {
  const operation = operations.signTransaction;
  const intent = operation.parameters.parse(activity.intent[operation.intentKey]);
  const decoded = decodeUnsignedTransaction(intent.unsignedTransaction);
  if ('problem' in decoded) return failed(GrpcCode.InvalidArgument, decoded.problem, 'REQUEST_INVALID');
  const found = signingKeyFor(organization, intent.signWith);
  if (!('privateKey' in found)) return found;
  if (found.curve !== SECP256K1) return notSecp256k1Transaction(found.curve);
  const signedTransaction = signEthereumTransaction(decoded.transaction, found.privateKey);
  return completed({ signTransactionResult: { signedTransaction } });
}

/** One signature of a payload, or the failure that says why it cannot be made with this key. */
function signPayload(
  intent: Omit<SignRawPayloadParameters, 'signWith'>,
  key: { curve: string; privateKey: string },
): { r: string; s: string; v: string } | Outcome {
  if (key.curve === ED25519) {
    const message = messageOf(intent.payload, intent.encoding);
    if (intent.hashFunction !== 'HASH_FUNCTION_NOT_APPLICABLE' || message === undefined)
      return failed(
        GrpcCode.InvalidArgument,
        'an ed25519 key signs the payload itself: use HASH_FUNCTION_NOT_APPLICABLE with PAYLOAD_ENCODING_HEXADECIMAL or PAYLOAD_ENCODING_TEXT_UTF8',
        'REQUEST_INVALID',
      );
    return signEd25519(message, Buffer.from(key.privateKey, 'hex'));
  }
  const decoded = digestOf(intent);
  if ('problem' in decoded) return failed(GrpcCode.InvalidArgument, decoded.problem, 'REQUEST_INVALID');
  if (decoded.digest === undefined)
    return failed(
      GrpcCode.InvalidArgument,
      `${intent.hashFunction} is for ed25519 keys; a secp256k1 key signs a digest: use HASH_FUNCTION_KECCAK256, HASH_FUNCTION_SHA256 or HASH_FUNCTION_NO_OP`,
      'REQUEST_INVALID',
    );
  return signEthereumDigest(decoded.digest, key.privateKey);
}

export function signRawPayload(activity: ActivityRecord, organization: Organization): Outcome {
  const operation = operations.signRawPayload;
  const intent = operation.parameters.parse(activity.intent[operation.intentKey]);
  const found = signingKeyFor(organization, intent.signWith);
  if (!('privateKey' in found)) return found;
  const signature = signPayload(intent, found);
  if ('status' in signature) return signature;
  return completed({ signRawPayloadResult: signature });
}

export function signRawPayloads(activity: ActivityRecord, organization: Organization): Outcome {
  const operation = operations.signRawPayloads;
  const intent = operation.parameters.parse(activity.intent[operation.intentKey]);
  const found = signingKeyFor(organization, intent.signWith);
  if (!('privateKey' in found)) return found;
  const signatures: { r: string; s: string; v: string }[] = [];
  for (const payload of intent.payloads) {
    const signature = signPayload({ ...intent, payload }, found);
    if ('status' in signature) return signature;
    signatures.push(signature);
  }
  return completed({ signRawPayloadsResult: { signatures } });
}
