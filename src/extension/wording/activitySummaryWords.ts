/**
 * One readable summary of an activity, the same wherever a decision is taken (the vote dialog, the passkey page,
 * the inbox rows and their hover, the pick list, notifications): for a transaction, the function and its
 * arguments by name, the recipient with its name, token amounts exact and scaled, the value and the chain, and
 * the risks in words (a multicall's calls each in turn, their risks raised on the whole); for a passkey
 * enrolment, whose passkey for whom. Pure (no `vscode`): the decoding is the API's (passed in by the caller, which
 * loads it only when a transaction is summarised).
 */
import * as l10n from '@vscode/l10n';
import type { Activity } from '../../api';
import type {
  CallSummary,
  ClearSigningDescriptor,
  RegisteredInterface,
  SignatureSummary,
  decodeEthereumTransaction,
  summarizeSignature,
  summarizeTransaction,
} from '../../api/remote';
import { shown } from '../ui/shownText';
import { unwrapSingleKey, type NameOf } from './activityWords';
import { addressWords, argumentValue } from './callArgumentWords';
import { chainWords } from './chainWords';
import { multicallDetails, multicallLine } from './multicallWords';
import { flagLabel, flagWords } from './riskFlagWords';
import { payloadsWords, signedPayloads } from './signatureWords';
import { isWalletActivity, walletActivityWords, walletSigner, type WalletFacts } from './walletActivityWords';

export { amountDetail, amountWords } from './callArgumentWords';
export { chainName, chainWords } from './chainWords';

export interface SummaryInputs {
  /** The API's decoder and summariser; without them a transaction is not summarised. */
  readonly decode:
    | {
        readonly transaction: typeof decodeEthereumTransaction;
        readonly summarize: typeof summarizeTransaction;
        /** The API's reading of a signed payload; without it, a sign_raw_payload is not summarised. */
        readonly signature?: typeof summarizeSignature;
      }
    | undefined;
  /** The time deadlines are measured from (ms); now, unless given. */
  readonly now?: number | undefined;
  /** The organization's interfaces; undefined when they could not be read. */
  readonly interfaces: readonly RegisteredInterface[] | undefined;
  readonly descriptors: readonly ClearSigningDescriptor[];
  /** Names for ids and addresses (users, keys, wallets and their accounts). */
  readonly nameOf?: NameOf | undefined;
  /** The organization's wallets and accounts, when the summaries need them (walletActivityWords.ts). */
  readonly wallets?: WalletFacts | undefined;
}

export interface SummaryDetail {
  readonly label: string;
  readonly value: string;
}

export interface ActivitySummary {
  /** One line that tells this activity from any other: rows, pick list, notifications. */
  readonly line: string;
  /** What it does, field by field: the dialog, the hover, the passkey page. */
  readonly details: readonly SummaryDetail[];
  /** The risks, one sentence each. */
  readonly flags: readonly string[];
  /** The risks in a word or two each, for a row ("Unlimited approval"). */
  readonly risks: readonly string[];
  /** The transaction's summary, when one was decoded. */
  readonly call?: CallSummary;
  /** The signed payloads' summaries, when the activity signs raw payloads. */
  readonly signatures?: readonly SignatureSummary[];
  /** The wallet account a signing goes through, in words, when it is one (the details name it first). */
  readonly signer?: string;
}

/** The risks of a summary for a row: "Unlimited approval, Unregistered contract". */
export function summaryRiskLabel(summary: ActivitySummary): string {
  return summary.risks.join(', ');
}

