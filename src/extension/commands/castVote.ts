/**
 * Casting a vote (approvals.ts declares the two commands; this loads on their first run).
 *
 * Input (voteOptions.ts reads it from the call): the activity, its fingerprint or its id, and the signer; with none
 * of them (palette), a pick of the activities this user can vote on, or a fingerprint typed in.
 * A modal shows what is signed (type, organization, the intent's fields, fingerprint), however the command is run:
 * no argument skips it, so that a link or another extension cannot cast a vote the user did not see.
 * Returns the vote activity (APPROVE_ACTIVITY or REJECT_ACTIVITY), or undefined when the user dismisses a prompt.
 */
import * as vscode from 'vscode';
import { CancelledError, InvalidInputError, type Activity, type CountersignClient } from '../../api';
import { CommandIds } from '../commandIds';
import type { Vote, VoteInput } from './voteOptions';
import type { Services, Session } from '../services';
import { errorText } from '../../api/core';
import { withProgress } from '../ui/progress';
import { askText } from '../ui/prompts';
import { votableActivities } from '../ui/operationInputs';
import { readableVoteDetail, type OrganizationNames } from '../wording/voteDialogWords';
import { organizationNamesWithFacts } from '../store/organizationFacts';
import { pickOpenActivity, waitingActivities } from './pickOpenActivity';
import { abiToOpen, signerRow, standingFor, summaryFor } from './voteSubject';
import { failedActivityError } from './activityFailure';
import { submitActivity } from '../output/submitActivity';
import { standingWords } from '../wording/standingText';
import { standingProgress } from '../wording/standingCount';
import { explainDeniedApproval } from '../output/policyDenial';
import { voteOutcome, voteQuestion, voteRecorded } from './voteOutcome';
import { activityTypeLabel } from '../wording/activityWords';
import { alreadyVotedText, waitingSentence } from '../wording/approvalWords';
import type { AllowedCredential } from '../passkeys/passkeyCeremony';
import { allowedPasskeys, passkeyVoteClient } from './passkeyVotes';
import { approvalProgress, nameLookup, voteOf } from '../inbox/inboxRules';

/*
 * A passkey vote is sent by a client over a WebauthnStamper whose assertion comes from the local passkey page
 * (passkeyVotes.ts); every read still goes through the API-key client.
 */
interface VoteTarget {
  readonly fingerprint: string;
  readonly organizationId: string;
  /** The activity voted on, when it is known: the modal shows its details, and its new status is reported. */
  readonly activity: Activity | undefined;
}

/** The statuses after a vote whose standing the sentence words: still waiting, completed or rejected. */
const AFTER_STATUSES = ['ACTIVITY_STATUS_CONSENSUS_NEEDED', 'ACTIVITY_STATUS_COMPLETED', 'ACTIVITY_STATUS_REJECTED'];

/** The target named by the input; asks (pick or fingerprint) only when none is named. */
async function resolveTarget(
  services: Services,
  session: Session,
  vote: Vote,
  input: VoteInput,
): Promise<VoteTarget | undefined> {
  const defaultOrganization = input.organizationId ?? session.profile.organizationId;
  const given = input.activity;
  if (given) {
    if (given.fingerprint === '') {
      throw new InvalidInputError(
        'activity',
        vscode.l10n.t('The service gave no fingerprint for activity {0}, so it cannot be voted on.', given.id),
      );
    }
    return { fingerprint: given.fingerprint, organizationId: given.organizationId, activity: given };
  }
  const activityId = input.activityId;
  if (activityId !== undefined) {
    const activity = await withProgress(vscode.l10n.t('Reading activity {0}…', activityId), (signal) =>
      session.client.getActivity({ organizationId: defaultOrganization, activityId }, { signal }),
    );
    return resolveTarget(services, session, vote, { ...input, activityId: undefined, activity });
  }
  const fingerprint = input.fingerprint;
  if (fingerprint !== undefined) {
    // Find the activity, so that the modal can say what the fingerprint stands for.
    const waiting = await waitingActivities(
      services,
      session,
      defaultOrganization,
      vscode.l10n.t('Looking up the activity…'),
    );
    const activity = waiting.find((a) => a.fingerprint === fingerprint);
    return { fingerprint, organizationId: activity?.organizationId ?? defaultOrganization, activity };
  }
  return pickTarget(services, session, vote, defaultOrganization);
}

