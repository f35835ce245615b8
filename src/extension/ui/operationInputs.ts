/**
 * The pure parts of the operation commands: judging a contract address as it is typed, splitting pasted ids, and
 * wording what a confirmation shows. No `vscode` here, so these run in plain Node; the command files add the
 * prompts around them.
 */
import * as l10n from '@vscode/l10n';
import { InvalidInputError, type Activity, type CheckedAddress, type SmartContractInterface } from '../../api';

/** Ids pasted into one box: separated by commas, semicolons, spaces or new lines; duplicates dropped. */
export function parseIdList(text: string): string[] {
  const ids = text
    .split(/[\s,;]+/)
    .map((id) => id.trim().replace(/^["']|["']$/g, ''))
    .filter((id) => id !== '');
  return [...new Set(ids)];
}

/** How a contract address reads as it is typed. */
export type AddressAdvice =
  /** Not an address: the message says why; nothing can be sent. */
  | { readonly kind: 'invalid'; readonly message: string; readonly hint: string | undefined }
  /** A valid EIP-55 mixed-case address. */
  | { readonly kind: 'valid'; readonly address: string }
  /** All one case, so there is no checksum to check: the checksummed form is what we register. */
  | { readonly kind: 'noChecksum'; readonly address: string; readonly checksummed: string }
  /** Mixed case whose checksum does not match: probably a typo. */
  | { readonly kind: 'checksumMismatch'; readonly address: string; readonly checksummed: string };

/**
 * Checks an address: the API's `checkEthereumAddress`, which the caller loads with the remote part of the API
 * (its keccak is not loaded at activation).
 */
export type AddressCheck = (input: string) => CheckedAddress;

export function adviseAddress(input: string, checkAddress: AddressCheck): AddressAdvice {
  try {
    const checked = checkAddress(input);
    if (checked.checksumValid === true) return { kind: 'valid', address: checked.address };
    if (checked.checksumValid === 'noChecksum')
      return { kind: 'noChecksum', address: checked.address, checksummed: checked.checksummed };
    return { kind: 'checksumMismatch', address: checked.address, checksummed: checked.checksummed };
  } catch (error) {
    if (error instanceof InvalidInputError) return { kind: 'invalid', message: error.message, hint: error.hint };
    throw error;
  }
}

/**
 * The address to send for an address given as an argument (no one to ask): a valid or one-case address in its
 * checksummed form; a failed checksum or a malformed address is an error that names the problem.
 */
export function addressFromArgument(input: string, checkAddress: AddressCheck): string {
  const advice = adviseAddress(input, checkAddress);
  switch (advice.kind) {
    case 'valid':
      return advice.address;
    case 'noChecksum':
      return advice.checksummed;
    case 'checksumMismatch':
      throw new InvalidInputError(
        'contract address',
        l10n.t(
          'The contract address {0} fails its EIP-55 checksum: a character may be mistyped. Nothing was sent.',
          advice.address,
        ),
        l10n.t('If the address is right, pass its checksummed form {0}.', advice.checksummed),
      );
    case 'invalid':
      throw new InvalidInputError('contract address', l10n.t('{0} Nothing was sent.', advice.message), advice.hint);
  }
}

/** A label the service accepts: 1 to 256 characters. Returns the problem in words, or undefined. */
export function labelProblem(label: string): string | undefined {
  if (label.trim() === '') return l10n.t('The label must not be empty.');
  if (label.length > 256) return l10n.t('The label has {0} characters; at most 256 are accepted.', label.length);
  return undefined;
}

export function notesProblem(notes: string): string | undefined {
  return notes.length > 4096
    ? l10n.t('The notes have {0} characters; at most 4096 are accepted.', notes.length)
    : undefined;
}

export function tagNameProblem(name: string): string | undefined {
  if (name.trim() === '') return l10n.t('The tag name must not be empty.');
  if (name.length > 256) return l10n.t('The tag name has {0} characters; at most 256 are accepted.', name.length);
  return undefined;
}

/** What the deletion modal of a smart contract interface shows. */
export function smartContractInterfaceDetail(
  sci: Pick<SmartContractInterface, 'label' | 'smartContractAddress' | 'smartContractInterfaceId' | 'organizationId'>,
): string {
  return [
    l10n.t('Label: {0}', sci.label),
    l10n.t('Address: {0}', sci.smartContractAddress),
    l10n.t('ID: {0}', sci.smartContractInterfaceId),
    l10n.t('Organization: {0}', sci.organizationId),
  ].join('\n');
}

/** Activities this user can still vote on, newest first as the service lists them. */
export function votableActivities<A extends Pick<Activity, 'canApprove' | 'canReject' | 'fingerprint'>>(
  activities: readonly A[],
  vote: 'approve' | 'reject',
): A[] {
  return activities.filter((a) => a.fingerprint !== '' && (vote === 'approve' ? a.canApprove : a.canReject));
}
