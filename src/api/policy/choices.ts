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

/**
 * Each row's bit: an evaluation gathers the rows its result rests on as one number (there are fewer than 31
 * rows), which costs less than a set on the hot path of a decision.
 */
if (CHOICE_IDS.length > 30) throw new Error('more rows than bits of a small integer');
export const CHOICE_BIT = Object.fromEntries(CHOICE_IDS.map((id, i) => [id, 1 << i])) as Readonly<
  Record<ChoiceId, number>
>;

/** Sorted row lists by their bits: a few sets recur, so each is made once and shared (frozen). */
const sortedByBits = new Map<number, readonly ChoiceId[]>();

/** The rows of `bits`, sorted by name. */
export function choicesOfBits(bits: number): readonly ChoiceId[] {
  let sorted = sortedByBits.get(bits);
  if (!sorted) {
    sorted = Object.freeze(CHOICE_IDS.filter((id) => (bits & CHOICE_BIT[id]) !== 0).sort());
    if (sortedByBits.size >= 1024) sortedByBits.clear();
    sortedByBits.set(bits, sorted);
  }
  return sorted;
}
