/**
 * A transaction's risks in words: each flag as a sentence (what it means for the key's holder) and as a label of a
 * word or two, for the vote dialog, the review page, the inbox rows and notifications. Pure (no `vscode`); user
 * strings go through @vscode/l10n.
 */
import * as l10n from '@vscode/l10n';
import type { RiskFlag } from '../../api/remote';
import { shown } from '../ui/shownText';
import { amountWords } from './callArgumentWords';
import { callNumber } from './multicallWords';

/** The risk in one sentence; for a call inside a multicall, which call it is. */
export function flagWords(flag: RiskFlag): string {
  const sentence = flagSentence(flag);
  return flag.inner && flag.kind !== 'unreadableCall'
    ? l10n.t('In call {0} of the multicall: {1}', callNumber(flag.inner), sentence)
    : sentence;
}

function flagSentence(flag: RiskFlag): string {
  switch (flag.kind) {
    case 'unlimitedApproval':
      return l10n.t(
        'Unlimited token approval: {0} may spend every token of this kind the key holds, now and later.',
        flag.spender ?? l10n.t('the spender'),
      );
    case 'largeApproval':
      return l10n.t(
        'Very large token approval: {0} may spend {1}.',
        flag.spender ?? l10n.t('the spender'),
        amountWords(flag.amount),
      );
    case 'approvalForAll':
      return l10n.t(
        'Approval for all: {0} may move every token of this collection the key holds.',
        flag.operator ?? l10n.t('the operator'),
      );
    case 'noInterface':
      return l10n.t(
        "Calls {0}, which has no interface registered in your organization: the call is not from your organization's interfaces.",
        flag.address,
      );
    case 'interfacesUnknown':
      return l10n.t(
        "Calls {0}, but your organization's smart contract interfaces could not be read: whether the contract is one of yours is not checked.",
        flag.address,
      );
    case 'valueWithoutData':
      return l10n.t('Sends {0} ETH to the contract {1} without calling any function.', flag.valueEth, flag.address);
    case 'argumentNames':
      return l10n.t(
        'The interface used to decode it names arguments alike or leaves them unnamed: read the values by position.',
      );
    case 'unreadableCall':
      return flag.inner
        ? l10n.t(
            "Call {0} of the multicall cannot be read (selector {1}): neither your organization's interfaces nor the well-known signatures decode it.",
            callNumber(flag.inner),
            flag.selector,
          )
        : l10n.t(
            'The call cannot be read (selector {0}): its data does not match the interface registered for the contract, nor a well-known signature.',
            flag.selector,
          );
    case 'interfaceMismatch':
      return flag.registered === undefined
        ? l10n.t(
            'The interface "{0}" has no function with the selector {1}, which is the well-known {2} function {3}: the call is read as {3}.',
            shown(flag.interfaceLabel),
            flag.selector,
            flag.standard,
            flag.wellKnown,
          )
        : l10n.t(
            'The interface "{0}" reads the selector {1} as {2}, but {1} is the well-known {3} function {4}: the call is read as {4}.',
            shown(flag.interfaceLabel),
            flag.selector,
            shown(flag.registered),
            flag.standard,
            flag.wellKnown,
          );
    case 'unreadData':
      if (!flag.canonical)
        return l10n.t(
          'The call data is not laid out as its arguments encode ({0} bytes more than they need): what is shown may not be all it holds.',
          flag.bytes,
        );
      return flag.bytes === 1
        ? l10n.t('The call data has 1 byte past the arguments its function reads: it is not shown here.')
        : l10n.t(
            'The call data has {0} bytes past the arguments its function reads: they are not shown here.',
            flag.bytes,
          );
    case 'descriptorDisagrees':
      return l10n.t(
        'The ERC-7730 descriptor {0} says the token {1} is {2} with {3} decimals; the built-in list of well-known tokens says {4} with {5} decimals, which is what is shown.',
        shown(flag.file),
        flag.address,
        shown(flag.described.ticker ?? flag.builtIn.symbol),
        flag.described.decimals,
        flag.builtIn.symbol,
        flag.builtIn.decimals,
      );
    case 'uninspectedCalls':
      return flag.count === 1
        ? l10n.t('1 call inside the multicall was not read: what it does is not shown here.')
        : l10n.t('{0} calls inside the multicall were not read: what they do is not shown here.', flag.count);
  }
}

/** The risk in a word or two. */
export function flagLabel(flag: RiskFlag): string {
  switch (flag.kind) {
    case 'unlimitedApproval':
      return l10n.t('Unlimited approval');
    case 'largeApproval':
      return l10n.t('Very large approval');
    case 'approvalForAll':
      return l10n.t('Approval for all');
    case 'noInterface':
      return l10n.t('Unregistered contract');
    case 'interfacesUnknown':
      return l10n.t('Interfaces not checked');
    case 'valueWithoutData':
      return l10n.t('ETH sent to a contract without a call');
    case 'argumentNames':
      return l10n.t('Argument names cannot be trusted');
    case 'unreadableCall':
      return flag.inner ? l10n.t('Unreadable call in a multicall') : l10n.t('Unreadable call');
    case 'interfaceMismatch':
      return l10n.t('Interface does not match the call');
    case 'unreadData':
      return l10n.t('Unread call data');
    case 'descriptorDisagrees':
      return l10n.t('Descriptor disagrees with the built-in tokens');
    case 'uninspectedCalls':
      return l10n.t('Calls not read');
  }
}
