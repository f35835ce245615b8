/**
 * The choices Countersign's policy engine makes where the service does not document its behaviour (the rows of
 * docs/policies.md), each said in one plain sentence: what a reader is shown instead of the row's id when a
 * reading rests on it. Pure (no `vscode`).
 */
import type { ChoiceId } from '../../api/remote';
import { englishText, type Translate } from '../ui/translate';

/** One sentence per row: what Countersign assumes, in words a reader without the policy language follows. */
const CHOICE_SENTENCES: Readonly<Record<ChoiceId, (t: Translate) => string>> = {
  precedence: (t) => t('Which operators of an expression bind first is assumed where the documentation does not say.'),
  'parse-wording': (t) => t('The exact wording of this error is Countersign’s: the service may word it differently.'),
  'empty-expression': (t) => t('An empty condition is assumed to be refused, as an empty consensus is.'),
  'keywords-per-field': (t) =>
    t('A condition is assumed to read only what the activity holds, and a consensus only who approved.'),
  'type-check': (t) => t('Comparing values of different kinds is assumed to be refused when the policy is created.'),
  'params-at-creation': (t) => t('An activity field is assumed to be accepted when any kind of activity has it.'),
  'activity-resource': (t) => t('For some kinds of activity, which resource and action they count as is assumed.'),
  'erroring-deny': (t) => t('A deny policy that cannot be evaluated is assumed to deny nothing.'),
  'consensus-needed': (t) =>
    t('When a policy applies but lacks approvals, the activity is assumed to wait for them rather than be denied.'),
  'outcome-not-applicable': (t) => t('A deny policy that does not apply is assumed to be listed as not applying.'),
  'time-inactive': (t) => t('A policy outside its active time is assumed to be listed as not applying.'),
  'every-field-evaluated': (t) =>
    t('A policy is assumed to be evaluated whole: an error in any part means it counts neither way.'),
  'int-string': (t) => t('A number written as text is assumed to compare equal to the same number.'),
  'case-rules': (t) =>
    t('Addresses are assumed to compare without regard to capital letters; everything else exactly.'),
  slices: (t) => t('Reading past the end of a value is assumed to be an error.'),
  'all-empty': (t) => t('“All of an empty list” is assumed to hold.'),
  'cron-span': (t) => t('A schedule is assumed to follow the local clock, even across clock changes.'),
  'root-quorum-listed': (t) =>
    t('When the root quorum approves, every policy is assumed to be evaluated and listed all the same.'),
  'root-quorum-only': (t) =>
    t('Some activities are assumed to be decided by the root quorum alone, whatever the policies say.'),
  'named-by-consensus': (t) => t('Who can still approve is read from the users and tags the consensus names.'),
  'tags-by-id': (t) => t('Tags are assumed to be matched by their id, never by their name.'),
  limits: (t) => t('Countersign assumes limits on how large and how costly one policy may be.'),
  'typed-data-values': (t) =>
    t('The values of signed typed data and authorizations are assumed to be read by the types they declare.'),
  'empty-domain': (t) =>
    t('Typed data sent with an empty domain is assumed to have no domain name, chain or contract.'),
  'unread-signature': (t) =>
    t(
      'Typed data or an authorization that cannot be read, or one of several signed at once, is assumed to be unreadable to a policy.',
    ),
};

/** The one-line explanation of a row, translated; a row this table does not know is said by its id. */
export function choiceSentence(id: string, t: Translate = englishText): string {
  return Object.hasOwn(CHOICE_SENTENCES, id) ? CHOICE_SENTENCES[id as ChoiceId](t) : id;
}

/** "Assumed (the service may differ): <the row's sentence>", one per row a reading rests on. */
export function mayDifferWords(choices: readonly string[], t: Translate = englishText): string[] {
  return choices.map((id) => t('Assumed (the service may differ): {0}', choiceSentence(id, t)));
}
