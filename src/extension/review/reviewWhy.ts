/**
 * The review page's "Why it waits" (or "Why it was denied", "Why it completed", "Why it was rejected"): each
 * policy's outcome, then a sentence for each clause of its condition and consensus (conditionWords.ts,
 * consensusClauseWords.ts) and whether it holds, its expressions as written with the clauses that decided marked
 * and the ids they hold named, the root quorum, and the assumptions the reading rests on in plain words. Pure (no
 * `vscode`): built from where the activity stands (wording/policyStanding.ts), worded by standingText.ts.
 */
import * as l10n from '@vscode/l10n';
import type { PolicyContext } from '../../api/remote';
import type { ActivityStanding, PolicyStanding } from '../wording/policyStanding';
import { decidingPolicies, policyLine, rootQuorumLine, type StandingNames } from '../wording/standingText';
import { mayDifferWords } from '../wording/choiceWords';
import { conditionSentences, type ClauseSentence } from '../wording/conditionWords';
import { cannotBeMet, consensusSentences } from '../wording/consensusClauseWords';
import { idLabels, namedIdText } from '../wording/policyIdNames';
import type { PolicyNames } from '../wording/policyWords';
import type {
  ReviewClause,
  ReviewClauses,
  ReviewExpression,
  ReviewIdName,
  ReviewMark,
  ReviewPolicy,
  ReviewWhy,
} from './reviewMessages';

/** What else the section reads: the activity as a policy reads it, and who rejected it (when it was rejected). */
export interface WhyExtras {
  readonly context?: PolicyContext | undefined;
  /** The users who rejected it, in order: set only when the activity was rejected. */
  readonly rejectedBy?: readonly string[] | undefined;
}

function headingOf(standing: ActivityStanding, rejected: boolean): string | undefined {
  if (rejected) return l10n.t('Why it was rejected');
  switch (standing.state) {
    case 'waits':
      return l10n.t('Why it waits');
    case 'denied':
      return l10n.t('Why it was denied');
    case 'completed':
      return l10n.t('Why it completed');
    case 'other':
      return undefined;
  }
}

function toneOf(policy: PolicyStanding): ReviewPolicy['tone'] {
  switch (policy.verdict) {
    case 'waiting':
      return 'waiting';
    case 'allowed':
      return 'allowed';
    case 'denied':
      return 'denied';
    case 'notApplicable':
    case 'timeInactive':
    case 'error':
    case 'other':
      return 'idle';
  }
}

/** The ids the expression holds that the organization knows, each named after its literal. */
export function reviewIdNames(source: string, names: PolicyNames): ReviewIdName[] {
  return idLabels(source, names).map((label) => ({
    offset: label.offset,
    length: label.length,
    name: label.name,
    title: namedIdText(label),
  }));
}

/** The condition, marked whole when its outcome shows whether it held. */
function conditionExpression(policy: PolicyStanding, names: StandingNames): ReviewExpression | undefined {
  if (policy.condition.trim() === '') return undefined;
  const marks: ReviewMark[] =
    policy.conditionHeld === undefined
      ? []
      : [{ offset: 0, length: policy.condition.length, tone: policy.conditionHeld ? 'met' : 'unmet' }];
  return {
    label: l10n.t('Condition'),
    text: policy.condition,
    marks,
    names: reviewIdNames(policy.condition, names.ids),
  };
}

/** The consensus, each clause of its top-level `&&` marked as it stands with the approvals so far. */
function consensusExpression(policy: PolicyStanding, names: StandingNames): ReviewExpression | undefined {
  if (policy.consensus.trim() === '') return undefined;
  const marks = (policy.consensusStanding?.clauses ?? []).flatMap((clause): ReviewMark[] =>
    clause.met === undefined
      ? []
      : [{ offset: clause.offset, length: clause.length, tone: clause.met ? 'met' : 'unmet' }],
  );
  return {
    label: l10n.t('Consensus'),
    text: policy.consensus,
    marks,
    names: reviewIdNames(policy.consensus, names.ids),
  };
}

