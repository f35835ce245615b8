/**
 * What the review page shows, as plain data: the activity in words (type, organization, submitter, status, votes,
 * quorum progress, fingerprint), its intent as a table, and for a signing activity what it signs, decoded with the
 * organization's registered interfaces. Pure (no `vscode`); the page draws it (reviewView.ts) and tests read it.
 * How long ago it was submitted is the page's to word, so that it stays current without a new model.
 */
import * as l10n from '@vscode/l10n';
import type { Activity } from '../../api';
import type {
  RegisteredInterface,
  decodeEthereumTransaction,
  decodeRawPayload,
  ClearSigningDescriptor,
  summarizeSignature,
  summarizeTransaction,
} from '../../api/remote';
import { callSectionWithRisks, OPEN_ABI_ACTION, reviewRisks } from './reviewRisks';
import { intentAbi } from '../wording/voteDialogWords';
import type { OrganizationNames } from '../wording/voteDialogWords';
import { readableIntentLines, submitter } from '../wording/voteDialogWords';
import { activityTimeMs } from '../wording/activityPresentation';
import { activityTypeLabel, statusLabel, unwrapSingleKey, voteText } from '../wording/activityWords';
import { hashFunctionLabel, payloadEncodingLabel, reviewProgressText } from '../wording/reviewWords';
import { shortHex, transactionSections } from './reviewTransaction';
import { signatureParties, transactionParties } from './reviewParties';
import { payloadsWords, signedPayloads } from '../wording/signatureWords';
import { byCount } from '../wording/plural';
import type { WalletFacts } from '../wording/walletActivityWords';
import { walletReview } from './walletReview';
import type { ReviewAction, ReviewModel, ReviewRow, ReviewSection, ReviewWhy } from './reviewMessages';

export type {
  ReviewAction,
  ReviewActionId,
  ReviewCall,
  ReviewModel,
  ReviewNote,
  ReviewRow,
  ReviewSection,
  ReviewWhy,
} from './reviewMessages';

export interface ReviewInput {
  readonly activity: Activity;
  readonly names: OrganizationNames | undefined;
  /** The organization's registered interfaces; undefined when they could not be read. */
  readonly interfaces: readonly RegisteredInterface[] | undefined;
  readonly decode: {
    readonly transaction: typeof decodeEthereumTransaction;
    readonly payload: typeof decodeRawPayload;
    /** The summary of a transaction (risks, token amounts, well-known calls); without it, the decoding alone. */
    readonly summarize?: typeof summarizeTransaction;
    /** The reading of a signed payload (typed data, authorization, message, hash) and its risks. */
    readonly signature?: typeof summarizeSignature;
  };
  /** The workspace's ERC-7730 descriptors, and names for addresses (the organization's keys). */
  readonly descriptors?: readonly ClearSigningDescriptor[];
  readonly nameOf?: (address: string) => string | undefined;
  /** The organization's wallets and accounts: which were exported, which address is an account. */
  readonly wallets?: WalletFacts | undefined;
  /** The time a signature's deadlines are measured from (ms); now, unless given. */
  readonly now?: number;
  /** Where policies decide it (reviewWhy.ts): the section, and the header's line while a policy waits. */
  readonly why?: { readonly section: ReviewWhy | undefined; readonly progress: string | undefined } | undefined;
}

function intentRows(activity: Activity, names: OrganizationNames | undefined): ReviewRow[] {
  return readableIntentLines(activity, names).map((line) => {
    const text = line.trim();
    const colon = text.indexOf(': ');
    return colon < 0
      ? { label: '', value: text }
      : {
          label: text.slice(0, colon),
          value: text.slice(colon + 2),
          code: /^0x|^[0-9a-f-]{36}/i.test(text.slice(colon + 2)),
        };
  });
}

