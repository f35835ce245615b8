/**
 * The review page's "Why it waits" (or "Why it was denied", "Why it completed"): each policy's outcome in words,
 * its condition and consensus as written with the clauses that decided marked and the ids they hold named, and the
 * root quorum. Pure (no `vscode`): built from where the activity stands (wording/policyStanding.ts), worded by standingText.ts.
 */
import type { ActivityStanding, PolicyStanding } from '../wording/policyStanding';
import {
  decidingPolicies,
  mayDifferText,
  policyLine,
  rootQuorumLine,
  type StandingNames,
} from '../wording/standingText';
import { englishText, type Translate } from '../ui/translate';
import { idLabels, namedIdText } from '../wording/policyIdNames';
import type { PolicyNames } from '../wording/policyWords';
import type { ReviewExpression, ReviewIdName, ReviewMark, ReviewPolicy, ReviewWhy } from './reviewMessages';

function headingOf(standing: ActivityStanding, t: Translate): string | undefined {
  switch (standing.state) {
    case 'waits':
      return t('Why it waits');
    case 'denied':
      return t('Why it was denied');
    case 'completed':
      return t('Why it completed');
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
export function reviewIdNames(source: string, names: PolicyNames, t: Translate = englishText): ReviewIdName[] {
  return idLabels(source, names).map((label) => ({
    offset: label.offset,
    length: label.length,
    name: label.name,
    title: namedIdText(label, t),
  }));
}

/** The condition, marked whole when its outcome shows whether it held. */
function conditionExpression(policy: PolicyStanding, names: StandingNames, t: Translate): ReviewExpression | undefined {
  if (policy.condition.trim() === '') return undefined;
  const marks: ReviewMark[] =
    policy.conditionHeld === undefined
      ? []
      : [{ offset: 0, length: policy.condition.length, tone: policy.conditionHeld ? 'met' : 'unmet' }];
  return { label: t('Condition'), text: policy.condition, marks, names: reviewIdNames(policy.condition, names.ids, t) };
}

/** The consensus, each clause of its top-level `&&` marked as it stands with the approvals so far. */
function consensusExpression(policy: PolicyStanding, names: StandingNames, t: Translate): ReviewExpression | undefined {
  if (policy.consensus.trim() === '') return undefined;
  const marks = (policy.consensusStanding?.clauses ?? []).flatMap((clause): ReviewMark[] =>
    clause.met === undefined
      ? []
      : [{ offset: clause.offset, length: clause.length, tone: clause.met ? 'met' : 'unmet' }],
  );
  return { label: t('Consensus'), text: policy.consensus, marks, names: reviewIdNames(policy.consensus, names.ids, t) };
}

/** The section, or undefined when there is nothing to say (an activity that is neither waiting nor decided). */
export function reviewWhy(
  standing: ActivityStanding,
  names: StandingNames,
  t: Translate = englishText,
): ReviewWhy | undefined {
  const heading = headingOf(standing, t);
  if (heading === undefined) return undefined;
  // Without policies, the root quorum alone decides: the page's progress line says it already.
  if (standing.policies.length === 0) return undefined;
  const deciding = decidingPolicies(standing);
  const ordered = [...deciding, ...standing.policies.filter((p) => !deciding.includes(p))];
  const policies = ordered.map((policy): ReviewPolicy => ({
    policyId: policy.policyId,
    outcome: policyLine(policy, names, t),
    tone: toneOf(policy),
    expressions: [conditionExpression(policy, names, t), consensusExpression(policy, names, t)].filter(
      (e): e is ReviewExpression => e !== undefined,
    ),
  }));
  const root = rootQuorumLine(standing.rootQuorum, names, t);
  // The root quorum can complete it too, whatever the policies say (and did, when it bypassed them).
  const lines =
    standing.state === 'waits' || (standing.state === 'completed' && standing.bypassedByRootQuorum) ? [root] : [];
  const mayDiffer = mayDifferText(standing.choices, t);
  return {
    heading,
    policies,
    lines,
    notes: mayDiffer ? [{ tone: 'info', text: mayDiffer }] : [],
    openPolicy: t('Open Policy'),
  };
}