function callLine(summary: CallSummary): string {
  const call = summary.call;
  const value = summary.valueWei !== '0' ? l10n.t(', with {0} ETH', summary.valueEth) : '';
  switch (call.kind) {
    case 'transfer':
      return l10n.t(
        'Sends {0} ETH to {1}',
        summary.valueEth,
        summary.to ? addressWords(summary.to, summary.toName) : '?',
      );
    case 'contractCreation':
      return l10n.t('Deploys a contract ({0} bytes){1}', call.bytes, value);
    case 'unknown':
      return l10n.t(
        'Calls {0}, unknown function {1}{2}',
        summary.to ? addressWords(summary.to, summary.toName) : '?',
        call.selector,
        value,
      );
    case 'mismatch':
      return l10n.t(
        'Calls "{0}" with data that does not match its interface ({1}){2}',
        shown(call.interfaceLabel),
        call.selector,
        value,
      );
    case 'call': {
      const args = call.arguments.map((a) => `${shown(a.name)} ${argumentValue(a, true)}`).join(', ');
      const head = call.multicall ? multicallLine(call.multicall) : `${shown(call.functionName)}(${args})`;
      const intent = call.intent ? `${shown(call.intent)}: ` : '';
      const where = call.source === 'wellKnown' ? ` · ${l10n.t("not from your organization's interfaces")}` : '';
      return `${intent}${head}${value}${where}`;
    }
  }
}

function callDetails(summary: CallSummary): SummaryDetail[] {
  const call = summary.call;
  const details: SummaryDetail[] = [];
  if (call.kind === 'call') {
    const title = `${shown(call.functionName)}(${call.arguments.map((a) => shown(a.name)).join(', ')})`;
    details.push({
      label: l10n.t('Function'),
      value:
        call.source === 'wellKnown'
          ? l10n.t(
              "{0}: the well-known {1} signature {2}, not from your organization's interfaces",
              title,
              call.interfaceLabel,
              call.signature,
            )
          : l10n.t('{0} of "{1}"', title, shown(call.interfaceLabel)),
    });
    if (call.intent && call.descriptor)
      details.push({
        label: l10n.t('Intent'),
        value: l10n.t('{0} (ERC-7730 descriptor {1})', shown(call.intent), shown(call.descriptor)),
      });
    // A multicall's calls are listed one by one below, not as the bytes that carry them.
    const holdingCalls = call.multicall?.argument;
    for (const [index, argument] of call.arguments.entries()) {
      if (index === holdingCalls) continue;
      const label = argument.label ? `${shown(argument.name)} (${shown(argument.label)})` : shown(argument.name);
      details.push({ label: `  ${label}`, value: argumentValue(argument, false) });
    }
    if (call.multicall) details.push(...multicallDetails(call.multicall));
  } else if (call.kind === 'unknown') {
    details.push({
      label: l10n.t('Function'),
      value: l10n.t(
        "unknown selector {0}: not in your organization's interfaces nor the well-known signatures",
        call.selector,
      ),
    });
  } else if (call.kind === 'mismatch') {
    details.push({
      label: l10n.t('Function'),
      value: l10n.t('the data does not match "{0}": {1}', shown(call.interfaceLabel), call.reason),
    });
  }
  if (summary.to) details.push({ label: l10n.t('To'), value: addressWords(summary.to, summary.toName, false) });
  else details.push({ label: l10n.t('To'), value: l10n.t('nobody: it deploys a contract') });
  details.push({ label: l10n.t('Value'), value: l10n.t('{0} ETH', summary.valueEth) });
  details.push({ label: l10n.t('Chain'), value: chainWords(summary.chainId) });
  return details;
}

/** A sign_transaction activity's unsigned transaction, or undefined for another activity. */
function unsignedTransaction(activity: Pick<Activity, 'type' | 'intent'>): string | undefined {
  if (!activity.type.startsWith('ACTIVITY_TYPE_SIGN_TRANSACTION')) return undefined;
  const inner = unwrapSingleKey(activity.intent) as Record<string, unknown>;
  if (inner['type'] !== undefined && inner['type'] !== 'TRANSACTION_TYPE_ETHEREUM') return undefined;
  const unsigned = inner['unsignedTransaction'];
  return typeof unsigned === 'string' ? unsigned : undefined;
}

