/**
 * What the vote dialog and the passkey page say the activity is about: its summary (the words of every place of
 * decision), where it stands (the source of the dialog's count), and the ABI its "Open ABI…" shows in a read-only document named after it.
 */
import * as vscode from 'vscode';
import { CancelledError, type Activity } from '../../api';
import { activitySummaries } from '../activitySummaries';
import { CommandIds } from '../commandIds';
import { activityAbiUri } from '../output/jsonDocumentProvider';
import type { Services } from '../services';
import { liveVotes } from '../inbox/inboxRules';
import type { ActivitySummary } from '../wording/activitySummaryWords';
import type { StandingView } from '../wording/standingCount';
import { signerText, unwrapSingleKey } from '../wording/activityWords';
import { organizationNamer } from '../wording/addressNames';
import { intentAbi, type OrganizationNames } from '../wording/voteDialogWords';
import { errorText } from '../../api/core';
import { shown } from '../ui/shownText';
import { readStanding } from '../store/standingReads';

/** The activity's summary, with the names of the organization's users, keys and key addresses. */
export async function summaryFor(
  services: Services,
  activity: Activity,
  names: OrganizationNames | undefined,
): Promise<ActivitySummary | undefined> {
  const facts = await services.organizationFacts().catch(() => undefined);
  const known = facts?.organizationId === activity.organizationId ? facts.names : names?.names;
  const summaries = await activitySummaries(services, [activity], organizationNamer(known));
  return summaries.get(activity.id);
}

/**
 * The key a signing activity signs with, as a row of the passkey page: `Treasury cold · account 0 (0x5aAeb6…1BeAed)`,
 * the whole address or id on hover. None for another activity.
 */
export function signerRow(
  activity: Pick<Activity, 'type' | 'intent'> | undefined,
  names: OrganizationNames | undefined,
): { label: string; value: string; title: string }[] {
  if (!activity?.type.startsWith('ACTIVITY_TYPE_SIGN_')) return [];
  const signWith = (unwrapSingleKey(activity.intent) as { signWith?: unknown }).signWith;
  if (typeof signWith !== 'string' || signWith === '') return [];
  return [
    {
      label: vscode.l10n.t('Signs with'),
      value: signerText(signWith, organizationNamer(names?.names)),
      title: shown(signWith),
    },
  ];
}

/**
 * Where the activity stands, from the policies' evaluations or the root quorum: the one source of the counts the
 * dialog and the sentence after the vote give. Undefined when it cannot be read (then no count is given).
 */
export async function standingFor(services: Services, activity: Activity): Promise<StandingView | undefined> {
  try {
    const read = await readStanding(await services.store(), { activity, votes: liveVotes(activity, Date.now()) });
    return read?.view;
  } catch (error) {
    if (error instanceof CancelledError) throw error;
    services.log.warn(`Could not read where activity ${activity.id} stands: ${errorText(error)}`);
    return undefined;
  }
}

/**
 * How to show the ABI the decision is about, in a read-only document named after it: the ABI an interface's
 * registration asks for, or the registered interface a transaction was decoded with.
 */
export function abiToOpen(
  activity: Activity,
  summary: ActivitySummary | undefined,
): (() => Thenable<unknown>) | undefined {
  if (intentAbi(activity) !== undefined) {
    const label = (unwrapSingleKey(activity.intent) as { label?: unknown }).label;
    const uri = activityAbiUri(activity, typeof label === 'string' ? label : activity.id);
    return async () => vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: true });
  }
  const call = summary?.call?.call;
  const interfaceId = call?.kind === 'call' && call.source === 'interface' ? call.interfaceId : undefined;
  if (interfaceId === undefined || call?.kind !== 'call') return undefined;
  const row = {
    kind: 'smartContractInterface',
    organizationId: activity.organizationId,
    smartContractInterface: {
      organizationId: activity.organizationId,
      smartContractInterfaceId: interfaceId,
      label: call.interfaceLabel,
    },
  };
  return () => vscode.commands.executeCommand(CommandIds.openSmartContractInterfaceAbi, row);
}
