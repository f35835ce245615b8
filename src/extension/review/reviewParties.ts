/**
 * Who receives or may spend what an activity signs, each with whether it is the organization's: a transfer's
 * recipient, an approval's spender or operator, a permit's spender, the contract an EIP-7702 authorization
 * delegates to. "Treasury hot · account 1 (0x…), in your organization" or "0x…, outside your organization": a plain
 * fact beside the risks, not a warning by itself. The whole address is the row's hover. Pure (no `vscode`).
 */
import * as l10n from '@vscode/l10n';
import type { CallSummary, SignatureSummary } from '../../api/remote';
import { ownershipWords, type NameOf } from '../wording/addressNames';
import type { ReviewRow } from './reviewMessages';

/** Only an address of letters and digits goes into the hover as it is (hex, base58); anything else stays text. */
const PLAIN_ADDRESS = /^[0-9A-Za-z]{1,100}$/;

function partyRow(label: string, address: string, nameOf: NameOf | undefined): ReviewRow {
  return {
    label,
    value: ownershipWords(address, nameOf),
    code: true,
    ...(PLAIN_ADDRESS.test(address) ? { title: address } : {}),
  };
}

/** The transaction's recipient, spender or operator, with whether it is the organization's. */
export function transactionParties(
  summary: Pick<CallSummary, 'recipient'> | undefined,
  nameOf: NameOf | undefined,
): ReviewRow[] {
  const recipient = summary?.recipient;
  if (!recipient) return [];
  const label =
    recipient.role === 'spender'
      ? l10n.t('Spender')
      : recipient.role === 'operator'
        ? l10n.t('Operator')
        : l10n.t('Recipient');
  return [partyRow(label, recipient.address, nameOf)];
}

/** Each signed payload's spender (a permit) or delegate (an authorization), with whether it is the organization's. */
export function signatureParties(signatures: readonly SignatureSummary[], nameOf: NameOf | undefined): ReviewRow[] {
  return signatures.flatMap(({ reading }) => {
    if (reading.kind === 'typedData' && reading.spender)
      return [partyRow(l10n.t('Spender'), reading.spender.address, nameOf)];
    if (reading.kind === 'authorization') return [partyRow(l10n.t('Delegate'), reading.contract.address, nameOf)];
    return [];
  });
}