/** The page's data for one activity. */
export function buildReviewModel(input: ReviewInput): ReviewModel {
  const { activity, names } = input;
  const organization = names?.name ? `${names.name} (${activity.organizationId})` : activity.organizationId;
  const who = submitter(activity, names);
  const time = activityTimeMs(activity);
  const status = statusLabel(activity.status);
  // A wallet activity in words and its risks; a signing's wallet account.
  const wallet = walletReview(activity, { nameOf: input.nameOf, wallets: input.wallets });
  const summary: ReviewRow[] = [
    { label: l10n.t('Type'), value: activityTypeLabel(activity.type) },
    { label: l10n.t('Organization'), value: organization },
    ...(who ? [{ label: l10n.t('Submitted by'), value: who }] : []),
    ...wallet.rows,
    ...(time !== undefined ? [{ label: l10n.t('Submitted'), value: new Date(time).toISOString(), timeMs: time }] : []),
    { label: l10n.t('Status'), value: status },
    { label: l10n.t('Activity ID'), value: activity.id, code: true },
    { label: l10n.t('Fingerprint'), value: activity.fingerprint || l10n.t('None'), code: true },
  ];
  const sections: ReviewSection[] = [
    {
      id: 'intent',
      heading: l10n.t('Intent'),
      rows: intentRows(activity, names),
      notes: [],
      actions: intentAbi(activity) !== undefined ? [OPEN_ABI_ACTION()] : [],
    },
    ...wallet.sections,
  ];
  let registerAddress: string | undefined;
  const risks: string[] = [...wallet.risks];
  const inner = unwrapSingleKey(activity.intent) as Record<string, unknown>;
  let openAbi: ReviewModel['openAbi'] =
    intentAbi(activity) !== undefined
      ? { kind: 'intent', label: typeof inner['label'] === 'string' ? inner['label'] : activity.id }
      : undefined;
  if (activity.type.startsWith('ACTIVITY_TYPE_SIGN_TRANSACTION')) {
    const unsigned = inner['unsignedTransaction'];
    const type = inner['type'];
    if (type !== undefined && type !== 'TRANSACTION_TYPE_ETHEREUM') {
      sections.push({
        id: 'transaction',
        heading: l10n.t('Transaction'),
        rows: [],
        notes: [
          {
            tone: 'warning',
            text: l10n.t(
              'A {0} transaction is shown as its intent only.',
              typeof type === 'string' ? type : JSON.stringify(type),
            ),
          },
        ],
        actions: [],
      });
    } else {
      const decoded = input.decode.transaction(typeof unsigned === 'string' ? unsigned : '', input.interfaces ?? []);
      if (decoded.ok) {
        const built = transactionSections(
          decoded.transaction,
          names?.name ?? activity.organizationId,
          input.interfaces,
          input.nameOf,
        );
        const summary = input.decode.summarize?.(decoded.transaction, {
          interfaces: input.interfaces,
          descriptors: input.descriptors ?? [],
          nameOf: input.nameOf,
        });
        risks.push(...reviewRisks(summary));
        const call = summary?.call;
        if (call?.kind === 'call' && call.source === 'interface')
          openAbi = { kind: 'registered', interfaceId: call.interfaceId, label: call.interfaceLabel };
        const parties = transactionParties(summary, input.nameOf);
        sections.push(
          ...built.sections.map((section) => {
            if (section.id !== 'call') return section;
            // Who receives or may spend, and whether it is the organization's.
            const read = summary ? callSectionWithRisks(section, summary) : section;
            return { ...read, rows: [...read.rows, ...parties] };
          }),
        );
        registerAddress = built.registerAddress;
      } else {
        sections.push({
          id: 'transaction',
          heading: l10n.t('Transaction'),
          rows: [],
          notes: [{ tone: 'error', text: l10n.t('The transaction cannot be read: {0}.', decoded.problem) }],
          actions: [],
        });
      }
    }
  } else if (activity.type.startsWith('ACTIVITY_TYPE_SIGN_RAW_PAYLOAD')) {
    const payload = input.decode.payload({
      payload: typeof inner['payload'] === 'string' ? inner['payload'] : '',
      encoding: inner['encoding'] as Parameters<typeof decodeRawPayload>[0]['encoding'],
      hashFunction: inner['hashFunction'] as Parameters<typeof decodeRawPayload>[0]['hashFunction'],
    });
    const context = { interfaces: input.interfaces, descriptors: input.descriptors ?? [], nameOf: input.nameOf };
    const signature =
      input.decode.signature &&
      payloadsWords(signedPayloads(activity), input.decode.signature, context, input.now ?? Date.now());
    risks.push(...(signature?.flags ?? []));
    sections.push({
      id: 'payload',
      heading: l10n.t('Payload'),
      rows: [
        ...(signature
          ? [
              { label: l10n.t('Signs'), value: signature.line },
              ...signature.details,
              ...signatureParties(signature.signatures, input.nameOf),
            ]
          : []),
        { label: l10n.t('Encoding'), value: payloadEncodingLabel(payload.encoding) },
        { label: l10n.t('Hash function'), value: hashFunctionLabel(payload.hashFunction, payload.encoding) },
        { label: l10n.t('Payload'), value: shortHex(payload.payload, 400), code: true },
        ...(payload.bytes !== undefined
          ? [
              {
                label: l10n.t('Size'),
                value: byCount(payload.bytes, l10n.t('{0} byte', payload.bytes), l10n.t('{0} bytes', payload.bytes)),
              },
            ]
          : []),
        ...(payload.text !== undefined ? [{ label: l10n.t('As text'), value: payload.text }] : []),
        ...(payload.digest !== undefined
          ? [{ label: l10n.t('Digest signed'), value: payload.digest, code: true }]
          : []),
      ],
      notes: [
        ...(payload.problem
          ? [{ tone: 'error' as const, text: l10n.t('The payload cannot be read: {0}.', payload.problem) }]
          : []),
        ...(payload.text === undefined && payload.bytes !== undefined
          ? [{ tone: 'info' as const, text: l10n.t('The payload is not printable text; its bytes are shown in hex.') }]
          : []),
      ],
      actions: [],
    });
  }
  const waiting = activity.status === 'ACTIVITY_STATUS_CONSENSUS_NEEDED';
  const actions: ReviewAction[] = [
    ...(waiting && activity.canApprove ? [{ id: 'approve' as const, label: l10n.t('Approve…'), primary: true }] : []),
    ...(waiting && activity.canReject ? [{ id: 'reject' as const, label: l10n.t('Reject…'), primary: false }] : []),
    ...(waiting && activity.canApprove
      ? [{ id: 'approveWithPasskey' as const, label: l10n.t('Approve with Passkey…'), primary: false }]
      : []),
    ...(waiting && activity.canReject
      ? [{ id: 'rejectWithPasskey' as const, label: l10n.t('Reject with Passkey…'), primary: false }]
      : []),
    { id: 'openJson', label: l10n.t('Open as JSON'), primary: false },
  ];
  return {
    activityId: activity.id,
    organizationId: activity.organizationId,
    title: activityTypeLabel(activity.type),
    statusLabel: status,
    awaitingVote: waiting && (activity.canApprove || activity.canReject),
    summary,
    risks,
    votes: activity.votes.map((vote) => {
      const words = voteText(vote);
      return { ...words, who: names?.names.get(vote.userId) ?? words.who };
    }),
    progress: input.why?.progress ?? reviewProgressText(activity, names?.threshold, names?.rootUserIds),
    sections,
    actions,
    registerAddress,
    ...(openAbi ? { openAbi } : {}),
    why: input.why?.section,
  };
}
