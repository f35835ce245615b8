/**
 * The review page's words, beside activityWords.ts (whose type, status and vote words it uses): what a signing
 * activity asks to sign, and where its quorum stands. A module of its own so that it loads with the review page,
 * not at activation. Pure (no `vscode`); user strings go through @vscode/l10n.
 */
import * as l10n from '@vscode/l10n';
import type { Activity } from '../../api';
import { activityOutcome } from './activityWords';
import { byCount } from './plural';
import { chainName } from './chainWords';
import { structuredHashing } from './serviceNames';

/** A chain by its well-known name and id; others show their id alone. */
export function chainText(chainId: string | undefined): string {
  if (chainId === undefined) return l10n.t('Any chain (no chain id: the signature can be replayed on every chain)');
  const name = chainName(chainId);
  return name ? `${name} (${chainId})` : chainId;
}

/** An Ethereum transaction type in words: `eip1559` → "EIP-1559 (type 2)". */
export function ethereumTransactionTypeLabel(type: string): string {
  switch (type) {
    case 'legacy':
      return 'Legacy (type 0)';
    case 'eip2930':
      return 'EIP-2930 (type 1)';
    case 'eip1559':
      return 'EIP-1559 (type 2)';
    default:
      return type;
  }
}

/** `PAYLOAD_ENCODING_TEXT_UTF8` → "Text (UTF-8)"; `HASH_FUNCTION_KECCAK256` → "Keccak-256". */
export function payloadEncodingLabel(encoding: string): string {
  switch (encoding) {
    case 'PAYLOAD_ENCODING_HEXADECIMAL':
      return l10n.t('Hexadecimal');
    case 'PAYLOAD_ENCODING_TEXT_UTF8':
      return l10n.t('Text (UTF-8)');
    case 'PAYLOAD_ENCODING_EIP712':
      return l10n.t('EIP-712 typed data');
    case 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION':
      return l10n.t('EIP-7702 authorization');
    default:
      return encoding;
  }
}

export function hashFunctionLabel(hashFunction: string, encoding = ''): string {
  const structured = structuredHashing(hashFunction, encoding);
  if (structured !== undefined) return structured;
  switch (hashFunction) {
    case 'HASH_FUNCTION_KECCAK256':
      return 'Keccak-256';
    case 'HASH_FUNCTION_SHA256':
      return 'SHA-256';
    case 'HASH_FUNCTION_NO_OP':
      return l10n.t('None (the payload is the digest)');
    case 'HASH_FUNCTION_NOT_APPLICABLE':
      return l10n.t('Not applicable (the key signs the payload itself)');
    default:
      return hashFunction;
  }
}

/** The distinct users who approved and rejected, in the order they voted. */
export function voteCounts(activity: Pick<Activity, 'votes'>): { approvals: number; rejections: number } {
  const approved = new Set<string>();
  const rejected = new Set<string>();
  for (const vote of activity.votes) {
    if (vote.selection === 'VOTE_SELECTION_APPROVED') approved.add(vote.userId);
    else if (vote.selection === 'VOTE_SELECTION_REJECTED') rejected.add(vote.userId);
  }
  return { approvals: approved.size, rejections: rejected.size };
}

/**
 * Where the root quorum stands, for the review page: "1 of 2 approvals: 1 more needed before it runs.". With the
 * root users known, only their approvals count (another user's approval counts toward a policy, never the quorum).
 */
export function reviewProgressText(
  activity: Pick<Activity, 'votes' | 'status'>,
  threshold: number | undefined,
  rootUserIds?: readonly string[],
): string {
  const counted = rootUserIds ? { votes: activity.votes.filter((v) => rootUserIds.includes(v.userId)) } : activity;
  const all = voteCounts(counted).approvals;
  // A count at its threshold is met: never "3 of 2".
  const approvals = threshold === undefined ? all : Math.min(all, threshold);
  if (threshold === undefined)
    return byCount(approvals, l10n.t('{0} approval so far', approvals), l10n.t('{0} approvals so far', approvals));
  switch (activityOutcome(activity.status)) {
    case 'completed':
      return l10n.t('{0} of {1} approvals: it ran.', approvals, threshold);
    case 'rejected':
      return l10n.t('{0} of {1} approvals: it was rejected and will not run.', approvals, threshold);
    case 'failed':
      return l10n.t('{0} of {1} approvals: it ran and failed.', approvals, threshold);
    case 'pending':
    case 'waitsForApprovals':
    default: {
      const missing = Math.max(threshold - approvals, 0);
      return missing === 1
        ? l10n.t('{0} of {1} approvals: 1 more needed before it runs.', approvals, threshold)
        : l10n.t('{0} of {1} approvals: {2} more needed before it runs.', approvals, threshold, missing);
    }
  }
}
