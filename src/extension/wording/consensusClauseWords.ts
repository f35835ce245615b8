/**
 * A policy's consensus, one sentence per clause of its top-level `&&`, from where the engine says it stands with
 * the approvals so far (`consensusStanding`): "needs 2 approvals from users tagged finance: 1 so far (Alice)",
 * and whether each clause is met. Pure (no `vscode`).
 */
import * as l10n from '@vscode/l10n';
import type { ApprovalCount, ConsensusClause } from '../../api/remote';
import type { ClauseSentence } from './conditionWords';
import type { PolicyStanding } from './policyStanding';
import type { StandingNames } from './standingText';

/** "you, Bob": the current user first, as "you". */
function people(ids: readonly string[], names: StandingNames): string {
  const yours = names.you !== undefined && ids.includes(names.you);
  return [...(yours ? [l10n.t('you')] : []), ...ids.filter((id) => id !== names.you).map(names.userName)].join(', ');
}

/** "needs 2 approvals from users tagged finance": one whole message per kind of count, singular or plural. */
function needs(count: ApprovalCount, names: StandingNames): string {
  const { need } = count;
  const one = need === 1;
  switch (count.filter.kind) {
    case 'tag': {
      const tag = names.tagName(count.filter.tagId) ?? `'${count.filter.tagId}'`;
      return one
        ? l10n.t('needs 1 approval from users tagged {0}', tag)
        : l10n.t('needs {0} approvals from users tagged {1}', need, tag);
    }
    case 'users': {
      const whom = count.filter.userIds.map(names.userName).join(', ');
      if (!one) return l10n.t('needs {0} approvals from {1}', need, whom);
      return count.filter.userIds.length === 1
        ? l10n.t('needs the approval of {0}', whom)
        : l10n.t('needs 1 approval from one of {0}', whom);
    }
    case 'anyone':
      return one ? l10n.t('needs 1 approval from anyone') : l10n.t('needs {0} approvals from anyone', need);
    case 'other':
      return one
        ? l10n.t('needs 1 approval from the users this clause names')
        : l10n.t('needs {0} approvals from the users this clause names', need);
  }
}

/** ": 1 so far (Alice); Bob can approve", ": none so far; no one else can approve". */
function sofar(count: ApprovalCount, names: StandingNames): string {
  const have =
    count.have === 0 ? l10n.t('none so far') : l10n.t('{0} so far ({1})', count.have, people(count.counted, names));
  if (count.have >= count.need) return have;
  const more =
    count.couldApprove.length > 0
      ? l10n.t('{0} can approve', people(count.couldApprove, names))
      : l10n.t('no one else can approve, so it can no longer be met');
  return l10n.t('{0}; {1}', have, more);
}

function clauseSentence(clause: ConsensusClause, source: string, names: StandingNames): string {
  if (clause.count) return l10n.t('{0}: {1}', needs(clause.count, names), sofar(clause.count, names));
  return l10n.t('needs {0}', source.slice(clause.offset, clause.offset + clause.length));
}

/** One sentence per clause of the policy's consensus, met or not yet; none without a consensus that reads. */
export function consensusSentences(
  policy: Pick<PolicyStanding, 'consensus' | 'consensusStanding'>,
  names: StandingNames,
): ClauseSentence[] {
  return (policy.consensusStanding?.clauses ?? []).map((clause) => ({
    text: clauseSentence(clause, policy.consensus, names),
    state: clause.met === undefined ? 'unknown' : clause.met ? 'met' : 'unmet',
  }));
}

/** Whether a clause counts approvals it can no longer get: too few have approved and no one else can. */
export function cannotBeMet(policy: Pick<PolicyStanding, 'consensusStanding'>): boolean {
  return (policy.consensusStanding?.clauses ?? []).some(
    (c) => c.count !== undefined && c.count.have + c.count.couldApprove.length < c.count.need,
  );
}
