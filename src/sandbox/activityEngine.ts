/**
 * How activities run: idempotency by a fingerprint of the body, the organization's root quorum, votes
 * with a 24-hour window, and committing each change. What each activity type does is in
 * executionRules.ts; how records read on the wire, in rendering.ts. A change is applied to the in-memory
 * state as soon as it is decided and handed to the journal (a group commit: see `#stage`), but no answer is
 * sent, and no query reads, before the journal holds it, so nothing is ever seen, or acknowledged, that a
 * crash could lose.
 */
import { createHash, randomUUID } from 'node:crypto';
import { ActivityType, GrpcCode, silentLogger, type Logger, type SubmitOperation } from '../api';
import type { AppProofSigner } from './appProofs';
import { topOf } from './authorization';
import { describeCause } from './errorCause';
import { failed, outcomeOf, readsLineage, readsOrganization, type Outcome } from './executionRules';
import { KeyedQueue } from './keyedQueue';
import { approvalsOf, denialError, judge, mayApprove, rejection, type Verdict } from './policyGate';
import { fingerprintNotFound, storageUnavailable } from './rpcError';
import {
  callerPublicKey,
  type ActivityRecord,
  type ApiKeyRecord,
  type AuthenticatorRecord,
  type Caller,
  type Effect,
  type Organization,
  type SandboxRecord,
  type SandboxState,
  type VoteRecord,
} from './state';
import type { Storage } from './storage/storage';
import {
  alreadyVoted,
  APPROVAL_WINDOW_MS,
  evaluationEffect,
  hasLiveVote,
  liveVotes,
  newActivityRecord,
  notAwaitingConsensus,
  voteNotAuthorized,
} from './voteRules';

export { APPROVAL_WINDOW_MS } from './voteRules';

const CONSENSUS_NEEDED = 'ACTIVITY_STATUS_CONSENSUS_NEEDED';
const COMPLETED = 'ACTIVITY_STATUS_COMPLETED';
const FAILED = 'ACTIVITY_STATUS_FAILED';
const REJECTED = 'ACTIVITY_STATUS_REJECTED';

export interface Submission {
  readonly operation: SubmitOperation;
  readonly organization: Organization;
  readonly caller: Caller;
  readonly timestampMs: string;
  readonly parameters: Record<string, unknown>;
  readonly generateAppProofs: boolean;
  /** The exact bytes received: their hash is the fingerprint, and they are what the voter signed. */
  readonly rawBody: Buffer;
}

/** A decided change: the activity to answer with, and when the journal holds it. */
interface Staged {
  readonly activity: ActivityRecord;
  readonly durable: Promise<void>;
}

export function fingerprintOf(body: Buffer): string {
  return `sha256:${createHash('sha256').update(body).digest('hex')}`;
}

export class ActivityEngine {
  readonly #state: SandboxState;
  readonly #storage: Storage;
  readonly #now: () => number;
  readonly #proofs: AppProofSigner;
  readonly #queue = new KeyedQueue();
  readonly #logger: Logger;
  /** Settles once the last change handed to the journal is durable (or the journal failed). */
  #settled: Promise<void> = Promise.resolve();

  constructor(
    state: SandboxState,
    storage: Storage,
    now: () => number,
    proofs: AppProofSigner,
    logger: Logger = silentLogger,
  ) {
    this.#logger = logger;
    this.#state = state;
    this.#storage = storage;
    this.#now = now;
    this.#proofs = proofs;
  }

  /** What was decided: changes enter it as they are handed to the journal; read it after `settled` for what is durable. */
  get state(): SandboxState {
    return this.#state;
  }

  /** Why the sandbox refuses every request until it is restarted (a failed journal write or sync). */
  get storageFailure(): Error | undefined {
    return this.#storage.failure;
  }

  /** Makes a change durable and applies it; resolves once the journal holds it (see `#stage`). */
  async commit(record: SandboxRecord): Promise<void> {
    await this.#stage(record);
  }