/** Whether summarising this activity needs the API's decoder (loaded on demand). */
export function needsDecoder(activity: Pick<Activity, 'type' | 'intent'>): boolean {
  return unsignedTransaction(activity) !== undefined || signedPayloads(activity).length > 0;
}

function passkeySummary(activity: Pick<Activity, 'intent'>, inputs: SummaryInputs): ActivitySummary | undefined {
  const inner = unwrapSingleKey(activity.intent) as Record<string, unknown>;
  const authenticators = Array.isArray(inner['authenticators']) ? (inner['authenticators'] as unknown[]) : [];
  const names = authenticators.flatMap((a) => {
    const name = (a as { authenticatorName?: unknown } | null)?.authenticatorName;
    return typeof name === 'string' ? [`"${shown(name)}"`] : [];
  });
  const userId = typeof inner['userId'] === 'string' ? inner['userId'] : '';
  const user = shown(inputs.nameOf?.(userId) ?? userId);
  if (names.length === 0) return undefined;
  const line =
    names.length === 1
      ? l10n.t('Adds passkey {0} to {1}', names[0] ?? '', user)
      : l10n.t('Adds passkeys {0} to {1}', names.join(', '), user);
  return {
    line,
    details: [
      { label: names.length === 1 ? l10n.t('Passkey') : l10n.t('Passkeys'), value: names.join(', ') },
      { label: l10n.t('User'), value: userId && user !== userId ? `${user} (${userId})` : user },
    ],
    flags: [],
    risks: [],
  };
}

/**
 * The activity's summary; undefined when there is nothing more to say than its type and target (the caller then
 * keeps its usual words), or when a transaction cannot be read.
 */
export function summarizeActivity(
  activity: Pick<Activity, 'type' | 'intent'>,
  inputs: SummaryInputs,
): ActivitySummary | undefined {
  if (activity.type.startsWith('ACTIVITY_TYPE_CREATE_AUTHENTICATORS')) return passkeySummary(activity, inputs);
  const wallets = { nameOf: inputs.nameOf, wallets: inputs.wallets };
  if (isWalletActivity(activity.type)) return walletActivityWords(activity, wallets);
  const summary = signingSummary(activity, inputs);
  // A signing through a wallet account says which, first: the wallet is what an approver weighs.
  const signer = walletSigner(activity, wallets);
  if (!signer) return summary;
  const signsWith = { label: l10n.t('Signs with'), value: signer };
  return summary
    ? { ...summary, details: [signsWith, ...summary.details], signer }
    : { line: l10n.t('Signs with {0}', signer), details: [], flags: [], risks: [], signer };
}

/** What a transaction or a signed payload does, when the decoder reads it. */
function signingSummary(
  activity: Pick<Activity, 'type' | 'intent'>,
  inputs: SummaryInputs,
): ActivitySummary | undefined {
  const payloads = signedPayloads(activity);
  if (payloads.length > 0) {
    if (!inputs.decode?.signature) return undefined;
    const context = { interfaces: inputs.interfaces, descriptors: inputs.descriptors, nameOf: inputs.nameOf };
    const { signatures, ...words } = payloadsWords(
      payloads,
      inputs.decode.signature,
      context,
      inputs.now ?? Date.now(),
    );
    return { ...words, signatures };
  }
  const unsigned = unsignedTransaction(activity);
  if (unsigned === undefined || !inputs.decode) return undefined;
  const decoded = inputs.decode.transaction(unsigned, inputs.interfaces ?? []);
  if (!decoded.ok) return undefined;
  const call = inputs.decode.summarize(decoded.transaction, {
    interfaces: inputs.interfaces,
    descriptors: inputs.descriptors,
    nameOf: inputs.nameOf,
  });
  return {
    line: callLine(call),
    details: callDetails(call),
    flags: call.flags.map((f) => flagWords(f)),
    // One word per kind of risk for a row, however many calls of a multicall raise it.
    risks: [...new Set(call.flags.map((f) => flagLabel(f)))],
    call,
  };
}
