/**
 * One standing of an activity, the source of every count the user reads before and after a vote: from the
 * service's policy evaluations where policies decide, and from the root quorum, counting root users' approvals
 * only, where it does. The dialog says what your approval would do (complete a policy, meet the root quorum and
 * so run without the policies, or leave it waiting, and why); the review page's header says where it stands or how
 * it ended; a rejection names who rejected and under which rule. Pure (no `vscode`); words through @vscode/l10n. A count
 * is never worded as more than it needs ("3 of 1"): a count at its threshold is met.
 */
import * as l10n from '@vscode/l10n';
import type { Vote } from '../../api';
import {
  activityStanding,
  votersOf,
  type ActivityStanding,
  type PolicyStanding,
  type StandingInput,
} from './policyStanding';
import { decidingPolicies, policyLine, rootQuorumLine, standingWords, type StandingNames } from './standingText';

/** An activity's standing with what a vote would change: the one source of its counts. */
export interface StandingView {
  readonly standing: ActivityStanding;
  readonly names: StandingNames;
  readonly rootUserIds: readonly string[];
  /** The votes the standing counts (live ones). */
  readonly votes: readonly Pick<Vote, 'userId' | 'selection'>[];
  /** The standing as it would be with this user's approval added (a rejection of theirs set aside). */
  readonly ifApproved: (userId: string) => ActivityStanding;
}

/** The view of a standing worked out from `input` (policyStanding.ts's), named with `names`. */
export function standingView(input: StandingInput, names: StandingNames): StandingView {
  return {
    standing: activityStanding(input),
    names,
    rootUserIds: input.quorum.rootUserIds,
    votes: input.activity.votes,
    ifApproved: (userId) =>
      activityStanding({
        ...input,
        approvals: input.approvals.includes(userId) ? input.approvals : [...input.approvals, userId],
        rejected: (input.rejected ?? []).filter((id) => id !== userId),
      }),
  };
}

const quoted = (policies: readonly PolicyStanding[]): string =>
  policies.map((p) => `"${p.policyName ?? p.policyId}"`).join(', ');

/** Whether a count of the policy counts this user's approval. */
function counts(policy: PolicyStanding | undefined, userId: string): boolean {
  return (policy?.consensusStanding?.clauses ?? []).some((c) => c.count?.counted.includes(userId) === true);
}

const samePolicy = (standing: ActivityStanding, policy: PolicyStanding): PolicyStanding | undefined =>
  standing.policies.find((p) => p.policyId === policy.policyId);

/** The policies, among those it waits for, that would count this user's approval. */
function policiesCounting(view: StandingView, userId: string): readonly PolicyStanding[] {
  const after = view.ifApproved(userId);
  return decidingPolicies(view.standing).filter((p) => counts(samePolicy(after, p), userId));
}

/** "Approval 2 of 2: it runs when you approve." in an organization without policies: the root quorum alone. */
function rootOnlyApproval(root: number, threshold: number): string {
  return root >= threshold
    ? l10n.t('Approval {0} of {1}: it runs when you approve.', threshold, threshold)
    : l10n.t('Approval {0} of {1}: {2} more needed after yours before it runs.', root, threshold, threshold - root);
}

/** What approving would do, for the approve dialog; undefined when it does not wait or who you are is unknown. */
export function approveCountLine(view: StandingView): string | undefined {
  const { standing, names } = view;
  const you = names.you;
  if (standing.state !== 'waits' || you === undefined) return undefined;
  const after = view.ifApproved(you);
  const threshold = standing.rootQuorum.threshold;
  const rootAfter = after.rootQuorum.approved.length;
  const root = view.rootUserIds.includes(you);
  const waiting = decidingPolicies(standing);
  if (standing.policies.length === 0) {
    return root
      ? rootOnlyApproval(rootAfter, threshold)
      : l10n.t(
          'Your approval does not count: only root users approve it. {0}',
          rootQuorumLine(after.rootQuorum, names),
        );
  }
  if (root && rootAfter >= threshold) {
    return waiting.length === 0
      ? l10n.t('Your approval meets the root quorum ({0} of {1}): it runs when you approve.', threshold, threshold)
      : waiting.length === 1
        ? l10n.t(
            'Your approval meets the root quorum ({0} of {1}): it runs without the approvals policy {2} waits for.',
            threshold,
            threshold,
            quoted(waiting),
          )
        : l10n.t(
            'Your approval meets the root quorum ({0} of {1}): it runs without the approvals policies {2} wait for.',
            threshold,
            threshold,
            quoted(waiting),
          );
  }
  const completed = waiting.filter((p) => samePolicy(after, p)?.consensusStanding?.met === true);
  if (completed.length > 0)
    return l10n.t('Your approval completes policy {0}: it runs when you approve.', quoted(completed));
  const counting = policiesCounting(view, you);
  const still = [
    ...counting.map((p) => policyLine(samePolicy(after, p) ?? p, names)),
    ...(root ? [rootQuorumLine(after.rootQuorum, names)] : []),
  ];
  if (still.length > 0) return l10n.t('After your approval it still waits. {0}.', still.join(l10n.t('; or ')));
  const now = standingWords(standing, names).summary ?? rootQuorumLine(standing.rootQuorum, names);
  return l10n.t('Your approval does not count toward what it waits for, so it still waits. {0}.', now);
}

