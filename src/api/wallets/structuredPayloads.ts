/**
 * The digest of the structured payload encodings, on `ox`: `PAYLOAD_ENCODING_EIP712` is the typed data as JSON
 * (`types`, `primaryType`, `domain`, `message`), hashed per EIP-712 with the domain exactly as it arrived (its
 * types from `types.EIP712Domain`, or from the fields it has); `PAYLOAD_ENCODING_EIP7702_AUTHORIZATION` is
 * `{address, chainId, nonce}` as JSON, hashed per EIP-7702 (keccak256 of 0x05 and the RLP list). These are what
 * `@turnkey/viem` and `@turnkey/ethers` send for signTypedData and signAuthorization, with HASH_FUNCTION_NO_OP.
 */
import * as Address from 'ox/Address';
import * as Authorization from 'ox/Authorization';
import * as TypedData from 'ox/TypedData';

type Digest = { digest: string } | { problem: string };

function parseJson(payload: string, what: string): { value: Record<string, unknown> } | { problem: string } {
  try {
    const value: unknown = JSON.parse(payload);
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return { value: value as Record<string, unknown> };
  } catch {
    // Reported below.
  }
  return { problem: `payload must be ${what} as a JSON object` };
}

function firstLine(error: unknown): string {
  return error instanceof Error ? (error.message.split('\n')[0] ?? '').slice(0, 200) : 'unreadable';
}

/** EIP-712: the typed data's sign payload. */
export function eip712Digest(payload: string): Digest {
  const parsed = parseJson(payload, 'EIP-712 typed data');
  if ('problem' in parsed) return parsed;
  const { types, primaryType, domain, message } = parsed.value;
  if (typeof types !== 'object' || types === null || typeof primaryType !== 'string' || typeof message !== 'object')
    return { problem: 'payload must be EIP-712 typed data with types, primaryType and message' };
  if (domain !== undefined && (typeof domain !== 'object' || domain === null))
    return { problem: 'payload has an EIP-712 domain that is not an object' };
  try {
    const digest = TypedData.getSignPayload({
      types: types as TypedData.TypedData,
      primaryType,
      domain: domain ?? {},
      message: message as Record<string, unknown>,
    });
    return { digest: digest.slice(2) };
  } catch (error) {
    return { problem: `payload is not valid EIP-712 typed data: ${firstLine(error)}` };
  }
}

function wholeNumber(value: unknown): bigint | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === 'string' && /^(0x[0-9a-fA-F]{1,64}|\d{1,78})$/.test(value)) return BigInt(value);
  if (typeof value === 'bigint' && value >= 0n) return value;
  return undefined;
}

/** EIP-7702: the authorization's sign payload. */
export function eip7702Digest(payload: string): Digest {
  const parsed = parseJson(payload, 'an EIP-7702 authorization {address, chainId, nonce}');
  if ('problem' in parsed) return parsed;
  const data = parsed.value;
  const address = typeof data['address'] === 'string' ? data['address'] : '';
  const chainId = wholeNumber(data['chainId']);
  const nonce = wholeNumber(data['nonce']);
  if (!Address.validate(address, { strict: false }))
    return { problem: 'payload has an EIP-7702 authorization whose address is not an Ethereum address' };
  if (chainId === undefined || chainId > BigInt(Number.MAX_SAFE_INTEGER) || nonce === undefined || nonce >= 2n ** 64n)
    return { problem: 'payload has an EIP-7702 authorization whose chainId or nonce is not a whole number in range' };
  const digest = Authorization.getSignPayload({ address, chainId: Number(chainId), nonce });
  return { digest: digest.slice(2) };
}