async function pickTarget(
  services: Services,
  session: Session,
  vote: Vote,
  organizationId: string,
): Promise<VoteTarget | undefined> {
  const waiting = await waitingActivities(
    services,
    session,
    organizationId,
    vscode.l10n.t('Listing activities that wait for a decision…'),
  );
  const votable = votableActivities(waiting, vote);
  let activity: Activity | undefined;
  if (votable.length > 0) {
    const picked = await pickOpenActivity(services, organizationId, votable, {
      title: vote === 'approve' ? vscode.l10n.t('Approve which activity?') : vscode.l10n.t('Reject which activity?'),
      sayWhoWaits: false,
      other: vscode.l10n.t('Enter a fingerprint…'),
    });
    if (!picked) return undefined;
    activity = picked === 'other' ? undefined : picked;
  }
  if (activity) return { fingerprint: activity.fingerprint, organizationId: activity.organizationId, activity };
  const typed = await askText({
    title: vscode.l10n.t('Activity fingerprint'),
    prompt:
      votable.length === 0
        ? vscode.l10n.t(
            'No activity of this organization waits for your decision. Enter the fingerprint of the activity to vote on.',
          )
        : vscode.l10n.t('The fingerprint of the activity to vote on.'),
    validateInput: (text) => (text.trim() === '' ? vscode.l10n.t('The fingerprint must not be empty.') : undefined),
  });
  if (typed === undefined) return undefined;
  const fingerprint = typed.trim();
  return { fingerprint, organizationId, activity: waiting.find((a) => a.fingerprint === fingerprint) };
}

/** The organization's names and root quorum, for the dialog; without them it shows ids. */
async function namesFor(
  services: Services,
  client: CountersignClient,
  organizationId: string,
): Promise<OrganizationNames | undefined> {
  try {
    const active = (await services.session())?.profile.organizationId === organizationId;
    const data = await withProgress(vscode.l10n.t('Reading the organization…'), async (signal) =>
      active
        ? // The store's copy: read once for every dialog, and again only after something completed.
          await (await services.store()).organizationData()
        : // Another organization than the active one (named in the command's arguments).
          await client.getOrganization({ organizationId }, { signal }),
    );
    const facts = active ? await services.organizationFacts().catch(() => undefined) : undefined;
    return data && organizationNamesWithFacts(data, facts);
  } catch (error) {
    if (error instanceof CancelledError) throw error;
    services.log.warn(`Could not read organization ${organizationId} for names: ${errorText(error)}`);
    return undefined;
  }
}

/**
 * The dialog before a vote. Enter chooses the first button, so it is the harmless "Show Details…" (which opens
 * the activity's review page and casts nothing); "Open ABI…" shows the ABI in a read-only document named after
 * it and brings the dialog back; the vote comes last. What the activity does is its summary (summaryLines), the
 * same words as its row, its hover and its passkey page, with its risks first.
 */
async function confirmVote(
  services: Services,
  client: CountersignClient,
  vote: Vote,
  target: VoteTarget,
  /** The activity as the service has it now, when it was read again: its standing is counted from it. */
  current: Activity | undefined,
): Promise<boolean> {
  const { activity } = target;
  const names = await namesFor(services, client, target.organizationId);
  const counted = current ?? activity;
  const standing = counted ? await standingFor(services, counted) : undefined;
  const summary = activity ? await summaryFor(services, activity, names) : undefined;
  const what = activity ? activityTypeLabel(activity.type) : undefined;
  const action = vote === 'approve' ? vscode.l10n.t('Approve') : vscode.l10n.t('Reject');
  const showDetails = vscode.l10n.t('Show Details…');
  const openAbi = vscode.l10n.t('Open ABI…');
  // Without the activity to show, the harmless first button only closes the dialog: a vote is never Enter's.
  const notNow = vscode.l10n.t('Not Now');
  const abi = activity ? abiToOpen(activity, summary) : undefined;
  for (;;) {
    const choice = await services.modals.show({
      message: voteQuestion(vote, what),
      detail: readableVoteDetail(vote, target.fingerprint, target.organizationId, activity, names, summary, standing),
      harmless: [activity ? showDetails : notNow, ...(abi !== undefined ? [openAbi] : [])],
      actions: [action],
      irreversible: true,
    });
    if (choice === openAbi && abi !== undefined) {
      await abi();
      continue;
    }
    if (choice === showDetails && activity) {
      // The review page: the activity in words, what it signs decoded, and its own Approve and Reject buttons.
      await vscode.commands.executeCommand(CommandIds.reviewActivity, activity);
    }
    return choice === action;
  }
}

/**
 * Refuses, before anything is sent, a vote on an activity the user has voted on already: read from the
 * activity's votes as the service has them now, against the user that whoami names. When either cannot be read,
 * the vote goes on and the service decides.
 */
async function refuseSecondVote(
  services: Services,
  session: Session,
  target: VoteTarget,
): Promise<Activity | undefined> {
  const known = target.activity;
  if (!known || target.organizationId !== session.profile.organizationId) return undefined;
  const facts = await services.organizationFacts().catch(() => undefined);
  if (!facts) return undefined;
  const current = await withProgress(vscode.l10n.t('Reading activity {0}…', known.id), (signal) =>
    session.client.getActivity({ organizationId: target.organizationId, activityId: known.id }, { signal }),
  ).catch((error: unknown) => {
    if (error instanceof CancelledError) throw error;
    return known;
  });
  const mine = voteOf(current, facts.userId, Date.now());
  if (mine) {
    throw new InvalidInputError(
      'activity',
      alreadyVotedText(current, mine.selection, nameLookup(facts)),
      vscode.l10n.t('Its progress shows in the Activities view.'),
    );
  }
  return current;
}

