/**
 * The ids of the rows of docs/policies.md: each is a choice made where public material does not say what the
 * service does. A result that rests on one carries its id, so the editor can say "the service may differ".
 */
export const CHOICE_IDS = [
  'precedence',
  'parse-wording',
  'empty-expression',
  'keywords-per-field',
  'type-check',
  'params-at-creation',
  'activity-resource',
  'erroring-deny',
  'consensus-needed',
  'outcome-not-applicable',
  'time-inactive',
  'every-field-evaluated',
  'int-string',
  'case-rules',
  'slices',
  'all-empty',
  'cron-span',
  'root-quorum-listed',
  'root-quorum-only',
  'named-by-consensus',
  'tags-by-id',
  'limits',
  'typed-data-values',
  'empty-domain',
  'unread-signature',
] as const;

export type ChoiceId = (typeof CHOICE_IDS)[number];
