/** The risks of a transaction, in words: the review page shows them first, above the call. */
export function reviewRisks(summary: CallSummary | undefined): string[] {
  return summary ? summary.flags.map((flag) => flagWords(flag)) : [];
}

/**
 * The review page's call section, with what the summary of the transaction adds: token
 * amounts scaled beside their exact raw value with the source of the decimals, a call to an unregistered contract
 * read with the well-known signatures (and marked so), the descriptor's intent, and "Open ABI" where the call was
 * decoded with a registered interface. A multicall's calls are shown where their bytes were, each with its
 * function and arguments. Pure (no `vscode`).
 */
import * as l10n from '@vscode/l10n';
import type { CallSummary, InnerCall, SummaryArgument, SummaryCall } from '../../api/remote';
import { amountDetail } from '../wording/activitySummaryWords';
import { flagWords } from '../wording/riskFlagWords';
import { shown } from '../ui/shownText';
import type { ReviewAction, ReviewArgument, ReviewSection } from './reviewMessages';

function reviewArgument(argument: SummaryArgument): ReviewArgument {
  const label = argument.label ? `${argument.name} (${shown(argument.label)})` : argument.name;
  const text = argument.amount
    ? amountDetail(argument.amount)
    : argument.addressName && argument.text
      ? `${argument.text} ("${shown(argument.addressName)}")`
      : argument.text;
  return {
    name: label,
    type: argument.type,
    ...(text !== undefined ? { text } : {}),
    ...(argument.parts ? { parts: argument.parts.map((part) => reviewArgument(part)) } : {}),
  };
}

/** A call's arguments; a multicall's list of calls becomes the calls themselves, each with its arguments. */
function callArguments(call: Extract<SummaryCall, { kind: 'call' }>): ReviewArgument[] {
  const multicall = call.multicall;
  return call.arguments.map((argument, index) => {
    if (!multicall || index !== multicall.argument) return reviewArgument(argument);
    const n = multicall.omitted;
    const omitted: ReviewArgument[] =
      n === 0
        ? []
        : [
            {
              name: '…',
              type: '',
              text: n === 1 ? l10n.t('1 more call, not read') : l10n.t('{0} more calls, not read', n),
            },
          ];
    return {
      name: argument.name,
      type: argument.type,
      parts: [...multicall.calls.map((inner) => innerCallArgument(inner, multicall.targeted)), ...omitted],
    };
  });
}

/** One call of a multicall: its function and arguments (with its target and value when it has them), or why not. */
function innerCallArgument(inner: InnerCall, targeted: boolean): ReviewArgument {
  const position = `[${inner.path.at(-1) ?? 0}]`;
  const target: ReviewArgument[] = targeted
    ? [
        {
          name: l10n.t('target'),
          type: 'address',
          text: inner.toName ? `${inner.to} ("${shown(inner.toName)}")` : inner.to,
        },
      ]
    : [];
  const value: ReviewArgument[] =
    inner.valueEth !== undefined
      ? [{ name: l10n.t('value'), type: 'uint256', text: l10n.t('{0} ETH', inner.valueEth) }]
      : [];
  const call = inner.call;
  let reading: string;
  switch (call.kind) {
    case 'call': {
      const title = `${position} ${call.functionName}(${call.arguments.map((a) => a.name).join(', ')})`;
      return {
        name: call.source === 'wellKnown' ? l10n.t("{0}, not from your organization's interfaces", title) : title,
        type: call.signature,
        parts: [...target, ...value, ...callArguments(call)],
      };
    }
    case 'unknown':
      reading = l10n.t(
        "unknown function {0}: not in your organization's interfaces nor the well-known signatures",
        call.selector,
      );
      break;
    case 'mismatch':
      reading = l10n.t('the data does not match "{0}": {1}', shown(call.interfaceLabel), call.reason);
      break;
    case 'transfer':
    case 'contractCreation':
      reading = l10n.t('no call data');
      break;
  }
  if (target.length === 0 && value.length === 0) return { name: position, type: 'bytes', text: reading };
  return {
    name: position,
    type: 'tuple',
    parts: [...target, ...value, { name: 'callData', type: 'bytes', text: reading }],
  };
}

export const OPEN_ABI_ACTION = (): ReviewAction => ({
  id: 'openAbi',
  label: l10n.t('Open ABI'),
  primary: false,
});

/** The call section with the summary's additions; its risks are the page's, shown above everything else. */
export function callSectionWithRisks(section: ReviewSection, summary: CallSummary): ReviewSection {
  const call = summary.call;
  // Read with a well-known signature, the call is decoded after all: the flag says where the reading comes from.
  const own = call.kind === 'call' && call.source === 'wellKnown' ? [] : section.notes;
  const notes = own;
  if (call.kind !== 'call') return { ...section, notes };
  const title = `${call.functionName}(${call.arguments.map((a) => a.name).join(', ')})`;
  const rows = [
    ...(call.source === 'wellKnown'
      ? [
          {
            label: l10n.t('Read as'),
            value: l10n.t(
              "{0}, the well-known {1} signature: not from your organization's interfaces",
              call.signature,
              call.interfaceLabel,
            ),
          },
        ]
      : []),
    ...section.rows,
    ...(call.intent && call.descriptor
      ? [
          {
            label: l10n.t('Intent'),
            value: l10n.t('{0} (ERC-7730 descriptor {1})', shown(call.intent), shown(call.descriptor)),
          },
        ]
      : []),
  ];
  return {
    ...section,
    rows,
    notes,
    call: {
      title,
      signature: call.signature,
      arguments: callArguments(call),
    },
    actions: [...section.actions, ...(call.source === 'interface' ? [OPEN_ABI_ACTION()] : [])],
  };
}
