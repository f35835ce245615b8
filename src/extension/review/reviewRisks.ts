/**
 * The review page's call section, with what the summary of the transaction adds: its risks first (warnings), token
 * amounts scaled beside their exact raw value with the source of the decimals, a call to an unregistered contract
 * read with the well-known signatures (and marked so), the descriptor's intent, and "Open ABI" where the call was
 * decoded with a registered interface. Pure (no `vscode`).
 */
import type { CallSummary, SummaryArgument } from '../../api/remote';
import { amountDetail, flagWords } from '../wording/activitySummaryWords';
import { englishText, type Translate } from '../ui/translate';
import { shown } from '../ui/shownText';
import type { ReviewAction, ReviewArgument, ReviewSection } from './reviewMessages';

function reviewArgument(argument: SummaryArgument, t: Translate): ReviewArgument {
  const label = argument.label ? `${argument.name} (${shown(argument.label)})` : argument.name;
  const text = argument.amount
    ? amountDetail(argument.amount, t)
    : argument.addressName && argument.text
      ? `${argument.text} ("${shown(argument.addressName)}")`
      : argument.text;
  return {
    name: label,
    type: argument.type,
    ...(text !== undefined ? { text } : {}),
    ...(argument.parts ? { parts: argument.parts.map((part) => reviewArgument(part, t)) } : {}),
  };
}

export const OPEN_ABI_ACTION = (t: Translate): ReviewAction => ({
  id: 'openAbi',
  label: t('Open ABI'),
  primary: false,
});

/** The call section with the summary's additions. */
export function callSectionWithRisks(
  section: ReviewSection,
  summary: CallSummary,
  t: Translate = englishText,
): ReviewSection {
  const call = summary.call;
  // Read with a well-known signature, the call is decoded after all: the flag says where the reading comes from.
  const own = call.kind === 'call' && call.source === 'wellKnown' ? [] : section.notes;
  const notes = [...summary.flags.map((flag) => ({ tone: 'warning' as const, text: flagWords(flag, t) })), ...own];
  if (call.kind !== 'call') return { ...section, notes };
  const title = `${call.functionName}(${call.arguments.map((a) => a.name).join(', ')})`;
  const rows = [
    ...(call.source === 'wellKnown'
      ? [
          {
            label: t('Read as'),
            value: t(
              "{0}, the well-known {1} signature: not from your organization's interfaces",
              call.signature,
              call.interfaceLabel,
            ),
          },
        ]
      : []),
    ...section.rows,
    ...(call.intent && call.descriptor
      ? [{ label: t('Intent'), value: t('{0} (ERC-7730 descriptor {1})', shown(call.intent), shown(call.descriptor)) }]
      : []),
  ];
  return {
    ...section,
    rows,
    notes,
    call: {
      title,
      signature: call.signature,
      arguments: call.arguments.map((argument) => reviewArgument(argument, t)),
    },
    actions: [...section.actions, ...(call.source === 'interface' ? [OPEN_ABI_ACTION(t)] : [])],
  };
}
