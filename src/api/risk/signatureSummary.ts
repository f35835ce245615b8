/**
 * What a sign_raw_payload signs, for the moment of deciding: typed data as its primary type and fields by name
 * (typedDataReading.ts); an EIP-7702 authorization as the account it delegates, the contract and the chain; a
 * message as its text when printable, else its bytes and digest; a bare 32-byte hash signed as is as a hash only;
 * a transaction sent as a raw payload as such. With the risks a reviewer should not miss. Plain data; the words are
 * the extension's. Pure, never throws.
 */
import { decodeRawPayload } from '../rawPayloadDecoder';
import { integerOf, isObject, parseJson } from '../policy/signatureFields';
import { rawTransactionChain } from './rawTransactions';
import type {
  SignatureContext,
  SignatureFlag,
  SignatureReading,
  SignatureSummary,
  SignedPayload,
} from './signatureTypes';
import { readTypedData, signatureNamer } from './typedDataReading';

export type * from './signatureTypes';

/** How many of a message's bytes are shown as hex. */
export const MAX_HEX_BYTES = 64;
const HASH_BYTES = 32;

function unreadable(encoding: string, problem: string): SignatureSummary {
  return {
    reading: { kind: 'unreadable', encoding, problem },
    flags: [{ kind: 'unreadablePayload', encoding, problem }],
  };
}

function authorization(intent: SignedPayload, context: SignatureContext): SignatureSummary {
  const document = parseJson(intent.payload);
  const address = isObject(document) ? document['address'] : undefined;
  const chainId = isObject(document) ? integerOf(document['chainId'] ?? document['chain_id']) : undefined;
  const nonce = isObject(document) ? integerOf(document['nonce']) : undefined;
  if (typeof address !== 'string' || chainId === undefined || nonce === undefined)
    return unreadable(intent.encoding, 'not an authorization: it needs address, chainId and nonce');
  const nameOf = signatureNamer(context, chainId.toString());
  const contract = { address, name: nameOf(address) };
  const signer = intent.signWith;
  const reading: SignatureReading = {
    kind: 'authorization',
    account: signer === undefined ? undefined : { address: signer, name: nameOf(signer) },
    contract,
    chainId: chainId.toString(),
    nonce: nonce.toString(),
  };
  return { reading, flags: [{ kind: 'delegation', contract, chainId: chainId.toString() }] };
}

function bytesOf(intent: SignedPayload): Uint8Array | undefined {
  if (intent.encoding === 'PAYLOAD_ENCODING_TEXT_UTF8') return new TextEncoder().encode(intent.payload);
  const hex = intent.payload.trim().replace(/^0x/i, '');
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) return undefined;
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}

const hexOf = (bytes: Uint8Array) => `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;

function message(intent: SignedPayload): SignatureSummary {
  const bytes = bytesOf(intent);
  if (!bytes) return unreadable(intent.encoding, 'the payload is not hex (an even number of digits)');
  if (intent.encoding === 'PAYLOAD_ENCODING_HEXADECIMAL') {
    if (intent.hashFunction === 'HASH_FUNCTION_NO_OP' && bytes.length === HASH_BYTES)
      return { reading: { kind: 'hashOnly', hash: hexOf(bytes) }, flags: [{ kind: 'hashOnly' }] };
    const chain = rawTransactionChain(bytes);
    if (chain)
      return {
        reading: { kind: 'rawTransaction', chain, bytes: bytes.length },
        flags: [{ kind: 'rawTransaction', chain }],
      };
  }
  const decoded =
    intent.encoding === 'PAYLOAD_ENCODING_TEXT_UTF8' || intent.encoding === 'PAYLOAD_ENCODING_HEXADECIMAL'
      ? decodeRawPayload({
          payload: intent.payload,
          encoding: intent.encoding,
          hashFunction: intent.hashFunction as Parameters<typeof decodeRawPayload>[0]['hashFunction'],
        })
      : undefined;
  const flags: SignatureFlag[] = [];
  return {
    reading: {
      kind: 'message',
      text: decoded?.text,
      bytes: bytes.length,
      hex: hexOf(bytes.subarray(0, MAX_HEX_BYTES)),
      digest: decoded?.digest === undefined ? undefined : `0x${decoded.digest.replace(/^0x/, '')}`,
    },
    flags,
  };
}

/** The summary of one signed payload; `now` (ms) dates its deadlines. */
export function summarizeSignature(intent: SignedPayload, context: SignatureContext, now: number): SignatureSummary {
  switch (intent.encoding) {
    case 'PAYLOAD_ENCODING_EIP712':
      return readTypedData(intent.payload, context, now);
    case 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION':
      return authorization(intent, context);
    case 'PAYLOAD_ENCODING_TEXT_UTF8':
    case 'PAYLOAD_ENCODING_HEXADECIMAL':
      return message(intent);
    default:
      return unreadable(intent.encoding, 'an encoding this version does not read');
  }
}