function clauseOf(sentence: ClauseSentence, field: 'condition' | 'consensus'): ReviewClause {
  const state =
    sentence.state === 'unknown'
      ? l10n.t('not known')
      : field === 'condition'
        ? sentence.state === 'met'
          ? l10n.t('applies')
          : l10n.t('does not apply')
        : sentence.state === 'met'
          ? l10n.t('met')
          : l10n.t('not yet');
  return { text: sentence.text, tone: sentence.state, state };
}

/** The condition and the consensus in sentences, a clause each. */
function clausesOf(policy: PolicyStanding, names: StandingNames, context: PolicyContext | undefined): ReviewClauses[] {
  const condition =
    policy.condition.trim() === ''
      ? []
      : conditionSentences(policy.condition, policy.conditionHeld, names.ids, context).map((s) =>
          clauseOf(s, 'condition'),
        );
  const consensus = consensusSentences(policy, names).map((s) => clauseOf(s, 'consensus'));
  return [
    ...(condition.length > 0 ? [{ label: l10n.t('Condition'), clauses: condition }] : []),
    ...(consensus.length > 0 ? [{ label: l10n.t('Consensus'), clauses: consensus }] : []),
  ];
}

/** A policy after a rejection: whether its consensus could still have been met. */
function rejectedLine(policy: PolicyStanding): string {
  const name = policy.policyName ?? policy.policyId;
  if (cannotBeMet(policy)) return l10n.t('Policy "{0}": its consensus can no longer be met', name);
  if (policy.consensusStanding?.met === true) return l10n.t('Policy "{0}": its consensus was met', name);
  return l10n.t('Policy "{0}": its consensus was not met when it was rejected', name);
}

/** "Rejected by Bob", "Rejected by you". */
function rejectedByLine(ids: readonly string[], names: StandingNames): string {
  const mine = names.you !== undefined && ids.includes(names.you);
  const others = ids.filter((id) => id !== names.you).map(names.userName);
  if (mine && others.length === 0) return l10n.t('Rejected by you.');
  return l10n.t('Rejected by {0}.', [...(mine ? [l10n.t('you')] : []), ...others].join(', '));
}

/** The section, or undefined when there is nothing to say (an activity that is neither waiting nor decided). */
export function reviewWhy(
  standing: ActivityStanding,
  names: StandingNames,
  extras: WhyExtras = {},
): ReviewWhy | undefined {
  const rejectedBy = extras.rejectedBy;
  const rejected = rejectedBy !== undefined;
  const heading = headingOf(standing, rejected);
  if (heading === undefined) return undefined;
  // Without policies, the root quorum alone decides: the page's progress line says it already.
  if (standing.policies.length === 0 && !rejected) return undefined;
  // After a rejection, the policies that could have let it through: those with a consensus, the unreachable first.
  const deciding = rejected
    ? standing.policies.filter((p) => p.consensusStanding !== undefined)
    : decidingPolicies(standing);
  const ordered = rejected
    ? [...deciding.filter(cannotBeMet), ...deciding.filter((p) => !cannotBeMet(p))]
    : [...deciding, ...standing.policies.filter((p) => !deciding.includes(p))];
  const policies = ordered.map((policy): ReviewPolicy => ({
    policyId: policy.policyId,
    outcome: rejected ? rejectedLine(policy) : policyLine(policy, names),
    tone: rejected ? (cannotBeMet(policy) ? 'denied' : 'idle') : toneOf(policy),
    clauses: clausesOf(policy, names, extras.context),
    expressions: [conditionExpression(policy, names), consensusExpression(policy, names)].filter(
      (e): e is ReviewExpression => e !== undefined,
    ),
  }));
  const root = rootQuorumLine(standing.rootQuorum, names);
  // The root quorum can complete it too, whatever the policies say (and did, when it bypassed them).
  const lines =
    !rejected && (standing.state === 'waits' || (standing.state === 'completed' && standing.bypassedByRootQuorum))
      ? [root]
      : [];
  return {
    heading,
    lead: rejected ? [rejectedByLine(rejectedBy, names)] : [],
    policies,
    lines,
    notes: mayDifferWords(standing.choices).map((text) => ({ tone: 'info', text })),
    openPolicy: l10n.t('Open Policy'),
    legend: { met: l10n.t('Outlined green: holds'), unmet: l10n.t('Outlined orange: does not hold (yet)') },
    showExpression: l10n.t('Show expression'),
  };
}
