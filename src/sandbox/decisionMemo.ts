/**
 * An organization's decisions kept for the contexts that read the same. The submissions of one organization
 * mostly differ in what no policy reads (a label, an address, the moment), and a decision over 100 policies costs
 * far more than finding it again: each decision is kept under the key of the values its policies read
 * (decisionKeyOf), the last MAX_KEPT per organization, and given again for a context with the same key. Kept with
 * the roster it was made with: a roster is made anew on every change to the organization's policies (one created,
 * updated or deleted), so a kept decision never outlives the policies it was made with. Policies that read the
 * clock are decided afresh every time.
 */
import { decide, decisionKeyOf, policyReadsOf, type PolicyContext, type PolicyDecision } from '../api/remote';
import { outcomeLetters, type PolicyRoster } from './policyRecords';

/** Decisions kept per roster, the least recently used dropped first. */
const MAX_KEPT = 64;

/** A decision, and its outcomes as an evaluation's record holds them. */
export interface KeptDecision {
  readonly decision: PolicyDecision;
  readonly outcomes: string;
}

interface Memo {
  /** What the roster's policies read; undefined when their decisions cannot be keyed. */
  readonly reads: ReturnType<typeof policyReadsOf>;
  readonly kept: Map<string, KeptDecision>;
}

const memos = new WeakMap<PolicyRoster, Memo>();

/** The decision of the roster's policies (at least one) for the context, kept or made now. */
export function decideKept(roster: PolicyRoster, context: PolicyContext, rootQuorumMet: boolean): KeptDecision {
  let memo = memos.get(roster);
  if (!memo) {
    memo = { reads: policyReadsOf(roster.policies), kept: new Map() };
    memos.set(roster, memo);
  }
  const key = memo.reads && decisionKeyOf(memo.reads, context, rootQuorumMet);
  const { kept } = memo;
  if (key !== undefined) {
    const known = kept.get(key);
    if (known) {
      // The most recently used last.
      kept.delete(key);
      kept.set(key, known);
      return known;
    }
  }
  const decision = decide(roster.policies, context, { rootQuorumMet });
  const made: KeptDecision = { decision, outcomes: outcomeLetters(decision.evaluations.map((e) => e.outcome)) };
  if (key !== undefined) {
    frozen(decision);
    if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value as string);
    kept.set(key, made);
  }
  return made;
}

/** A decision given to more than one judgement (a kept one, or the one of no policy): no one may change it. */
export function frozen(decision: PolicyDecision): PolicyDecision {
  Object.freeze(decision.evaluations);
  Object.freeze(decision.deniedBy);
  return Object.freeze(decision);
}