  /**
   * Hands a change to the journal and applies it to the in-memory state at once, so that the next decision
   * (a vote, a tag, the next signing in the same organization) can be made without waiting for the disk: the
   * journal then writes and syncs every change decided meanwhile together, one group commit. The returned
   * promise resolves once the journal holds the change; no answer is sent before that, and queries wait for
   * `settled` first, so nothing is ever seen that a crash could lose. Should the disk fail, the journal refuses
   * every later write and every request is refused with 503 from then on (the in-memory state, which may hold
   * changes the disk does not, is never read again); the next start reads back what the disk really holds.
   */
  #stage(record: SandboxRecord): Promise<void> {
    this.#refuseOnceFailed();
    // Serialised by the journal now, before applying it changes anything.
    const durable = this.#storage.append(record).catch((error: unknown) => {
      throw storageUnavailable(error);
    });
    this.#state.apply(record);
    const settled = durable.then(
      () => undefined,
      () => undefined,
    );
    this.#settled = settled;
    return durable;
  }

  /**
   * Resolves once every change applied so far is durable (the journal makes them durable in order), or throws
   * the 503 once the journal has failed: what a query waits for before it reads.
   */
  async settled(): Promise<void> {
    await this.#settled;
    this.#refuseOnceFailed();
  }

  /** Throws the 503 every request gets once the journal has failed. */
  #refuseOnceFailed(): void {
    const failure = this.#storage.failure;
    if (failure) throw storageUnavailable(failure);
  }

  /** Registers one more API key for a user (used by tests to exercise expiry). */
  addApiKey(organizationId: string, userId: string, record: ApiKeyRecord): Promise<void> {
    return this.commit({ kind: 'effects', effects: [{ op: 'putApiKey', organizationId, userId, record }] });
  }

  /** Registers a passkey for a user without an attestation (used by tests and the seed's passkey). */
  addAuthenticator(organizationId: string, userId: string, record: AuthenticatorRecord): Promise<void> {
    return this.commit({ kind: 'effects', effects: [{ op: 'putAuthenticator', organizationId, userId, record }] });
  }

  /**
   * Runs a submission. Decisions are made one at a time where they could disagree: an identical body waits
   * for the first one, and whatever reads the organization (votes, tags, users, signing) waits for the
   * organization's earlier decisions, which are applied at once, without waiting for the disk; creating a
   * smart contract interface reads nothing, so those run side by side. All of them share journal syncs, and
   * each is answered once the journal holds it.
   */
  async submit(submission: Submission): Promise<ActivityRecord> {
    this.#refuseOnceFailed();
    const fingerprint = fingerprintOf(submission.rawBody);
    // A repeat is the same body from the same signer: the same activity, as it is now.
    const signer = submission.caller.user.userId;
    const existing = this.#state.activities.bySubmission(fingerprint, signer);
    if (existing) {
      // It may have been decided a moment ago: answered once the journal holds it.
      await this.settled();
      return existing;
    }
    const { activityType } = submission.operation;
    const voting = activityType === ActivityType.ApproveActivity || activityType === ActivityType.RejectActivity;
    // Another user's byte-identical body approves the activity it repeats. Not for votes: another user's vote
    // with the same body as someone's is their own vote on the same activity.
    const repeated = (): ActivityRecord | undefined =>
      voting ? undefined : this.#state.activities.byFingerprint(fingerprint);
    for (;;) {
      // Judging an activity reads its organization: a body that became a repeat meanwhile is decided again.
      const judging = voting || repeated() !== undefined;
      const keys = [`fingerprint:${fingerprint}`];
      if (judging || readsOrganization(activityType))
        keys.push(`organization:${submission.organization.record.organizationId}`);
      // Enrolling a passkey reads the whole lineage (so does a vote, which may complete one): one at a time across it.
      if (judging || readsLineage(activityType))
        keys.push(`lineage:${topOf(this.#state.organizations, submission.organization).record.organizationId}`);
      // The keys are held only while the decision is made and applied; the answer then waits for the disk.
      const staged = await this.#queue.run(keys, () => {
        this.#refuseOnceFailed();
        const again = this.#state.activities.bySubmission(fingerprint, signer);
        const target = again ? undefined : repeated();
        if (target && !judging) return Promise.resolve(undefined);
        const decided = again
          ? { activity: again, durable: this.settled() }
          : voting
            ? this.#vote(submission, fingerprint)
            : target
              ? this.#approveByRepeat(submission, target)
              : this.#create(submission, fingerprint);
        // Awaited below, once the queue has let go; a failure must not go unhandled meanwhile.
        decided.durable.catch(() => undefined);
        return Promise.resolve(decided);
      });
      if (!staged) continue;
      await staged.durable;
      return staged.activity;
    }
  }

  #create(submission: Submission, fingerprint: string): Staged {
    const now = this.#now();
    const { organization } = submission;
    const activity = newActivityRecord(submission, randomUUID(), fingerprint, CONSENSUS_NEEDED, now);
    // The submitter's request is the first approval.
    const vote = this.#newVote(submission, 'VOTE_SELECTION_APPROVED', now);
    activity.votes.push(vote);
    const verdict = this.#judge(activity, organization, vote.id, now);
    const evaluation = evaluationEffect(organization, verdict.evaluation);
    if (verdict.kind === 'deny') {
      // Nothing is stored but the record of the evaluation (found by the id the denial names); then the 403.
      const durable = this.#stage({ kind: 'effects', effects: [evaluation] }).then(() => {
        throw denialError(verdict.failure);
      });
      return { activity, durable };
    }
    const effects = verdict.kind === 'execute' ? this.#execute(activity, organization, now) : [];
    return {
      activity,
      durable: this.#stage({ kind: 'activities', activities: [activity], effects: [evaluation, ...effects] }),
    };
  }

  /** The root quorum and the policies, on the approvals the activity has now. */
  #judge(activity: ActivityRecord, organization: Organization, voteId: string, now: number): Verdict {
    return judge(activity, organization, this.#state.usersById, this.#approvals(activity, now), voteId, now);
  }

  /** The live approvals of users who are still users (a deleted user's approvals stop counting). */
  #approvals(activity: ActivityRecord, now: number): VoteRecord[] {
    return approvalsOf(liveVotes(activity, now)).filter((v) => this.#state.usersById.has(v.userId));
  }

  /**
   * Another user's byte-identical submission: "every subsequent identical submission counts as an approval", so
   * it is their vote on the activity it repeats, and the answer is that activity with the vote added. An activity
   * that no longer waits, or that they approved already in this window, is answered as it is; a user whose
   * approval could not change the outcome is refused as their approve_activity would be (403).
   */
  #approveByRepeat(submission: Submission, durable: ActivityRecord): Staged {
    const userId = submission.caller.user.userId;
    const now = this.#now();
    if (durable.status !== CONSENSUS_NEEDED || hasLiveVote(durable, userId, now))
      return { activity: durable, durable: this.settled() };
    if (!this.#mayApprove(durable, submission.organization, userId, now)) throw voteNotAuthorized();
    const { target, effects } = this.#cast(submission, durable, true, now);
    return { activity: target, durable: this.#stage({ kind: 'activities', activities: [target], effects }) };
  }

  #vote(submission: Submission, fingerprint: string): Staged {
    const { operation, organization, caller } = submission;
    const targetFingerprint = String(submission.parameters['fingerprint']);
    const durable = this.#state.activities.byFingerprint(targetFingerprint);
    // Another organization's activity is answered as an unknown one, so a refusal reveals nothing about it.
    if (durable?.organizationId !== organization.record.organizationId) throw fingerprintNotFound();
    const now = this.#now();
    const userId = caller.user.userId;
    const approving = operation.activityType === ActivityType.ApproveActivity;
    const vote = newActivityRecord(submission, randomUUID(), fingerprint, COMPLETED, now);
    // As for every submission, the caller's request is its first approval: the vote activity names who cast it.
    vote.votes.push(this.#newVote(submission, 'VOTE_SELECTION_APPROVED', now));
    const changed: ActivityRecord[] = [vote];
    let effects: readonly Effect[] = [];
    if (durable.status !== CONSENSUS_NEEDED) {
      Object.assign(vote, { status: FAILED, failure: notAwaitingConsensus(durable) });
    } else if (!this.#mayApprove(durable, organization, userId, now)) {
      throw voteNotAuthorized();
    } else if (hasLiveVote(durable, userId, now)) {
      Object.assign(vote, { status: FAILED, failure: alreadyVoted(durable, userId) });
    } else {
      const cast = this.#cast(submission, durable, approving, now);
      effects = cast.effects;
      changed.push(cast.target);
      // As the API document says: approving returns the approved activity's result once it completed.
      if (approving && cast.target.status === COMPLETED) vote.result = { ...cast.target.result };
    }
    if (vote.generateAppProofs && vote.status === COMPLETED) vote.appProofs = [this.#proofs.proveActivity(vote, now)];
    return { activity: vote, durable: this.#stage({ kind: 'activities', activities: changed, effects }) };
  }

  /**
   * Adds the caller's vote to a copy of the activity and judges it again: a rejection ends it, an approval runs,
   * fails or keeps it waiting. Returns the copy (the stored one is replaced whole) and what else changes.
   */
  #cast(
    submission: Submission,
    durable: ActivityRecord,
    approving: boolean,
    now: number,
  ): { target: ActivityRecord; effects: readonly Effect[] } {
    const { organization } = submission;
    const target: ActivityRecord = { ...durable, votes: [...durable.votes] };
    if (now >= target.windowStartMs + APPROVAL_WINDOW_MS) target.windowStartMs = now; // earlier approvals expired
    const cast = this.#newVote(submission, approving ? 'VOTE_SELECTION_APPROVED' : 'VOTE_SELECTION_REJECTED', now);
    target.votes.push(cast);
    target.updatedAtMs = now;
    if (!approving) {
      target.status = REJECTED; // recorded under its vote too: the evaluations tell why the activity ended
      return { target, effects: [evaluationEffect(organization, rejection(target, organization, cast.id, now))] };
    }
    // Every approval is judged again, and the judgement recorded under its vote.
    const verdict = this.#judge(target, organization, cast.id, now);
    const effects = verdict.kind === 'execute' ? this.#execute(target, organization, now) : [];
    if (verdict.kind === 'deny') Object.assign(target, { status: FAILED, failure: verdict.failure });
    return { target, effects: [evaluationEffect(organization, verdict.evaluation), ...effects] };
  }

  #newVote(submission: Submission, selection: VoteRecord['selection'], now: number): VoteRecord {
    return {
      id: randomUUID(),
      userId: submission.caller.user.userId,
      selection,
      // What was signed, by its digest: the body itself can be 400 KB, and it is already the intent.
      message: fingerprintOf(submission.rawBody),
      publicKey: callerPublicKey(submission.caller),
      createdAtMs: now,
    };
  }

  /**
   * Whether the user may vote on the activity now: it awaits consensus, they have not voted, and their approval
   * could change its outcome (canApprove and canReject say exactly this).
   */
  canVote(activity: ActivityRecord, userId: string): boolean {
    const organization = this.#state.organizations.get(activity.organizationId);
    const now = this.#now();
    return (
      activity.status === CONSENSUS_NEEDED &&
      organization !== undefined &&
      !hasLiveVote(activity, userId, now) &&
      this.#mayApprove(activity, organization, userId, now)
    );
  }

  /** Root users of the organization itself, and users a waiting policy names; a parent's only read (authorization.ts). */
  #mayApprove(activity: ActivityRecord, organization: Organization, userId: string, now: number): boolean {
    return mayApprove(activity, organization, this.#state.usersById, this.#approvals(activity, now), userId, now);
  }

  /** Runs the activity: sets its status, result or failure, and returns the changes to the organization. */
  #execute(activity: ActivityRecord, organization: Organization, now: number): readonly Effect[] {
    let outcome: Outcome;
    try {
      outcome = outcomeOf(activity, organization, now, this.#state);
    } catch (error) {
      // Execution never throws half-way: the activity fails whole, and nothing else changes. The cause
      // goes to the log, since the activity's failure says only that it was internal.
      this.#logger.error('sandbox activity failed with an internal error', {
        activityId: activity.id,
        activityType: activity.type,
        ...describeCause(error),
      });
      outcome = failed(GrpcCode.Internal, `internal error while executing activity ${activity.id}`, 'INTERNAL');
    }
    activity.status = outcome.status;
    activity.result = outcome.result;
    if (outcome.failure) activity.failure = outcome.failure;
    activity.updatedAtMs = now;
    if (activity.generateAppProofs && outcome.status === COMPLETED)
      activity.appProofs = [this.#proofs.proveActivity(activity, now)];
    return outcome.effects;
  }
}
