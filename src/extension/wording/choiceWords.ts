/**
 * The choices Countersign's policy engine makes where the service does not document its behaviour (the rows of
 * docs/policies.md), each said in one plain sentence: what a reader is shown instead of the row's id when a
 * reading rests on it. Pure (no `vscode`).
 */
import * as l10n from '@vscode/l10n';
import type { ChoiceId } from '../../api/remote';

/** One sentence per row: what Countersign assumes, in words a reader without the policy language follows. */
const CHOICE_SENTENCES: Readonly<Record<ChoiceId, () => string>> = {
  precedence: () =>
    l10n.t('Which operators of an expression bind first is assumed where the documentation does not say.'),
  'parse-wording': () =>
    l10n.t('The exact wording of this error is Countersign’s: the service may word it differently.'),
  'empty-expression': () => l10n.t('An empty condition is assumed to be refused, as an empty consensus is.'),
  'keywords-per-field': () =>
    l10n.t('A condition is assumed to read only what the activity holds, and a consensus only who approved.'),
  'type-check': () =>
    l10n.t('Comparing values of different kinds is assumed to be refused when the policy is created.'),
  'params-at-creation': () => l10n.t('An activity field is assumed to be accepted when any kind of activity has it.'),
  'activity-resource': () => l10n.t('For some kinds of activity, which resource and action they count as is assumed.'),
  'erroring-deny': () => l10n.t('A deny policy that cannot be evaluated is assumed to deny nothing.'),
  'consensus-needed': () =>
    l10n.t(
      'When a policy applies but lacks approvals, the activity is assumed to wait for them rather than be denied.',
    ),
  'outcome-not-applicable': () => l10n.t('A deny policy that does not apply is assumed to be listed as not applying.'),
  'time-inactive': () => l10n.t('A policy outside its active time is assumed to be listed as not applying.'),
  'every-field-evaluated': () =>
    l10n.t('A policy is assumed to be evaluated whole: an error in any part means it counts neither way.'),
  'int-string': () => l10n.t('A number written as text is assumed to compare equal to the same number.'),
  'case-rules': () =>
    l10n.t('Addresses are assumed to compare without regard to capital letters; everything else exactly.'),
  slices: () => l10n.t('Reading past the end of a value is assumed to be an error.'),
  'all-empty': () => l10n.t('“All of an empty list” is assumed to hold.'),
  'cron-span': () => l10n.t('A schedule is assumed to follow the local clock, even across clock changes.'),
  'root-quorum-listed': () =>
    l10n.t('When the root quorum approves, every policy is assumed to be evaluated and listed all the same.'),
  'root-quorum-only': () =>
    l10n.t('Some activities are assumed to be decided by the root quorum alone, whatever the policies say.'),
  'named-by-consensus': () => l10n.t('Who can still approve is read from the users and tags the consensus names.'),
  'tags-by-id': () => l10n.t('Tags are assumed to be matched by their id, never by their name.'),
  limits: () => l10n.t('Countersign assumes limits on how large and how costly one policy may be.'),
  'typed-data-values': () =>
    l10n.t('The values of signed typed data and authorizations are assumed to be read by the types they declare.'),
  'empty-domain': () =>
    l10n.t('Typed data sent with an empty domain is assumed to have no domain name, chain or contract.'),
  'unread-signature': () =>
    l10n.t(
      'Typed data or an authorization that cannot be read, or one of several signed at once, is assumed to be unreadable to a policy.',
    ),
};

/** The one-line explanation of a row, translated; a row this table does not know is said by its id. */
export function choiceSentence(id: string): string {
  return Object.hasOwn(CHOICE_SENTENCES, id) ? CHOICE_SENTENCES[id as ChoiceId]() : id;
}

/** "Assumed (the service may differ): <the row's sentence>", one per row a reading rests on. */
export function mayDifferWords(choices: readonly string[]): string[] {
  return choices.map((id) => l10n.t('Assumed (the service may differ): {0}', choiceSentence(id)));
}
