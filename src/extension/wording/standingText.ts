/**
 * Where an activity stands with the organization's policies, in words: `Policy "Large transfers": 1 of 2
 * approvals from finance (Alice approved; Bob can approve)`, `Root quorum: 0 of 1 (Root can approve)`, `Denied by
 * policy "Hot keys only to registered contracts"`. Pure (no `vscode`, no engine): it words what policyStanding.ts
 * worked out. Names are the service's text, quoted, never markup.
 */
import * as l10n from '@vscode/l10n';
import { choiceSentence } from './choiceWords';
import type { ApprovalCount, ConsensusClause } from '../../api/remote';
import type { ActivityStanding, GovernanceView, PolicyStanding, RootQuorumStanding } from './policyStanding';
import { policyNamesOf, type NamingReads, type PolicyNames } from './policyWords';

/** Names for ids; `you` is the current user, named "you"; `ids` names the ids inside policies' expressions. */
export interface StandingNames {
  readonly userName: (userId: string) => string;
  readonly tagName: (tagId: string) => string | undefined;
  readonly you: string | undefined;
  readonly ids: PolicyNames;
}

/** The names of who governs the organization; private key tags and keys name the ids of conditions, when read. */
export function standingNames(
  governance: Pick<GovernanceView, 'users' | 'userTags'> & Partial<Pick<NamingReads, 'privateKeyTags' | 'privateKeys'>>,
  you?: string,
): StandingNames {
  const ids = policyNamesOf({ privateKeyTags: [], ...governance });
  return { userName: (id) => ids.user(id) ?? id, tagName: (id) => ids.userTag(id), you, ids };
}

/** "you, Treasury approver 2": the current user first, as "you". */
function people(ids: readonly string[], names: StandingNames): string {
  const yours = names.you !== undefined && ids.includes(names.you);
  const others = ids.filter((id) => id !== names.you).map(names.userName);
  return [...(yours ? [l10n.t('you')] : []), ...others].join(', ');
}

/** "(Alice approved; Bob can approve)", or "" when there is nothing to say. */
function whoSaid(
  approved: readonly string[],
  couldApprove: readonly string[],
  missing: number,
  names: StandingNames,
): string {
  const parts: string[] = [];
  if (approved.length > 0) parts.push(l10n.t('{0} approved', people(approved, names)));
  if (missing > 0)
    parts.push(
      couldApprove.length > 0 ? l10n.t('{0} can approve', people(couldApprove, names)) : l10n.t('no one else can'),
    );
  return parts.length > 0 ? ` (${parts.join('; ')})` : '';
}

/** "1 of 2 approvals from finance": one whole message per kind of count, singular or plural. */
function countBase(count: ApprovalCount, names: StandingNames): string {
  // A count at its threshold is met: never "3 of 2".
  const need = count.need;
  const have = Math.min(count.have, need);
  const one = need === 1;
  switch (count.filter.kind) {
    case 'tag': {
      const tag = names.tagName(count.filter.tagId);
      if (tag === undefined) {
        const id = count.filter.tagId;
        return one
          ? l10n.t('{0} of 1 approval from users tagged {1}', have, id)
          : l10n.t('{0} of {1} approvals from users tagged {2}', have, need, id);
      }
      return one
        ? l10n.t('{0} of 1 approval from {1}', have, tag)
        : l10n.t('{0} of {1} approvals from {2}', have, need, tag);
    }
    case 'users': {
      const whom = count.filter.userIds.map(names.userName).join(', ');
      if (!one) return l10n.t('{0} of {1} approvals from {2}', have, need, whom);
      return count.filter.userIds.length === 1
        ? l10n.t('{0} of 1 approval from {1}', have, whom)
        : l10n.t('{0} of 1 approval from one of {1}', have, whom);
    }
    case 'anyone':
      return one ? l10n.t('{0} of 1 approval', have) : l10n.t('{0} of {1} approvals', have, need);
    case 'other':
      return one
        ? l10n.t('{0} of 1 approval from the users its consensus names', have)
        : l10n.t('{0} of {1} approvals from the users its consensus names', have, need);
  }
}

/** "1 of 2 approvals from finance (Alice approved; Bob can approve)". */
export function countText(count: ApprovalCount, names: StandingNames): string {
  return countBase(count, names) + whoSaid(count.counted, count.couldApprove, count.need - count.have, names);
}

/** The clauses of a waiting policy's consensus that do not hold yet, in words. */
function unmetText(policy: PolicyStanding, names: StandingNames): string {
  const unmet: readonly ConsensusClause[] = policy.consensusStanding?.clauses.filter((c) => c.met !== true) ?? [];
  const phrases = unmet.map((clause) =>
    clause.count
      ? countText(clause.count, names)
      : l10n.t('waits for "{0}"', policy.consensus.slice(clause.offset, clause.offset + clause.length)),
  );
  // Each phrase is a whole clause of its own; they are listed, as the consensus joins them with &&.
  return phrases.length > 0 ? phrases.join('; ') : l10n.t('waits for its consensus');
}

