/**
 * What to do about a refused request, in English, keyed by the service's `turnkeyErrorCode`. When the
 * service sends no code, the code is inferred from the HTTP status and the (documented) message text.
 */
import type { OperationName } from './operations';

/** Codes for situations the service reports without a `turnkeyErrorCode` of their own. */
export const FINGERPRINT_NOT_FOUND = 'FINGERPRINT_NOT_FOUND';
export const HTTP_429 = 'HTTP_429';
/** 502, 503 and 504: what a gateway says when the service behind it is down or overloaded, not a bug of the service. */
export const HTTP_UNAVAILABLE = 'HTTP_UNAVAILABLE';

export const errorHints: Readonly<Record<string, string>> = {
  PUBLIC_KEY_NOT_FOUND:
    "This API key is not registered in this organization or its parent. Check the profile's organization ID, or add the public key as an API key of a user in that organization.",
  CREDENTIAL_NOT_FOUND:
    "This API key is not registered in this organization or its parent. Check the profile's organization ID, or add the public key as an API key of a user in that organization.",
  ORGANIZATION_MISMATCH:
    'The organization ID does not match the organization of the activity or of the key. Use the organization the activity belongs to.',
  INVALID_ORGANIZATION_ID:
    'The organization ID is not valid. Copy it again from the service (it is a UUID) into the profile.',
  ORGANIZATION_NOT_FOUND: "No organization has this ID. Check the profile's organization ID and base URL.",
  SIGNATURE_INVALID:
    "The service could not verify the request's signature. Check that the private key belongs to the profile's public key, and that no proxy rewrites request bodies.",
  SIGNATURE_MISSING:
    'The request reached the service without its signature. A proxy between you and the service may strip the X-Stamp header.',
  API_KEY_EXPIRED: 'This API key has expired. Create a new API key and update the profile with it.',
  RATE_LIMIT_EXCEEDED: 'The service is limiting the request rate. Wait a few seconds and try again.',
  [HTTP_429]: 'The service is limiting the request rate. Wait a few seconds and try again.',
  REQUEST_NOT_AUTHORIZED:
    "The organization's policies do not allow this user to do this. Ask an administrator of the organization for a policy that allows it.",
  FORBIDDEN:
    "The organization's policies do not allow this user to do this. Ask an administrator of the organization for a policy that allows it.",
  [FINGERPRINT_NOT_FOUND]:
    'No activity with that fingerprint exists in this organization. Refresh the activities; the fingerprint may belong to another organization, or the activity may be gone.',
  REQUEST_INVALID: 'The service refused the request as malformed. The log has the field it objected to.',
  [HTTP_UNAVAILABLE]:
    "The service, or a gateway in front of it, is unavailable at the moment. Try again in a minute; if it persists, check the service's status page.",
  INTERNAL:
    "The service had an internal error. Try again later; if it persists, quote the message to the service's support.",
};

/** The service's documented messages (grpc-gateway texts), for answers that carry no turnkeyErrorCode. */
const messagePatterns: ReadonlyArray<readonly [RegExp, string]> = [
  [/could not find (public key|credential)/i, 'PUBLIC_KEY_NOT_FOUND'],
  [/could not verify .*signature/i, 'SIGNATURE_INVALID'],
  [/without a stamp/i, 'SIGNATURE_MISSING'],
  [/expired api key/i, 'API_KEY_EXPIRED'],
  [/organization mismatch/i, 'ORGANIZATION_MISMATCH'],
  [/malformed organization id/i, 'INVALID_ORGANIZATION_ID'],
  [/no organization found/i, 'ORGANIZATION_NOT_FOUND'],
  [/request not authorized/i, 'REQUEST_NOT_AUTHORIZED'],
  [/too many requests/i, 'RATE_LIMIT_EXCEEDED'],
];

/** The key to look the hint up by: the service's code, else one inferred from the status and message. */
export function errorHintKey(
  status: number,
  turnkeyErrorCode: string | undefined,
  message: string | undefined,
  operation: OperationName | undefined,
): string | undefined {
  if (turnkeyErrorCode !== undefined && errorHints[turnkeyErrorCode] !== undefined) return turnkeyErrorCode;
  if (message !== undefined) {
    for (const [pattern, code] of messagePatterns) if (pattern.test(message)) return code;
  }
  if (status === 404 && (operation === 'approveActivity' || operation === 'rejectActivity'))
    return FINGERPRINT_NOT_FOUND;
  if (status === 429) return HTTP_429;
  if (status === 502 || status === 503 || status === 504) return HTTP_UNAVAILABLE;
  if (status >= 500) return 'INTERNAL';
  return turnkeyErrorCode;
}

/** The hint for a refused request, or undefined when there is nothing useful to add. */
export function hintFor(
  status: number,
  turnkeyErrorCode: string | undefined,
  message: string | undefined,
  operation: OperationName | undefined,
): string | undefined {
  const key = errorHintKey(status, turnkeyErrorCode, message, operation);
  return key === undefined ? undefined : errorHints[key];
}