export async function castVote(services: Services, vote: Vote, input: VoteInput): Promise<Activity | undefined> {
  const signerOption = input.signer ?? 'apiKey';
  const session = await services.requireSession();
  const client = session.client;
  const allowed: AllowedCredential[] | undefined =
    signerOption === 'passkey' ? await allowedPasskeys(session) : undefined;
  const target = await resolveTarget(services, session, vote, input);
  if (!target) return undefined;
  const current = await refuseSecondVote(services, session, target);

  // With a passkey, the local page is the confirmation: it shows what is decided and waits for the user's click.
  if (!allowed) {
    const confirmed = await confirmVote(services, client, vote, target, current);
    if (!confirmed) return undefined;
  }
  const names = allowed ? await namesFor(services, client, target.organizationId) : undefined;
  // The passkey page says what the activity does in the words of the dialog, its risks first.
  const summary = allowed && target.activity ? await summaryFor(services, target.activity, names) : undefined;

  let after: Activity | undefined;
  /** Where a policy still waits after the approval, in words. */
  let afterWaits: string | undefined;
  /** How it ended after the vote (who rejected it and under which rule, or what ran it), in words. */
  let afterEnded: string | undefined;
  const targetId = target.activity?.id;
  const facts = await services.organizationFacts().catch(() => undefined);
  return submitActivity(
    services,
    {
      title: vote === 'approve' ? vscode.l10n.t('Approving…') : vscode.l10n.t('Rejecting…'),
      // An approval may execute the activity, which can change the organization (a new interface, a tag).
      changes: ['organization'],
      sentence: () => {
        const what = target.activity ? activityTypeLabel(target.activity.type) : undefined;
        // Still short of the quorum: how many approvals are missing, and whose.
        if (after?.status === 'ACTIVITY_STATUS_CONSENSUS_NEEDED' && vote === 'approve' && facts) {
          const progress = afterWaits ?? approvalProgress(after, facts, Date.now());
          return vscode.l10n.t('Approved. {0}', waitingSentence(after, progress, nameLookup(facts)));
        }
        if (!after) return voteRecorded(vote, what);
        const outcome = voteOutcome(vote, what, after.status);
        return afterEnded ? `${outcome} ${afterEnded}` : outcome;
      },
    },
    async (signal, generateAppProofs) => {
      const request = {
        organizationId: target.organizationId,
        parameters: { fingerprint: target.fingerprint },
        generateAppProofs,
      };
      const voter = allowed
        ? passkeyVoteClient(
            services,
            session,
            allowed,
            {
              vote,
              what: target.activity
                ? activityTypeLabel(target.activity.type)
                : vscode.l10n.t('Activity with this fingerprint'),
              organization: names !== undefined ? `${names.name} (${target.organizationId})` : target.organizationId,
              fingerprint: target.fingerprint,
              ...(summary
                ? {
                    summary: [
                      ...summary.flags.map((flag) => ({ label: vscode.l10n.t('Risk'), value: `⚠ ${flag}` })),
                      ...signerRow(target.activity, names),
                      { label: vscode.l10n.t('What it does'), value: summary.line },
                      ...summary.details.map((d) => ({ label: d.label.trim(), value: d.value })),
                    ],
                  }
                : {}),
            },
            signal,
          )
        : client;
      let result: Activity;
      try {
        result =
          vote === 'approve'
            ? await voter.approveActivity(request, { signal })
            : await voter.rejectActivity(request, { signal });
      } finally {
        if (voter !== client) await voter.close();
      }
      if (targetId !== undefined) {
        // Best effort: the vote stands whether or not its effect can be read back.
        after = await client
          .getActivity({ organizationId: target.organizationId, activityId: targetId }, { signal })
          .catch((error: unknown) => {
            services.log.warn(`Could not read activity ${targetId} after the vote: ${errorText(error)}`);
            return undefined;
          });
        if (after) await (await services.store()).vote(after);
        const view = after && AFTER_STATUSES.includes(after.status) ? await standingFor(services, after) : undefined;
        if (view && after?.status === 'ACTIVITY_STATUS_CONSENSUS_NEEDED' && vote === 'approve') {
          afterWaits = standingWords(view.standing, view.names).summary;
        } else if (view && after) {
          afterEnded = standingProgress(view, after.status);
        }
        // The vote ran the activity and it failed: an error with the service's reason, not a toast.
        if (after?.status === 'ACTIVITY_STATUS_FAILED') {
          (await services.store()).markStale('activities');
          // Denied by a policy on this vote: the error names it.
          throw await explainDeniedApproval(services, after, failedActivityError(after, 'approval'));
        }
      }
      return result;
    },
  );
}