/** One policy's outcome, in words. */
export function policyLine(policy: PolicyStanding, names: StandingNames): string {
  const name = policy.policyName ?? policy.policyId;
  switch (policy.verdict) {
    case 'waiting':
      return l10n.t('Policy "{0}": {1}', name, unmetText(policy, names));
    case 'allowed':
      return l10n.t('Policy "{0}" allowed it', name);
    case 'denied':
      return l10n.t('Denied by policy "{0}"', name);
    case 'notApplicable':
      return l10n.t('Policy "{0}" does not apply', name);
    case 'timeInactive':
      return l10n.t('Policy "{0}" applies, but not at this time', name);
    case 'error':
      return l10n.t('Policy "{0}" could not be evaluated, so it does not count', name);
    case 'other':
      return l10n.t('Policy "{0}": {1}', name, policy.outcome);
  }
}

/** "Root quorum: 1 of 2 (Alice approved; Bob can approve)". */
export function rootQuorumLine(root: RootQuorumStanding, names: StandingNames): string {
  const missing = root.threshold - root.approved.length;
  return (
    l10n.t('Root quorum: {0} of {1}', Math.min(root.approved.length, root.threshold), root.threshold) +
    whoSaid(root.approved, root.couldApprove, missing, names)
  );
}

export interface StandingWords {
  /**
   * One line for a row, a notification or a page's header: the waiting policies, each worded; undefined when
   * no policy waits (the root quorum alone decides, and the quorum's own words say it).
   */
  readonly summary: string | undefined;
  /** Every way it can go or went, one per line: the policies that decided first, then the root quorum. */
  readonly lines: readonly string[];
  /** "The service may differ…" when the reading rests on a choice of docs/policies.md; undefined otherwise. */
  readonly mayDiffer: string | undefined;
}

/** The policies that decided (or may yet decide), in evaluation order. */
export function decidingPolicies(standing: ActivityStanding): readonly PolicyStanding[] {
  switch (standing.state) {
    case 'waits':
      return standing.policies.filter((p) => p.verdict === 'waiting');
    case 'denied':
      return standing.policies.filter((p) => p.verdict === 'denied');
    case 'completed':
      return standing.bypassedByRootQuorum ? [] : standing.policies.filter((p) => p.verdict === 'allowed');
    case 'other':
      return [];
  }
}

/** What the reading rests on where the service does not document its behaviour, in plain words, never by id. */
export function mayDifferText(choices: readonly string[]): string | undefined {
  return choices.length === 0
    ? undefined
    : l10n.t(
        'The service may differ: this reading rests on choices Countersign makes where the service does not document its behaviour. {0}',
        choices.map((id) => choiceSentence(id)).join(' '),
      );
}

export function standingWords(standing: ActivityStanding, names: StandingNames): StandingWords {
  const deciding = decidingPolicies(standing);
  const policyLines = deciding.map((p) => policyLine(p, names));
  const root = rootQuorumLine(standing.rootQuorum, names);
  const mayDiffer = mayDifferText(standing.choices);
  switch (standing.state) {
    case 'waits':
      return {
        summary: deciding.length > 0 ? policyLines.join(l10n.t('; or ')) : undefined,
        lines: [...policyLines, root],
        mayDiffer,
      };
    case 'denied':
      return {
        summary: policyLines.length > 0 ? policyLines.join('; ') : l10n.t('Denied: no policy allows it'),
        lines: policyLines.length > 0 ? policyLines : [l10n.t('Denied: no policy allows it')],
        mayDiffer,
      };
    case 'completed':
      return {
        summary: undefined,
        lines: standing.bypassedByRootQuorum ? [root] : policyLines,
        mayDiffer,
      };
    case 'other':
      return { summary: undefined, lines: [], mayDiffer };
  }
}

/** The names of the policies that denied it (`"Hot keys…"`, quoted), or undefined when none did explicitly. */
function denyingNames(standing: ActivityStanding): string | undefined {
  const denying = standing.policies.filter((p) => p.verdict === 'denied').map((p) => `"${p.policyName ?? p.policyId}"`);
  return denying.length === 0 ? undefined : denying.join(', ');
}

/**
 * The message of a request the service refused by policy (HTTP 403 with its evaluations): which policy denied
 * it, by name, or that none allowed it.
 */
export function denialMessage(standing: ActivityStanding): string {
  const names = denyingNames(standing);
  const count = standing.policies.filter((p) => p.verdict === 'denied').length;
  if (names !== undefined)
    return count === 1
      ? l10n.t('Denied by policy {0}: the service refused the request.', names)
      : l10n.t('Denied by policies {0}: the service refused the request.', names);
  return standing.policies.length === 0
    ? l10n.t('Denied: no policy of the organization allows this request, and the root quorum did not approve it.')
    : l10n.t('Denied: no policy of the organization allows this request.');
}

/** An approval that ran the activity into a DENY: `Approved, but "Sign transaction" was denied by policy "…".` */
export function deniedAfterApprovalMessage(what: string, standing: ActivityStanding): string | undefined {
  const names = denyingNames(standing);
  if (names === undefined) return undefined;
  return standing.policies.filter((p) => p.verdict === 'denied').length === 1
    ? l10n.t('Approved, but "{0}" was denied by policy {1}.', what, names)
    : l10n.t('Approved, but "{0}" was denied by policies {1}.', what, names);
}
