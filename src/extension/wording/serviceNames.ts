/**
 * The service's names in words: activity types and statuses, hash functions, payload encodings and transaction
 * types turned into phrases, and hex shortened to fit a line. Pure (no `vscode`); user strings go through
 * @vscode/l10n.
 */
import * as l10n from '@vscode/l10n';
import { byCount } from './plural';

/** Words that keep their own spelling when an enum name is turned into a phrase. */
const SPECIAL_WORDS: Readonly<Record<string, string>> = {
  API: 'API',
  ABI: 'ABI',
  ID: 'ID',
  IDS: 'IDs',
  OTP: 'OTP',
  OAUTH: 'OAuth',
  OAUTH2: 'OAuth2',
  URL: 'URL',
  EVM: 'EVM',
  JWT: 'JWT',
  SMS: 'SMS',
  TOS: 'terms of service',
  ETH: 'ETH',
};

/** Turns `CREATE_SUB_ORGANIZATION_V7`-style words into "create sub-organization" (no version suffix). */
export function phraseOf(words: string): string {
  const parts = words
    .replace(/_V\d+$/, '')
    .replace(/SUB_ORGANIZATION/g, 'SUB-ORGANIZATION')
    .split('_')
    .filter((part) => part !== '');
  return parts.map((part) => SPECIAL_WORDS[part] ?? part.toLowerCase()).join(' ');
}

export function sentenceCase(phrase: string): string {
  return phrase === '' ? phrase : phrase.charAt(0).toUpperCase() + phrase.slice(1);
}

/**
 * The activity type in words, in sentence case: `ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE` →
 * "Create smart contract interface". A value without the usual prefix is shown as it is.
 */
export function activityTypeLabel(type: string): string {
  const prefix = 'ACTIVITY_TYPE_';
  if (!type.startsWith(prefix) || type.length === prefix.length) return type;
  return sentenceCase(phraseOf(type.slice(prefix.length)));
}

/** The status in words, e.g. "Completed", "Consensus needed"; an unknown status as a phrase of its name. */
export function statusLabel(status: string): string {
  switch (status) {
    case 'ACTIVITY_STATUS_COMPLETED':
      return l10n.t('Completed');
    case 'ACTIVITY_STATUS_FAILED':
      return l10n.t('Failed');
    case 'ACTIVITY_STATUS_REJECTED':
      return l10n.t('Rejected');
    case 'ACTIVITY_STATUS_CONSENSUS_NEEDED':
      return l10n.t('Consensus needed');
    case 'ACTIVITY_STATUS_AUTHENTICATORS_NEEDED':
      return l10n.t('Authenticators needed');
    case 'ACTIVITY_STATUS_PENDING':
      return l10n.t('Pending');
    case 'ACTIVITY_STATUS_CREATED':
      return l10n.t('Created');
    default: {
      const prefix = 'ACTIVITY_STATUS_';
      return status.startsWith(prefix) ? sentenceCase(phraseOf(status.slice(prefix.length))) : status;
    }
  }
}

/**
 * A signature, or a key that signed, as every message, row and page shows it: `0x3045022100…c0ffee`, the first
 * ten and the last six digits (base64 keeps its own alphabet, without `0x`). The whole value is in the activity's
 * JSON; a stamp never reaches any of them (the redactor masks it). Short values are shown whole.
 */
export function signatureText(value: string): string {
  const trimmed = value.trim();
  const hex = /^(?:0x)?[0-9a-fA-F]+$/.test(trimmed);
  const digits = hex ? trimmed.replace(/^0x/i, '') : trimmed;
  if (digits.length <= 20) return hex ? `0x${digits}` : digits;
  return `${hex ? '0x' : ''}${digits.slice(0, 10)}…${digits.slice(-6)}`;
}

/** The keys whose values are signatures (a vote's, a signing result's), shown with `signatureText`. */
export const SIGNATURE_KEYS: ReadonlySet<string> = new Set(['signature', 'r', 's']);

/** Hex as a short `0x` text: `0x02f86c…a1b2 (110 bytes)`. */
export function hexSummary(hex: string): string {
  const digits = hex.replace(/^0x/i, '');
  const bytes = Math.floor(digits.length / 2);
  const shown = digits.length > 20 ? `0x${digits.slice(0, 12)}…${digits.slice(-6)}` : `0x${digits}`;
  return byCount(bytes, l10n.t('{0} ({1} byte)', shown, bytes), l10n.t('{0} ({1} bytes)', shown, bytes));
}

/**
 * How typed data or an authorization is hashed: with HASH_FUNCTION_NO_OP the service hashes them by their own rules
 * (EIP-712, EIP-7702), so "no hashing" would misread them. Undefined for any other pair.
 */
export function structuredHashing(hashFunction: string, encoding: string): string | undefined {
  if (hashFunction !== 'HASH_FUNCTION_NO_OP') return undefined;
  if (encoding === 'PAYLOAD_ENCODING_EIP712') return l10n.t('EIP-712 (the typed data is hashed by its own rules)');
  if (encoding === 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION')
    return l10n.t('EIP-7702 (the authorization is hashed by its own rules)');
  return undefined;
}

/** `HASH_FUNCTION_KECCAK256` → "keccak256", `PAYLOAD_ENCODING_TEXT_UTF8` → "UTF-8 text". */
export function signingEnumText(value: string): string {
  switch (value) {
    case 'HASH_FUNCTION_KECCAK256':
      return 'keccak256';
    case 'HASH_FUNCTION_SHA256':
      return 'SHA-256';
    case 'HASH_FUNCTION_NO_OP':
      return l10n.t('no hashing (the payload is the digest)');
    case 'HASH_FUNCTION_NOT_APPLICABLE':
      return l10n.t('not applicable');
    case 'PAYLOAD_ENCODING_TEXT_UTF8':
      return l10n.t('UTF-8 text');
    case 'PAYLOAD_ENCODING_HEXADECIMAL':
      return l10n.t('hex');
    case 'TRANSACTION_TYPE_ETHEREUM':
      return 'Ethereum';
    default: {
      const tail = value.replace(/^(HASH_FUNCTION|PAYLOAD_ENCODING|TRANSACTION_TYPE)_/, '');
      return tail === value ? value : sentenceCase(phraseOf(tail));
    }
  }
}