/** Where it stands before a rejection, for the reject dialog. */
export function rejectCountLine(view: StandingView): string | undefined {
  const { standing, names } = view;
  if (standing.state !== 'waits') return undefined;
  if (standing.policies.length === 0) {
    const { threshold, approved } = standing.rootQuorum;
    return l10n.t(
      'It has {0} of {1} approvals. Rejecting stops it: it will not run.',
      Math.min(approved.length, threshold),
      threshold,
    );
  }
  const now = standingWords(standing, names).summary ?? rootQuorumLine(standing.rootQuorum, names);
  return l10n.t('{0}. Rejecting stops it: it will not run.', now);
}

/** "you", or the user's name. */
function who(userId: string, names: StandingNames): string {
  return userId === names.you ? l10n.t('you') : names.userName(userId);
}

/**
 * Who rejected it and under which rule: a root user (any one of them may stop it), or a user a policy it waited
 * for counts; undefined when no rejection is among the votes.
 */
export function rejectionText(view: StandingView): string | undefined {
  const { rejected } = votersOf(view.votes);
  const first = rejected[0];
  if (first === undefined) return undefined;
  const name = who(first, view.names);
  if (view.rootUserIds.includes(first))
    return l10n.t('Rejected by {0}, a root user: one rejection from a user whose approval counts stops it.', name);
  const after = view.ifApproved(first);
  const rules = view.standing.policies.filter((p) => p.verdict === 'waiting' && counts(samePolicy(after, p), first));
  if (rules.length === 0) return l10n.t('Rejected by {0}: it will not run.', name);
  return rules.length === 1
    ? l10n.t('Rejected by {0}, whose approval policy {1} counts: one such rejection stops it.', name, quoted(rules))
    : l10n.t('Rejected by {0}, whose approval policies {1} count: one such rejection stops it.', name, quoted(rules));
}

/** How it completed: by a policy that allowed it, or by the root quorum without the policies. */
export function completionText(view: StandingView): string | undefined {
  const { standing } = view;
  if (standing.state !== 'completed') return undefined;
  const { threshold } = standing.rootQuorum;
  if (standing.bypassedByRootQuorum) {
    return standing.policies.length === 0
      ? l10n.t('{0} of {1} approvals: it ran.', threshold, threshold)
      : l10n.t('The root quorum approved it ({0} of {1}): it ran without the policies.', threshold, threshold);
  }
  const allowing = decidingPolicies(standing);
  if (allowing.length === 0) return undefined;
  return allowing.length === 1
    ? l10n.t('Policy {0} allowed it: it ran.', quoted(allowing))
    : l10n.t('Policies {0} allowed it: it ran.', quoted(allowing));
}

/**
 * The review page's header: where it waits (the policies it waits for, or the root quorum), how it completed, who
 * rejected it and why that stops it, or which policy denied it; undefined where the standing says nothing more.
 */
export function standingProgress(view: StandingView, status: string): string | undefined {
  const { standing, names } = view;
  if (status === 'ACTIVITY_STATUS_REJECTED') return rejectionText(view);
  switch (standing.state) {
    case 'waits': {
      const summary = standingWords(standing, names).summary;
      if (summary !== undefined) return summary;
      if (standing.policies.length === 0) return undefined; // the root quorum's own count says it
      return rootQuorumLine(standing.rootQuorum, names);
    }
    case 'completed':
      return completionText(view);
    case 'denied':
      return standingWords(standing, names).summary;
    case 'other':
      return undefined;
  }
}
